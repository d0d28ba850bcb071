// The Stride write-back's parts (stride_writeback.h): the asset as lines, value patches, and the
// collections whose modules or emitters were added, removed or moved.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"
#include "engine/import/stride/stride_source_map.h"

namespace fx::stride_import::wb {

struct Line {
  std::string text;                // without its line end
  std::string eol;                 // "\n", "\r\n" or "" (the last line)
  std::vector<std::string> after;  // new lines written after it
};

struct Lines {
  std::vector<Line> lines;
  std::string newline = "\n";  // for new lines: the file's own
};

Lines splitText(const std::string& text);
size_t indentOf(const std::string& s);
bool blankLine(const std::string& s);  // empty, spaces or a comment
// One past the last line of the block starting at `line` whose lines are indented past `column`.
size_t blockEnd(const Lines& doc, size_t line, size_t column);
// Where the plain scalar starting at `column` ends (a flow `,` / `}`, a comment, the line end).
size_t scalarEnd(const std::string& line, size_t column);

// A text (an emitter's name) as a YAML scalar: plain when it reads back as that text, else
// single-quoted.
std::string yamlText(const std::string& s);
// A scalar's text without its quotes (single-quoted '' read as one quote).
std::string unquoted(const std::string& text);
// A fresh Stride item id: 32 random lowercase hex digits.
std::string newItemId();

// The family's reading of a stride_particles definition, every field written (defaults too);
// null with errors when the definition is not valid.
std::optional<Json> fullDefinition(const Json& def, const std::string& file,
                                   const std::string& pointer, Diagnostics& diags);

// A collection written in a new order: kept lines and new blocks.
struct Rewrite {
  size_t keyLine = 0, end = 0, itemsBegin = 0;
  struct Block {
    size_t begin = 0, end = 0;
  };
  std::vector<std::variant<Block, std::vector<std::string>>> items;
};

class Writer {
 public:
  Writer(std::string assetFile, std::string presetFile, Diagnostics& diags)
      : assetFile_(std::move(assetFile)), presetFile_(std::move(presetFile)), diags_(diags) {}
  bool run(const std::string& text, const std::filesystem::path& assetPath, const Json& preset,
           std::string& out);

 private:
  struct Patch {
    size_t line = 0, column = 0, length = 0;
    std::string text;
  };
  std::string assetFile_, presetFile_;
  Diagnostics& diags_;
  Lines doc_;
  std::map<std::string, const SourceSlot*> slots_;
  std::map<std::string, const SourceCollection*> collections_;
  std::vector<Patch> patches_;
  std::map<size_t, Rewrite> rewrites_;  // by the collection's key line
  // Emitters added, removed or moved are written first (arrangeEmitters); the values are then
  // written into that text by a second writer whose emitters are the preset's, in order.
  bool aligned_ = false;
  const Json* baseEmitters_ = nullptr;  // the asset's emitters, while arranging

  bool effectsMatch(const Json& preset, const Json& base);
  bool readsBack(const std::string& text, const std::filesystem::path& assetPath,
                 const std::vector<Json>& wanted);
  void diff(const Json& user, const Json& base, const std::string& slotPointer,
            const std::string& userPointer);
  void applySlot(const SourceSlot& s, const Json& user, const Json& base,
                 const std::string& pointer);
  void applyRotation(const SourceSlot& s, const Json& user, const std::string& pointer);
  void insertKey(const SourceSlot& s, const std::vector<Json>& u, const std::string& pointer);
  std::optional<std::string> componentText(const SourceSlot& s, const Json& v,
                                           const std::string& old, const std::string& pointer);
  static bool spells(const SourceSlot& s, const std::string& text, const Json& base);
  void cannot(const std::string& pointer, const std::string& why);
  void applyPatches();

  // Collections (stride_writeback_blocks.cpp).
  void diffCollection(const SourceCollection& c, const Json& user, const Json& base,
                      const std::string& userPointer);
  std::vector<int> matchItems(const SourceCollection& c, const Json& user, const Json& base);
  void rewrite(const SourceCollection& c, const Json& user, const std::vector<int>& match,
               const std::string& userPointer);
  std::optional<std::vector<std::string>> newModule(const SourceCollection& c, const Json& user,
                                                    size_t indent, const std::string& userPointer);
  bool arrangeEmitters(const std::vector<Json>& users, const std::vector<Json>& mines);
  std::optional<std::vector<std::string>> newEmitter(const SourceCollection& c, const Json& user,
                                                     size_t indent);
  std::optional<std::vector<std::string>> newKeyFrame(const Json& user, size_t indent,
                                                      const std::string& userPointer);

  std::string render() const;
  void renderRange(size_t begin, size_t end, std::string& out) const;
  void renderLine(size_t i, std::string& out) const;
  void renderRewrite(const Rewrite& r, std::string& out) const;
};

// A new module of the collection `yamlKey` (Spawners, Initializers, Updaters) as Stride writes
// it, for fxview's module JSON `module` (its "type" picks the Stride tag): the lines at
// indentation `indent`, its id key first. Null with errors (against `presetFile` at `pointer`)
// when there is no Stride spelling for it.
std::optional<std::vector<std::string>> strideModuleBlock(const std::string& yamlKey,
                                                          const Json& module, size_t indent,
                                                          const std::string& presetFile,
                                                          const std::string& pointer,
                                                          Diagnostics& diags);

}  // namespace fx::stride_import::wb
