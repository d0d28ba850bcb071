// The scenario_structure_bsp (sbsp) layout: every out-of-line field of the tag, so the one reader
// (tag_file.h) can walk a real level's collision, lightmaps, clusters and leaf map to reach the
// weather palette and polyhedra in file order (reference halo_animation_and_level.md §3; sizes
// and offsets from Invader's scenario_structure_bsp.json and model_collision_geometry.json,
// maxima as Invader declares them). Plain fields are read at their offsets by structure_bsp.cpp.
#include "engine/formats/halo/tag_layouts.h"

namespace fx::halo::layouts {

namespace {

constexpr uint32_t kBitm = fourCC("bitm");
constexpr uint32_t kShdr = fourCC("shdr");
constexpr uint32_t kRain = fourCC("rain");
constexpr uint32_t kWind = fourCC("wind");


// Elements without out-of-line data.
const StructLayout kLeafOf1{"ScenarioStructureBSPByte", 1, {}};
const StructLayout kLeafOf2{"ScenarioStructureBSPIndex", 2, {}};
const StructLayout kLeafOf4{"ScenarioStructureBSPInt32", 4, {}};
const StructLayout kLeafOf6{"ScenarioStructureBSPTriple", 6, {}};
const StructLayout kLeafOf8{"ScenarioStructureBSPPair", 8, {}};
const StructLayout kLeafOf12{"ScenarioStructureBSPPoint", 12, {}};
const StructLayout kLeafOf16{"ScenarioStructureBSPQuad", 16, {}};
const StructLayout kLeafOf20{"ModelCollisionGeometryBSP2DNode", 20, {}};
const StructLayout kLeafOf24{"ModelCollisionGeometryBSPEdge", 24, {}};
const StructLayout kLeafOf32{"ScenarioStructureBSPDetailObjectCell", 32, {}};
const StructLayout kLeafOf40{"ScenarioStructureBSPFogRegion", 40, {}};
const StructLayout kLeafOf48{"ScenarioStructureBSPBreakableSurface", 48, {}};
const StructLayout kLeafOf60{"ScenarioStructureBSPMarker", 60, {}};

// --- collision (ModelCollisionGeometryBSP, 96 bytes)
// ----------------------------------------------
constexpr OutField kCollisionBspFields[] = {block("bsp3d_nodes", 0x00, kLeafOf12, 131072),
                                            block("planes", 0x0C, kLeafOf16, 65536),
                                            block("leaves", 0x18, kLeafOf8, 65536),
                                            block("bsp2d_references", 0x24, kLeafOf8, 131072),
                                            block("bsp2d_nodes", 0x30, kLeafOf20, 65535),
                                            block("surfaces", 0x3C, kLeafOf12, 131072),
                                            block("edges", 0x48, kLeafOf24, 262144),
                                            block("vertices", 0x54, kLeafOf16, 131072)};
const StructLayout kCollisionBsp{"ModelCollisionGeometryBSP", 96, kCollisionBspFields};

constexpr OutField kCollisionMaterialFields[] = {ref("shader", 0x00, kShdr)};
const StructLayout kCollisionMaterial{"ScenarioStructureBSPCollisionMaterial", 20,
                                      kCollisionMaterialFields};

// --- lightmaps
// ------------------------------------------------------------------------------------
constexpr OutField kMaterialFields[] = {ref("shader", 0x00, kShdr),
                                        data("uncompressed_vertices", 0xD8),
                                        data("compressed_vertices", 0xEC)};
const StructLayout kMaterial{"ScenarioStructureBSPMaterial", 256, kMaterialFields};
constexpr OutField kLightmapFields[] = {block("materials", 0x14, kMaterial, 2048)};
const StructLayout kLightmap{"ScenarioStructureBSPLightmap", 32, kLightmapFields};

constexpr OutField kLensFlareFields[] = {ref("lens", 0x00, fourCC("lens"))};
const StructLayout kLensFlare{"ScenarioStructureBSPLensFlare", 16, kLensFlareFields};

// --- clusters
// -------------------------------------------------------------------------------------
constexpr OutField kSubclusterFields[] = {block("surface_indices", 0x18, kLeafOf4, 128)};
const StructLayout kSubcluster{"ScenarioStructureBSPSubcluster", 36, kSubclusterFields};
constexpr OutField kMirrorFields[] = {ref("shader", 0x24, kShdr),
                                      block("vertices", 0x34, kLeafOf12, 512)};
const StructLayout kMirror{"ScenarioStructureBSPMirror", 64, kMirrorFields};
constexpr OutField kClusterFields[] = {
    block("predicted_resources", 0x28, kLeafOf8, 1024),
    block("subclusters", 0x34, kSubcluster, 4096), block("surface_indices", 0x44, kLeafOf4, 32768),
    block("mirrors", 0x50, kMirror, 16), block("portals", 0x5C, kLeafOf2, 128)};
constexpr OutField kClusterPortalFields[] = {block("vertices", 0x34, kLeafOf12, 128)};
const StructLayout kClusterPortal{"ScenarioStructureBSPClusterPortal", 64, kClusterPortalFields};

// --- fog, weather, sound
// --------------------------------------------------------------------------
constexpr OutField kFogPlaneFields[] = {block("vertices", 0x14, kLeafOf12, 4096)};
const StructLayout kFogPlane{"ScenarioStructureBSPFogPlane", 32, kFogPlaneFields};
constexpr OutField kFogPaletteFields[] = {ref("fog", 0x20, fourCC("fog "))};
const StructLayout kFogPalette{"ScenarioStructureBSPFogPalette", 136, kFogPaletteFields};
constexpr OutField kWeatherPaletteFields[] = {ref("particle_system", 0x20, kRain),
                                              ref("wind", 0x80, kWind)};
constexpr OutField kPolyhedronFields[] = {block("planes", 0x14, kLeafOf16, 16)};
constexpr OutField kBackgroundSoundFields[] = {ref("background_sound", 0x20, fourCC("lsnd"))};
const StructLayout kBackgroundSound{"ScenarioStructureBSPBackgroundSoundPalette", 116,
                                    kBackgroundSoundFields};
constexpr OutField kSoundEnvironmentFields[] = {ref("sound_environment", 0x20, fourCC("snde"))};
const StructLayout kSoundEnvironment{"ScenarioStructureBSPSoundEnvironmentPalette", 80,
                                     kSoundEnvironmentFields};

// --- detail objects and the leaf map
// --------------------------------------------------------------
constexpr OutField kDetailObjectFields[] = {block("cells", 0x00, kLeafOf32, 262144),
                                            block("instances", 0x0C, kLeafOf6, 2097152),
                                            block("counts", 0x18, kLeafOf2, 8388608),
                                            block("z_reference_vectors", 0x24, kLeafOf16, 262144)};
const StructLayout kDetailObjects{"ScenarioStructureBSPDetailObjectData", 64, kDetailObjectFields};
constexpr OutField kLeafFaceFields[] = {block("vertices", 0x04, kLeafOf8, 64)};
const StructLayout kLeafFace{"ScenarioStructureBSPMapLeafFace", 16, kLeafFaceFields};
constexpr OutField kMapLeafFields[] = {block("faces", 0x00, kLeafFace, 256),
                                       block("portal_indices", 0x0C, kLeafOf4, 256)};
const StructLayout kMapLeaf{"ScenarioStructureBSPGlobalMapLeaf", 24, kMapLeafFields};
constexpr OutField kLeafPortalFields[] = {block("vertices", 0x0C, kLeafOf12, 64)};
const StructLayout kLeafPortal{"ScenarioStructureBSPGlobalLeafPortal", 24, kLeafPortalFields};

constexpr OutField kBspFields[] = {
    ref("lightmaps_bitmap", 0x000, kBitm),
    block("collision_materials", 0x0A4, kCollisionMaterial, 512),
    block("collision_bsp", 0x0B0, kCollisionBsp, 1),
    block("nodes", 0x0BC, kLeafOf6, 131072),
    block("leaves", 0x0E0, kLeafOf16, 65535),
    block("leaf_surfaces", 0x0EC, kLeafOf8, 262144),
    block("surfaces", 0x0F8, kLeafOf6, 131072),
    block("lightmaps", 0x104, kLightmap, 128),
    block("lens_flares", 0x11C, kLensFlare, 256),
    block("lens_flare_markers", 0x128, kLeafOf16, 65536),
    block("clusters", 0x134, kStructureBspCluster, 8192),
    data("cluster_data", 0x140),
    block("cluster_portals", 0x154, kClusterPortal, 512),
    block("breakable_surfaces", 0x16C, kLeafOf48, 256),
    block("fog_planes", 0x178, kFogPlane, 32),
    block("fog_regions", 0x184, kLeafOf40, 32),
    block("fog_palette", 0x190, kFogPalette, 32),
    block("weather_palette", 0x1B4, kStructureBspWeatherPalette, 32),
    block("weather_polyhedra", 0x1C0, kStructureBspWeatherPolyhedron, 32),
    block("pathfinding_surfaces", 0x1E4, kLeafOf1, 131072),
    block("pathfinding_edges", 0x1F0, kLeafOf1, 262144),
    block("background_sound_palette", 0x1FC, kBackgroundSound, 64),
    block("sound_environment_palette", 0x208, kSoundEnvironment, 64),
    data("sound_pas_data", 0x214),
    block("markers", 0x240, kLeafOf60, 1024),
    block("detail_objects", 0x24C, kDetailObjects, 1),
    block("runtime_decals", 0x258, kLeafOf16, 6144),
    block("leaf_map_leaves", 0x270, kMapLeaf, 65536),
    block("leaf_map_portals", 0x27C, kLeafPortal, 524288)};

}  // namespace

const StructLayout kStructureBspCluster{"ScenarioStructureBSPCluster", 104, kClusterFields};
const StructLayout kStructureBspWeatherPalette{"ScenarioStructureBSPWeatherPalette", 240,
                                               kWeatherPaletteFields};
const StructLayout kStructureBspWeatherPolyhedron{"ScenarioStructureBSPWeatherPolyhedron", 32,
                                                  kPolyhedronFields};
const StructLayout kScenarioStructureBsp{"ScenarioStructureBSP", 648, kBspFields};

}  // namespace fx::halo::layouts
