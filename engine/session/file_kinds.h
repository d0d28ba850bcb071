// Every kind of file fxview opens, in one table (kFileKinds in file_kinds.cpp): its extensions,
// the bytes (or folder) that identify it without one, what it opens as, and the file browser's
// group for it. The viewer's Open, drag and drop, the bare `fxview FILE`, `check`, `render`,
// `simulate`, `import` and `export` ask this table what a path is; none of them looks at
// extensions itself. A format learnt here opens everywhere at once.
//
// Rows, in order:
//   preset         .json                     first non-blank byte '{'       loadPreset
//   halo_glow      .glow                     'blam' at 0x3C, 'glw!' at 0x24 scene around the tag
//   halo_weather   .weather_particle_system  'blam' at 0x3C, 'rain' at 0x24 scene around the tag
//   point_physics  .point_physics            'blam' at 0x3C, 'pphy' at 0x24 one struct
//   wind           .wind                     'blam' at 0x3C, 'wind' at 0x24 one struct
//   gbxmodel       .gbxmodel                 'blam' at 0x3C, 'mod2' at 0x24 model
//   bitmap         .bitmap                   'blam' at 0x3C, 'bitm' at 0x24 bitmap
//   model_animations .model_animations       'blam' at 0x3C, 'antr' at 0x24 animations
//   level          .scenario_structure_bsp   'blam' at 0x3C, 'sbsp' at 0x24 scene of its weather
//   stride         .sdscene .sdprefab        first line !SceneAsset or       the Stride importer
//                  .xkscene .xkprefab        !PrefabAsset
//   bundle         (a folder)                holds bundle.json               its preset.json
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/formats/halo/tag_layouts.h"

namespace fx {

struct EffectFamily;

// What a file of the kind opens as.
enum class FileOpening {
  Preset,       // a preset document: loadPreset
  Bundle,       // a bug-report bundle folder: its preset at its moment (engine/session/bundle.h)
  EffectTag,    // a Halo tag holding a family's definition: the scene made around it
                // (tag_scene.h); `import` prints the definition
  StructTag,    // a Halo tag holding one struct (point_physics, wind): `import` prints it
  ModelTag,     // a Halo gbxmodel: `import` prints a scene object with its markers
  BitmapTag,    // a Halo bitmap: `import` prints its pages and sequences
  LevelTag,     // a Halo scenario_structure_bsp: the scene of one weather palette entry
                // (level_scene.h); `import` prints every entry as a preset
  StrideAsset,  // a Stride scene or prefab: the Stride importer makes a preset of it
  // A Halo model_animations: `import` prints each animation's decoded frames.
  AnimationTag,
};

// The file browser's filter a kind is listed under (besides "everything fxview reads").
enum class BrowserGroup { None, Presets, HaloTags, StrideAssets };

struct FileExtension {
  std::string_view extension;   // lower case, with the dot
  std::string_view importHelp;  // what `fxview import` makes of it ("" = import does not read it)
  bool browsable = false;       // listed by the file browser's filters
};

// The first bytes of a file (or that it is a folder), read once for every row's magic check.
struct FileHead {
  std::filesystem::path path;
  bool folder = false;
  std::string bytes;  // at most the first 64
};

struct FileKind {
  std::string_view name;
  std::span<const FileExtension> extensions;
  bool (*magic)(const FileKind& kind, const FileHead& head);  // true: the content is this kind
  FileOpening opensAs;
  BrowserGroup group;
  std::optional<halo::TagClass> tagClass;  // Halo tag kinds
};

// The table, in the order above.
std::span<const FileKind> fileKinds();

// The kind of `path`: a folder holding bundle.json is a bundle; else the kind its extension
// names (any case); else the kind whose magic its first bytes match. Null when none does.
const FileKind* findFileKind(const std::filesystem::path& path);
// By extension alone (any case), reading nothing: for outputs, which need not exist yet.
const FileKind* findFileKindByExtension(const std::filesystem::path& path);

// True when `path` is of a kind that opens as `opening`.
bool opensAs(const std::filesystem::path& path, FileOpening opening);

// The family an effect tag kind's definitions belong to (halo_glow for .glow), else null.
const EffectFamily* fileKindFamily(const FileKind& kind);

// Every extension of the kinds `import` reads, in table order: ".glow, .weather_particle_system,
// ...".
std::string importableExtensions();

}  // namespace fx
