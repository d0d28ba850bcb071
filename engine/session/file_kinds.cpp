#include "engine/session/file_kinds.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "engine/core/paths.h"
#include "engine/effects/registry.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/bundle.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

constexpr size_t kHeadBytes = 64;

uint32_t be32At(const std::string& bytes, size_t at) {
  if (bytes.size() < at + 4) return 0;
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v = v << 8 | uint8_t(bytes[at + i]);
  return v;
}

// A Halo tag of the row's class: 'blam' at 0x3C and the class FourCC at 0x24.
bool haloTagMagic(const FileKind& kind, const FileHead& head) {
  return kind.tagClass && be32At(head.bytes, 0x3C) == halo::kBlamSignature &&
         be32At(head.bytes, 0x24) == halo::tagClassInfo(*kind.tagClass).fourcc;
}

// A preset: a JSON object (the first byte that is not blank is '{').
bool presetMagic(const FileKind&, const FileHead& head) {
  auto it = std::find_if(head.bytes.begin(), head.bytes.end(),
                         [](unsigned char c) { return !std::isspace(c); });
  return it != head.bytes.end() && *it == '{';
}

// A Stride scene or prefab: its first line is the YAML tag !SceneAsset or !PrefabAsset.
bool strideMagic(const FileKind&, const FileHead& head) {
  std::string_view b = head.bytes;
  if (b.starts_with("\xEF\xBB\xBF")) b.remove_prefix(3);
  std::string_view line = b.substr(0, b.find_first_of("\r\n"));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return line == "!SceneAsset" || line == "!PrefabAsset";
}

bool bundleMagic(const FileKind&, const FileHead& head) {
  return head.folder && isBundleFolder(head.path);
}

constexpr FileExtension kPresetExtensions[] = {{".json", "", true}};
constexpr FileExtension kGlowExtensions[] = {
    {".glow", "Halo glow tag -> halo_glow definition", true}};
constexpr FileExtension kWeatherExtensions[] = {
    {".weather_particle_system", "Halo weather tag -> halo_weather definition", true}};
constexpr FileExtension kPointPhysicsExtensions[] = {
    {".point_physics", "Halo point_physics tag -> point_physics definition"}};
constexpr FileExtension kWindExtensions[] = {{".wind", "Halo wind tag -> wind definition"}};
// Not browsable: a model opens only under a .glow (--model); File > Open would offer a file it
// cannot show.
constexpr FileExtension kModelExtensions[] = {
    {".gbxmodel", "Halo gbxmodel tag -> scene object (markers in object space), nodes, regions"}};
constexpr FileExtension kBitmapExtensions[] = {
    {".bitmap", "Halo bitmap tag -> pages and sequences of sprites (--png: decoded pixels)"}};
constexpr FileExtension kAnimationExtensions[] = {
    {".model_animations", "Halo model_animations tag -> animations with decoded per-node frames"}};
constexpr FileExtension kLevelExtensions[] = {
    {".scenario_structure_bsp",
     "Halo level BSP -> preset, one halo_weather effect per weather palette entry", true}};
constexpr FileExtension kStrideExtensions[] = {
    {".sdscene", "Stride scene -> preset (each particle system an effect)", true},
    {".sdprefab", "Stride prefab -> preset (each particle system an effect)", true},
    {".xkscene", "Xenko scene (Stride's former name) -> preset"},
    {".xkprefab", "Xenko prefab (Stride's former name) -> preset"},
};

using enum FileOpening;
using halo::TagClass;

const FileKind kFileKinds[] = {
    {"preset", kPresetExtensions, &presetMagic, Preset, BrowserGroup::Presets, {}},
    {"halo_glow", kGlowExtensions, &haloTagMagic, EffectTag, BrowserGroup::HaloTags,
     TagClass::Glow},
    {"halo_weather", kWeatherExtensions, &haloTagMagic, EffectTag, BrowserGroup::HaloTags,
     TagClass::WeatherParticleSystem},
    {"point_physics", kPointPhysicsExtensions, &haloTagMagic, StructTag, BrowserGroup::None,
     TagClass::PointPhysics},
    {"wind", kWindExtensions, &haloTagMagic, StructTag, BrowserGroup::None, TagClass::Wind},
    {"gbxmodel", kModelExtensions, &haloTagMagic, ModelTag, BrowserGroup::HaloTags,
     TagClass::Gbxmodel},
    {"bitmap", kBitmapExtensions, &haloTagMagic, BitmapTag, BrowserGroup::None, TagClass::Bitmap},
    {"model_animations", kAnimationExtensions, &haloTagMagic, AnimationTag, BrowserGroup::None,
     TagClass::ModelAnimations},
    {"level", kLevelExtensions, &haloTagMagic, LevelTag, BrowserGroup::HaloTags,
     TagClass::ScenarioStructureBsp},
    {"stride", kStrideExtensions, &strideMagic, StrideAsset, BrowserGroup::StrideAssets, {}},
    {"bundle", {}, &bundleMagic, Bundle, BrowserGroup::None, {}},
};

std::string lowerExtension(const fs::path& p) {
  std::string ext = toUtf8(p.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

// Only the folder test when an extension may still name the kind: files are read lazily.
FileHead readHead(const fs::path& path) {
  FileHead head{.path = path};
  std::error_code ec;
  head.folder = fs::is_directory(path, ec);
  return head;
}

void readBytes(FileHead& head) {
  std::error_code ec;
  if (head.folder || !fs::is_regular_file(head.path, ec)) return;
  const fs::path& path = head.path;
  std::ifstream in(path, std::ios::binary);
  char buf[kHeadBytes];
  in.read(buf, std::streamsize(kHeadBytes));
  head.bytes.assign(buf, size_t(in.gcount()));
}

}  // namespace

std::span<const FileKind> fileKinds() {
  return kFileKinds;
}

const FileKind* findFileKindByExtension(const fs::path& path) {
  std::string ext = lowerExtension(path);
  if (ext.empty()) return nullptr;
  for (const FileKind& k : kFileKinds)
    for (const FileExtension& e : k.extensions)
      if (e.extension == ext) return &k;
  return nullptr;
}

const FileKind* findFileKind(const fs::path& path) {
  // A folder is never opened by its name: a bundle folder called "x.json" is still a bundle.
  FileHead head = readHead(path);
  if (head.folder)
    for (const FileKind& k : kFileKinds)
      if (k.extensions.empty() && k.magic(k, head)) return &k;
  if (const FileKind* k = findFileKindByExtension(path)) return k;
  readBytes(head);
  for (const FileKind& k : kFileKinds)
    if (k.magic && k.magic(k, head)) return &k;
  return nullptr;
}

bool opensAs(const fs::path& path, FileOpening opening) {
  const FileKind* k = findFileKind(path);
  return k && k->opensAs == opening;
}

const EffectFamily* fileKindFamily(const FileKind& kind) {
  if (kind.opensAs != EffectTag || !kind.tagClass) return nullptr;
  const halo::TagClassInfo* cls = &halo::tagClassInfo(*kind.tagClass);
  for (const EffectFamily* f : effectFamilies())
    if (tagClassOf(*f) == cls) return f;
  return nullptr;
}

std::string importableExtensions() {
  std::string known;
  for (const FileKind& k : kFileKinds)
    for (const FileExtension& e : k.extensions)
      if (!e.importHelp.empty()) known += (known.empty() ? "" : ", ") + std::string(e.extension);
  return known;
}

}  // namespace fx
