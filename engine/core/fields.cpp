#include "engine/core/fields.h"

namespace fx {

const EnumOption* findEnumOption(std::span<const EnumOption> options, std::string_view name) {
  for (const auto& o : options)
    if (o.name == name) return &o;
  return nullptr;
}

const EnumOption* findEnumValue(std::span<const EnumOption> options, int32_t value) {
  for (const auto& o : options)
    if (o.value == value) return &o;
  return nullptr;
}

std::string enumNames(std::span<const EnumOption> options) {
  std::string out;
  for (const auto& o : options) {
    if (!out.empty()) out += ", ";
    out += o.name;
  }
  return out;
}

std::string flagNames(std::span<const FlagOption> options) {
  std::string out;
  for (const auto& o : options) {
    if (!out.empty()) out += ", ";
    out += o.name;
  }
  return out;
}

std::string labelFor(const FieldMeta& m) {
  if (!m.label.empty()) return std::string(m.label);
  std::string out(m.key);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

}  // namespace fx
