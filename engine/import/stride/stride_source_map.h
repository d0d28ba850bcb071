// Where the values of an imported Stride asset sit in its text, so that `export` can write a
// preset back into the asset by changing only the text of the values that changed (and the
// module blocks that were added, removed or moved). Recorded by the importer as it maps YAML onto
// the stride_particles definition JSON; read by stride_writeback.h.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fx::stride_import {

// A 0-based line and column in the asset's text (yaml-cpp's Mark); line -1 = nowhere.
struct TextPos {
  int line = -1;
  int column = -1;
  bool valid() const { return line >= 0 && column >= 0; }
};

// How a JSON value is spelled in the YAML: a float, an int, true/false, an enum name, a text
// (EmitterName), a flow mapping {X, Y} / {X, Y, Z} / {R, G, B, A} / {X, Y, Z, W} of floats, or
// a module's rotation: Euler degrees in fxview, a quaternion {X, Y, Z, W} in the asset.
enum class SlotKind : uint8_t {
  Float,
  Int,
  Bool,
  Enum,
  Text,
  Vec2,
  Vec3,
  Color,
  Vec4,
  RotationDeg
};

// One imported value: the JSON pointer it became (from the preset root) and the scalars that
// spell it in the asset (one per component; none when the key is absent and the value is the
// family default).
struct SourceSlot {
  std::string pointer;
  SlotKind kind = SlotKind::Float;
  std::string yamlKey;
  TextPos map;                   // the first key of the mapping that holds (or would hold) it
  std::vector<TextPos> scalars;  // per component; empty when the key is absent
  std::vector<std::pair<std::string, std::string>> names;  // Enum: Stride name, fxview name
};

// One Stride collection (a mapping of 32-hex item ids) that became a JSON array: Emitters,
// Spawners, Initializers, Updaters, a curve's KeyFrames. Items are in file order; listIndex is the
// entry's index in the array, -1 for an item kept but not simulated (it is not in the array).
struct SourceCollection {
  std::string pointer;  // the array, from the preset root
  std::string yamlKey;
  TextPos key;  // the collection's key
  struct Item {
    TextPos key;  // the item's id key
    int listIndex = -1;
    std::string tag;  // the item's YAML tag ("" for an emitter)
  };
  std::vector<Item> items;
};

struct SourceMap {
  std::vector<SourceSlot> slots;
  std::vector<SourceCollection> collections;
};

}  // namespace fx::stride_import
