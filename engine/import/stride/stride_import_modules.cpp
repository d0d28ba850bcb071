// One ParticleSystemComponent -> the stride_particles definition JSON (reference stride_yaml.md
// §1-§4). Keys are written only when the asset has them, so a key the editor left out takes the
// family's default, which is Stride's C# default (reference §5.4); the family's field
// declarations then validate every value when the preset loads. Where the family offers a
// "Stride's code" option beside the documented behaviour (falloff divisor, cylinder repulsion,
// direction from speed divided by dt), an imported module takes Stride's code: the asset was
// authored against what the engine really does. Modules and settings fxview
// does not simulate go to `not_simulated` verbatim, with one warning each naming the YAML line.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_common.h"
#include "engine/effects/stride/stride_definition.h"
#include "engine/import/stride/stride_import_colors.h"
#include "engine/import/stride/stride_import_internal.h"

namespace fx::stride_import {

using stride_yaml::isNull;
using stride_yaml::lineOf;
using stride_yaml::tagOf;

namespace {

Json v3(vec3 v) {
  return Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)});
}
Json quatJson(quat q) {
  return Json::array({floatJson(q.x), floatJson(q.y), floatJson(q.z), floatJson(q.w)});
}
Json bounds(vec2 v) {
  return Json::array({floatJson(v.x), floatJson(v.y)});
}
Json color(const ColorRgba& c) {
  return {
      {"r", floatJson(c.r)}, {"g", floatJson(c.g)}, {"b", floatJson(c.b)}, {"a", floatJson(c.a)}};
}

// The family's module rotation is Euler degrees applied roll (Z), pitch (X), yaw (Y):
// q = qy qx qz (stride_common.h eulerDegToQuat). This is its inverse.
vec3 quatToEulerDeg(quat q) {
  glm::mat3 m = glm::mat3_cast(q);  // column-major: m[col][row]
  float sx = std::clamp(-m[2][1], -1.0f, 1.0f);
  float x = std::asin(sx);
  float y, z;
  if (std::fabs(sx) < 0.99999f) {
    y = std::atan2(m[2][0], m[2][2]);
    z = std::atan2(m[0][1], m[1][1]);
  } else {  // gimbal lock: fold the roll into the yaw
    y = std::atan2(-m[0][2], m[0][0]);
    z = 0.0f;
  }
  vec3 deg = vec3(x, y, z) / kDegToRad;
  for (int i = 0; i < 3; ++i)
    if (std::fabs(deg[i]) < 1e-4f) deg[i] = 0.0f;
  return deg;
}

class Mapper {
 public:
  Mapper(Context& ctx, EffectSummary& summary) : ctx_(ctx), r_(ctx.r), summary_(summary) {}

  Json system(const YAML::Node& component);

 private:
  void boundingShape(Json& def, const YAML::Node& ps);
  Context& ctx_;
  stride_yaml::Reader& r_;
  EffectSummary& summary_;
  Json kept_ = Json::array();
  std::string where_;
  // The JSON pointer (from the preset root) of the object the helpers below write into; a
  // nested object (a falloff, a material) extends it for its scope (At).
  std::string at_;

  struct At {
    Mapper& m;
    std::string saved;
    At(Mapper& mapper, const std::string& add) : m(mapper), saved(mapper.at_) { m.at_ += add; }
    ~At() { m.at_ = saved; }
  };

  // Remembers where `out[key]` sits in the text (source map), present or not.
  void slot(const char* key, SlotKind kind, const YAML::Node& n, const char* yamlKey,
            std::vector<std::pair<std::string, std::string>> names = {}) {
    if (!ctx_.sources || !n.IsDefined() || !n.IsMap()) return;
    SourceSlot s{.pointer = at_ + "/" + key, .kind = kind, .yamlKey = yamlKey};
    s.names = std::move(names);
    if (n.begin() != n.end()) s.map = markOf(n.begin()->first);
    YAML::Node v = r_.child(n, yamlKey);
    static const char* const kParts[][4] = {
        {"X", "Y"}, {"X", "Y", "Z"}, {"R", "G", "B", "A"}, {"X", "Y", "Z", "W"}};
    int parts = kind == SlotKind::Vec2 ? 2 : kind == SlotKind::Vec3 ? 3 : 4;
    int which = kind == SlotKind::Vec2                                    ? 0
                : kind == SlotKind::Vec3                                  ? 1
                : kind == SlotKind::Vec4 || kind == SlotKind::RotationDeg ? 3
                                                                          : 2;
    if (kind == SlotKind::Text && v.IsDefined() && (v.IsNull() || v.IsScalar())) {
      s.scalars.push_back(markOf(v));  // a `null` name is written over
    } else if (isNull(v)) {
      // absent: the family default (export may add the key)
    } else if (kind < SlotKind::Vec2) {
      if (v.IsScalar()) s.scalars.push_back(markOf(v));
    } else if (v.IsMap()) {
      for (int i = 0; i < parts; ++i) {
        YAML::Node c = r_.child(v, kParts[which][i]);
        s.scalars.push_back(c.IsScalar() ? markOf(c) : TextPos{});
      }
    }
    if (isNull(v) || !s.scalars.empty()) ctx_.sources->slots.push_back(std::move(s));
  }
  static TextPos markOf(const YAML::Node& n) { return {n.Mark().line, n.Mark().column}; }

  // Records the collection `parent[yamlKey]` (its items in file order, none imported yet) as
  // the array at_ + suffix; its index in the source map, or -1.
  int collectionAt(const YAML::Node& parent, const char* yamlKey, const std::string& suffix) {
    if (!ctx_.sources || !parent.IsMap()) return -1;
    for (auto it = parent.begin(); it != parent.end(); ++it) {
      if (!it->first.IsScalar() || stride_yaml::normalizeKey(it->first.Scalar()) != yamlKey)
        continue;
      SourceCollection c{.pointer = at_ + suffix, .yamlKey = yamlKey, .key = markOf(it->first)};
      if (it->second.IsMap())
        for (auto item = it->second.begin(); item != it->second.end(); ++item)
          c.items.push_back({.key = markOf(item->first), .tag = tagOf(item->second)});
      ctx_.sources->collections.push_back(std::move(c));
      return int(ctx_.sources->collections.size()) - 1;
    }
    return -1;
  }
  void itemImported(int collection, int item, size_t listIndex) {
    if (collection < 0) return;
    auto& items = ctx_.sources->collections[size_t(collection)].items;
    if (item >= 0 && size_t(item) < items.size()) items[size_t(item)].listIndex = int(listIndex);
  }
  std::vector<std::pair<YAML::Node, std::string>> parentNames_;  // ParentName nodes, checked last

  // Copies a member when present.
  void num(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Float, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = floatJson(r_.number(n, yamlKey, 0.0f));
  }
  void integer(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Int, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = r_.integer(n, yamlKey, 0);
  }
  void flag(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Bool, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = r_.flag(n, yamlKey, false);
  }
  void vec(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Vec3, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = v3(r_.vector3(n, yamlKey, vec3(0.0f)));
  }
  void range(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Vec2, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = bounds(r_.vector2(n, yamlKey, vec2(0.0f)));
  }
  void vec4Key(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    if (!r_.has(n, yamlKey)) return;
    vec4 v = r_.vector4(n, yamlKey, vec4(0.0f));
    out[key] = Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z), floatJson(v.w)});
  }
  void rgba(Json& out, const char* key, const YAML::Node& n, const char* yamlKey) {
    slot(key, SlotKind::Color, n, yamlKey);
    if (r_.has(n, yamlKey)) out[key] = color(r_.color(n, yamlKey, ColorRgba{}));
  }
  template <size_t N>
  void choice(Json& out, const char* key, const YAML::Node& n, const char* yamlKey,
              const std::pair<const char*, const char*> (&names)[N]) {
    std::vector<std::pair<std::string, std::string>> known;
    for (const auto& [stride, ours] : names)
      if (ours) known.emplace_back(stride, ours);
    slot(key, SlotKind::Enum, n, yamlKey, std::move(known));
    if (!r_.has(n, yamlKey)) return;
    std::string s = r_.text(n, yamlKey, "");
    for (const auto& [stride, ours] : names)
      if (s == stride) {
        if (ours)
          out[key] = ours;
        else
          keep(r_.child(n, yamlKey), std::string(yamlKey) + " " + s);
        return;
      }
    std::string expected;
    for (const auto& nm : names) expected += std::string(expected.empty() ? "" : ", ") + nm.first;
    r_.error(r_.child(n, yamlKey),
             std::string(yamlKey) + ": expected one of " + expected + ", got \"" + s + "\"");
  }

  // Keeps a node fxview does not simulate, with one warning naming its line.
  void keep(const YAML::Node& n, const std::string& tag) {
    int line = std::max(lineOf(n), 1);
    r_.warning(n, tag + ": not simulated, kept");
    if (kept_.size() >= stride::kMaxKeptModules) return;
    kept_.push_back(
        {{"tag", tag}, {"where", where_}, {"line", line}, {"yaml", blockText(ctx_, line)}});
    summary_.kept.push_back(tag);
  }
  void imported(const std::string& tag) { summary_.imported.push_back(tag); }

  void transform(Json& out, const YAML::Node& m);
  Json shape(const YAML::Node& m, const char* yamlKey);
  bool curve(Json& out, const char* key, const YAML::Node& sampler, const char* what);
  Json emitter(const YAML::Node& e, size_t index, const YAML::Node& component);
  void shapeBuilder(Json& emitter, const YAML::Node& e);
  void ribbon(Json& out, const YAML::Node& b, bool trail);
  void material(Json& emitter, const YAML::Node& e, const YAML::Node& component);
  void uvBuilder(Json& out, const YAML::Node& uv, const std::string& texture);
  void colorTree(const YAML::Node& n, vec4& factor, std::string& texture, int depth);
  bool colorOps(Json& material, const YAML::Node& tree, std::string& texture);
  void secondTexture(Json& material, const TextureLayer& layer);
  std::optional<TextureLayer> second_;  // the material's second ComputeTextureColor
  bool vertexStream_ = false;           // the material's tree holds a ComputeVertexStreamColor
  vec2 primaryScale_{1.0f, 1.0f}, primaryOffset_{0.0f, 0.0f};  // its first one's
  std::string primaryAddress_[2] = {"wrap", "wrap"};           // its AddressModeU, AddressModeV
  void primaryMap(const YAML::Node& n);
  std::optional<Json> spawner(const YAML::Node& m, const std::string& tag);
  void fromParent(Json& out, const YAML::Node& m);
  void parentLink(Json& out, const YAML::Node& m);
  bool childInitializer(Json& out, const YAML::Node& m, const std::string& tag);
  void checkParents(const Json& emitters);
  std::optional<Json> initializer(const YAML::Node& m, const std::string& tag);
  std::optional<Json> updater(const YAML::Node& m, const std::string& tag);
  Json modules(const YAML::Node& e, const char* yamlKey,
               std::optional<Json> (Mapper::*map)(const YAML::Node&, const std::string&));
};

// The material's first ComputeTextureColor: where it samples (Scale, Offset) and what it shows
// past 0..1 (AddressModeU / V), each with its place in the text for the write-back.
void Mapper::primaryMap(const YAML::Node& n) {
  primaryScale_ = r_.vector2(n, "Scale", vec2(1.0f, 1.0f));
  primaryOffset_ = r_.vector2(n, "Offset", vec2(0.0f, 0.0f));
  primaryAddress_[0] = textureAddress(r_, n, "AddressModeU");
  primaryAddress_[1] = textureAddress(r_, n, "AddressModeV");
  slot("texture_scale", SlotKind::Vec2, n, "Scale");
  slot("texture_offset", SlotKind::Vec2, n, "Offset");
  slot("address_u", SlotKind::Enum, n, "AddressModeU", textureAddressNames());
  slot("address_v", SlotKind::Enum, n, "AddressModeV", textureAddressNames());
}

void Mapper::transform(Json& out, const YAML::Node& m) {
  flag(out, "position_inheritance", m, "InheritPosition");
  vec(out, "position_offset", m, "Position");
  flag(out, "rotation_inheritance", m, "InheritRotation");
  slot("rotation_offset", SlotKind::RotationDeg, m, "Rotation");
  if (r_.has(m, "Rotation")) {
    vec3 deg = quatToEulerDeg(r_.rotation(m, "Rotation", quat(1, 0, 0, 0)));
    if (deg != vec3(0.0f)) out["rotation_offset"] = v3(deg);
  }
  flag(out, "scale_inheritance", m, "InheritScale");
  vec(out, "scale_offset", m, "Scale");
  num(out, "scale_uniform", m, "ScaleUniform");
}

Json Mapper::shape(const YAML::Node& m, const char* yamlKey) {
  At at(*this, "/shape");
  YAML::Node s = r_.child(m, yamlKey);
  // No FieldShape (null or left out, Stride's default): the updater still runs without one
  // (UpdaterForceField.Update / UpdaterCollider.Update test `FieldShape != null`).
  if (isNull(s)) return {{"type", "none"}};
  std::string tag = tagOf(s);
  Json out;
  if (tag == "FieldShapeSphere") {
    out["type"] = "sphere";
    num(out, "radius", s, "Radius");
  } else if (tag == "FieldShapeCube") {
    out["type"] = "box";
    vec3 h(r_.number(s, "HalfSideX", 1.0f), r_.number(s, "HalfSideY", 1.0f),
           r_.number(s, "HalfSideZ", 1.0f));
    out["half_size"] = v3(h);
  } else if (tag == "FieldShapeCylinder") {
    out["type"] = "cylinder";
    num(out, "half_height", s, "HalfHeight");
    num(out, "radius", s, "Radius");
  } else if (tag == "FieldShapeTorus") {
    out["type"] = "torus";
    num(out, "big_radius", s, "BigRadius");
    num(out, "small_radius", s, "SmallRadius");
  } else {
    keep(s, tag.empty() ? std::string("untagged field shape") : tag);
    out["type"] = "sphere";
  }
  return out;
}

// A ComputeCurveSampler{Float,Color4,Vector3,Quaternion}: its keyframes into `out[key]` as
// [{key, value}, ...] in file order (a key without `Key` is at 0). False when there is no usable
// curve.
bool Mapper::curve(Json& out, const char* key, const YAML::Node& sampler, const char* what) {
  if (isNull(sampler)) return false;
  std::string tag = tagOf(sampler);
  bool isColor = tag == "ComputeCurveSamplerColor4", isFloat = tag == "ComputeCurveSamplerFloat",
       isVec3 = tag == "ComputeCurveSamplerVector3",
       isQuat = tag == "ComputeCurveSamplerQuaternion";
  if (!isColor && !isFloat && !isVec3 && !isQuat) {
    keep(sampler, std::string(what) + " " + (tag.empty() ? "untagged sampler" : tag));
    return false;
  }
  YAML::Node c = r_.child(sampler, "Curve");
  std::string ctag = tagOf(c);
  if (ctag.rfind("ComputeAnimationCurve", 0) != 0) {
    keep(isNull(c) ? sampler : c, std::string(what) + " " + (ctag.empty() ? "curve" : ctag));
    return false;
  }
  Json keys = Json::array();
  int collection = collectionAt(c, "KeyFrames", std::string("/") + key), item = -1;
  auto frames = stride_yaml::entries(r_.child(c, "KeyFrames"));
  if (frames.size() > stride::kMaxCurveKeys) {
    r_.error(r_.child(c, "KeyFrames"), std::string(what) + ": expected at most " +
                                           std::to_string(stride::kMaxCurveKeys) +
                                           " keyframes, got " + std::to_string(frames.size()));
    return false;
  }
  bool warnedTangent = false;
  for (auto& [id, k] : frames) {
    ++item;
    if (!k.IsMap()) {
      r_.error(k, std::string(what) + ": a keyframe must be a mapping {Key, Value, TangentType}");
      continue;
    }
    std::string tangent = r_.text(k, "TangentType", "Linear");
    if (tangent != "Linear" && !warnedTangent) {
      keep(r_.child(k, "TangentType"), std::string(what) + " TangentType " + tangent);
      warnedTangent = true;
    }
    Json kj;
    At at(*this, std::string("/") + key + "/" + std::to_string(keys.size()));
    slot("key", SlotKind::Float, k, "Key");
    slot("value",
         isColor  ? SlotKind::Color
         : isVec3 ? SlotKind::Vec3
         : isQuat ? SlotKind::Vec4
                  : SlotKind::Float,
         k, "Value");
    itemImported(collection, item, keys.size());
    kj["key"] = floatJson(std::clamp(r_.number(k, "Key", 0.0f), 0.0f, 1.0f));
    if (isColor)
      kj["value"] = color(r_.color(k, "Value", ColorRgba{}));
    else if (isVec3)
      kj["value"] = v3(r_.vector3(k, "Value", vec3(0.0f)));
    else if (isQuat)
      kj["value"] = quatJson(r_.rotation(k, "Value", quat(1, 0, 0, 0)));
    else
      kj["value"] = floatJson(r_.number(k, "Value", 0.0f));
    keys.push_back(std::move(kj));
  }
  out[key] = std::move(keys);
  return true;
}

std::optional<Json> Mapper::spawner(const YAML::Node& m, const std::string& tag) {
  Json out;
  if (tag == "SpawnerPerSecond") {
    out["type"] = "per_second";
    num(out, "particles_per_second", m, "SpawnCount");
  } else if (tag == "SpawnerPerFrame") {
    out["type"] = "per_frame";
    num(out, "particles_per_frame", m, "SpawnCount");
    num(out, "framerate", m, "Framerate");
  } else if (tag == "SpawnerBurst") {
    out["type"] = "burst";
    integer(out, "particle_count", m, "SpawnCount");
  } else if (tag == "SpawnerFromDistance") {
    out["type"] = "from_distance";
    num(out, "particles_per_unit", m, "SpawnCount");
  } else if (tag == "SpawnerFromParent") {
    fromParent(out, m);
  } else {
    return std::nullopt;
  }
  flag(out, "enabled", m, "Enabled");
  static const std::pair<const char*, const char*> kLoops[] = {
      {"Looping", "looping"}, {"LoopingNoDelay", "looping_no_delay"}, {"OneShot", "one_shot"}};
  choice(out, "loop", m, "LoopCondition", kLoops);
  range(out, "delay", m, "Delay");
  range(out, "duration", m, "Duration");
  return out;
}

// The parent emitter and control group of a child module (SpawnerFromParent,
// ParticleChildInitializer); the name is checked against the emitters once all are read.
void Mapper::parentLink(Json& out, const YAML::Node& m) {
  std::string parent = r_.text(m, "ParentName", "");
  out["parent_emitter"] = parent;
  parentNames_.push_back({r_.has(m, "ParentName") ? r_.child(m, "ParentName") : m, parent});
  static const std::pair<const char*, const char*> kGroups[] = {{"Group00", "group_0"},
                                                                {"Group01", "group_1"},
                                                                {"Group02", "group_2"},
                                                                {"Group03", "group_3"},
                                                                {"None", "none"}};
  choice(out, "control_group", m, "ParentControlFlag", kGroups);
}

// SpawnerFromParent: its trigger (null: none) and SpawnCount, clamped to 0..250 as Stride's
// setter does.
void Mapper::fromParent(Json& out, const YAML::Node& m) {
  out["type"] = "from_parent";
  parentLink(out, m);
  YAML::Node t = r_.child(m, "ParticleSpawnTrigger");
  std::string tag = isNull(t) ? "" : tagOf(t);
  static const std::pair<const char*, const char*> kTriggers[] = {
      {"ParticleSpawnTriggerDeath", "on_death"},
      {"ParticleSpawnTriggerCollision", "on_hit"},
      {"ParticleSpawnTriggerBirth", "on_birth"},
      {"ParticleSpawnTriggerLifetime", "lifetime"},
      {"ParticleSpawnTriggerDistance", "distance"}};
  out["trigger"] = "none";
  for (const auto& [stride, ours] : kTriggers)
    if (tag == stride) out["trigger"] = ours;
  if (!tag.empty() && out["trigger"] == "none") keep(t, tag + " (the spawner never spawns)");
  if (tag == "ParticleSpawnTriggerLifetime") {
    num(out, "lifetime_lower_limit", t, "LifetimeLowerLimit");
    num(out, "lifetime_upper_limit", t, "LifetimeUpperLimit");
  }
  if (r_.has(m, "SpawnCount")) {
    vec2 c = glm::clamp(r_.vector2(m, "SpawnCount", vec2(2, 5)), vec2(0.0f),
                        vec2(stride::kMaxChildrenPerTrigger));
    out["spawn_count"] = bounds(c);
  }
}

void Mapper::checkParents(const Json& emitters) {
  for (const auto& [node, name] : parentNames_) {
    bool found = false;
    for (const auto& e : emitters) found |= e.value("name", std::string()) == name;
    if (!found)
      r_.warning(node, "ParentName \"" + name +
                           "\": no emitter of this particle system has that EmitterName; the "
                           "module has no parent");
  }
}

// The Initial*Parent modules (ParticleChildInitializer): false for any other tag.
bool Mapper::childInitializer(Json& out, const YAML::Node& m, const std::string& tag) {
  if (tag == "InitialPositionParent") {
    out["type"] = "position_parent";
    vec(out, "position_min", m, "PositionMin");
    vec(out, "position_max", m, "PositionMax");
  } else if (tag == "InitialVelocityParent") {
    out["type"] = "velocity_parent";
    num(out, "parent_velocity_factor", m, "ParentVelocityFactor");
    vec(out, "velocity_min", m, "VelocityMin");
    vec(out, "velocity_max", m, "VelocityMax");
  } else if (tag == "InitialColorParent") {
    out["type"] = "color_parent";
    rgba(out, "color_min", m, "ColorMin");
    rgba(out, "color_max", m, "ColorMax");
  } else if (tag == "InitialSizeParent") {
    out["type"] = "size_parent";
    range(out, "random_size", m, "RandomSize");
  } else if (tag == "InitialOrderParent") {
    out["type"] = "order_parent";
  } else {
    return false;
  }
  parentLink(out, m);
  integer(out, "parent_seed_offset", m, "ParentSeedOffset");
  return true;
}

std::optional<Json> Mapper::initializer(const YAML::Node& m, const std::string& tag) {
  Json out;
  if (tag == "InitialPositionSeed") {
    out["type"] = "position";
    vec(out, "position_min", m, "PositionMin");
    vec(out, "position_max", m, "PositionMax");
    flag(out, "interpolate", m, "Interpolate");
  } else if (tag == "InitialVelocitySeed") {
    out["type"] = "velocity";
    vec(out, "velocity_min", m, "VelocityMin");
    vec(out, "velocity_max", m, "VelocityMax");
  } else if (tag == "InitialSizeSeed") {
    out["type"] = "size";
    range(out, "random_size", m, "RandomSize");
  } else if (tag == "InitialRotationSeed") {
    out["type"] = "rotation";
    range(out, "angle", m, "AngularRotation");
  } else if (tag == "InitialColorSeed") {
    out["type"] = "color";
    rgba(out, "color_min", m, "ColorMin");
    rgba(out, "color_max", m, "ColorMax");
  } else if (tag == "InitialDirectionSeed") {
    out["type"] = "direction";
    vec(out, "direction_min", m, "DirectionMin");
    vec(out, "direction_max", m, "DirectionMax");
  } else if (tag == "Initial3DRotationSeed") {
    out["type"] = "rotation_3d";
    for (auto [key, yamlKey] : {std::pair{"rotation_min", "RotationQuaternionMin"},
                                std::pair{"rotation_max", "RotationQuaternionMax"}})
      if (r_.has(m, yamlKey)) {
        out[key] = quatJson(r_.rotation(m, yamlKey, quat(1, 0, 0, 0)));
      }
  } else if (childInitializer(out, m, tag)) {
  } else if (tag == "InitialSpawnOrder" || tag == "InitialSpawnOrderGroup") {
    out["type"] = tag == "InitialSpawnOrder" ? "spawn_order" : "spawn_order_group";
  } else if (tag == "InitialPositionArc") {
    out["type"] = "position_arc";
    std::string target = stride_yaml::refTarget(r_.child(m, "Target"));
    if (!target.empty()) {
      std::string object = ctx_.objectForEntity(target);
      if (object.empty())
        r_.warning(r_.child(m, "Target"), "InitialPositionArc Target: no entity " + target +
                                              " in this asset; the fallback target is used");
      else
        out["target"] = object;
    }
    vec(out, "fallback_target", m, "FallbackTarget");
    num(out, "arc_height", m, "ArcHeight");
    flag(out, "ordered", m, "Sequential");
    integer(out, "fixed_count", m, "FixedLength");
    vec(out, "position_min", m, "PositionMin");
    vec(out, "position_max", m, "PositionMax");
  } else {
    return std::nullopt;
  }
  flag(out, "enabled", m, "Enabled");
  flag(out, "debug_draw", m, "DebugDraw");
  integer(out, "seed_offset", m, "SeedOffset");
  transform(out, m);
  return out;
}

std::optional<Json> Mapper::updater(const YAML::Node& m, const std::string& tag) {
  Json out;
  if (tag == "UpdaterGravity") {
    out["type"] = "gravity";
    vec(out, "gravitational_acceleration", m, "GravitationalAcceleration");
  } else if (tag == "UpdaterForceField") {
    out["type"] = "force_field";
    out["shape"] = shape(m, "FieldShape");
    YAML::Node f = r_.child(m, "FieldFalloff");
    Json fj = Json::object();
    {
      At at(*this, "/falloff");
      num(fj, "strength_inside", f, "StrengthInside");
      num(fj, "falloff_start", f, "FalloffStart");
      num(fj, "strength_outside", f, "StrengthOutside");
      num(fj, "falloff_end", f, "FalloffEnd");
    }
    fj["divisor_end_over_start"] = true;  // what Stride's FieldFalloff computes
    out["falloff"] = std::move(fj);
    num(out, "energy_conservation", m, "EnergyConservation");
    num(out, "directed_force", m, "ForceDirected");
    num(out, "vortex_force", m, "ForceVortex");
    num(out, "repulsive_force", m, "ForceRepulsive");
    vec(out, "fixed_force", m, "ForceFixed");
    if (out["shape"]["type"] == "cylinder") out["repulsion_zeroes_world_y"] = true;
  } else if (tag == "UpdaterCollider") {
    out["type"] = "collider";
    out["shape"] = shape(m, "FieldShape");
    flag(out, "is_hollow", m, "IsHollow");
    flag(out, "kill_particles", m, "KillParticles");
    num(out, "restitution", m, "Restitution");
    num(out, "friction", m, "Friction");
  } else if (tag == "UpdaterSpeedToDirection") {
    out["type"] = "direction_from_speed";
    out["divide_by_dt"] = true;  // what Stride's UpdaterSpeedToDirection computes
  } else if (tag == "UpdaterColorOverTime" || tag == "UpdaterSizeOverTime" ||
             tag == "UpdaterRotationOverTime") {
    out["type"] = tag == "UpdaterColorOverTime"  ? "color_animation"
                  : tag == "UpdaterSizeOverTime" ? "size_animation"
                                                 : "rotation_animation";
    curve(out, "curve", r_.child(m, "SamplerMain"), (tag + " SamplerMain").c_str());
    curve(out, "curve_2", r_.child(m, "SamplerOptional"), (tag + " SamplerOptional").c_str());
    if (out.contains("curve_2") && out["curve_2"].empty())
      r_.warning(r_.child(m, "SamplerOptional"),
                 tag +
                     " SamplerOptional has no keys: Stride blends each particle towards 0 by "
                     "its random share (UpdateDoubleSampler); fxview treats an empty second "
                     "curve as absent");
    integer(out, "seed_offset", m, "SeedOffset");
    out["baked_curve"] = true;  // Stride's ComputeCurveSampler bakes 32 samples
  } else {
    return std::nullopt;
  }
  flag(out, "enabled", m, "Enabled");
  flag(out, "debug_draw", m, "DebugDraw");
  transform(out, m);
  return out;
}

Json Mapper::modules(const YAML::Node& e, const char* yamlKey,
                     std::optional<Json> (Mapper::*map)(const YAML::Node&, const std::string&)) {
  Json list = Json::array();
  YAML::Node n = r_.child(e, yamlKey);
  if (isNull(n)) return list;
  if (!n.IsMap()) {
    r_.error(n, std::string(yamlKey) + ": expected a mapping of item ids to modules");
    return list;
  }
  std::string outer = where_;
  where_ += std::string(", ") + yamlKey;
  std::string lowerKey = yamlKey;
  for (char& c : lowerKey) c = char(std::tolower(static_cast<unsigned char>(c)));
  int collection = collectionAt(e, yamlKey, "/" + lowerKey);
  int item = -1;
  for (auto& [id, m] : stride_yaml::entries(n)) {
    ++item;
    if (isNull(m)) continue;
    std::string tag = tagOf(m);
    if (!m.IsMap() || tag.empty()) {
      r_.error(m, std::string(yamlKey) + ": expected a tagged module mapping (!" +
                      (std::string(yamlKey) == "Spawners" ? "Spawner" : "Initial") + "...)");
      continue;
    }
    if (list.size() >= stride::kMaxModules) {
      r_.error(m, std::string(yamlKey) + ": more than " + std::to_string(stride::kMaxModules) +
                      " modules; the rest are not imported");
      break;
    }
    std::optional<Json> mapped;
    {
      At at(*this, "/" + lowerKey + "/" + std::to_string(list.size()));
      mapped = (this->*map)(m, tag);
    }
    if (mapped) {
      itemImported(collection, item, list.size());
      list.push_back(std::move(*mapped));
      imported(tag);
    } else {
      keep(m, tag);
    }
  }
  where_ = outer;
  return list;
}

// Ribbon and trail options (ShapeBuilderRibbon, ShapeBuilderTrail = ribbon + EdgePolicy).
void Mapper::ribbon(Json& out, const YAML::Node& b, bool trail) {
  out["type"] = trail ? "trail" : "ribbon";
  static const std::pair<const char*, const char*> kSmoothing[] = {
      {"None", "none"}, {"Fast", "fast"}, {"Best", "best"}};
  choice(out, "smoothing", b, "SmoothingPolicy", kSmoothing);
  integer(out, "segments", b, "Segments");
  if (trail) {
    static const std::pair<const char*, const char*> kEdges[] = {{"Edge", "edge"},
                                                                 {"Center", "center"}};
    choice(out, "edge_policy", b, "EdgePolicy", kEdges);
  }
  static const std::pair<const char*, const char*> kTexCoords[] = {
      {"AsIs", "as_is"}, {"Stretched", "stretched"}, {"DistanceBased", "distance_based"}};
  choice(out, "texture_coordinates", b, "TextureCoordinatePolicy", kTexCoords);
  num(out, "tex_coords_factor", b, "TexCoordsFactor");
  YAML::Node uv = r_.child(b, "UVRotate");
  if (isNull(uv)) return;
  flag(out, "uv_flip_x", uv, "FlipX");
  flag(out, "uv_flip_y", uv, "FlipY");
  static const std::pair<const char*, const char*> kClockwise[] = {{"Degree0", "degree_0"},
                                                                   {"Degree90", "degree_90"},
                                                                   {"Degree180", "degree_180"},
                                                                   {"Degree270", "degree_270"}};
  choice(out, "uv_clockwise", uv, "UVClockwise", kClockwise);
}

void Mapper::shapeBuilder(Json& emitter, const YAML::Node& e) {
  At at(*this, "/shape_builder");
  YAML::Node b = r_.child(e, "ShapeBuilder");
  Json out;
  std::string tag = isNull(b) ? "ShapeBuilderBillboard" : tagOf(b);
  bool oriented = tag == "ShapeBuilderOrientedQuad";
  if (tag == "ShapeBuilderBillboard") {
    out["type"] = "billboard";
  } else if (tag == "ShapeBuilderHexagon") {
    out["type"] = "hexagon";
  } else if (tag == "ShapeBuilderQuad") {
    out["type"] = "quad";
  } else if (oriented) {
    out["type"] = "oriented_quad";
    flag(out, "size_to_length", b, "ScaleLength");
    num(out, "length_factor", b, "LengthFactor");
  } else if (tag == "ShapeBuilderRibbon" || tag == "ShapeBuilderTrail") {
    ribbon(out, b, tag == "ShapeBuilderTrail");
    imported(tag);
    emitter["shape_builder"] = std::move(out);
    return;
  } else {
    keep(b, (tag.empty() ? std::string("untagged shape builder") : tag) + " (drawn as billboards)");
    emitter["shape_builder"] = {{"type", "billboard"}};
    return;
  }
  imported(tag);
  if (!isNull(b)) {
    curve(out, "sampler_size", r_.child(b, "SamplerSize"), "SamplerSize");
    curve(out, "sampler_position", r_.child(b, "SamplerPosition"), "SamplerPosition");
    YAML::Node rot = r_.child(b, "SamplerRotation");
    if (tag == "ShapeBuilderQuad" && tagOf(rot) == "ComputeCurveSamplerQuaternion")
      curve(out, "sampler_quaternion", rot, "SamplerRotation");
    else if (!oriented)
      curve(out, "sampler_rotation", rot, "SamplerRotation");
  }
  emitter["shape_builder"] = std::move(out);
}

// The ComputeColor tree: products of constants, the texture and the particle colour (vertex
// stream). Anything else is kept and reads as 1.
void Mapper::colorTree(const YAML::Node& n, vec4& factor, std::string& texture, int depth) {
  if (isNull(n)) return;
  std::string tag = tagOf(n);
  if (depth > 16) {
    keep(n, tag + " (nested deeper than 16)");
    return;
  }
  if (tag == "ComputeBinaryColor") {
    std::string op = r_.text(n, "Operator", "Multiply");
    if (op != "Multiply") {
      keep(n, "ComputeBinaryColor Operator " + op + " (read as Multiply)");
    }
    colorTree(r_.child(n, "LeftChild"), factor, texture, depth + 1);
    colorTree(r_.child(n, "RightChild"), factor, texture, depth + 1);
  } else if (tag == "ComputeFloat4") {
    factor *= r_.vector4(n, "Value", vec4(1.0f));
  } else if (tag == "ComputeColor") {
    factor *= r_.color(n, "Value", ColorRgba{}).vec();
  } else if (tag == "ComputeFloat") {
    factor *= r_.number(n, "Value", 1.0f);
  } else if (tag == "ComputeTextureColor") {
    std::string ref = r_.text(n, "Texture", "");
    if (texture == "-" && !ref.empty()) {  // the first map had no texture: this is the map
      texture = resolveTexture(ctx_, r_.child(n, "Texture"), ref);
      primaryMap(n);
    } else if (!texture.empty() && !ref.empty() && !second_) {
      // A second map: multiplied in by the material's colour operations (material()).
      second_ = textureLayer(r_, n, [this](const YAML::Node& t) {
        return resolveTexture(ctx_, r_.child(t, "Texture"), r_.text(t, "Texture", ""));
      });
      imported(tag);
    } else if (!texture.empty() && !ref.empty()) {
      keep(n, "ComputeTextureColor (a third texture)");
    } else if (!texture.empty()) {
      factor *= r_.color(r_.child(n, "FallbackValue"), "Value", ColorRgba{}).vec();
    } else if (ref.empty()) {
      r_.warning(n, "ComputeTextureColor: no texture; drawn with the fallback value");
      factor *= r_.color(r_.child(n, "FallbackValue"), "Value", ColorRgba{}).vec();
      texture = "-";
    } else {
      texture = resolveTexture(ctx_, r_.child(n, "Texture"), ref);
      primaryMap(n);
    }
  } else if (tag == "ComputeVertexStreamColor") {
    vertexStream_ = true;  // the particle's colour reaches the pixel (ParticleColorStream.sdsl)
  } else {
    keep(n, tag.empty() ? std::string("untagged colour node") : tag);
  }
}

// A tree with operators beyond Multiply as the material's colour operations, when it is one
// chain of them (stride_import_colors.h); false leaves it to colorTree.
bool Mapper::colorOps(Json& material, const YAML::Node& tree, std::string& texture) {
  if (!usesColorOperators(r_, tree)) return false;
  auto chain = colorChain(r_, tree, [this](const YAML::Node& t) {
    return resolveTexture(ctx_, r_.child(t, "Texture"), r_.text(t, "Texture", ""));
  });
  if (!chain) return false;
  Json steps = Json::array();
  for (const ColorChainStep& s : chain->steps) {
    const char* operand = s.operand == ChainOperand::ParticleColor   ? "particle_color"
                          : s.operand == ChainOperand::SecondTexture ? "second_texture"
                          : s.operand == ChainOperand::Texture       ? "texture"
                          : s.operand == ChainOperand::Saved         ? "saved"
                                                                     : "constant";
    Json j = {{"operator", std::string(colorOpName(s.op))}, {"operand", operand}};
    if (s.operandIsLeft) j["operand_is_left"] = true;
    if (s.operand == ChainOperand::Constant) j["value"] = color(ColorRgba::fromVec(s.value));
    if (s.action != ChainAction::Apply)
      j["action"] = s.action == ChainAction::Load ? "load" : "push";
    steps.push_back(std::move(j));
  }
  material["color_ops"] = std::move(steps);
  if (chain->second) secondTexture(material, *chain->second);
  if (chain->textureNode) primaryMap(*chain->textureNode);
  texture = chain->texture.empty() ? "-" : chain->texture;
  imported("ComputeBinaryColor");
  return true;
}

void Mapper::secondTexture(Json& material, const TextureLayer& layer) {
  material["second_texture"] = layer.texture == kFallbackTexture ? "" : layer.texture;
  if (layer.scale != vec2(1.0f, 1.0f)) material["second_texture_scale"] = bounds(layer.scale);
  if (layer.offset != vec2(0.0f, 0.0f)) material["second_texture_offset"] = bounds(layer.offset);
  if (layer.channel != 0) material["second_texture_channel"] = layer.channel;
}

// The material's UV builder: a flipbook (kept, not simulated, when its texture is missing) or a
// scroll.
void Mapper::uvBuilder(Json& out, const YAML::Node& uv, const std::string& texture) {
  std::string uvTag = tagOf(uv);
  if (uvTag == "UVBuilderFlipbook" && texture == kFallbackTexture) {
    // The frames of a sheet fxview does not have would cut the fallback sprite into tiles.
    // (A scroll moves whole repeats of the texture, the fallback's too: it stays simulated.)
    keep(uv, "UVBuilderFlipbook (its texture is missing)");
  } else if (uvTag == "UVBuilderFlipbook") {
    Json fj = {{"type", "flipbook"}};
    At uvAt(*this, "/uv_builder");
    integer(fj, "x_divisions", uv, "XDivisions");
    integer(fj, "y_divisions", uv, "YDivisions");
    integer(fj, "starting_frame", uv, "StartingFrame");
    num(fj, "animation_speed", uv, "AnimationSpeed");
    out["uv_builder"] = std::move(fj);
    imported(uvTag);
  } else if (uvTag == "UVBuilderScroll") {
    Json sj = {{"type", "scroll"}};
    vec4Key(sj, "start_frame", uv, "StartFrame");
    vec4Key(sj, "end_frame", uv, "EndFrame");
    out["uv_builder"] = std::move(sj);
    imported(uvTag);
  } else if (!isNull(uv)) {
    keep(uv, uvTag.empty() ? std::string("untagged UV builder") : uvTag);
  }
}

void Mapper::material(Json& emitter, const YAML::Node& e, const YAML::Node& component) {
  At at(*this, "/material");
  YAML::Node m = r_.child(e, "Material");
  Json out;
  vec4 factor = r_.color(component, "Color", ColorRgba{}).vec();
  std::string texture;
  if (!isNull(m)) {
    std::string tag = tagOf(m);
    if (tag != "ParticleMaterialComputeColor") {
      keep(m, tag.empty() ? std::string("untagged material") : tag);
    } else {
      imported(tag);
      second_.reset();
      vertexStream_ = false;
      primaryScale_ = vec2(1.0f, 1.0f);
      primaryAddress_[0] = primaryAddress_[1] = "wrap";
      primaryOffset_ = vec2(0.0f, 0.0f);
      if (!colorOps(out, r_.child(m, "ComputeColor"), texture)) {
        colorTree(r_.child(m, "ComputeColor"), factor, texture, 0);
        if (second_) {
          // A product with two maps: texture x second texture (x particle colour), then x tint.
          out["color_ops"] =
              Json::array({{{"operator", "multiply"}, {"operand", "second_texture"}}});
          if (vertexStream_)
            out["color_ops"].push_back({{"operator", "multiply"}, {"operand", "particle_color"}});
          secondTexture(out, *second_);
        } else if (!vertexStream_) {
          // Without a vertex stream node the particle's colour never reaches the pixel.
          out["particle_color"] = false;
        }
      }
      num(out, "alpha_additive", m, "AlphaAdditive");
      num(out, "z_offset", m, "ZOffset");
      const std::string culling = r_.text(m, "FaceCulling", "CullNone");
      if (culling != "CullNone")
        r_.warning(r_.child(m, "FaceCulling"),
                   "FaceCulling " + culling + ": not applied, fxview draws both faces");
      if (r_.has(m, "SoftEdgeDistance"))
        out["soft_edge_distance"] =
            floatJson(std::max(r_.number(m, "SoftEdgeDistance", 0.0f), 0.0f));
      uvBuilder(out, r_.child(m, "UVBuilder"), texture);
    }
  }
  if (texture == "-") texture.clear();  // no texture: a plain quad, as in Stride
  out["texture"] = texture;
  if (!texture.empty() && primaryScale_ != vec2(1.0f, 1.0f))
    out["texture_scale"] = bounds(primaryScale_);
  if (!texture.empty() && primaryOffset_ != vec2(0.0f, 0.0f))
    out["texture_offset"] = bounds(primaryOffset_);
  if (!texture.empty()) {
    out["address_u"] = primaryAddress_[0];
    out["address_v"] = primaryAddress_[1];
  }
  // tint x intensity = the constant factor (HDR: intensity carries the part above 1); its alpha,
  // the component colour's and the constants', multiplies the particles' (ParticleBase.sdsl:
  // ColorScale x the tree).
  float peak = std::max({factor.x, factor.y, factor.z});
  float intensity = peak > 1.0f ? peak : 1.0f;
  out["tint"] =
      color(ColorRgba{std::max(factor.x / intensity, 0.0f), std::max(factor.y / intensity, 0.0f),
                      std::max(factor.z / intensity, 0.0f), std::clamp(factor.w, 0.0f, 1.0f)});
  if (intensity != 1.0f) out["intensity"] = floatJson(intensity);
  emitter["material"] = std::move(out);
}

Json Mapper::emitter(const YAML::Node& e, size_t index, const YAML::Node& component) {
  Json out;
  At at(*this, "/emitters/" + std::to_string(index));
  std::string name = r_.text(e, "EmitterName", "");
  out["name"] = name.empty() ? "emitter " + std::to_string(index + 1) : name;
  where_ = "emitter " + out["name"].get<std::string>();
  slot("name", SlotKind::Text, e, "EmitterName");
  summary_.emitters.push_back(out["name"].get<std::string>());
  flag(out, "enabled", e, "Enabled");
  integer(out, "max_particles_override", e, "MaxParticlesOverride");
  range(out, "particle_lifetime", e, "ParticleLifetime");
  const Json* life = out.contains("particle_lifetime") ? &out["particle_lifetime"] : nullptr;
  if (life && (*life)[0].is_number() && (*life)[1].is_number() &&
      !stride::validLifetime((*life)[0].get<float>(), (*life)[1].get<float>())) {
    // ParticleEmitter.ParticleLifetime's setter ignores such a value: the default (1, 1) stays.
    r_.warning(r_.child(e, "ParticleLifetime"),
               "ParticleLifetime: a minimum of 0 or less, or a maximum below the minimum, is "
               "rejected by Stride, which keeps (1, 1); so does fxview");
    out.erase("particle_lifetime");
  }
  static const std::pair<const char*, const char*> kSpaces[] = {{"World", "world"},
                                                                {"Local", "local"}};
  choice(out, "simulation_space", e, "SimulationSpace", kSpaces);
  static const std::pair<const char*, const char*> kSeeds[] = {
      {"Time", "time"}, {"Fixed", "fixed"}, {"Position", "position"}};
  choice(out, "random_seed_method", e, "RandomSeedMethod", kSeeds);
  integer(out, "draw_priority", e, "DrawPriority");
  static const std::pair<const char*, const char*> kSorts[] = {
      {"None", "none"}, {"ByDepth", "by_depth"}, {"ByAge", "by_age"}, {"ByOrder", "by_order"}};
  choice(out, "sorting", e, "SortingPolicy", kSorts);
  shapeBuilder(out, e);
  material(out, e, component);
  out["spawners"] = modules(e, "Spawners", &Mapper::spawner);
  out["initializers"] = modules(e, "Initializers", &Mapper::initializer);
  out["updaters"] = modules(e, "Updaters", &Mapper::updater);
  return out;
}

// ParticleSystem.BoundingShape: null, !BoundingBoxStatic {Minimum, Maximum} or
// !BoundingSpheretatic {Radius} (Stride's own spelling of the tag), each with DebugDraw.
void Mapper::boundingShape(Json& def, const YAML::Node& ps) {
  YAML::Node b = r_.child(ps, "BoundingShape");
  if (isNull(b)) return;
  std::string tag = tagOf(b);
  if (!b.IsMap() || (tag != "BoundingBoxStatic" && tag != "BoundingSpheretatic")) {
    keep(b, "BoundingShape " + (tag.empty() ? std::string("(untagged)") : tag));
    return;
  }
  At at(*this, "/bounds");
  Json out;
  if (tag == "BoundingBoxStatic") {
    out["type"] = "box";
    vec(out, "minimum", b, "Minimum");
    vec(out, "maximum", b, "Maximum");
  } else {
    out["type"] = "sphere";
    num(out, "radius", b, "Radius");
  }
  flag(out, "debug_draw", b, "DebugDraw");
  def["bounds"] = std::move(out);
}

Json Mapper::system(const YAML::Node& component) {
  Json def;
  YAML::Node ps = r_.child(component, "ParticleSystem");
  where_ = "particle system";
  at_ = ctx_.pointer;
  slot("speed_scale", SlotKind::Float, component, "Speed");
  // Stride's project setting (RenderingSettings.ColorSpace); linear is the definition's default.
  if (ctx_.colorSpace == "gamma") def["color_space"] = "gamma";
  float speed = r_.number(component, "Speed", 1.0f);
  if (speed != 1.0f) def["speed_scale"] = floatJson(std::clamp(speed, 0.0f, 100.0f));
  YAML::Node control = r_.child(component, "Control");
  // The editor's preview restart; Stride's default is 5 s when the asset does not say.
  float reset = r_.number(control, "ResetSeconds", 5.0f);
  if (reset > 0.0f) def["reset_seconds"] = floatJson(std::min(reset, 3600.0f));
  std::string play = r_.text(control, "Control", "Play");
  if (play != "Play") keep(r_.child(control, "Control"), "Control." + play);
  if (!ps.IsMap()) {
    r_.error(isNull(ps) ? component : ps, "ParticleSystem: required mapping is missing");
    def["emitters"] = Json::array();
    return def;
  }
  YAML::Node settings = r_.child(ps, "Settings");
  slot("warm_up_time", SlotKind::Float, settings, "WarmupTime");
  if (r_.has(settings, "WarmupTime"))
    def["warm_up_time"] =
        floatJson(std::clamp(r_.number(settings, "WarmupTime", 0.0f), 0.0f, 60.0f));
  boundingShape(def, ps);
  Json emitters = Json::array();
  YAML::Node en = r_.child(ps, "Emitters");
  if (!isNull(en) && !en.IsMap())
    r_.error(en, "Emitters: expected a mapping of item ids to emitters");
  int collection = collectionAt(ps, "Emitters", "/emitters"), item = -1;
  for (auto& [id, e] : stride_yaml::entries(en)) {
    ++item;
    if (isNull(e)) continue;
    if (!e.IsMap()) {
      r_.error(e, "Emitters: an emitter must be a mapping");
      continue;
    }
    if (emitters.size() >= stride::kMaxEmitters) {
      r_.error(e, "Emitters: more than " + std::to_string(stride::kMaxEmitters) +
                      " emitters; the rest are not imported");
      break;
    }
    itemImported(collection, item, emitters.size());
    emitters.push_back(emitter(e, emitters.size(), component));
  }
  checkParents(emitters);
  def["emitters"] = std::move(emitters);
  if (!kept_.empty()) def["not_simulated"] = std::move(kept_);
  return def;
}

}  // namespace

Json importParticleSystem(Context& ctx, const YAML::Node& component, EffectSummary& summary) {
  Mapper m(ctx, summary);
  return m.system(component);
}

}  // namespace fx::stride_import
