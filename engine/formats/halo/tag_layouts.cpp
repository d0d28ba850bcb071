#include "engine/formats/halo/tag_layouts.h"

#include <array>
#include <cctype>

namespace fx::halo {

int StructLayout::find(std::string_view fieldName) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == fieldName) return int(i);
  return -1;
}

namespace layouts {
namespace {

constexpr uint32_t kBitm = fourCC("bitm");
constexpr uint32_t kPphy = fourCC("pphy");
constexpr uint32_t kShdr = fourCC("shdr");

constexpr OutField ref(std::string_view name, uint32_t offset, uint32_t cls) {
  return {name, offset, OutKind::Reference, nullptr, 0, cls};
}
constexpr OutField block(std::string_view name, uint32_t offset, const StructLayout& element,
                         uint32_t max) {
  return {name, offset, OutKind::Block, &element, max, 0};
}
constexpr OutField data(std::string_view name, uint32_t offset) {
  return {name, offset, OutKind::Data, nullptr, 0, 0};
}

// --- glow, weather, point_physics, wind (§5.1) ---------------------------------------------------
constexpr OutField kGlowFields[] = {ref("texture", 0x144, kBitm)};
constexpr OutField kWeatherFields[] = {block("particle_types", 0x024, kWeatherParticleType, 8)};
constexpr OutField kWeatherTypeFields[] = {ref("physics", 0x0AC, kPphy),
                                           ref("sprite_bitmap", 0x194, kBitm),
                                           ref("secondary_bitmap", 0x1F4, kBitm)};

// --- bitmap (§5.3) -------------------------------------------------------------------------------
constexpr OutField kBitmapFields[] = {data("compressed_color_plate_data", 0x01C),
                                      data("processed_pixel_data", 0x030),
                                      block("bitmap_group_sequence", 0x054, kBitmapSequence, 256),
                                      block("bitmap_data", 0x060, kBitmapData, 65536)};
constexpr OutField kSequenceFields[] = {block("sprites", 0x034, kBitmapSprite, 64)};

// --- gbxmodel (§5.2; geometry element sizes from the §5.2 note)
// -------------------------------------
constexpr OutField kGbxmodelFields[] = {
    block("markers", 0x0AC, kModelMarker, 0), block("nodes", 0x0B8, kModelNode, 64),
    block("regions", 0x0C4, kModelRegion, 32), block("geometries", 0x0D0, kModelGeometry, 256),
    block("shaders", 0x0DC, kModelShaderReference, 32)};
constexpr OutField kMarkerFields[] = {block("instances", 0x034, kModelMarkerInstance, 32)};
constexpr OutField kRegionFields[] = {block("permutations", 0x040, kModelPermutation, 32)};
constexpr OutField kPermutationFields[] = {block("markers", 0x04C, kModelPermutationMarker, 64)};
constexpr OutField kGeometryFields[] = {block("parts", 0x024, kModelGeometryPart, 32)};
constexpr OutField kPartFields[] = {
    block("uncompressed_vertices", 0x020, kModelVertexUncompressed, 65535),
    block("compressed_vertices", 0x02C, kModelVertexCompressed, 65535),
    block("triangles", 0x038, kModelTriangle, 65535)};
constexpr OutField kShaderRefFields[] = {ref("shader", 0x000, kShdr)};

}  // namespace

const StructLayout kGlow{"Glow", 340, kGlowFields};
const StructLayout kWeatherParticleSystem{"WeatherParticleSystem", 48, kWeatherFields};
const StructLayout kWeatherParticleType{"WeatherParticleSystemParticleType", 604,
                                        kWeatherTypeFields};
const StructLayout kPointPhysics{"PointPhysics", 64, {}};
const StructLayout kWind{"Wind", 64, {}};

const StructLayout kBitmap{"Bitmap", 108, kBitmapFields};
const StructLayout kBitmapSequence{"BitmapGroupSequence", 64, kSequenceFields};
const StructLayout kBitmapSprite{"BitmapGroupSprite", 32, {}};
const StructLayout kBitmapData{"BitmapData", 48, {}};

const StructLayout kGbxmodel{"GBXModel", 232, kGbxmodelFields};
const StructLayout kModelMarker{"ModelMarker", 64, kMarkerFields};
const StructLayout kModelMarkerInstance{"ModelMarkerInstance", 32, {}};
const StructLayout kModelNode{"ModelNode", 156, {}};
const StructLayout kModelRegion{"ModelRegion", 76, kRegionFields};
const StructLayout kModelPermutation{"ModelRegionPermutation", 88, kPermutationFields};
const StructLayout kModelPermutationMarker{"ModelRegionPermutationMarker", 80, {}};
const StructLayout kModelGeometry{"GBXModelGeometry", 48, kGeometryFields};
const StructLayout kModelGeometryPart{"GBXModelGeometryPart", 132, kPartFields};
const StructLayout kModelVertexUncompressed{"ModelVertexUncompressed", 68, {}};
const StructLayout kModelVertexCompressed{"ModelVertexCompressed", 32, {}};
const StructLayout kModelTriangle{"ModelTriangle", 6, {}};
const StructLayout kModelShaderReference{"ModelShaderReference", 32, kShaderRefFields};

}  // namespace layouts

namespace {

const std::array<TagClassInfo, 7> kClasses = {{
    {TagClass::Glow, "glow", ".glow", fourCC("glw!"), 1, &layouts::kGlow},
    {TagClass::WeatherParticleSystem, "weather_particle_system", ".weather_particle_system",
     fourCC("rain"), 1, &layouts::kWeatherParticleSystem},
    {TagClass::PointPhysics, "point_physics", ".point_physics", fourCC("pphy"), 1,
     &layouts::kPointPhysics},
    {TagClass::Wind, "wind", ".wind", fourCC("wind"), 1, &layouts::kWind},
    {TagClass::Bitmap, "bitmap", ".bitmap", fourCC("bitm"), 7, &layouts::kBitmap},
    {TagClass::Gbxmodel, "gbxmodel", ".gbxmodel", fourCC("mod2"), 5, &layouts::kGbxmodel},
    {TagClass::ScenarioStructureBsp, "scenario_structure_bsp", ".scenario_structure_bsp",
     fourCC("sbsp"), 5, &layouts::kScenarioStructureBsp},
}};

// Classes a reference may name that fxview does not read itself (model shaders, Xbox models).
struct ForeignClass {
  uint32_t fourcc;
  std::string_view extension;
};
const ForeignClass kForeignClasses[] = {
    {fourCC("shdr"), ".shader"},
    {fourCC("senv"), ".shader_environment"},
    {fourCC("soso"), ".shader_model"},
    {fourCC("sotr"), ".shader_transparent_generic"},
    {fourCC("schi"), ".shader_transparent_chicago"},
    {fourCC("scex"), ".shader_transparent_chicago_extended"},
    {fourCC("swat"), ".shader_transparent_water"},
    {fourCC("sgla"), ".shader_transparent_glass"},
    {fourCC("smet"), ".shader_transparent_meter"},
    {fourCC("spla"), ".shader_transparent_plasma"},
    {fourCC("mode"), ".model"},
    {fourCC("lens"), ".lens_flare"},
    {fourCC("fog "), ".fog"},
    {fourCC("lsnd"), ".sound_looping"},
    {fourCC("snde"), ".sound_environment"},
};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(uint8_t(a[i])) != std::tolower(uint8_t(b[i]))) return false;
  return true;
}

}  // namespace

std::span<const TagClassInfo> tagClasses() {
  return kClasses;
}

const TagClassInfo& tagClassInfo(TagClass c) {
  return kClasses[size_t(c)];
}

const TagClassInfo* findTagClassByFourCC(uint32_t fourcc) {
  for (const auto& c : kClasses)
    if (c.fourcc == fourcc) return &c;
  return nullptr;
}

const TagClassInfo* findTagClassByExtension(std::string_view extension) {
  if (!extension.empty() && extension.front() == '.') extension.remove_prefix(1);
  for (const auto& c : kClasses)
    if (equalsIgnoreCase(c.extension.substr(1), extension)) return &c;
  return nullptr;
}

std::string_view extensionForFourCC(uint32_t fourcc) {
  if (const auto* c = findTagClassByFourCC(fourcc)) return c->extension;
  for (const auto& f : kForeignClasses)
    if (f.fourcc == fourcc) return f.extension;
  return {};
}

uint32_t fourCCForExtension(std::string_view extension) {
  if (!extension.empty() && extension.front() == '.') extension.remove_prefix(1);
  if (const auto* c = findTagClassByExtension(extension)) return c->fourcc;
  for (const auto& f : kForeignClasses)
    if (equalsIgnoreCase(f.extension.substr(1), extension)) return f.fourcc;
  return 0;
}

}  // namespace fx::halo
