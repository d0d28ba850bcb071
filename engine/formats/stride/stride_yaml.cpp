#include "engine/formats/stride/stride_yaml.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "engine/core/paths.h"
#include "engine/core/text.h"

namespace fx::stride_yaml {

namespace {

size_t indentOf(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  return i;
}

// Cuts `!Type,Assembly` tags at the comma (reference §5.1). A tag starts at the line's first
// character after the indentation or right after ": " / "- ", and runs to the next space.
void cutCommaTags(std::string& line) {
  size_t start = indentOf(line);
  for (size_t p = start; p < line.size(); ++p) {
    if (line[p] != '!') continue;
    bool atTagStart =
        p == start || (p >= 2 && line[p - 1] == ' ' && (line[p - 2] == ':' || line[p - 2] == '-'));
    if (!atTagStart) continue;
    size_t end = line.find(' ', p);
    if (end == std::string::npos) end = line.size();
    size_t comma = line.find(',', p);
    if (comma != std::string::npos && comma < end) line.erase(comma, end - comma);
  }
}

// Calls f(p, c) for every character of `line` outside quoted text and comments, until f returns
// false. A quote opens a string only where a value starts (line start, after a space, a flow
// bracket or a comma), so apostrophes inside plain scalars stay plain.
template <class F>
void forEachCodeChar(std::string_view line, F&& f) {
  char quote = 0;
  for (size_t p = 0; p < line.size(); ++p) {
    char c = line[p];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    char before = p == 0 ? ' ' : line[p - 1];
    if (c == '"' || c == '\'') {
      if (before == ' ' || before == '[' || before == '{' || before == ',') quote = c;
      continue;
    }
    if (c == '#' && before == ' ') return;
    if (!f(p, c)) return;
  }
}

// Anchors and aliases: Stride never writes them, and aliases would let a small file expand
// into an exponential tree. A value position is the line start, after ": ", "- ", or a flow
// indicator.
bool hasAnchorOrAlias(std::string_view line) {
  bool found = false;
  forEachCodeChar(line, [&](size_t p, char c) {
    if (c != '&' && c != '*') return true;
    if (p + 1 >= line.size() || line[p + 1] == ' ') return true;
    size_t q = p;
    while (q > 0 && line[q - 1] == ' ') --q;
    char before = q == 0 ? 0 : line[q - 1];
    found = q == 0 || before == '[' || before == '{' || before == ',' ||
            ((before == ':' || before == '-') && q < p);
    return !found;
  });
  return found;
}

// Flow brackets opened minus closed on one line, ignoring quoted text and comments; `peak` is
// the deepest point reached on the line relative to `open`.
void countFlow(std::string_view line, int& open, int& peak) {
  forEachCodeChar(line, [&](size_t, char c) {
    if (c == '[' || c == '{')
      peak = std::max(peak, ++open);
    else if ((c == ']' || c == '}') && open > 0)
      --open;
    return true;
  });
}

}  // namespace

std::string prepareText(std::string& text, int& lineNo) {
  std::string out;
  out.reserve(text.size());
  std::vector<size_t> indents;  // block nesting: indentation columns of the enclosing lines
  int flow = 0;
  std::istringstream in(text);
  std::string line;
  lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\t') == 0) return "tab in indentation (YAML indents with spaces)";
    size_t ind = indentOf(line);
    bool blank = ind == line.size() || line[ind] == '#';
    if (!blank && flow == 0) {
      while (!indents.empty() && indents.back() >= ind) indents.pop_back();
      indents.push_back(ind);
      // "- - -" (or "? ? ?", complex keys) opens one level per indicator on the same line.
      size_t dashes = 0;
      for (size_t p = ind;
           p + 1 < line.size() && (line[p] == '-' || line[p] == '?') && line[p + 1] == ' ';) {
        ++dashes;
        p += 2;
        while (p < line.size() && line[p] == ' ') ++p;
      }
      if (indents.size() + dashes > size_t(kMaxDepth))
        return "nesting deeper than " + std::to_string(kMaxDepth) + " levels";
    }
    if (!blank) {
      cutCommaTags(line);
      if (hasAnchorOrAlias(line))
        return "YAML anchors and aliases are not part of Stride's asset format";
      int peak = flow;
      countFlow(line, flow, peak);
      if (int(indents.size()) + peak > kMaxDepth)
        return "nesting deeper than " + std::to_string(kMaxDepth) + " levels";
    }
    out += line;
    out += '\n';
  }
  text.swap(out);
  lineNo = 0;
  return {};
}

std::optional<YAML::Node> parseText(std::string text, const std::string& file, Diagnostics& diags) {
  int line = 0;
  std::string problem = prepareText(text, line);
  if (!problem.empty()) {
    diags.errorAt(file, line, problem);
    return std::nullopt;
  }
  try {
    YAML::Node root = YAML::Load(text);
    return root;
  } catch (const YAML::Exception& e) {
    diags.errorAt(file, e.mark.line >= 0 ? e.mark.line + 1 : 1, "YAML: " + e.msg);
  } catch (const std::exception& e) {
    diags.errorAt(file, 1, std::string("YAML: ") + e.what());
  }
  return std::nullopt;
}

std::optional<std::string> readFile(const std::string& path, const std::string& file,
                                    Diagnostics& diags) {
  std::ifstream in(toPath(path), std::ios::binary);
  if (!in) {
    diags.error(file, "", "cannot open the file");
    return std::nullopt;
  }
  std::string text;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, size_t(in.gcount()));
    if (text.size() > kMaxStrideFileBytes) {
      diags.error(file, "",
                  "larger than " + std::to_string(kMaxStrideFileBytes >> 20) +
                      " MiB; not a Stride asset fxview will read");
      return std::nullopt;
    }
  }
  return text;
}

std::optional<YAML::Node> loadFile(const std::string& path, const std::string& file,
                                   Diagnostics& diags) {
  auto text = readFile(path, file, diags);
  if (!text) return std::nullopt;
  return parseText(std::move(*text), file, diags);
}

std::string tagOf(const YAML::Node& n) {
  if (!n.IsDefined()) return {};
  std::string t = n.Tag();
  if (t == "?" || t == "!" || t.empty()) return {};
  if (t[0] == '!') t.erase(0, 1);
  return t;
}

std::string normalizeKey(std::string_view raw) {
  std::string k(raw);
  size_t tilde = k.find('~');
  if (tilde != std::string::npos) k.erase(tilde);
  while (!k.empty() && k.back() == '*') k.pop_back();
  return k;
}

bool isNull(const YAML::Node& n) {
  return !n.IsDefined() || n.IsNull();
}

std::string refTarget(const YAML::Node& n) {
  if (!n.IsDefined() || !n.IsScalar()) return {};
  std::string s = n.Scalar();
  if (s.rfind("ref!!", 0) == 0) {
    s.erase(0, 5);
    while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  }
  return s;
}

std::vector<std::pair<std::string, YAML::Node>> entries(const YAML::Node& map) {
  std::vector<std::pair<std::string, YAML::Node>> out;
  if (!map.IsDefined() || !map.IsMap()) return out;
  for (auto it = map.begin(); it != map.end(); ++it) {
    std::string key = it->first.IsScalar() ? normalizeKey(it->first.Scalar()) : std::string();
    out.emplace_back(std::move(key), it->second);
  }
  return out;
}

YAML::Node Reader::child(const YAML::Node& map, std::string_view key) const {
  if (!map.IsDefined() || !map.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  if (map.Mark().pos >= 0) {
    // Copy-constructed: assigning to a YAML::Node would write through it, not rebind it.
    Asked& a = asked_.try_emplace(size_t(map.Mark().pos), Asked{map, {}}).first->second;
    if (std::find(a.keys.begin(), a.keys.end(), key) == a.keys.end()) a.keys.emplace_back(key);
  }
  for (auto it = map.begin(); it != map.end(); ++it)
    if (it->first.IsScalar() && normalizeKey(it->first.Scalar()) == key) return it->second;
  return YAML::Node(YAML::NodeType::Undefined);
}

void Reader::reportKeyTypos() {
  for (const auto& [pos, a] : asked_) {
    std::vector<std::string> present, absent;
    for (auto it = a.map.begin(); it != a.map.end(); ++it)
      if (it->first.IsScalar()) present.push_back(normalizeKey(it->first.Scalar()));
    for (const std::string& k : a.keys)
      if (std::find(present.begin(), present.end(), k) == present.end()) absent.push_back(k);
    for (auto it = a.map.begin(); it != a.map.end(); ++it) {
      if (!it->first.IsScalar()) continue;
      std::string key = normalizeKey(it->first.Scalar());
      if (std::find(a.keys.begin(), a.keys.end(), key) != a.keys.end()) continue;
      std::string nearest = nearestName(key, absent);
      if (!nearest.empty())
        warning(it->first, "unknown key " + key + " (did you mean " + nearest + "?); " + nearest +
                               " keeps its default");
    }
  }
}

void Reader::error(const YAML::Node& at, const std::string& message) {
  diags_.errorAt(file_, std::max(lineOf(at), 1), message);
}

void Reader::warning(const YAML::Node& at, const std::string& message) {
  diags_.warningAt(file_, std::max(lineOf(at), 1), message);
}

bool Reader::scalarNumber(const YAML::Node& n, std::string_view what, float& out) {
  if (!n.IsScalar()) {
    error(n, std::string(what) + ": expected a number, got a " +
                 (n.IsMap()        ? "mapping"
                  : n.IsSequence() ? "sequence"
                                   : "null"));
    return false;
  }
  const std::string& s = n.Scalar();
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(d) || std::fabs(d) > 3.4e38) {
    error(n, std::string(what) + ": expected a finite number, got \"" + s.substr(0, 40) + "\"");
    return false;
  }
  out = float(d);
  return true;
}

float Reader::number(const YAML::Node& map, std::string_view key, float def) {
  YAML::Node n = child(map, key);
  float v = def;
  if (isNull(n) || !scalarNumber(n, key, v)) return def;
  return v;
}

int32_t Reader::integer(const YAML::Node& map, std::string_view key, int32_t def) {
  YAML::Node n = child(map, key);
  float v = 0.0f;
  if (isNull(n) || !scalarNumber(n, key, v)) return def;
  if (v != std::floor(v) || std::fabs(v) > 2147483647.0f) {
    error(n, std::string(key) + ": expected an integer, got " + n.Scalar().substr(0, 40));
    return def;
  }
  return int32_t(v);
}

bool Reader::flag(const YAML::Node& map, std::string_view key, bool def) {
  YAML::Node n = child(map, key);
  if (isNull(n)) return def;
  if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    if (s == "true" || s == "True") return true;
    if (s == "false" || s == "False") return false;
  }
  error(n, std::string(key) + ": expected true or false, got " +
               (n.IsScalar() ? "\"" + n.Scalar().substr(0, 40) + "\"" : std::string("a node")));
  return def;
}

std::string Reader::text(const YAML::Node& map, std::string_view key, std::string_view def) {
  YAML::Node n = child(map, key);
  if (isNull(n)) return std::string(def);
  if (!n.IsScalar()) {
    error(n, std::string(key) + ": expected a string");
    return std::string(def);
  }
  return n.Scalar();
}

namespace {
template <size_t N>
bool components(Reader& r, const YAML::Node& n, std::string_view key, const char* const (&names)[N],
                float (&out)[N]) {
  if (!n.IsMap()) {
    r.error(n, std::string(key) + ": expected a mapping {" + names[0] + ", ...}");
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < N; ++i) {
    YAML::Node c = r.child(n, names[i]);
    if (isNull(c)) continue;  // a missing component keeps the default's
    ok &= r.scalarNumber(c, std::string(key) + "." + names[i], out[i]);
  }
  return ok;
}
}  // namespace

vec2 Reader::vector2(const YAML::Node& map, std::string_view key, vec2 def) {
  YAML::Node n = child(map, key);
  static const char* const kNames[] = {"X", "Y"};
  float v[2] = {def.x, def.y};
  if (isNull(n) || !components(*this, n, key, kNames, v)) return def;
  return {v[0], v[1]};
}

vec3 Reader::vector3(const YAML::Node& map, std::string_view key, vec3 def) {
  YAML::Node n = child(map, key);
  static const char* const kNames[] = {"X", "Y", "Z"};
  float v[3] = {def.x, def.y, def.z};
  if (isNull(n) || !components(*this, n, key, kNames, v)) return def;
  return {v[0], v[1], v[2]};
}

vec4 Reader::vector4(const YAML::Node& map, std::string_view key, vec4 def) {
  YAML::Node n = child(map, key);
  static const char* const kNames[] = {"X", "Y", "Z", "W"};
  float v[4] = {def.x, def.y, def.z, def.w};
  if (isNull(n) || !components(*this, n, key, kNames, v)) return def;
  return {v[0], v[1], v[2], v[3]};
}

quat Reader::rotation(const YAML::Node& map, std::string_view key, quat def) {
  vec4 v = vector4(map, key, vec4(def.x, def.y, def.z, def.w));
  quat q(v.w, v.x, v.y, v.z);
  float len = glm::length(q);
  if (!(len > 1e-6f)) {
    error(child(map, key), std::string(key) + ": a zero quaternion is not a rotation");
    return def;
  }
  return q / len;
}

ColorRgba Reader::color(const YAML::Node& map, std::string_view key, ColorRgba def) {
  YAML::Node n = child(map, key);
  static const char* const kNames[] = {"R", "G", "B", "A"};
  float v[4] = {def.r, def.g, def.b, def.a};
  if (isNull(n) || !components(*this, n, key, kNames, v)) return def;
  return {v[0], v[1], v[2], v[3]};
}

}  // namespace fx::stride_yaml
