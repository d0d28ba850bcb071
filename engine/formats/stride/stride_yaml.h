// Reading Stride's YAML dialect (reference stride_yaml.md §5) on yaml-cpp, for the Stride scene /
// prefab importer. Text from strangers: the file is capped at kMaxStrideFileBytes, nesting is
// bounded before yaml-cpp sees it (yaml-cpp recurses per level), and comma tags
// (`!Namespace.Type,Assembly`), which yaml-cpp rejects, are cut at the comma first. Every
// message names the file and the 1-based YAML line.
//
// Dialect helpers: keys lose the `*` override suffix and the `~Name` part of `<id>~<Name>`;
// collections keyed by 32-hex item ids are walked in file order; `ref!! <guid>` scalars are
// references; `null` is an absent value.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "engine/core/color.h"
#include "engine/core/diagnostics.h"
#include "engine/core/math.h"

namespace fx::stride_yaml {

inline constexpr size_t kMaxStrideFileBytes = 16u << 20;
// Deepest block or flow nesting accepted. Real assets nest about 20 levels (curves inside
// samplers inside updaters inside emitters inside entities).
inline constexpr int kMaxDepth = 64;

// Rewrites comma tags and checks nesting. "" on success, else a message and `line` (1-based).
std::string prepareText(std::string& text, int& line);

// Parses prepared text. Null node (with an error naming file:line) on failure.
std::optional<YAML::Node> parseText(std::string text, const std::string& file, Diagnostics& diags);
// The file's text, at most kMaxStrideFileBytes (larger is an error, read no further).
std::optional<std::string> readFile(const std::string& path, const std::string& file,
                                    Diagnostics& diags);
// Reads the file (size-capped) and parses it.
std::optional<YAML::Node> loadFile(const std::string& path, const std::string& file,
                                   Diagnostics& diags);

inline int lineOf(const YAML::Node& n) {
  return n.Mark().line >= 0 ? n.Mark().line + 1 : 0;
}
// The tag without its leading '!' ("" when untagged or the plain '?' / '!' tags).
std::string tagOf(const YAML::Node& n);
// A key as the dialect means it: `Position*` -> `Position`, `0123~ColorEdge` -> `0123`.
std::string normalizeKey(std::string_view raw);
bool isNull(const YAML::Node& n);  // missing, `null` or `~`
// `ref!! <guid>` -> guid; other scalars returned as they are.
std::string refTarget(const YAML::Node& n);

// The entries of a mapping in file order with normalized keys; a non-map gives none.
std::vector<std::pair<std::string, YAML::Node>> entries(const YAML::Node& map);

// Typed reads of a mapping member for one file, collecting errors with lines. A missing or null
// member gives the default (Stride's C# default, passed by the caller); a member of the wrong
// type is an error naming the key, the line and what was found.
class Reader {
 public:
  Reader(std::string file, Diagnostics& diags) : file_(std::move(file)), diags_(diags) {}

  YAML::Node child(const YAML::Node& map, std::string_view key) const;
  bool has(const YAML::Node& map, std::string_view key) const { return !isNull(child(map, key)); }

  float number(const YAML::Node& map, std::string_view key, float def);
  int32_t integer(const YAML::Node& map, std::string_view key, int32_t def);
  bool flag(const YAML::Node& map, std::string_view key, bool def);
  std::string text(const YAML::Node& map, std::string_view key, std::string_view def);
  vec2 vector2(const YAML::Node& map, std::string_view key, vec2 def);          // {X, Y}
  vec3 vector3(const YAML::Node& map, std::string_view key, vec3 def);          // {X, Y, Z}
  quat rotation(const YAML::Node& map, std::string_view key, quat def);         // {X, Y, Z, W}
  vec4 vector4(const YAML::Node& map, std::string_view key, vec4 def);          // {X, Y, Z, W}
  ColorRgba color(const YAML::Node& map, std::string_view key, ColorRgba def);  // {R, G, B, A}

  // A scalar node as a finite float; false (with an error) otherwise.
  bool scalarNumber(const YAML::Node& n, std::string_view what, float& out);

  void error(const YAML::Node& at, const std::string& message);
  void warning(const YAML::Node& at, const std::string& message);
  // A key of a mapping this reader read from that no read asked for, within a typo of a key that
  // was asked for and is absent (`SpawnCountt:` where SpawnCount was looked up): a warning at the
  // key's line naming the nearest one, whose value stays the default. Call once, after reading.
  void reportKeyTypos();
  const std::string& file() const { return file_; }
  Diagnostics& diags() { return diags_; }

 private:
  // The keys asked of each mapping (child(), and every typed read through it), by the mapping's
  // offset in the text: what fxview knows of that mapping, for reportKeyTypos.
  struct Asked {
    YAML::Node map;
    std::vector<std::string> keys;
  };
  std::string file_;
  Diagnostics& diags_;
  mutable std::map<size_t, Asked> asked_;
};

}  // namespace fx::stride_yaml
