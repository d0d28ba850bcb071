// Field declarations of the sequence (seed "Sequences", "The node header", "Flow nodes",
// "Particle nodes", "Particle locations", "Lens flares", in the seed's order with its comments as
// help), the entry keys that start it, and finalizeSequence (hashes, node graph, expressions,
// system files).
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "engine/core/field_json.h"
#include "engine/core/json.h"
#include "engine/core/paths.h"
#include "engine/core/rng.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/sequence_definition.h"
#include "engine/effects/effect.h"

namespace fx::destiny {

namespace {

constexpr EnumOption kNodeKindOptions[] = {
    {"flow", 0, "a flow node: decides order"},
    {"work", 1, "a work node: does something (type 4: particle node)"},
    {"none", 255, "no node (0xFF); a root's parent kind"},
};

constexpr EnumOption kFlowTypeOptions[] = {
    {"serial", 0, "0 serial: each child starts when the one before ends (4,791 installed nodes)"},
    {"parallel", 1, "1 parallel (52,572 installed nodes)"},
    {"random", 2, "2 random: starts one child, picked by weight (1,046 installed nodes)"},
    {"start_and_end", 3, "3 starts its children and ends at once (1,002 installed nodes)"},
    {"parallel_4", 4, "4 parallel (8,677 installed nodes)"},
    {"parallel_5", 5, "5 parallel (2,742 installed nodes)"},
    {"channel_gate", 6,
     "6 channel gate: children start when a channel enters [min, max) and stop when it leaves "
     "(10,382 installed nodes). A channel gate re-arms when its loop flag is set."},
};

constexpr EnumOption kConditionKindOptions[] = {
    {"none", -1, "fxview: no condition (a start passes, an end never fires)"},
    {"channel_range", 0, "true when the channel is in [min, max)"},
    {"bitset", 1,
     "true when a bit is set in a per-object bitset; unverified (bit index = channel)"},
    {"never", 2, "never true"},
    {"component_filter", 3,
     "true when a component filter passes (fxview: the object lists `component`)"},
};

constexpr FlagOption kNodeFlagOptions[] = {
    {"no_timer", 0x08, "flags & 0x18 means no timer: the node runs until stopped"},
    {"no_timer_alt", 0x10, "flags & 0x18 means no timer: the node runs until stopped"},
};

constexpr FlagOption kSequenceFlagOptions[] = {
    {"starts_on_spawn", kSeqStartsOnSpawn,
     "bit 0 starts on spawn, unless a per-spawn override turns autoplay off (13,419 of 15,786 "
     "installed "
     "sequences)"},
    {"destroy_object_at_end", kSeqDestroyAtEnd, "bit 1 destroys the object when the root ends"},
    {"detach_from_networking", kSeqDetachFromNetworking,
     "bit 2 detaches it from networking (stored and shown; no effect in a viewer)"},
};

constexpr EnumOption kSourceKindOptions[] = {
    {"object", 0, "the object's world transform, or a sub-object's"},
    {"world_space", 1, "identity, so the frame is the world; named world_space"},
    {"point", 2, "the attachment points with the source's name hash on this object"},
    {"point_second_pose", 3,
     "the same lookup in a second pose mode; on a first-person weapon it lands on the first-person "
     "gun "
     "(fxview: the entry's first_person_object), and kind 2 on the world weapon"},
    {"point_4", 4, "the attachment points with the source's name hash on this object (flags 0x36)"},
    {"undecoded_5", 5, "not decoded: gives no frame"},
    {"linked_point", 6, "an attachment point on a linked object (the entry's linked_object)"},
    {"linked_point_second_pose", 7, "an attachment point on a linked object, second pose mode"},
    {"linked_point_8", 8, "an attachment point on a linked object (flags 0x36)"},
    {"undecoded_9", 9, "not decoded: gives no frame"},
    {"back", 10, "back: the object frame turned 180 degrees about its Z"},
    {"up", 11, "up: the object position with an upright frame"},
    {"down", 12,
     "down: the object position with a frame turned upside down (fxview: 180 degrees about X)"},
    {"camera", 13, "runtime frame: the camera"},
    {"projectile_target", 14, "runtime frame: a projectile target (the entry's target_object)"},
    {"beam_target", 15, "runtime frame: a beam target (the entry's target_object)"},
    {"runtime_16", 16, "runtime frame, not decoded: no frame"},
    {"runtime_17", 17, "runtime frame, not decoded: no frame"},
    {"runtime_18", 18, "runtime frame, not decoded: no frame"},
    {"runtime_19", 19, "runtime frame, not decoded: no frame"},
    {"runtime_20", 20, "runtime frame, not decoded: no frame"},
    {"runtime_21", 21, "runtime frame, not decoded: no frame"},
    {"runtime_22", 22, "runtime frame, not decoded: no frame"},
    {"runtime_23", 23, "runtime frame, not decoded: no frame"},
    {"runtime_24", 24, "runtime frame, not decoded: no frame"},
    {"runtime_25", 25, "runtime frame, not decoded: no frame"},
};

constexpr EnumOption kActionOptions[] = {
    {"play", 0, "a play call: starts the root unless it is playing"},
    {"restart", 1, "a restart call: stops every node and starts the root again"},
    {"stop", 2, "stops every node"},
    {"effect_spawn", 3,
     "autoplay off, destroy at end, up to six initial channel values, then play"},
    {"set_channel", 4, "sets an object channel (by name) to `value`"},
    {"set_importance", 5, "sets the object's importance to `value`"},
};

void reflectCondition(FieldVisitor& v, std::string_view key, std::string_view help, Condition& c) {
  v.visitObject({.key = key, .help = help}, [&](FieldVisitor& cv) { c.reflect(cv); });
}

}  // namespace

int32_t documentedSourceFlags(SourceKind k) {
  switch (int32_t(k)) {
    case 0:
      return 0x3F;
    case 1:
      return 0x5F;
    case 2:
    case 6:
      return 0x3C;
    case 3:
    case 7:
      return 0x22;
    case 4:
    case 8:
    case 17:
      return 0x36;
    case 5:
      return 0x23;
    case 9:
    case 10:
    case 11:
    case 12:
      return 0x3F;
    case 13:
      return 0x3E;  // "0x3E or 0x3C"
    case 14:
    case 15:
      return 0x3E;
    case 25:
      return 0x26;
    default:
      return -1;
  }
}

uint32_t nameHash(const std::string& name) {
  if (name.size() == 10 && name[0] == '0' && (name[1] == 'x' || name[1] == 'X')) {
    uint32_t h = 0;
    bool ok = true;
    for (size_t i = 2; i < 10; ++i) {
      char c = name[i];
      uint32_t d;
      if (c >= '0' && c <= '9')
        d = uint32_t(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = uint32_t(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = uint32_t(c - 'A' + 10);
      else {
        ok = false;
        break;
      }
      h = h * 16 + d;
    }
    if (ok) return h;
  }
  return fnv1(name);
}

std::string hashText(uint32_t h) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", h);
  return buf;
}

const char* flowTypeName(FlowType t) {
  for (const auto& o : kFlowTypeOptions)
    if (o.value == int32_t(t)) return o.name.data();
  return "?";
}

const char* sourceKindName(SourceKind k) {
  for (const auto& o : kSourceKindOptions)
    if (o.value == int32_t(k)) return o.name.data();
  return "?";
}

// --- reflection -------------------------------------------------------------------------------

void NodeRef::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "kind", .help = "kind (0 flow, 1 work, 0xFF none)"}, kind, kNodeKindOptions,
            NodeKind::None);
  v.visit({.key = "index", .help = "index into the flow or work node list", .min = 0, .max = 65535},
          index, 0);
}

void ChildRef::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "kind", .help = "u16 kind: flow or work"}, kind,
            std::span(kNodeKindOptions, 2), NodeKind::Work);
  v.visit({.key = "index", .help = "u16 index into that node list", .min = 0, .max = 65535}, index,
          0);
  v.visit({.key = "weight",
           .help = "random (type 2) flow nodes pick one child by weight. fxview's field: the seed "
                   "does not say "
                   "where the weight is stored.",
           .min = 0,
           .max = 1e6},
          weight, 1.0f);
}

void Condition::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "kind", .help = "u8 kind"}, kind, kConditionKindOptions,
            ConditionKind::None);
  v.visit({.key = "min", .help = "f32 min (kind 0: inclusive)"}, min, 0.0f);
  v.visit({.key = "max", .help = "f32 max (kind 0: exclusive)"}, max, 0.0f);
  v.visit({.key = "channel",
           .help = "i32 channel: kind 0 sequence channel index; kind 1 bit index",
           .min = -1,
           .max = 65535},
          channel, 0);
  v.visit({.key = "component",
           .help = "kind 3: the component the object must list (fxview's reading)",
           .hint = FieldHint::Name},
          component, "");
}

void NodeHeader::reflectHeader(FieldVisitor& v) {
  v.visit(
      {.key = "name",
       .help = "+0x00 name hash, FNV-1, for example flames or sparks (\"0x1234ABCD\" = a raw hash)",
       .hint = FieldHint::Name},
      name, "");
  v.visit({.key = "name_hash",
           .help = "FNV-1 of the name (the empty name hashes to 0x811C9DC5)",
           .cacheOnly = true},
          nameHash, "");
  v.visitObject(
      {.key = "parent", .help = "+0x04, +0x06 parent kind (0xFF for the root) and parent index"},
      [&](FieldVisitor& pv) { parent.reflect(pv); });
  v.visitFlags({.key = "flags", .help = "+0x08 flags; & 0x18 means no timer"}, flags,
               kNodeFlagOptions, 0);
  v.visit({.key = "start_delay",
           .label = "start delay",
           .unit = "s",
           .help = "+0x0C, +0x10 start delay, shortest and longest (drawn per start)",
           .min = 0,
           .max = 1e6},
          startDelay, FloatBounds{0, 0});
  v.visit({.key = "duration",
           .unit = "s",
           .help = "+0x14, +0x18 duration, shortest and longest (drawn per start)",
           .min = 0,
           .max = 1e6},
          duration, FloatBounds{0, 0});
}

void FlowNode::reflect(FieldVisitor& v) {
  header.reflectHeader(v);
  visitEnum(v, {.key = "type", .help = "+0x20 type byte: picks the flow class"}, type,
            kFlowTypeOptions, FlowType::Parallel);
  v.visit({.key = "repeat_count",
           .help = "+0x21 repeat count, flow nodes only (fxview: the node plays max(1, "
                   "repeat_count) times)",
           .min = 0,
           .max = 255},
          repeatCount, 0);
  v.visit({.key = "loop",
           .help = "+0x22 loop flag, flow nodes only: the node restarts; a channel gate re-arms"},
          loop, false);
  visitArray(v,
             {.key = "children",
              .help = "+0x28 children as {u16 kind, u16 index}",
              .restart = true,
              .maxCount = kMaxNodeChildren},
             children, [](ChildRef& c, FieldVisitor& cv) { c.reflect(cv); });
  reflectCondition(v, "start_condition",
                   "+0x38 start condition; sampled when the node starts or restarts (every "
                   "installed one is kind 0)",
                   startCondition);
  reflectCondition(v, "end_condition", "+0x40 end condition", endCondition);
  v.visit({.key = "gate_range",
           .help = "+0x48, +0x4C type-6 flow nodes: range minimum and maximum, [min, max)"},
          gateRange, FloatBounds{0, 1});
  v.visit({.key = "gate_channel",
           .help = "+0x50 type-6 flow nodes: channel index",
           .min = 0,
           .max = 65535},
          gateChannel, 0);
}

void Expression::reflect(FieldVisitor& v) {
  v.visit({.key = "code",
           .help = "byte code array (hex bytes or emitter assembly), run with the emitter VM",
           .hint = FieldHint::Code},
          code, "");
  visitValueArray(v, {.key = "constants", .help = "vec4 constant array", .maxCount = 256},
                  constants, vec4(0.0f));
}

void ParticleRow::reflect(FieldVisitor& v) {
  visitValueArray(
      v,
      {.key = "locations",
       .help =
           "+0 a byte array of location indices: row byte k gives the frames for emitter transform "
           "slot k; slots at or above the byte count are program slots",
       .min = 0,
       .max = 255,
       .maxCount = 7},
      locations, 0);
  v.visitObject({.key = "system",
                 .help = "+0x10 the particle-system tag, inline (a destiny_system definition); a "
                         "system that lists "
                         "variants stands for a row holding 0xFFFFFFFF"},
                [&](FieldVisitor& sv) { system.reflect(sv); });
  v.visit({.key = "system_path",
           .help = "or a destiny_system definition file (relative path); overrides `system`",
           .hint = FieldHint::DefinitionPath},
          systemPath, "");
}

void WorkNode::reflect(FieldVisitor& v) {
  header.reflectHeader(v);
  v.visit({.key = "type",
           .help = "+0x20 type byte: 72 work node types; 4 is the particle node. Other types keep "
                   "their timing and "
                   "do nothing else in fxview.",
           .min = 0,
           .max = kWorkNodeTypes - 1},
          type, kParticleNodeType);
  visitArray(v,
             {.key = "rows",
              .help = "particle nodes: +0x30 rows of 24 bytes",
              .restart = true,
              .maxCount = kMaxParticleRows},
             rows, [](ParticleRow& r, FieldVisitor& rv) { r.reflect(rv); });
  visitArray(v,
             {.key = "expressions",
              .help = "particle nodes: +0x40, +0x88, +0xD0 three expressions, each a byte code "
                      "array then a vec4 "
                      "constant array",
              .restart = true,
              .maxCount = 3},
             expressions, [](Expression& e, FieldVisitor& ev) { e.reflect(ev); });
}

void SequenceChannel::reflect(FieldVisitor& v) {
  v.visit({.key = "name",
           .help = "channel name (an object variable), name hash at +0x20",
           .hint = FieldHint::Name},
          name, "");
  v.visit({.key = "name_hash", .help = "FNV-1 of the name", .cacheOnly = true}, nameHash, "");
}

void Location::reflect(FieldVisitor& v) {
  v.visit({.key = "first_frame_slot", .help = "first frame slot", .min = 0, .max = 255},
          firstFrameSlot, 0);
  v.visit({.key = "count",
           .help = "the location joins the frames of its sources up to its count",
           .min = 0,
           .max = 255},
          count, 1);
  v.visit({.key = "first_source", .help = "first source", .min = 0, .max = 65535}, firstSource, 0);
  v.visit({.key = "source_count", .help = "source count", .min = 0, .max = 255}, sourceCount, 1);
  v.visit({.key = "flags",
           .help = "the location's own flag byte holds the same value as its sources' (-1 = that "
                   "value); bits not "
                   "decoded",
           .min = -1,
           .max = 255},
          flags, -1);
  v.visit({.key = "name",
           .help = "table +0x30: one FNV-1 name per location; no known reader",
           .unused = true,
           .hint = FieldHint::Name},
          name, "");
}

void LocationSource::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "kind", .help = "source kind: which frame it gives"}, kind,
            kSourceKindOptions, SourceKind::Object);
  v.visit({.key = "cache_slot", .help = "cache slot", .min = 0, .max = 255}, cacheSlot, 0);
  v.visit({.key = "count",
           .help = "count (fxview: frames this source may give; 0 = one per row of its name)",
           .min = 0,
           .max = 255},
          count, 0);
  v.visit({.key = "flags",
           .help = "source +4: each kind uses one value, with or without the 0x80 bit (-1 = the "
                   "kind's value); "
                   "0x80 rebuilds a frame upright while keeping its position",
           .min = -1,
           .max = 255},
          flags, -1);
  v.visit({.key = "upright",
           .help = "sets flag 0x80: rebuilds the frame upright while keeping its position"},
          upright, false);
  v.visit({.key = "name",
           .help = "+8 attachment point name hash (\"0x60FECDD4\" = a raw hash); the empty name "
                   "(0x811C9DC5) gives "
                   "the object transform",
           .hint = FieldHint::Name},
          name, "");
  v.visit({.key = "name_hash", .help = "FNV-1 of the name", .cacheOnly = true}, nameHash, "");
  v.visit({.key = "sub_object",
           .help = "+12 sub-object: kind 0 names a scene object parented to this one",
           .hint = FieldHint::Name},
          subObject, "");
}

uint32_t LocationSource::effectiveFlags() const {
  int32_t f = flags >= 0 ? flags : std::max(0, documentedSourceFlags(kind));
  return uint32_t(f) | (upright ? kUprightFlag : 0u);
}

void LensFlare::reflect(FieldVisitor& v) {
  v.visit({.key = "texture",
           .help = "the row's material, drawn as this texture",
           .hint = FieldHint::TexturePath},
          texture, "");
  v.visit({.key = "size",
           .unit = "px",
           .help = "parameter block: quad size in pixels (a screen-space quad at clip depth 0.99)",
           .min = 0,
           .max = 4096},
          size, 64.0f);
  v.visit({.key = "color", .help = "parameter block: tint"}, color, ColorRgba{1, 1, 1, 1});
  v.visit({.key = "flag",
           .help = "the row's flag (stored and shown; not decoded)",
           .min = 0,
           .max = 255},
          flag, 0);
  v.visit({.key = "location",
           .help = "fxview: the first frame of this location places the flare (-1 = the object)",
           .min = -1,
           .max = 255},
          location, -1);
}

void SequenceDefinition::reflect(FieldVisitor& v) {
  visitArray(v,
             {.key = "flow_nodes",
              .help = "+0x158 flow nodes, 24-byte rows pointing at node wrappers",
              .restart = true,
              .maxCount = kMaxSequenceNodes},
             flowNodes, [](FlowNode& n, FieldVisitor& nv) { n.reflect(nv); });
  visitArray(v,
             {.key = "work_nodes",
              .help = "+0x168 work nodes, the same row shape",
              .restart = true,
              .maxCount = kMaxSequenceNodes},
             workNodes, [](WorkNode& n, FieldVisitor& nv) { n.reflect(nv); });
  visitArray(v,
             {.key = "channels",
              .help = "+0x188 channels, 40-byte records, name hash at +0x20. A channel is an "
                      "object variable; an unset "
                      "channel reads 0.",
              .restart = true,
              .maxCount = kMaxSequenceChannels},
             channels, [](SequenceChannel& c, FieldVisitor& cv) { c.reflect(cv); });
  visitArray(v,
             {.key = "locations",
              .help = "+0x1A0 the location table: locations, 6 bytes each",
              .maxCount = kMaxLocations},
             locations, [](Location& l, FieldVisitor& lv) { l.reflect(lv); });
  visitArray(v,
             {.key = "location_sources",
              .help = "the location table: location sources, 16 bytes each",
              .maxCount = kMaxLocationSources},
             sources, [](LocationSource& s, FieldVisitor& sv) { s.reflect(sv); });
  v.visitObject(
      {.key = "root", .help = "+0x2D0 the root: kind (0 flow, 1 work, 0xFF none) and index"},
      [&](FieldVisitor& rv) { root.reflect(rv); });
  reflectCondition(v, "end_condition", "+0x2D8 the sequence's end condition", endCondition);
  v.visitFlags({.key = "flags", .help = "+0x2E0 flags"}, flags, kSequenceFlagOptions,
               kSeqStartsOnSpawn);
  v.visit({.key = "importance_threshold",
           .help = "+0x2E1 an importance threshold; the player pauses while the object's "
                   "importance is below it",
           .min = 0,
           .max = 255},
          importanceThreshold, 0);
  visitArray(v,
             {.key = "lens_flares",
              .help = "lens flares (class 0x80806F68): 12-byte rows of a material, a parameter "
                      "block and a flag, "
                      "each drawn as a screen-space quad at a fixed clip depth of 0.99",
              .maxCount = kMaxLensFlares},
             lensFlares, [](LensFlare& f, FieldVisitor& fv) { f.reflect(fv); });
}

void SpawnChannel::reflect(FieldVisitor& v) {
  v.visit({.key = "name", .help = "object channel name", .hint = FieldHint::Name}, name, "");
  v.visit({.key = "value", .help = "initial value"}, value, 0.0f);
}

void SequenceAction::reflect(FieldVisitor& v) {
  v.visit({.key = "time",
           .unit = "s",
           .help = "when the action runs (at the start of the step that begins then)",
           .min = 0,
           .max = 1e6},
          time, 0.0f);
  visitEnum(v, {.key = "action", .help = "what starts or changes the sequence"}, action,
            kActionOptions, ActionKind::Play);
  v.visit({.key = "channel", .help = "set_channel: the channel name", .hint = FieldHint::Name},
          channel, "");
  v.visit({.key = "value", .help = "set_channel / set_importance: the value"}, value, 0.0f);
  visitArray(v,
             {.key = "channels",
              .help = "effect_spawn: up to six initial channel values",
              .maxCount = kMaxSpawnChannels},
             channels, [](SpawnChannel& c, FieldVisitor& cv) { c.reflect(cv); });
}

void SequenceEntry::reflect(FieldVisitor& v) {
  v.visit({.key = "autoplay",
           .help = "false: the per-spawn override that turns autoplay off (the starts_on_spawn "
                   "flag is ignored)"},
          autoplay, true);
  visitArray(v,
             {.key = "actions",
              .help = "timed play / restart / stop / effect_spawn / set_channel calls",
              .maxCount = 1024},
             actions, [](SequenceAction& a, FieldVisitor& av) { a.reflect(av); });
  v.visit({.key = "linked_object",
           .help = "location kinds 6-8: the linked object",
           .hint = FieldHint::Name},
          linkedObject, "");
  v.visit({.key = "target_object",
           .help = "location kinds 14, 15: the projectile / beam target object",
           .hint = FieldHint::Name},
          targetObject, "");
  v.visit({.key = "first_person_object",
           .help = "location kinds 3, 7: the object the second pose mode looks points up on (\"\" "
                   "= the object "
                   "itself)",
           .hint = FieldHint::Name},
          firstPersonObject, "");
}

// --- finalize ---------------------------------------------------------------------------------

namespace {

std::shared_ptr<const CompiledProgram> compileExpression(const Expression& e, Diagnostics& diags,
                                                         const std::string& file,
                                                         const std::string& ptr) {
  if (e.code.empty()) return nullptr;
  std::vector<uint8_t> bytes;
  std::array<uint32_t, kStageCount> lengths{};
  std::vector<vec4> constants = e.constants;
  if (looksLikeAssembly(e.code)) {
    AssembledProgram a;
    std::vector<std::string> errors;
    if (!assemble(e.code, a, errors)) {
      for (const auto& m : errors) diags.error(file, ptr + "/code", m);
      return nullptr;
    }
    bytes = a.bytes;
    lengths = a.stageLengths;
    if (a.hasConstants) constants = a.constants;
  } else {
    if (!parseHex(e.code, bytes)) {
      diags.error(file, ptr + "/code",
                  "expected hex bytes or emitter assembly, got \"" + e.code.substr(0, 40) + "\"");
      return nullptr;
    }
    lengths[0] = uint32_t(bytes.size());
  }
  auto out = std::make_shared<CompiledProgram>();
  ProgramLimits limits;
  limits.constants = int(constants.size());
  if (!compileProgram(bytes, lengths, constants, limits, *out, diags, file, ptr + "/code",
                      ptr + "/code"))
    return nullptr;
  return out;
}

// The flow tree: resolves the root and each flow node's children into `graph` and refuses a
// node with two parents or a cycle. False on a cycle (the graph is left empty).
bool buildTree(const SequenceDefinition& def, SequenceGraph& graph, Diagnostics& diags,
               const std::string& file, const std::string& base) {
  const int32_t flowCount = int32_t(def.flowNodes.size());
  const int32_t workCount = int32_t(def.workNodes.size());
  const int32_t total = flowCount + workCount;
  graph = SequenceGraph{};
  graph.flowCount = flowCount;
  graph.children.assign(size_t(total), {});
  graph.weights.assign(size_t(total), {});
  graph.parent.assign(size_t(total), -1);
  auto resolve = [&](NodeKind kind, int32_t index, const std::string& ptr) -> int32_t {
    if (kind == NodeKind::Flow) {
      if (index >= 0 && index < flowCount) return index;
      diags.error(file, ptr + "/index",
                  "expected a flow node index 0.." + std::to_string(flowCount - 1) + ", got " +
                      std::to_string(index));
    } else if (kind == NodeKind::Work) {
      if (index >= 0 && index < workCount) return flowCount + index;
      diags.error(file, ptr + "/index",
                  "expected a work node index 0.." + std::to_string(workCount - 1) + ", got " +
                      std::to_string(index));
    } else {
      diags.error(file, ptr + "/kind", "expected flow or work, got none");
    }
    return -1;
  };
  if (def.root.kind != NodeKind::None)
    graph.root = resolve(def.root.kind, def.root.index, base + "/root");
  for (int32_t f = 0; f < flowCount; ++f) {
    const auto& kids = def.flowNodes[size_t(f)].children;
    for (size_t k = 0; k < kids.size(); ++k) {
      std::string ptr =
          base + "/flow_nodes/" + std::to_string(f) + "/children/" + std::to_string(k);
      int32_t id = resolve(kids[k].kind, kids[k].index, ptr);
      if (id < 0) continue;
      if (id == graph.root) {
        diags.error(file, ptr, "the root cannot be a child");
        continue;
      }
      if (graph.parent[size_t(id)] >= 0) {
        diags.error(
            file, ptr,
            "node is already a child of flow node " + std::to_string(graph.parent[size_t(id)]));
        continue;
      }
      graph.parent[size_t(id)] = f;
      graph.children[size_t(f)].push_back(id);
      graph.weights[size_t(f)].push_back(kids[k].weight);
    }
  }
  // Cycles: with one parent per node, walking parents from any node must reach -1.
  for (int32_t id = 0; id < total; ++id) {
    int32_t p = graph.parent[size_t(id)];
    for (int32_t steps = 0; p >= 0 && steps <= total; ++steps) {
      if (p == id) {
        diags.error(file,
                    base + (id < flowCount ? "/flow_nodes/" + std::to_string(id)
                                           : "/work_nodes/" + std::to_string(id - flowCount)),
                    "node is its own ancestor (a cycle in the tree)");
        graph.children.assign(size_t(total), {});
        graph.root = -1;
        return false;
      }
      p = graph.parent[size_t(p)];
    }
  }
  return true;
}

// A work node row's particle system: the referenced file (loaded and finalized against its own
// folder) or the inline one.
void finalizeRow(ParticleRow& row, const LoadContext& lc, Diagnostics& diags,
                 const std::string& rp) {
  row.loaded.reset();
  if (!row.systemPath.empty()) {
    std::string resolved = lc.resolvePath(row.systemPath, rp + "/system_path");
    if (resolved.empty()) return;
    std::string display = toUtf8((lc.baseDir / toPath(row.systemPath)).lexically_normal());
    auto json = loadJsonFile(toPath(resolved), display, diags);
    if (!json) return;
    ParticleSystemDefinition sys;
    DefaultsVisitor defaults;
    sys.reflect(defaults);
    readFields(
        *json, [&](FieldVisitor& v) { sys.reflect(v); }, {.file = display, .pointer = ""}, diags);
    LoadContext sub = lc;
    sub.baseDir = toPath(resolved).parent_path();
    sub.file = display;
    sub.pointer = "";
    sys.finalize(sub);
    row.loaded = std::make_shared<const ParticleSystemDefinition>(std::move(sys));
  } else {
    LoadContext sub = lc;
    sub.pointer = rp + "/system";
    row.system.finalize(sub);
  }
}

}  // namespace

void finalizeSequence(SequenceDefinition& def, SequenceGraph& graph, const LoadContext& lc) {
  Diagnostics scratch;
  Diagnostics& diags = lc.diags ? *lc.diags : scratch;
  const std::string& file = lc.file;
  const std::string base = lc.pointer;
  const int32_t workCount = int32_t(def.workNodes.size());

  for (auto& n : def.flowNodes) n.header.nameHash = hashText(nameHash(n.header.name));
  for (auto& n : def.workNodes) n.header.nameHash = hashText(nameHash(n.header.name));
  for (auto& c : def.channels) c.nameHash = hashText(nameHash(c.name));
  for (auto& s : def.sources) s.nameHash = hashText(nameHash(s.name));

  if (!buildTree(def, graph, diags, file, base)) return;

  for (size_t l = 0; l < def.locations.size(); ++l) {
    const Location& loc = def.locations[l];
    if (loc.firstSource + loc.sourceCount > int32_t(def.sources.size()))
      diags.error(file, base + "/locations/" + std::to_string(l) + "/source_count",
                  "sources " + std::to_string(loc.firstSource) + ".." +
                      std::to_string(loc.firstSource + loc.sourceCount - 1) + " are past the " +
                      std::to_string(def.sources.size()) + " location sources");
  }

  for (int32_t w = 0; w < workCount; ++w) {
    WorkNode& n = def.workNodes[size_t(w)];
    std::string wp = base + "/work_nodes/" + std::to_string(w);
    for (size_t r = 0; r < n.rows.size(); ++r) {
      ParticleRow& row = n.rows[r];
      std::string rp = wp + "/rows/" + std::to_string(r);
      for (size_t b = 0; b < row.locations.size(); ++b)
        if (row.locations[b] >= int32_t(def.locations.size()))
          diags.error(file, rp + "/locations/" + std::to_string(b),
                      "expected a location index 0.." +
                          std::to_string(int32_t(def.locations.size()) - 1) + ", got " +
                          std::to_string(row.locations[b]));
      finalizeRow(row, lc, diags, rp);
    }
    for (size_t e = 0; e < n.expressions.size(); ++e)
      n.expressions[e].compiled = compileExpression(n.expressions[e], diags, file,
                                                    wp + "/expressions/" + std::to_string(e));
  }

  for (size_t f = 0; f < def.lensFlares.size(); ++f) {
    LensFlare& fl = def.lensFlares[f];
    fl.resolvedTexture =
        lc.resolveTexture(fl.texture, base + "/lens_flares/" + std::to_string(f) + "/texture");
  }
}

}  // namespace fx::destiny
