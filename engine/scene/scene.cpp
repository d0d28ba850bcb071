#include "engine/scene/scene.h"

#include <algorithm>
#include <cmath>

namespace fx {

namespace {

constexpr EnumOption kSources[] = {{"constant", 0, "a fixed value (the slider)"},
                                   {"periodic", 1, "a periodic function of time"}};

void reflectTransform(FieldVisitor& v, Transform& t, vec3& forward, vec3& up) {
  v.visit({.key = "position", .unit = "wu"}, t.position, vec3(0.0f));
  v.visit({.key = "rotation",
           .help = "Quaternion [i, j, k, w]; alternatively give forward (+X) and up (+Z)"},
          t.rotation, quat(1, 0, 0, 0));
  v.visit({.key = "forward", .help = "Direction of local +X (used instead of rotation when given)"},
          forward, vec3(0.0f));
  v.visit({.key = "up", .help = "Direction of local +Z (used with forward)"}, up, vec3(0.0f));
  v.visit({.key = "scale", .min = 0.0, .max = 1e6}, t.scale, 1.0f);
}

void resolveFrame(Transform& t, const vec3& forward, const vec3& up) {
  if (glm::length(forward) > 0.0f)
    t.rotation = rotationFromForwardUp(forward, glm::length(up) > 0.0f ? up : vec3(0, 0, 1));
}

void reflectTrack(FieldVisitor& v, KeyframeTrack& track) {
  visitArray(v,
             {.key = "keyframes",
              .help = "Animation keys: linear position, slerped rotation",
              .maxCount = 4096},
             track.keys, [](Keyframe& k, FieldVisitor& ev) { k.reflect(ev); });
  v.visit({.key = "loop", .help = "Wrap time over the last key's time"}, track.loop, true);
}

}  // namespace

void Keyframe::reflect(FieldVisitor& v) {
  v.visit({.key = "time", .unit = "s", .min = 0.0}, time, 0.0f);
  v.visit({.key = "position", .unit = "wu"}, position, vec3(0.0f));
  v.visit({.key = "rotation", .help = "Quaternion [i, j, k, w]"}, rotation, quat(1, 0, 0, 0));
}

Transform KeyframeTrack::sample(float time, const Transform& fallback) const {
  if (keys.empty()) return fallback;
  Transform out = fallback;
  auto at = [&](const Keyframe& k) {
    Transform t = fallback;
    t.position = k.position;
    t.rotation = k.rotation;
    return t;
  };
  float end = keys.back().time;
  if (loop && end > 0.0f) time = std::fmod(std::max(time, 0.0f), end);
  if (time <= keys.front().time) return at(keys.front());
  if (time >= end) return at(keys.back());
  for (size_t i = 0; i + 1 < keys.size(); ++i) {
    const Keyframe& a = keys[i];
    const Keyframe& b = keys[i + 1];
    if (time >= a.time && time <= b.time) {
      float span = b.time - a.time;
      float u = span > 0.0f ? (time - a.time) / span : 0.0f;
      out = lerp(at(a), at(b), u);
      return out;
    }
  }
  return at(keys.back());
}

void Marker::reflect(FieldVisitor& v) {
  v.visit({.key = "name",
           .help = "Marker / attachment point name; several may share one name",
           .hint = FieldHint::Name},
          name, "");
  reflectTransform(v, local, forward, up);
  v.visit(
      {.key = "enabled", .help = "Attachment point enable bit: a disabled point gives no frame"},
      enabled, true);
  v.visit({.key = "node", .help = "Node index (stored and shown)", .min = 0, .max = 65535}, node,
          0);
  reflectTrack(v, keyframes);
}

void ObjectFunction::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "source"}, source, kSources, ObjectFunctionSource::Constant);
  v.visit({.key = "value", .help = "Constant output", .min = -1e6, .max = 1e6}, value, 0.0f);
  visitEnum(v, {.key = "function", .help = "Periodic wave"}, function, periodicFunctionOptions(),
            PeriodicFunction::Cosine);
  v.visit({.key = "period", .unit = "s", .min = 0.0, .max = 1e6}, period, 1.0f);
  v.visit({.key = "invert"}, invert, false);
  visitEnum(v, {.key = "wobble_function"}, wobbleFunction, periodicFunctionOptions(),
            PeriodicFunction::One);
  v.visit({.key = "wobble_period", .unit = "s", .min = 0.0, .max = 1e6}, wobblePeriod, 1.0f);
  v.visit({.key = "wobble_magnitude", .min = 0.0, .max = 1.0}, wobbleMagnitude, 0.0f);
  v.visit({.key = "square_wave_threshold", .min = 0.0, .max = 1.0}, squareWaveThreshold, 0.0f);
  v.visit({.key = "step_count", .min = 0, .max = 1024}, stepCount, 0);
  v.visit({.key = "sawtooth_count", .min = 0, .max = 1024}, sawtoothCount, 0);
  visitEnum(v, {.key = "map_to"}, mapTo, transitionFunctionOptions(), TransitionFunction::Linear);
  v.visit({.key = "bounds"}, bounds, FloatBounds{0.0f, 1.0f});
}

float ObjectFunction::evaluate(double seconds, int objectIndex) const {
  if (source == ObjectFunctionSource::Constant) return value;
  // Reference halo notes §6.2: time = (game_ticks + 57 * object_index) / 30.
  double ticks = std::floor(seconds * 30.0 + 1e-6);
  float time = float((ticks + 57.0 * objectIndex) / 30.0);
  float invPeriod = period > 0.0f ? 1.0f / period : 0.0f;
  float v = periodicEvaluate(function, invPeriod * time);
  if (invert) v = 1.0f - v;
  if (wobbleMagnitude != 0.0f) {
    float wp = wobblePeriod > 0.0f ? 1.0f / wobblePeriod : 0.0f;
    v += (periodicEvaluate(wobbleFunction, wp * time) - 0.5f) * 2.0f * wobbleMagnitude;
  }
  if (squareWaveThreshold != 0.0f) v = v <= squareWaveThreshold ? 0.0f : 1.0f;
  if (stepCount > 1) v = std::floor(float(stepCount) * v) / float(stepCount - 1);
  if (sawtoothCount > 1) v = std::fmod(v, 1.0f / float(sawtoothCount - 1));
  float out = transitionEvaluate(mapTo, v);
  return std::clamp(out, std::min(bounds.lo, bounds.hi), std::max(bounds.lo, bounds.hi));
}

void Channel::reflect(FieldVisitor& v) {
  v.visit({.key = "name", .hint = FieldHint::Name}, name, "");
  v.visit({.key = "value", .min = -1e9, .max = 1e9}, value, 0.0f);
}

void SceneObject::reflect(FieldVisitor& v) {
  v.visit({.key = "name", .required = true, .hint = FieldHint::Name}, name, "");
  reflectTransform(v, transform, forward, up);
  v.visit(
      {.key = "parent", .help = "Name of the object this one rides on", .hint = FieldHint::Name},
      parent, "");
  reflectTrack(v, keyframes);
  visitArray(v, {.key = "markers", .help = "Markers / attachment points", .maxCount = 4096},
             markers, [](Marker& m, FieldVisitor& ev) { m.reflect(ev); });
  v.visitObject(
      {.key = "functions", .help = "Object functions A-D out: a number, or a periodic function"},
      [&](FieldVisitor& fv) {
        static constexpr std::string_view kNames[] = {"a", "b", "c", "d"};
        for (int i = 0; i < 4; ++i)
          fv.visitObject({.key = kNames[i]},
                         [&](FieldVisitor& ov) { functions[size_t(i)].reflect(ov); });
      });
  visitArray(v,
             {.key = "channels",
              .help = "Named object variables; an unset channel reads 0",
              .maxCount = 1024},
             channels, [](Channel& c, FieldVisitor& ev) { c.reflect(ev); });
  v.visit({.key = "importance",
           .help = "Sequences pause while this is below their importance threshold",
           .min = 0.0,
           .max = 1e6},
          importance, 1.0f);
  int32_t bits = int32_t(bitset);
  v.visit({.key = "bitset", .help = "Per-object condition bits (sequence condition kind 1)"}, bits,
          0);
  bitset = uint32_t(bits);
  visitValueArray(v,
                  {.key = "components",
                   .help = "Component names for sequence condition kind 3",
                   .maxCount = 256},
                  components, std::string());
  v.visit({.key = "first_person", .help = "A first-person model: Halo glows do not render on it"},
          firstPerson, false);
  v.visit({.key = "model",
           .help = "Halo .gbxmodel tag (relative to the tags folder) whose markers and mesh the "
                   "object takes, "
                   "a Stride .sdpromodel procedural model, or a Wavefront .obj reference mesh "
                   "(Y-up; both relative "
                   "to the preset) drawn as its mesh"},
          model, "");
  v.visit({.key = "model_scale",
           .help = "Per-axis scale of a Stride model's mesh in object space (a Stride entity's "
                   "non-uniform scale over the object's uniform \"scale\")",
           .min = 0.0,
           .max = 1e6},
          modelScale, vec3(1.0f));
  v.visit({.key = "permutation",
           .help = "Model permutation shown in every region that has one by this name (else the "
                   "region's first)",
           .hint = FieldHint::Name},
          permutation, "__base");
  v.visitObject(
      {.key = "animation", .help = "Halo: a model_animations animation played on the model"},
      [&](FieldVisitor& av) { animation.reflect(av); });
}

void ObjectAnimation::reflect(FieldVisitor& v) {
  v.visit(
      {.key = "tag",
       .help =
           "Halo .model_animations tag (relative to the tags folder) animating the object's model"},
      tag, "");
  v.visit({.key = "name",
           .help = "The animation in the tag (empty: its first)",
           .hint = FieldHint::Name},
          name, "");
  v.visit({.key = "loop",
           .help = "Wrap to the loop frame after the last frame; otherwise hold the last frame"},
          loop, true);
}

int32_t ModelPoses::frameAt(double seconds, bool loop) const {
  if (frameCount <= 1 || !(seconds > 0.0)) return 0;
  double f = std::floor(seconds * double(framesPerSecond) + 1e-6);
  if (f < double(frameCount)) return int32_t(f);
  if (!loop) return frameCount - 1;
  int32_t start = std::clamp(loopFrame, 0, frameCount - 1);
  double span = double(frameCount - start);
  return start + int32_t(std::fmod(f - double(frameCount), span));
}

float SceneObject::channel(std::string_view n) const {
  for (const auto& c : channels)
    if (c.name == n) return c.value;
  return 0.0f;
}

namespace {

constexpr EnumOption kProjections[] = {
    {"perspective", int32_t(Projection::Perspective), "farther is smaller"},
    {"orthographic", int32_t(Projection::Orthographic),
     "parallel: sizes do not change with distance (as high as the perspective picture is at the "
     "target's distance)"}};

}  // namespace

void CameraView::reflect(FieldVisitor& v) {
  v.visit({.key = "name", .help = "what the Camera section and `camera load NAME` call it"}, name,
          "");
  v.visit({.key = "position", .unit = "wu"}, position, vec3(3, -4, 2));
  v.visit({.key = "target", .unit = "wu"}, target, vec3(0, 0, 0.5f));
  v.visit({.key = "fov_deg", .unit = "deg", .min = 1.0, .max = 170.0}, fovDeg, 60.0f);
  visitEnum(v, {.key = "projection"}, projection, kProjections, Projection::Perspective);
}

void Camera::reflect(FieldVisitor& v) {
  v.visit({.key = "position", .unit = "wu"}, position, vec3(3, -4, 2));
  v.visit({.key = "target", .unit = "wu"}, target, vec3(0, 0, 0.5f));
  v.visit({.key = "fov_deg", .unit = "deg", .min = 1.0, .max = 170.0}, fovDeg, 60.0f);
  v.visit({.key = "near", .unit = "wu", .min = 1e-5, .max = 1e6}, nearPlane, 0.01f);
  v.visit({.key = "far", .unit = "wu", .min = 1e-3, .max = 1e9}, farPlane, 1000.0f);
  visitEnum(v, {.key = "projection"}, projection, kProjections, Projection::Perspective);
  visitArray(
      v,
      {.key = "views",
       .help = "named views (the viewer's Camera section; camera save NAME)",
       .maxCount = 256},
      views, [](CameraView& c, FieldVisitor& cv) { c.reflect(cv); },
      [](const CameraView& c) { return c.name; });
}

void BloomLook::reflect(FieldVisitor& v) {
  v.visit({.key = "enabled", .help = "Bloom: colours above the threshold glow (render: --bloom)"},
          enabled, false);
  v.visit({.key = "threshold",
           .help = "Linear colour (after the exposure) above which a channel glows",
           .min = 0.0,
           .max = 64.0},
          threshold, 0.75f);
  v.visit({.key = "intensity",
           .help = "How much of the blurred glow is added back",
           .min = 0.0,
           .max = 16.0},
          intensity, 1.5f);
  v.visit({.key = "soft_knee",
           .help = "0: a hard threshold; up to 1: the glow eases in over that fraction of the "
                   "threshold below it",
           .min = 0.0,
           .max = 1.0},
          softKnee, 0.0f);
  v.visit(
      {.key = "exposure",
       .help = "The HDR picture's multiplier before the bloom and the clamp to 1 (bloom on or off)",
       .min = 0.0,
       .max = 64.0},
      exposure, 1.0f);
}

namespace {
constexpr EnumOption kBackgroundModes[] = {
    {"color", int32_t(BackgroundMode::Color), "the \"background\" colour"},
    {"gradient", int32_t(BackgroundMode::Gradient), "a vertical gradient from bottom to top"},
    {"image", int32_t(BackgroundMode::Image), "a PNG image stretched over the picture"}};
}  // namespace

void BackgroundStyle::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "mode", .help = "What fills the picture behind the scene"}, mode,
            std::span<const EnumOption>(kBackgroundModes), BackgroundMode::Color);
  v.visit({.key = "top", .help = "Gradient: the top row's colour", .min = 0.0, .max = 1.0}, top,
          ColorRgba{0.32f, 0.36f, 0.44f, 1.0f});
  v.visit({.key = "bottom", .help = "Gradient: the bottom row's colour", .min = 0.0, .max = 1.0},
          bottom, ColorRgba{0.05f, 0.05f, 0.08f, 1.0f});
  v.visit({.key = "image",
           .help = "Image: a PNG (relative to the preset) stretched over the picture, over the "
                   "background colour by its alpha",
           .hint = FieldHint::TexturePath},
          image, "");
}

void Scene::reflect(FieldVisitor& v) {
  v.visit({.key = "version", .min = 1, .max = 1, .required = true}, version, 1);
  v.visit({.key = "name"}, name, "");
  v.visit({.key = "seed",
           .help = "Preset seed; each effect's RNG stream is seeded from it and the effect id",
           .min = 0,
           .max = 2147483647},
          seed, 1);
  v.visitObject({.key = "simulation"}, [&](FieldVisitor& sv) { simulation.reflect(sv); });
  v.visitObject({.key = "camera"}, [&](FieldVisitor& cv) { camera.reflect(cv); });
  v.visit({.key = "background", .min = 0.0, .max = 1.0}, background,
          ColorRgba{0.05f, 0.05f, 0.08f, 1.0f});
  v.visitObject({.key = "bloom", .help = "Bloom and exposure of the picture"},
                [&](FieldVisitor& bv) { bloom.reflect(bv); });

  v.visitObject({.key = "background_style",
                 .help = "A gradient or an image behind the scene instead of the plain colour"},
                [&](FieldVisitor& bv) { backgroundStyle.reflect(bv); });
  visitArray(v, {.key = "objects", .maxCount = 4096}, objects,
             [](SceneObject& o, FieldVisitor& ev) { o.reflect(ev); });
}

void Scene::resolveAuthoredFrames() {
  for (auto& o : objects) {
    resolveFrame(o.transform, o.forward, o.up);
    for (auto& m : o.markers) resolveFrame(m.local, m.forward, m.up);
  }
}

const SceneObject* Scene::findObject(std::string_view n) const {
  for (const auto& o : objects)
    if (o.name == n) return &o;
  return nullptr;
}

std::vector<const MarkerState*> ObjectState::markersNamed(std::string_view n, size_t max) const {
  std::vector<const MarkerState*> out;
  for (const auto& m : markers)
    if (m.def->name == n && out.size() < max) out.push_back(&m);
  return out;
}

const ObjectState* SceneState::find(std::string_view n) const {
  for (const auto& o : objects)
    if (o.def->name == n) return &o;
  return nullptr;
}

void evaluateScene(const Scene& scene, double seconds, SceneState& out) {
  out.time = seconds;
  out.objects.resize(scene.objects.size());
  float t = float(seconds);
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    const SceneObject& o = scene.objects[i];
    ObjectState& s = out.objects[i];
    s.def = &o;
    s.index = int(i);
    s.world = o.keyframes.sample(t, o.transform);
    for (int f = 0; f < 4; ++f)
      s.functions[size_t(f)] = o.functions[size_t(f)].evaluate(seconds, int(i));
  }
  // Parenting: resolve in order, a parent chain at most the object count long (cycles stop).
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    const SceneObject* o = &scene.objects[i];
    Transform world = out.objects[i].world;
    size_t guard = 0;
    while (!o->parent.empty() && guard++ < scene.objects.size()) {
      const SceneObject* p = scene.findObject(o->parent);
      if (!p || p == &scene.objects[i]) break;
      size_t pi = size_t(p - scene.objects.data());
      world = compose(p->keyframes.sample(t, p->transform), world);
      o = &scene.objects[pi];
    }
    out.objects[i].world = world;
  }
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    const SceneObject& o = scene.objects[i];
    ObjectState& s = out.objects[i];
    s.markers.resize(o.markerCount());
    const ModelPoses* poses =
        o.poses && o.poses->markerCount == o.modelMarkers.size() ? o.poses.get() : nullptr;
    s.modelFrame = poses ? poses->frameAt(seconds, o.animation.loop) : 0;
    for (size_t m = 0; m < o.markerCount(); ++m) {
      const Marker& def = o.marker(m);
      s.markers[m].def = &def;
      if (poses && m < poses->markerCount)
        s.markers[m].world =
            compose(s.world, poses->markers[size_t(s.modelFrame) * poses->markerCount + m]);
      else
        s.markers[m].world = compose(s.world, def.keyframes.sample(t, def.local));
    }
  }
}

}  // namespace fx
