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

// --- model_animations (Invader's model_animations definition; halo_animation_and_level.md §1)
// The unit / weapon / vehicle / device tables are walked for their bytes only: nothing maps them.
constexpr OutField kAnimationsFields[] = {
    block("objects", 0x000, kAnimationObject, 4),
    block("units", 0x00C, kAnimationUnit, 33),
    block("weapons", 0x018, kAnimationWeapons, 16),
    block("vehicles", 0x024, kAnimationVehicles, 1),
    block("devices", 0x030, kAnimationDevices, 2),
    block("unit_damage", 0x03C, kAnimationIndex, 176),
    block("first_person_weapons", 0x048, kAnimationFirstPerson, 28),
    block("sound_references", 0x054, kAnimationSound, 514),
    block("nodes", 0x068, kAnimationNode, 64),
    block("animations", 0x074, kAnimation, 2048)};
constexpr OutField kAnimationUnitFields[] = {block("animations", 0x040, kAnimationIndex, 33),
                                             block("ik_points", 0x04C, kAnimationIkPoint, 4),
                                             block("weapons", 0x058, kAnimationUnitWeapon, 16)};
constexpr OutField kAnimationUnitWeaponFields[] = {
    block("animations", 0x098, kAnimationIndex, 55), block("ik_point", 0x0A4, kAnimationIkPoint, 4),
    block("weapon_types", 0x0B0, kAnimationWeaponType, 10)};
constexpr OutField kAnimationWeaponTypeFields[] = {block("animations", 0x030, kAnimationIndex, 16)};
constexpr OutField kAnimationWeaponsFields[] = {block("animations", 0x010, kAnimationIndex, 11)};
constexpr OutField kAnimationVehiclesFields[] = {
    block("animations", 0x05C, kAnimationIndex, 8),
    block("suspension_animations", 0x068, kAnimationSuspension, 8)};
constexpr OutField kAnimationDevicesFields[] = {block("animations", 0x054, kAnimationIndex, 2)};
constexpr OutField kAnimationFirstPersonFields[] = {
    block("animations", 0x010, kAnimationIndex, 28)};
constexpr OutField kAnimationSoundFields[] = {ref("sound", 0x000, fourCC("snd!"))};
constexpr OutField kAnimationFields[] = {data("frame_info", 0x048), data("default_data", 0x08C),
                                         data("frame_data", 0x0A0)};

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

const StructLayout kModelAnimations{"ModelAnimations", 128, kAnimationsFields};
const StructLayout kAnimationObject{"ModelAnimationsAnimationGraphObjectOverlay", 20, {}};
const StructLayout kAnimationUnit{"ModelAnimationsAnimationGraphUnitSeat", 100,
                                  kAnimationUnitFields};
const StructLayout kAnimationUnitWeapon{"ModelAnimationsAnimationGraphWeapon", 188,
                                        kAnimationUnitWeaponFields};
const StructLayout kAnimationWeaponType{"ModelAnimationsAnimationGraphWeaponType", 60,
                                        kAnimationWeaponTypeFields};
const StructLayout kAnimationIkPoint{"ModelAnimationsAnimationGraphUnitSeatikPoint", 64, {}};
const StructLayout kAnimationIndex{"ModelAnimationsAnimationIndex", 2, {}};
const StructLayout kAnimationWeapons{"ModelAnimationsAnimationGraphWeaponAnimations", 28,
                                     kAnimationWeaponsFields};
const StructLayout kAnimationVehicles{"ModelAnimationsAnimationGraphVehicleAnimations", 116,
                                      kAnimationVehiclesFields};
const StructLayout kAnimationSuspension{"ModelAnimationSuspensionAnimation", 20, {}};
const StructLayout kAnimationDevices{"ModelAnimationsDeviceAnimations", 96,
                                     kAnimationDevicesFields};
const StructLayout kAnimationFirstPerson{"ModelAnimationsAnimationGraphFirstPersonWeaponAnimations",
                                         28, kAnimationFirstPersonFields};
const StructLayout kAnimationSound{"ModelAnimationsAnimationGraphSoundReference", 20,
                                   kAnimationSoundFields};
const StructLayout kAnimationNode{"ModelAnimationsAnimationGraphNode", 64, {}};
const StructLayout kAnimation{"ModelAnimationsAnimation", 180, kAnimationFields};

}  // namespace layouts

namespace {

const std::array<TagClassInfo, 8> kClasses = {{
    {TagClass::Glow, "glow", ".glow", fourCC("glw!"), 1, &layouts::kGlow},
    {TagClass::WeatherParticleSystem, "weather_particle_system", ".weather_particle_system",
     fourCC("rain"), 1, &layouts::kWeatherParticleSystem},
    {TagClass::PointPhysics, "point_physics", ".point_physics", fourCC("pphy"), 1,
     &layouts::kPointPhysics},
    {TagClass::Wind, "wind", ".wind", fourCC("wind"), 1, &layouts::kWind},
    {TagClass::Bitmap, "bitmap", ".bitmap", fourCC("bitm"), 7, &layouts::kBitmap},
    {TagClass::Gbxmodel, "gbxmodel", ".gbxmodel", fourCC("mod2"), 5, &layouts::kGbxmodel},
    {TagClass::ModelAnimations, "model_animations", ".model_animations", fourCC("antr"), 4,
     &layouts::kModelAnimations},
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
    {fourCC("snd!"), ".sound"},
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
