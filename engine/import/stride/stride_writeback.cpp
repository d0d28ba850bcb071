#include "engine/import/stride/stride_writeback.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>

#include "engine/core/field_json.h"
#include "engine/core/paths.h"
#include "engine/effects/registry.h"
#include "engine/effects/stride/stride_common.h"
#include "engine/formats/stride/stride_yaml.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback_internal.h"

namespace fx::stride_import {

namespace fs = std::filesystem;

std::string strideFloat(float v) {
  char buf[64];
  auto sci = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string s(buf, sci.ptr);
  size_t e = s.find('e');
  int exponent = std::atoi(s.c_str() + e + 1);
  if (exponent < -5 || exponent >= 15) {
    std::string mantissa = s.substr(0, e);
    std::string digits = std::to_string(std::abs(exponent));
    if (digits.size() < 2) digits = "0" + digits;
    return mantissa + "E" + (exponent < 0 ? "-" : "+") + digits;
  }
  auto fixed = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  std::string f(buf, fixed.ptr);
  if (f.find('.') == std::string::npos) f += ".0";
  return f;
}

namespace wb {

Lines splitText(const std::string& text) {
  Lines out;
  size_t p = 0;
  while (p < text.size()) {
    size_t nl = text.find('\n', p);
    Line l;
    if (nl == std::string::npos) {
      l.text = text.substr(p);
      p = text.size();
    } else {
      l.text = text.substr(p, nl - p);
      l.eol = "\n";
      p = nl + 1;
    }
    if (!l.text.empty() && l.text.back() == '\r') {
      l.text.pop_back();
      l.eol = "\r" + l.eol;
    }
    out.lines.push_back(std::move(l));
  }
  if (!out.lines.empty() && !out.lines[0].eol.empty()) out.newline = out.lines[0].eol;
  return out;
}

size_t indentOf(const std::string& s) {
  size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return i;
}

bool blankLine(const std::string& s) {
  size_t i = indentOf(s);
  return i == s.size() || s[i] == '#';
}

size_t blockEnd(const Lines& doc, size_t line, size_t column) {
  size_t end = line + 1, last = line + 1;
  for (; end < doc.lines.size(); ++end) {
    const std::string& t = doc.lines[end].text;
    if (blankLine(t)) continue;
    if (indentOf(t) <= column) break;
    last = end + 1;
  }
  return last;
}

size_t scalarEnd(const std::string& line, size_t column) {
  int flow = 0;
  for (size_t i = 0; i < column && i < line.size(); ++i) {
    if (line[i] == '{' || line[i] == '[') ++flow;
    if ((line[i] == '}' || line[i] == ']') && flow > 0) --flow;
  }
  size_t e = column;
  for (; e < line.size(); ++e) {
    char c = line[e];
    if (flow > 0 && (c == ',' || c == '}' || c == ']')) break;
    if (c == '#' && e > column && line[e - 1] == ' ') break;
  }
  while (e > column && line[e - 1] == ' ') --e;
  return e;
}

std::string unquoted(const std::string& text) {
  if (text.size() < 2 || text.front() != text.back() || (text[0] != '\'' && text[0] != '"'))
    return text;
  std::string out;
  for (size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[0] == '"' && text[i] == '\\') return text;  // escapes: not read here
    out += text[i];
    if (text[0] == '\'' && text[i] == '\'') ++i;  // '' is one quote
  }
  return out;
}

std::string yamlText(const std::string& s) {
  bool plain = !s.empty() && s.front() != ' ' && s.back() != ' ' &&
               (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_');
  for (char c : s)
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                      std::string_view(" _-.()/").find(c) != std::string_view::npos);
  for (const char* word : {"null", "Null", "NULL", "true", "True", "TRUE", "false", "False",
                           "FALSE", "yes", "Yes", "no", "No", "on", "On", "off", "Off"})
    plain = plain && s != word;
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

}  // namespace wb

namespace {

using wb::Lines;

const Json* atPointer(const Json& root, const std::string& pointer) {
  try {
    const Json& j = root.at(Json::json_pointer(pointer));
    return &j;
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

// --- one component's text ------------------------------------------------------------------

namespace wb {

std::optional<std::string> Writer::componentText(const SourceSlot& s, const Json& v,
                                                 const std::string& old,
                                                 const std::string& pointer) {
  auto refuse = [&](const std::string& why) {
    diags_.error(presetFile_, pointer, why + "; not written into " + assetFile_);
    return std::nullopt;
  };
  switch (s.kind) {
    case SlotKind::Bool:
      if (!v.is_boolean()) return refuse("expected true or false, got " + describeJson(v));
      return std::string(v.get<bool>() ? "true" : "false");
    case SlotKind::Enum: {
      if (!v.is_string()) return refuse("expected a name, got " + describeJson(v));
      for (const auto& [stride, ours] : s.names)
        if (ours == v.get<std::string>()) return stride;
      return refuse("\"" + v.get<std::string>() + "\" has no Stride spelling for " + s.yamlKey);
    }
    case SlotKind::Text: {
      if (!v.is_string() || v.get<std::string>().empty())
        return refuse("expected a name, got " + describeJson(v));
      for (char c : v.get<std::string>())
        if (static_cast<unsigned char>(c) < 0x20)
          return refuse("a name on one line is expected, got " + describeJson(v));
      return yamlText(v.get<std::string>());
    }
    case SlotKind::Int: {
      if (!v.is_number()) return refuse("expected an integer, got " + describeJson(v));
      double d = v.get<double>();
      if (!std::isfinite(d) || d != std::floor(d) || d < -2147483648.0 || d > 2147483647.0)
        return refuse("Stride holds " + s.yamlKey + " as a 32-bit integer, got " + describeJson(v));
      return std::to_string(int64_t(d));
    }
    default: {
      if (!v.is_number()) return refuse("expected a number, got " + describeJson(v));
      double d = v.get<double>();
      if (!std::isfinite(d) || std::fabs(d) > 3.4e38)
        return refuse("Stride holds " + s.yamlKey + " as a finite 32-bit float, got " +
                      describeJson(v));
      // A float the asset spells as a whole number (a C# int member, e.g. AnimationSpeed).
      bool wasInt = !old.empty() && old.find_first_of(".eE") == std::string::npos;
      if (wasInt) {
        if (d != std::floor(d) || std::fabs(d) > 2147483647.0)
          return refuse("the asset holds " + s.yamlKey + " as an integer (" + old + "), got " +
                        describeJson(v));
        return std::to_string(int64_t(d));
      }
      return strideFloat(float(d));
    }
  }
}

// The JSON components of a slot's value, in the slot's scalar order.
std::vector<Json> components(const SourceSlot& s, const Json& v) {
  std::vector<Json> out;
  if (s.kind == SlotKind::Vec2 || s.kind == SlotKind::Vec3) {
    size_t n = s.kind == SlotKind::Vec2 ? 2 : 3;
    for (size_t i = 0; i < n; ++i) out.push_back(v.is_array() && i < v.size() ? v[i] : Json());
  } else if (s.kind == SlotKind::Color) {
    for (const char* k : {"r", "g", "b", "a"})
      out.push_back(v.is_object() && v.contains(k) ? v[k] : Json());
  } else if (s.kind == SlotKind::Vec4) {
    for (size_t i = 0; i < 4; ++i) out.push_back(v.is_array() && i < v.size() ? v[i] : Json());
  } else {
    out.push_back(v);
  }
  return out;
}

// Does the text spell the baseline value (the importer's reading of it)?
bool Writer::spells(const SourceSlot& s, const std::string& text, const Json& base) {
  switch (s.kind) {
    case SlotKind::Bool:
      return base.is_boolean() && (base.get<bool>() ? (text == "true" || text == "True")
                                                    : (text == "false" || text == "False"));
    case SlotKind::Enum:
      for (const auto& [stride, ours] : s.names)
        if (stride == text) return base.is_string() && base.get<std::string>() == ours;
      return false;
    case SlotKind::Text:
      // `null` (or nothing) is the name fxview made up for an unnamed emitter.
      if (text.empty() || text == "null" || text == "~") return base.is_string();
      return base.is_string() && unquoted(text) == base.get<std::string>();
    default: {
      char* end = nullptr;
      double d = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() || !base.is_number()) return false;
      if (s.kind == SlotKind::Int) return base.get<double>() == d;
      return floatJson(float(d)) == floatJson(base.get<float>());
    }
  }
}

// A module's rotation: the user's Euler degrees as the quaternion the family turns them into
// (eulerDegToQuat), all four components written (the asset's own quaternion may spell the old
// angles a little differently, so no component of it is kept).
void Writer::applyRotation(const SourceSlot& s, const Json& user, const std::string& pointer) {
  bool ok = user.is_array() && user.size() == 3;
  for (size_t i = 0; ok && i < 3; ++i)
    ok = user[i].is_number() && std::isfinite(user[i].get<double>()) &&
         std::fabs(user[i].get<double>()) <= 1e6;
  if (!ok) {
    diags_.error(presetFile_, pointer,
                 "expected three finite angles in degrees, got " + describeJson(user) +
                     "; not written into " + assetFile_);
    return;
  }
  quat q = stride::eulerDegToQuat(
      vec3(user[0].get<float>(), user[1].get<float>(), user[2].get<float>()));
  std::vector<Json> u = {floatJson(q.x), floatJson(q.y), floatJson(q.z), floatJson(q.w)};
  if (s.scalars.empty()) {
    insertKey(s, u, pointer);
    return;
  }
  if (s.scalars.size() != 4) {
    cannot(pointer, "its Stride value is not spelled as fxview reads it");
    return;
  }
  for (size_t i = 0; i < 4; ++i) {
    const TextPos& p = s.scalars[i];
    if (!p.valid() || size_t(p.line) >= doc_.lines.size()) {
      cannot(pointer, s.yamlKey + " leaves this component out");
      return;
    }
  }
  for (size_t i = 0; i < 4; ++i) {
    const TextPos& p = s.scalars[i];
    const std::string& line = doc_.lines[size_t(p.line)].text;
    size_t col = size_t(p.column), end = scalarEnd(line, col);
    patches_.push_back({size_t(p.line), col, end - col, strideFloat(u[i].get<float>())});
  }
}

void Writer::applySlot(const SourceSlot& s, const Json& user, const Json& base,
                       const std::string& pointer) {
  if (s.kind == SlotKind::RotationDeg) return applyRotation(s, user, pointer);
  std::vector<Json> u = components(s, user), b = components(s, base);
  if (s.scalars.empty()) {
    insertKey(s, u, pointer);
    return;
  }
  if (s.scalars.size() != u.size()) {
    cannot(pointer, "its Stride value is not spelled as fxview reads it");
    return;
  }
  for (size_t i = 0; i < u.size(); ++i) {
    if (u[i] == b[i]) continue;
    const TextPos& p = s.scalars[i];
    if (!p.valid() || size_t(p.line) >= doc_.lines.size()) {
      cannot(pointer, s.yamlKey + " leaves this component out");
      continue;
    }
    const std::string& line = doc_.lines[size_t(p.line)].text;
    size_t col = size_t(p.column), end = scalarEnd(line, col);
    std::string old = col <= line.size() ? line.substr(col, end - col) : std::string();
    if (!spells(s, old, b[i])) {
      cannot(pointer, "its text at " + assetFile_ + ":" + std::to_string(p.line + 1) +
                          " is not the value fxview read");
      continue;
    }
    auto text = componentText(s, u[i], old, pointer);
    if (text) patches_.push_back({size_t(p.line), col, end - col, *text});
  }
}

void Writer::insertKey(const SourceSlot& s, const std::vector<Json>& u,
                       const std::string& pointer) {
  const TextPos& m = s.map;
  if (!m.valid() || size_t(m.line) >= doc_.lines.size() ||
      indentOf(doc_.lines[size_t(m.line)].text) != size_t(m.column)) {
    cannot(pointer, "the asset leaves " + s.yamlKey + " out and its mapping has no block of keys");
    return;
  }
  static const char* const kParts[][4] = {
      {"X", "Y"}, {"X", "Y", "Z"}, {"R", "G", "B", "A"}, {"X", "Y", "Z", "W"}};
  std::string value;
  if (s.kind >= SlotKind::Vec2) {
    int which = s.kind == SlotKind::Vec2                                      ? 0
                : s.kind == SlotKind::Vec3                                    ? 1
                : s.kind == SlotKind::Vec4 || s.kind == SlotKind::RotationDeg ? 3
                                                                              : 2;
    value = "{";
    for (size_t i = 0; i < u.size(); ++i) {
      auto t = componentText(s, u[i], "", pointer);
      if (!t) return;
      value += std::string(i ? ", " : "") + kParts[which][i] + ": " + *t;
    }
    value += "}";
  } else {
    auto t = componentText(s, u[0], "", pointer);
    if (!t) return;
    value = *t;
  }
  if (m.column == 0) {
    cannot(pointer, "the asset leaves " + s.yamlKey + " out at its top level");
    return;
  }
  std::string line = std::string(size_t(m.column), ' ') + s.yamlKey + ": " + value;
  // Stride writes an emitter's name first: before the mapping's first key, after its id key.
  if (s.kind == SlotKind::Text && m.line > 0) {
    doc_.lines[size_t(m.line) - 1].after.push_back(line);
    return;
  }
  size_t last = blockEnd(doc_, size_t(m.line), size_t(m.column) - 1) - 1;
  doc_.lines[last].after.push_back(line);
}

void Writer::cannot(const std::string& pointer, const std::string& why) {
  diags_.error(presetFile_, pointer,
               "changed, but fxview cannot write it into the Stride asset " + assetFile_ + " (" +
                   why + "); Save As keeps it as fxview JSON");
}

// --- walking the preset against the asset's import ---------------------------------------

void Writer::diff(const Json& user, const Json& base, const std::string& slotPointer,
                  const std::string& userPointer) {
  if (auto s = slots_.find(slotPointer); s != slots_.end()) {
    if (user != base) applySlot(*s->second, user, base, userPointer);
    return;
  }
  if (auto c = collections_.find(slotPointer);
      c != collections_.end() && user.is_array() && base.is_array()) {
    diffCollection(*c->second, user, base, userPointer);
    return;
  }
  if (user.is_object() && base.is_object()) {
    for (auto it = base.begin(); it != base.end(); ++it) {
      std::string k = "/" + pointerToken(it.key());
      diff(user.contains(it.key()) ? user[it.key()] : Json(), it.value(), slotPointer + k,
           userPointer + k);
    }
    for (auto it = user.begin(); it != user.end(); ++it)
      if (!base.contains(it.key()))
        diff(it.value(), Json(), slotPointer + "/" + pointerToken(it.key()),
             userPointer + "/" + pointerToken(it.key()));
    return;
  }
  if (user.is_array() && base.is_array() && user.size() == base.size() &&
      !(user.size() && user[0].is_number())) {
    for (size_t i = 0; i < user.size(); ++i)
      diff(user[i], base[i], slotPointer + "/" + std::to_string(i),
           userPointer + "/" + std::to_string(i));
    return;
  }
  if (user == base) return;
  if (base.is_array() && user.is_array())
    cannot(userPointer,
           "the asset holds no list here that fxview can add to or take from (a curve whose "
           "sampler is null or not a key-frame curve in the asset)");
  else
    cannot(userPointer, "fxview derives it from the asset, or Stride has no key for it");
}

// --- the whole asset -----------------------------------------------------------------------

std::string Writer::render() const {
  std::string out;
  renderRange(0, doc_.lines.size(), out);
  return out;
}

void Writer::renderLine(size_t i, std::string& out) const {
  const Line& l = doc_.lines[i];
  out += l.text;
  if (l.after.empty()) {
    out += l.eol;
    return;
  }
  out += l.eol.empty() ? doc_.newline : l.eol;
  for (size_t k = 0; k < l.after.size(); ++k)
    out += l.after[k] + (k + 1 < l.after.size() || !l.eol.empty() ? doc_.newline : "");
}

void Writer::applyPatches() {
  std::sort(patches_.begin(), patches_.end(), [](const Patch& a, const Patch& b) {
    return a.line != b.line ? a.line < b.line : a.column > b.column;
  });
  for (const Patch& p : patches_) doc_.lines[p.line].text.replace(p.column, p.length, p.text);
  patches_.clear();
}

bool Writer::run(const std::string& text, const fs::path& assetPath, const Json& preset,
                 std::string& out) {
  Diagnostics importDiags;
  auto imported = importText(text, assetPath, assetFile_, importDiags);
  if (!imported || importDiags.hasErrors()) {
    for (const auto& d : importDiags.items)
      if (d.severity == Severity::Error) diags_.items.push_back(d);
    diags_.error(assetFile_, "",
                 "the asset cannot be read as fxview imports it; nothing written (fix the lines "
                 "above)");
    return false;
  }
  doc_ = splitText(text);
  for (const auto& s : imported->sources.slots) slots_[s.pointer] = &s;
  for (const auto& c : imported->sources.collections) collections_[c.pointer] = &c;
  const Json& base = imported->preset;
  if (!effectsMatch(preset, base)) return false;
  std::vector<Json> wanted, mines;
  for (size_t i = 0; i < base["effects"].size(); ++i) {
    std::string p = "/effects/" + std::to_string(i) + "/definition";
    auto user = fullDefinition(preset["effects"][i]["definition"], presetFile_, p, diags_);
    Diagnostics quiet;
    auto mine = fullDefinition(base["effects"][i]["definition"], assetFile_, p, quiet);
    if (!user || !mine) return false;
    wanted.push_back(std::move(*user));
    mines.push_back(std::move(*mine));
  }
  if (!aligned_ && arrangeEmitters(wanted, mines)) {
    if (diags_.hasErrors()) return false;
    Writer values(assetFile_, presetFile_, diags_);
    values.aligned_ = true;
    return values.run(render(), assetPath, preset, out);
  }
  for (size_t i = 0; i < wanted.size(); ++i) {
    std::string p = "/effects/" + std::to_string(i) + "/definition";
    diff(wanted[i], mines[i], p, p);
  }
  if (diags_.hasErrors()) return false;
  applyPatches();
  out = render();
  return readsBack(out, assetPath, wanted);
}

namespace {

// Module rotations (Euler degrees) that turn the same way: written as a quaternion and read
// back, angles come back within float rounding, or as another triple for the same rotation.
bool sameRotation(const Json& a, const Json& b, const std::string& at) {
  const std::string tail = "/rotation_offset";
  if (at.size() < tail.size() || at.compare(at.size() - tail.size(), tail.size(), tail) != 0)
    return false;
  auto q = [](const Json& v) -> std::optional<quat> {
    if (!v.is_array() || v.size() != 3) return std::nullopt;
    for (const Json& c : v)
      if (!c.is_number()) return std::nullopt;
    return stride::eulerDegToQuat(vec3(v[0].get<float>(), v[1].get<float>(), v[2].get<float>()));
  };
  auto qa = q(a), qb = q(b);
  return qa && qb && std::fabs(glm::dot(*qa, *qb)) >= 1.0f - 1e-6f;
}

// The first pointer under `at` where a and b differ ("" when equal).
std::string firstDifference(const Json& a, const Json& b, const std::string& at) {
  if (a == b || sameRotation(a, b, at)) return {};
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      std::string p = at + "/" + pointerToken(it.key());
      if (!b.contains(it.key())) return p;
      if (std::string d = firstDifference(it.value(), b[it.key()], p); !d.empty()) return d;
    }
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) return at + "/" + pointerToken(it.key());
    return {};  // equal but for rotations that turn the same way
  }
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (size_t i = 0; i < a.size(); ++i)
      if (std::string d = firstDifference(a[i], b[i], at + "/" + std::to_string(i)); !d.empty())
        return d;
    return {};
  }
  return at;
}

}  // namespace

// The written text must import again, to the preset's values (the kept modules aside: their
// lines move with the modules around them).
bool Writer::readsBack(const std::string& text, const fs::path& assetPath,
                       const std::vector<Json>& wanted) {
  Diagnostics again;
  auto back = importText(text, assetPath, assetFile_, again);
  bool ok = back && !again.hasErrors() && back->preset["effects"].size() == wanted.size();
  for (size_t i = 0; ok && i < wanted.size(); ++i) {
    std::string p = "/effects/" + std::to_string(i) + "/definition";
    Diagnostics quiet;
    auto got = fullDefinition(back->preset["effects"][i]["definition"], assetFile_, p, quiet);
    if (!got) {
      ok = false;
      break;
    }
    Json want = wanted[i];
    want.erase("not_simulated");
    got->erase("not_simulated");
    if (std::string d = firstDifference(want, *got, p); !d.empty()) {
      diags_.error(presetFile_, d,
                   "written into " + assetFile_ +
                       ", this value would not read back as it is; "
                       "nothing written (Save As keeps it as fxview JSON)");
      return false;
    }
  }
  if (!ok)
    diags_.error(presetFile_, "",
                 "the text written for " + assetFile_ + " would not import again; nothing written");
  return ok;
}

bool Writer::effectsMatch(const Json& preset, const Json& base) {
  const Json* mine = atPointer(preset, "/effects");
  if (!mine || !mine->is_array()) {
    diags_.error(presetFile_, "/effects", "expected the effects imported from " + assetFile_);
    return false;
  }
  const Json& theirs = base["effects"];
  bool ok = mine->size() == theirs.size();
  for (size_t i = 0; ok && i < theirs.size(); ++i) {
    const Json& e = (*mine)[i];
    ok = e.is_object() && e.value("id", "") == theirs[i].value("id", "") &&
         e.value("kind", "") == "stride_particles" && e.contains("definition");
  }
  if (!ok)
    diags_.error(presetFile_, "/effects",
                 "expected the " + std::to_string(theirs.size()) +
                     " particle systems imported from " + assetFile_ +
                     " (same ids, in order, with their definitions inline); a Stride asset "
                     "cannot hold effects fxview added or removed");
  return ok;
}

std::optional<Json> fullDefinition(const Json& def, const std::string& file,
                                   const std::string& pointer, Diagnostics& diags) {
  const EffectFamily* family = findFamily("stride_particles");
  if (!family) return std::nullopt;
  auto d = family->createDefinition();
  ReflectFn reflect = [&](FieldVisitor& v) { d->reflect(v); };
  Diagnostics local;
  readFields(def, reflect, {.file = file, .pointer = pointer}, local);
  diags.append(local);
  if (local.hasErrors()) return std::nullopt;
  Json out = Json::object();
  writeAllFields(out, reflect);
  return out;
}

}  // namespace wb

std::optional<std::string> writeBack(const std::string& assetText, const fs::path& assetPath,
                                     const std::string& assetFile, const Json& preset,
                                     const std::string& presetFile, Diagnostics& diags) {
  wb::Writer w(assetFile, presetFile, diags);
  std::string out;
  if (!w.run(assetText, assetPath, preset, out)) return std::nullopt;
  return out;
}

fs::path sourceAssetOf(const Json& preset, const fs::path& presetPath) {
  if (!preset.is_object()) return {};
  auto it = preset.find(kSourceAssetKey);
  if (it == preset.end() || !it->is_string() || it->get<std::string>().empty()) return {};
  return presetPath.parent_path() / toPath(it->get<std::string>());
}

namespace {

// Texture paths of a preset saved away from the asset's folder, as the importer writes them
// (relative to the asset's folder), so that only real texture changes count as changes.
Json texturesRelativeTo(Json preset, const fs::path& presetDir, const fs::path& assetDir) {
  std::error_code ec;
  fs::path from = fs::weakly_canonical(fs::absolute(presetDir, ec), ec);
  fs::path to = fs::weakly_canonical(fs::absolute(assetDir, ec), ec);
  if (ec || from == to || !preset.contains("effects") || !preset["effects"].is_array())
    return preset;
  for (auto& e : preset["effects"]) {
    Json* emitters = e.is_object() && e.contains("definition") && e["definition"].is_object() &&
                             e["definition"].contains("emitters")
                         ? &e["definition"]["emitters"]
                         : nullptr;
    if (!emitters || !emitters->is_array()) continue;
    for (auto& em : *emitters) {
      if (!em.is_object() || !em.contains("material") || !em["material"].is_object()) continue;
      for (const char* key : {"texture", "second_texture"}) {
        auto t = em["material"].find(key);
        if (t == em["material"].end() || !t->is_string()) continue;
        std::string s = t->get<std::string>();
        if (s.empty() || startsWithFolder(s, "assets") || toPath(s).is_absolute()) continue;
        *t = toGenericUtf8(fs::weakly_canonical(from / toPath(s), ec).lexically_relative(to));
      }
    }
  }
  return preset;
}

}  // namespace

std::string exportToAsset(const Json& preset, const std::string& presetFile, const fs::path& asset,
                          const fs::path& out, Diagnostics& diags) {
  auto text = stride_yaml::readFile(toUtf8(asset), toUtf8(asset), diags);
  if (!text) return toUtf8(asset) + ": cannot be read";
  fs::path presetDir = toPath(presetFile).parent_path(), assetDir = asset.parent_path();
  Json rebased = texturesRelativeTo(preset, presetDir.empty() ? "." : presetDir,
                                    assetDir.empty() ? "." : assetDir);
  if (!mergeAssetChanges(*text, asset, toUtf8(asset), rebased, presetFile, diags))
    return "not written: " + toUtf8(out) + " is unchanged";
  auto written = writeBack(*text, asset, toUtf8(asset), rebased, presetFile, diags);
  if (!written) return "not written: " + toUtf8(out) + " is unchanged";
  std::string err = writeFileAtomic(out, *written);
  if (!err.empty()) diags.error(toUtf8(out), "", err);
  return err;
}

}  // namespace fx::stride_import
