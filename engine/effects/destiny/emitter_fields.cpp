// Field declarations of the emitter and the particle system (seed "Emitters", "Particle
// systems"), the fixed channel list, and finalize: program compile + verify, channel checks,
// emitter files and texture paths.
#include <algorithm>

#include "engine/core/field_json.h"
#include "engine/core/json.h"
#include "engine/core/paths.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/effect.h"

namespace fx::destiny {

using K = ChannelKind;

// clang-format off
const std::array<ChannelInfo, kChannelCount> kChannels = {{
  {"particle_age",               1, true,  K::ParticleWrite, vec4(0), "Normalised age: each update adds the frame time over particle_lifetime, clamped to 1; the particle dies at 1."},
  {"particle_random",            1, true,  K::ParticleWrite, vec4(0), "A per-particle draw in 0..1. The game's writer is an open question; fxview draws it at spawn step 1."},
  {"particle_system_age",        1, true,  K::SystemWrite,   vec4(0), "Each system frame adds the frame time over the system's duration, clamped to 1."},
  {"particle_system_random",     1, true,  K::SystemWrite,   vec4(0), "One draw in 0..1 when the system is created."},
  {"particle_emit_time",         1, true,  K::ParticleWrite, vec4(0), "System time (s) when the particle spawned."},
  {"particle_lifetime",          1, true,  K::Read,          vec4(1), "Seconds from age 0 to age 1 (unbound: 1 s)."},
  {"particle_position",          3, true,  K::ParticleWrite, vec4(0), "Position in the simulation frame (written in the spawn frame by stage 3, then moved)."},
  {"particle_velocity",          3, true,  K::ParticleWrite, vec4(0), "Velocity (wu/s) in the simulation frame."},
  {"initial_particle_position",  3, true,  K::SystemWrite,   vec4(0), "The spawn shape's point in the spawn frame; spawn scratch (group 2)."},
  {"initial_particle_velocity",  3, true,  K::SystemWrite,   vec4(0), "The spawn direction times initial_speed, in the spawn frame."},
  {"emission_rate",              1, true,  K::Read,          vec4(0), "Particles per second, with a carried fraction."},
  {"emitter_shape_scale",        1, true,  K::Read,          vec4(1), "Scales the spawn shape's point (unbound: 1)."},
  {"emitter_angle",              1, true,  K::Read,          vec4(0), "Degrees: cone half-angle (direction 0) or tilt (direction 1)."},
  {"emitter_radius",             1, true,  K::Read,          vec4(1), "Ring and sphere radius (wu; unbound: 1)."},
  {"emitter_length",             1, true,  K::Read,          vec4(1), "Segment length, cube and grid edge (wu; unbound: 1)."},
  {"initial_speed",              1, true,  K::Read,          vec4(0), "Scales the spawn direction (wu/s)."},
  {"initial_particle_count",     1, true,  K::Read,          vec4(0), "Spawned once, on the system's first frame."},
  {"particle_max_count",         1, true,  K::Read,          vec4(0), "Caps the live total; 0 means no cap (fxview's hard cap still applies)."},
  {"particle_system_duration",   1, false, K::SystemWrite,   vec4(0), "The duration particle_system_age runs over (s)."},
  {"particle_spawn_id",          1, false, K::ParticleWrite, vec4(0), "The system's spawn counter when the particle spawned (0, 1, 2, ...)."},
  {"gravity_strength",           1, false, K::Read,          vec4(0), "wu/s^2 along world -Z, times the system's gravity scale."},
  {"air_friction",               1, false, K::Read,          vec4(0), "Per second: air_friction * dt, clamped to 0..1, is the share of velocity removed."},
  {"acceleration_0_direction",   3, false, K::Read,          vec4(0), "World direction (emitter frame when the emitter says so)."},
  {"acceleration_0_strength",    1, false, K::Read,          vec4(0), "wu/s^2 along acceleration_0_direction."},
  {"acceleration_1_direction",   3, false, K::Read,          vec4(0), "World direction (emitter frame when the emitter says so)."},
  {"acceleration_1_strength",    1, false, K::Read,          vec4(0), "wu/s^2 along acceleration_1_direction."},
  {"angular_velocity",           1, false, K::ParticleWrite, vec4(0), "Turns per second; starts at initial_rotation_rate."},
  {"angular_position",           1, false, K::ParticleWrite, vec4(0), "Radians; starts at 0, gains angular_velocity * 2 pi * dt."},
  {"rotational_acceleration",    1, false, K::Read,          vec4(0), "Turns/s^2 added to angular_velocity."},
  {"rotational_friction",        1, false, K::Read,          vec4(0), "Per second share of angular_velocity removed (clamped to 0..1 per frame)."},
  {"initial_rotation_rate",      1, false, K::Read,          vec4(0), "Turns per second at spawn."},
  {"inherit_parent_velocity",    1, false, K::Read,          vec4(0), "Share of the spawn frame's velocity added at spawn."},
  {"particle_camera_distance",   1, false, K::ParticleWrite, vec4(0), "Distance to the camera (wu), set at spawn and after each update."},
  {"initial_camera_distance",    1, false, K::ParticleWrite, vec4(0), "Distance to the camera at spawn (wu)."},
  {"particle_size",              1, false, K::Read,          vec4(0), "Sprite width (wu); unbound: the material's size."},
  {"particle_color",             4, false, K::Read,          vec4(1), "Sprite tint and alpha, times the material colour (unbound: white)."},
  {"particle_sprite_frame",      1, false, K::Read,          vec4(0), "Sprite frame in the texture's first sequence."},
  {"particle_aspect",            1, false, K::Read,          vec4(1), "Sprite height over width (unbound: 1)."},
  {"emission_distance",          1, false, K::Read,          vec4(0), "Particles per world unit the spawn frame moves (distance emission; stage 5 runs first)."},
  {"particle_system_time",       1, false, K::SystemWrite,   vec4(0), "Seconds since the system was created."},
  {"particle_system_live_count", 1, false, K::SystemWrite,   vec4(0), "Live particles at the start of the system frame."},
  {"particle_system_spawn_count",1, false, K::SystemWrite,   vec4(0), "Particles spawned so far."},
  {"particle_system_position",   3, false, K::SystemWrite,   vec4(0), "The spawn frame's world position this frame."},
  {"particle_system_velocity",   3, false, K::SystemWrite,   vec4(0), "The spawn frame's world velocity this frame (wu/s)."},
  {"particle_previous_position", 3, false, K::ParticleWrite, vec4(0), "Position before this update's integration."},
  {"particle_direction",         3, false, K::Read,          vec4(0), "Direction for oriented sprites (simulation frame); unbound: the velocity."},
  {"particle_fade",              1, false, K::Read,          vec4(1), "Sprite fade 0..1 (unbound: 1)."},
  {"particle_stretch",           1, false, K::Read,          vec4(0), "Extra sprite length per wu/s of speed for direction-oriented sprites."},
  {"particle_system_scale",      1, false, K::SystemWrite,   vec4(0), "The spawn frame's uniform scale."},
  {"spawn_frame_fraction",       1, false, K::SystemWrite,   vec4(0), "Where in the frame this spawn's interpolated spawn frame lies (0..1)."},
  {"emitter_shape_offset",       3, false, K::Read,          vec4(0), "Added to the spawn shape's point before emitter_shape_scale."},
  {"emitter_grid_jitter",        1, false, K::Read,          vec4(0), "Random offset inside a grid cell, as a share of the cell (0 = cell centres)."},
  {"emitter_grid_cell",          1, false, K::SystemWrite,   vec4(0), "The grid cell the last spawn used."},
  {"emission_carry",             1, false, K::SystemWrite,   vec4(0), "The carried fraction of emission_rate * dt."},
  {"emitter_grid_count",         3, true,  K::Read,          vec4(1), "Grid cells per axis (x, y, z); unbound: 1 each."},
}};
// clang-format on

namespace {

constexpr EnumOption kShapes[] = {
    {"point", 0, "the origin"},
    {"ring", 1, "a ring of radius emitter_radius in the YZ plane"},
    {"sphere_surface", 2, "a sphere surface of radius emitter_radius"},
    {"segment", 3, "a segment along Y of length emitter_length (centred)"},
    {"cube", 4, "a cube of edge emitter_length (centred, solid)"},
    {"grid", 5, "grid cells, emitter_grid_count per axis, over the cube of edge emitter_length"},
};
constexpr EnumOption kDirections[] = {
    {"cone", 0, "random in a cone of half-angle emitter_angle degrees about +X"},
    {"tilted_toward_point", 1, "tilted emitter_angle degrees from +X toward the spawn point"},
    {"sphere", 2, "random over the sphere"},
    {"from_origin", 3, "from the origin toward the spawn point"},
    {"from_origin_4", 4, "from the origin toward the spawn point (the seed's second value)"},
};
constexpr EnumOption kBlends[] = {
    {"alpha_blend", 0}, {"multiply", 1},      {"double_multiply", 2}, {"add", 3},
    {"subtract", 4},    {"component_min", 5}, {"component_max", 6},   {"alpha_multiply_add", 7},
};
constexpr EnumOption kOrientations[] = {
    {"screen_facing", 0}, {"parallel_to_direction", 1}, {"perpendicular_to_direction", 2}};
constexpr FlagOption kEmitterFlags[] = {
    {"interpolate_spawn_frame", kFlagInterpolateSpawnA,
     "0x200: spawns in a frame spread between last frame's and this frame's spawn frame"},
    {"interpolate_spawn_frame_2", kFlagInterpolateSpawnB, "0x400: the same interpolation"},
    {"random_grid_cells", kFlagRandomGridCells,
     "0x2000: grid spawns pick cells at random instead of in order"},
};

void reflectVec4Array(FieldVisitor& v, const FieldMeta& m, std::vector<vec4>& items) {
  visitValueArray(v, m, items, vec4(0.0f));
}

}  // namespace

std::span<const EnumOption> spawnShapeOptions() {
  return kShapes;
}
std::span<const EnumOption> spawnDirectionOptions() {
  return kDirections;
}
std::span<const EnumOption> blendModeOptions() {
  return kBlends;
}
std::span<const EnumOption> orientationOptions() {
  return kOrientations;
}

void SlotGroup::reflect(FieldVisitor& v) {
  v.visit({.key = "first", .help = "First entry of the slot list", .min = 0, .max = 255}, first, 0);
  v.visit({.key = "count", .help = "Entries of the slot list", .min = 0, .max = 255}, count, 0);
}

void EmitterDefinition::reflect(FieldVisitor& v) {
  reflectLayout(v);
  reflectProgram(v);
  reflectSpawn(v);
}

void EmitterDefinition::reflectLayout(FieldVisitor& v) {
  reflectVec4Array(v,
                   {.key = "channel_constants",
                    .help = "+0x08: channel constants, vec4 array (stream group 6)",
                    .maxCount = 256},
                   channelConstants);
  visitValueArray(v,
                  {.key = "slot_list",
                   .help = "+0x18: the slot list, one row-byte index per entry",
                   .min = 0,
                   .max = 255,
                   .maxCount = 64},
                  slotList, int32_t(0));
  visitArray(v,
             {.key = "slot_groups",
              .help = "+0x28: {first, count} groups over the slot list",
              .maxCount = 64},
             slotGroups, [](SlotGroup& g, FieldVisitor& ev) { g.reflect(ev); });
  v.visit({.key = "spawn_group", .help = "+0x38: the spawn group", .min = 0, .max = 255},
          spawnGroup, 0);
  v.visit({.key = "simulation_group", .help = "+0x39: the simulation group", .min = 0, .max = 255},
          simulationGroup, 0);
  v.visit({.key = "group_2",
           .help = "+0x3A: a third group (meaning not decoded)",
           .min = 0,
           .max = 255},
          group2, 0);
  v.visit({.key = "group_3",
           .help = "+0x3B: a fourth group (meaning not decoded)",
           .min = 0,
           .max = 255},
          group3, 0);
  v.visit({.key = "spawn_frame_slot",
           .help = "+0x40: transform slot of the spawn frame",
           .min = 0,
           .max = kMaxTransformSlots - 1,
           .restart = true},
          spawnFrameSlot, 0);
  v.visit({.key = "simulation_frame_slot",
           .help = "+0x41: transform slot of the simulation frame; particles are stored in it",
           .min = 0,
           .max = kMaxTransformSlots - 1,
           .restart = true},
          simulationFrameSlot, 0);
  v.visitFlags({.key = "flags",
                .help = "+0x44: u16 flags; 0x200 and 0x400 interpolate the spawn frame, 0x2000 "
                        "picks grid cells at random"},
               flags, kEmitterFlags, 0);
  v.visit({.key = "transform_slot_count",
           .help = "+0x47: total transform slots, at most 7 in the install",
           .min = 1,
           .max = kMaxTransformSlots,
           .restart = true},
          transformSlotCount, 1);
}

void EmitterDefinition::reflectProgram(FieldVisitor& v) {
  v.visit({.key = "program",
           .help = "+0x50: the emitter program, bytecode as hex or assembly text (fxview asm)",
           .restart = true,
           .hint = FieldHint::Code},
          program, "");
  reflectVec4Array(v,
                   {.key = "constants",
                    .help = "+0x60: the program's constants, vec4 array",
                    .restart = true,
                    .maxCount = 256},
                   constants);
  visitValueArray(v,
                  {.key = "stage_lengths",
                   .help = "+0x70: eight stage lengths; they sum to the program length (computed "
                           "when the program is assembly)",
                   .min = 0,
                   .max = 65535,
                   .restart = true,
                   .maxCount = 8},
                  stageLengths, int32_t(0));
  v.visitObject(
      {.key = "channels",
       .help = "+0x80: 55 channel records {group, slot}; group 255 marks an unused channel"},
      [&](FieldVisitor& cv) {
        for (int i = 0; i < kChannelCount; ++i) {
          cv.visitObject({.key = kChannels[size_t(i)].name, .help = kChannels[size_t(i)].doc},
                         [&, i](FieldVisitor& rv) {
                           rv.visit({.key = "group",
                                     .help = "Stream group: 0, 1 particle; 2 spawn scratch; 4, 5 "
                                             "system; 6 channel constants; 255 unused",
                                     .min = 0,
                                     .max = 255,
                                     .restart = true},
                                    channels[size_t(i)].group, int32_t(kGroupUnused));
                           rv.visit({.key = "slot",
                                     .help = "Float index into the group (vec4 * 4 + lane)",
                                     .min = 0,
                                     .max = 255,
                                     .restart = true},
                                    channels[size_t(i)].slot, 0);
                         });
        }
      });
}

void EmitterDefinition::reflectSpawn(FieldVisitor& v) {
  visitValueArray(
      v,
      {.key = "small_indices",
       .help = "+0x100: small indices, 0 to 0x14; not name hashes (meaning not decoded)",
       .min = 0,
       .max = 20,
       .maxCount = 21},
      smallIndices, int32_t(0));
  visitEnum(
      v,
      {.key = "spawn_shape", .help = "+0x115: spawn shape, a point scaled by emitter_shape_scale"},
      spawnShape, std::span<const EnumOption>(kShapes), SpawnShape::Point);
  visitEnum(v, {.key = "spawn_direction", .help = "+0x116: spawn direction, before initial_speed"},
            spawnDirection, std::span<const EnumOption>(kDirections), SpawnDirection::Cone);
  v.visit({.key = "stream_0_vec4s",
           .help = "+0x141: vec4s per particle in stream 0",
           .min = 0,
           .max = kMaxStreamVec4s,
           .restart = true},
          stream0Vec4s, 4);
  v.visit({.key = "stream_1_vec4s",
           .help = "+0x142: vec4s per particle in stream 1",
           .min = 0,
           .max = kMaxStreamVec4s,
           .restart = true},
          stream1Vec4s, 4);
  v.visit({.key = "acceleration_0_emitter_frame",
           .help = "+0x149: acceleration 0 is authored in the emitter frame"},
          acceleration0EmitterFrame, false);
  v.visit({.key = "acceleration_1_emitter_frame",
           .help = "+0x14A: acceleration 1 is authored in the emitter frame"},
          acceleration1EmitterFrame, false);
}

namespace {

// The channel groups the seed states ("position and velocity use group 1", "initial_particle_
// position always uses it" (group 2), "particle_system_age uses group 5"); -1 = not stated.
int seedGroup(Ch c) {
  switch (c) {
    case Ch::ParticlePosition:
    case Ch::ParticleVelocity:
      return 1;
    case Ch::InitialParticlePosition:
      return 2;
    case Ch::ParticleSystemAge:
      return 5;
    default:
      return -1;
  }
}

const char* seedGroupSentence(Ch c) {
  switch (c) {
    case Ch::InitialParticlePosition:
      return "spawn scratch for the system; initial_particle_position always uses it";
    case Ch::ParticleSystemAge:
      return "the system instance; particle_system_age uses group 5";
    default:
      return "position and velocity use group 1";
  }
}

// The program's bytes, stage lengths and constants from assembly text or from hex with
// stage_lengths; false (with the errors reported) when there is no program to compile.
bool programBytes(const EmitterDefinition& def, const std::string& file, const std::string& pointer,
                  const std::string& programPtr, Diagnostics& diags, std::vector<uint8_t>& bytes,
                  std::array<uint32_t, kStageCount>& lengths, std::vector<vec4>& consts) {
  if (looksLikeAssembly(def.program)) {
    AssembledProgram a;
    std::vector<std::string> errors;
    if (!assemble(def.program, a, errors)) {
      for (const auto& e : errors) diags.error(file, programPtr, e);
      return false;
    }
    bytes = a.bytes;
    lengths = a.stageLengths;
    if (a.hasConstants) {
      if (!def.constants.empty())
        diags.error(file, pointer + "/constants",
                    "the assembly text declares .const lines; leave constants empty");
      consts = a.constants;
    }
    if (!def.stageLengths.empty() && !std::equal(def.stageLengths.begin(), def.stageLengths.end(),
                                                 lengths.begin(), lengths.end()))
      diags.error(file, pointer + "/stage_lengths",
                  "the assembly text sets the stage lengths; leave stage_lengths empty");
  } else {
    if (!parseHex(def.program, bytes)) {
      diags.error(file, programPtr,
                  "expected hex bytes or assembly text, got an odd number of hex digits");
      return false;
    }
    if (def.stageLengths.size() != size_t(kStageCount)) {
      if (!(bytes.empty() && def.stageLengths.empty())) {
        diags.error(file, pointer + "/stage_lengths",
                    "expected eight stage lengths, got " + std::to_string(def.stageLengths.size()));
        return false;
      }
    } else {
      for (int s = 0; s < kStageCount; ++s)
        lengths[size_t(s)] = uint32_t(def.stageLengths[size_t(s)]);
    }
  }
  return true;
}

// Channel records: groups that exist, the groups the seed states, slots that fit, and writers
// that match the group.
void checkChannels(const EmitterDefinition& def, const std::string& file,
                   const std::string& pointer, Diagnostics& diags) {
  for (int i = 0; i < kChannelCount; ++i) {
    const ChannelInfo& info = kChannels[size_t(i)];
    const ChannelRecord& r = def.channels[size_t(i)];
    if (r.group == kGroupUnused) continue;
    std::string cp = pointer + "/channels/" + std::string(info.name);
    int size;
    switch (r.group) {
      case 0:
        size = def.stream0Vec4s * 4;
        break;
      case 1:
        size = def.stream1Vec4s * 4;
        break;
      case 2:
      case 4:
      case 5:
        size = kSystemGroupVec4s * 4;
        break;
      case 6:
        size = int(def.channelConstants.size()) * 4;
        break;
      default:
        diags.error(file, cp + "/group",
                    "expected a stream group 0, 1, 2, 4, 5, 6 or 255 (unused), got " +
                        std::to_string(r.group));
        continue;
    }
    if (int expected = seedGroup(Ch(i)); expected >= 0 && r.group != expected) {
      diags.error(file, cp + "/group",
                  "expected group " + std::to_string(expected) + " (seed: \"" +
                      std::string(seedGroupSentence(Ch(i))) + "\"), got " +
                      std::to_string(r.group));
      continue;
    }
    if (r.slot + info.floats > size) {
      diags.error(file, cp + "/slot",
                  "floats " + std::to_string(r.slot) + ".." +
                      std::to_string(r.slot + info.floats - 1) + " do not fit group " +
                      std::to_string(r.group) + " (" + std::to_string(size) + " floats)");
      continue;
    }
    bool particleGroup = r.group == 0 || r.group == 1;
    if (info.kind == ChannelKind::ParticleWrite && !particleGroup)
      diags.error(file, cp + "/group",
                  "the native code writes " + std::string(info.name) +
                      " per particle: expected group 0 or 1, got " + std::to_string(r.group));
    if (info.kind == ChannelKind::SystemWrite && (particleGroup || r.group == 6))
      diags.error(file, cp + "/group",
                  "the native code writes " + std::string(info.name) +
                      " per system: expected group 2, 4 or 5, got " + std::to_string(r.group));
  }
}

}  // namespace

void EmitterDefinition::finalize(const std::string& file, const std::string& pointer,
                                 Diagnostics& diags) {
  compiled.reset();
  const std::string programPtr = pointer + "/program";
  std::vector<uint8_t> bytes;
  std::array<uint32_t, kStageCount> lengths{};
  std::vector<vec4> consts = constants;
  if (!programBytes(*this, file, pointer, programPtr, diags, bytes, lengths, consts)) return;
  constexpr size_t kMaxProgramBytes = 65535;
  if (bytes.size() > kMaxProgramBytes) {
    diags.error(file, programPtr,
                "expected at most 65535 bytes, got " + std::to_string(bytes.size()));
    return;
  }
  checkChannels(*this, file, pointer, diags);
  if (simulationFrameSlot >= transformSlotCount)
    diags.error(file, pointer + "/simulation_frame_slot",
                "slot " + std::to_string(simulationFrameSlot) +
                    " is not below transform_slot_count " + std::to_string(transformSlotCount));
  if (spawnFrameSlot >= transformSlotCount)
    diags.error(file, pointer + "/spawn_frame_slot",
                "slot " + std::to_string(spawnFrameSlot) + " is not below transform_slot_count " +
                    std::to_string(transformSlotCount));
  ProgramLimits lim{.constants = int(consts.size()),
                    .channelConstants = int(channelConstants.size()),
                    .stream0Vec4s = stream0Vec4s,
                    .stream1Vec4s = stream1Vec4s,
                    .transformSlots = transformSlotCount};
  auto cp = std::make_shared<CompiledProgram>();
  if (compileProgram(bytes, lengths, consts, lim, *cp, diags, file, programPtr,
                     pointer + "/stage_lengths"))
    compiled = std::move(cp);
}

// --- the particle system ------------------------------------------------------------------------

void RasterMaterial::reflect(FieldVisitor& v) {
  v.visit({.key = "texture",
           .help = "Sprite texture (PNG); fxview draws the raster material as sprites",
           .hint = FieldHint::TexturePath},
          texture, "");
  visitEnum(v, {.key = "blend", .help = "Framebuffer blend"}, blend,
            std::span<const EnumOption>(kBlends), BlendMode::Add);
  visitEnum(v, {.key = "orientation", .help = "Quad orientation"}, orientation,
            std::span<const EnumOption>(kOrientations), SpriteOrientation::ScreenFacing);
  v.visit({.key = "size",
           .unit = "wu",
           .help = "Sprite width when particle_size is unbound",
           .min = 0,
           .max = 1000},
          size, 0.1f);
  v.visit({.key = "color", .help = "Tint, times particle_color"}, color, ColorRgba{1, 1, 1, 1});
}

void SystemVariant::reflect(FieldVisitor& v) {
  v.visitObject({.key = "emitter", .help = "The variant's emitter"},
                [&](FieldVisitor& ev) { emitter.reflect(ev); });
  v.visitObject({.key = "material", .help = "The variant's raster material"},
                [&](FieldVisitor& mv) { material.reflect(mv); });
}

void ParticleSystemDefinition::reflect(FieldVisitor& v) {
  v.visitObject({.key = "emitter", .help = "+0x00: the emitter, class 0x80806E2C"},
                [&](FieldVisitor& ev) { emitter.reflect(ev); });
  v.visit(
      {.key = "emitter_file",
       .help =
           "An emitter JSON file used instead of the inline emitter (shared by several systems)",
       .restart = true,
       .hint = FieldHint::DefinitionPath},
      emitterFile, "");
  v.visitObject({.key = "material", .help = "+0x14: the raster material"},
                [&](FieldVisitor& mv) { material.reflect(mv); });
  visitArray(
      v,
      {.key = "variants",
       .help =
           "Alternative systems a node row may choose between (the runtime's choice is unverified)",
       .maxCount = 16},
      variants, [](SystemVariant& s, FieldVisitor& sv) { s.reflect(sv); });
  v.visit({.key = "variant",
           .help = "Which variant plays: -1 the base system, else an index into variants",
           .min = -1,
           .max = 15,
           .restart = true},
          variant, -1);
  v.visit({.key = "duration",
           .unit = "s",
           .help = "The system's duration, which particle_system_age runs over (a sequence node "
                   "sets it from its own duration)",
           .min = 0.001,
           .max = 1e6},
          duration, 1.0f);
  v.visit({.key = "gravity_scale",
           .help = "The seed's unknown system scale on gravity_strength",
           .min = -1000,
           .max = 1000},
          gravityScale, 1.0f);
  v.visit({.key = "gpu_simulated",
           .help = "+0x04..+0x10: compute materials, when GPU-simulated (stored; fxview simulates "
                   "on the CPU)",
           .min = 0,
           .max = 1,
           .unused = true},
          gpuSimulated, 0);
}

void ParticleSystemDefinition::finalize(const LoadContext& lc) {
  Diagnostics scratch;
  Diagnostics& diags = lc.diags ? *lc.diags : scratch;
  if (!emitterFile.empty()) {
    std::string resolved = lc.resolvePath(emitterFile, lc.pointer + "/emitter_file");
    if (!resolved.empty()) {
      std::string display = toUtf8((lc.baseDir / toPath(emitterFile)).lexically_normal());
      if (auto j = loadJsonFile(toPath(resolved), display, diags)) {
        DefaultsVisitor d;
        emitter.reflect(d);
        readFields(
            *j, [this](FieldVisitor& fv) { emitter.reflect(fv); }, {.file = display, .pointer = ""},
            diags);
        emitter.finalize(display, "", diags);
      }
    }
  } else {
    emitter.finalize(lc.file, lc.pointer + "/emitter", diags);
  }
  material.resolvedTexture = lc.resolveTexture(material.texture, lc.pointer + "/material/texture");
  for (size_t i = 0; i < variants.size(); ++i) {
    std::string vp = lc.pointer + "/variants/" + std::to_string(i);
    variants[i].emitter.finalize(lc.file, vp + "/emitter", diags);
    variants[i].material.resolvedTexture =
        lc.resolveTexture(variants[i].material.texture, vp + "/material/texture");
  }
  if (variant >= int(variants.size()))
    diags.error(lc.file, lc.pointer + "/variant",
                "expected -1 or a variant index below " + std::to_string(variants.size()) +
                    ", got " + std::to_string(variant));
}

const EmitterDefinition& ParticleSystemDefinition::activeEmitter() const {
  return variant >= 0 && variant < int(variants.size()) ? variants[size_t(variant)].emitter
                                                        : emitter;
}
const RasterMaterial& ParticleSystemDefinition::activeMaterial() const {
  return variant >= 0 && variant < int(variants.size()) ? variants[size_t(variant)].material
                                                        : material;
}

}  // namespace fx::destiny
