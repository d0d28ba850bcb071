#include "engine/core/diagnostics.h"

#include <set>

#include "engine/core/text.h"

namespace fx {

std::string format(const Diagnostic& d) {
  std::string out = d.file.empty() ? std::string("<input>") : escapeInvalidUtf8(d.file);
  if (d.line > 0) {
    out += ":" + std::to_string(d.line) + ": ";
  } else {
    out += ": ";
    out += d.pointer.empty() ? std::string("/") : escapeInvalidUtf8(d.pointer);
    out += ": ";
  }
  if (d.severity == Severity::Warning) out += "warning: ";
  out += escapeInvalidUtf8(d.message);
  if (!d.code.empty()) out += " [" + escapeInvalidUtf8(d.code) + "]";
  return out;
}

void Diagnostics::error(std::string file, std::string pointer, std::string message, std::string code) {
  items.push_back({Severity::Error, std::move(file), std::move(pointer), std::move(message), std::move(code)});
}

void Diagnostics::warning(std::string file, std::string pointer, std::string message, std::string code) {
  items.push_back({Severity::Warning, std::move(file), std::move(pointer), std::move(message), std::move(code)});
}

void Diagnostics::errorAt(std::string file, int line, std::string message) {
  items.push_back({Severity::Error, std::move(file), {}, std::move(message), {}, line});
}

void Diagnostics::warningAt(std::string file, int line, std::string message) {
  items.push_back({Severity::Warning, std::move(file), {}, std::move(message), {}, line});
}

bool Diagnostics::hasErrors() const { return errorCount() > 0; }

size_t Diagnostics::errorCount() const {
  size_t n = 0;
  for (const auto& d : items) n += d.severity == Severity::Error;
  return n;
}

size_t Diagnostics::warningCount() const { return items.size() - errorCount(); }

std::string Diagnostics::formatAll() const {
  // A problem reached twice (a file read by two effects, a check after a load) prints once.
  std::set<std::string> seen;
  std::string out;
  for (const auto& d : items)
    if (std::string line = format(d); seen.insert(line).second) out += line + "\n";
  return out;
}

std::string pointerToken(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string pointerJoin(const std::string& base, std::string_view key) { return base + "/" + pointerToken(key); }

std::string pointerJoin(const std::string& base, size_t index) { return base + "/" + std::to_string(index); }

}  // namespace fx
