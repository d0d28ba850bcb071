// Halo CE (HEK) tag layouts, declared once as tables: for each struct its fixed size and, for
// every field that owns out-of-line data (tag reference, block, data blob), its byte offset, kind,
// element layout and block maximum. The reader and writer (tag_file.h) walk these tables in
// declaration order, which is the file order of reference/halo_tag_format.md §4. Plain fields are
// not listed here: mapping code reads them at their documented offsets through TagStruct.
// Sizes, offsets and maxima: reference/halo_tag_format.md §2, §3, §5.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace fx::halo {

// A four-character code as stored big-endian: fourCC("glw!") == 0x676C7721.
constexpr uint32_t fourCC(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) << 24 | uint32_t(uint8_t(s[1])) << 16 |
         uint32_t(uint8_t(s[2])) << 8 | uint32_t(uint8_t(s[3]));
}

// In-struct sizes of the three out-of-line headers (§3).
inline constexpr uint32_t kDependencySize = 16;  // class, path pointer, path length, tag id
inline constexpr uint32_t kReflexiveSize = 12;   // count, pointer, definition pointer
inline constexpr uint32_t kDataSize = 20;        // size, flags, file offset, pointer
inline constexpr uint32_t kHeaderSize = 64;
inline constexpr uint32_t kBlamSignature = 0x626C616D;  // "blam"

enum class OutKind : uint8_t { Reference, Block, Data };

struct StructLayout;

struct OutField {
  std::string_view name;  // snake_case, as error paths print it: "particle_types"
  uint32_t offset;        // of the in-struct header, from the start of the struct
  OutKind kind;
  const StructLayout* element = nullptr;  // Block: the element struct
  uint32_t maxCount = 0;                  // Block: the most elements allowed
  uint32_t refClass = 0;                  // Reference: the first allowed class FourCC
};

struct StructLayout {
  std::string_view name;  // the format doc's struct name: "WeatherParticleSystemParticleType"
  uint32_t size;          // fixed bytes
  std::span<const OutField> fields;  // in declaration (= file) order
  // Index of `name` in fields, or -1.
  int find(std::string_view fieldName) const;
};

enum class TagClass : uint8_t {
  Glow,
  WeatherParticleSystem,
  PointPhysics,
  Wind,
  Bitmap,
  Gbxmodel,
  ModelAnimations,
  ScenarioStructureBsp,
};

struct TagClassInfo {
  TagClass id;
  std::string_view name;       // "weather_particle_system"
  std::string_view extension;  // ".weather_particle_system"
  uint32_t fourcc;             // header class and reference class
  uint16_t version;            // header version the class must carry
  const StructLayout* root;
};

// The classes fxview reads, in TagClass order.
std::span<const TagClassInfo> tagClasses();
const TagClassInfo& tagClassInfo(TagClass c);
const TagClassInfo* findTagClassByFourCC(uint32_t fourcc);
// By extension with or without the dot, case-insensitive (".GLOW" finds glow).
const TagClassInfo* findTagClassByExtension(std::string_view extension);
// The extension for a reference's class FourCC, also for classes fxview does not read (shader
// classes of gbxmodel shader references: ".shader_model", ...). "" when unknown.
std::string_view extensionForFourCC(uint32_t fourcc);
// The inverse, any case, with or without the dot; 0 when the extension names no known class.
uint32_t fourCCForExtension(std::string_view extension);

// The layouts themselves, for code that maps elements (and for tests).
namespace layouts {
// The out-of-line fields of a layout: a tag reference of class `cls`, a block of `element`s (at
// most `max`), a data blob.
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
extern const StructLayout kGlow, kWeatherParticleSystem, kWeatherParticleType, kPointPhysics, kWind;
extern const StructLayout kBitmap, kBitmapSequence, kBitmapSprite, kBitmapData;
extern const StructLayout kGbxmodel, kModelMarker, kModelMarkerInstance, kModelNode, kModelRegion,
    kModelPermutation, kModelPermutationMarker, kModelGeometry, kModelGeometryPart,
    kModelVertexUncompressed, kModelVertexCompressed, kModelTriangle, kModelShaderReference;
extern const StructLayout kModelAnimations, kAnimationObject, kAnimationUnit, kAnimationUnitWeapon,
    kAnimationWeaponType, kAnimationIkPoint, kAnimationIndex, kAnimationWeapons, kAnimationVehicles,
    kAnimationSuspension, kAnimationDevices, kAnimationFirstPerson, kAnimationSound, kAnimationNode,
    kAnimation;
// structure_bsp_layout.cpp
extern const StructLayout kScenarioStructureBsp, kStructureBspCluster, kStructureBspWeatherPalette,
    kStructureBspWeatherPolyhedron;
}  // namespace layouts

}  // namespace fx::halo
