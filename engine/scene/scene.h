// The scene model: objects with transforms and keyframes, named markers / attachment points
// (duplicate names allowed), object function values A-D, channels, camera and background. A
// Scene is authored data (reflected, so it loads with JSON Pointer errors); SceneState is the
// scene evaluated at one moment, which effects read while they step.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/color.h"
#include "engine/core/draw_list.h"
#include "engine/core/fields.h"
#include "engine/core/math.h"
#include "engine/core/periodic.h"

namespace fx {

struct Keyframe {
  float time = 0.0f;  // seconds
  vec3 position{0.0f};
  quat rotation{1, 0, 0, 0};
  void reflect(FieldVisitor& v);
};

// Linear position, slerped rotation; `loop` wraps time over the last key's time.
struct KeyframeTrack {
  std::vector<Keyframe> keys;
  bool loop = true;
  bool empty() const { return keys.empty(); }
  Transform sample(float time, const Transform& fallback) const;
};

// A named marker (Halo) or attachment point (Destiny) on an object. JSON takes "rotation"
// [i, j, k, w] or "forward" (+X) and "up" (+Z).
struct Marker {
  std::string name;
  Transform local;     // relative to the object
  vec3 forward{0.0f};  // authored alternative to rotation (0 = not given)
  vec3 up{0.0f};
  bool enabled = true;      // Destiny attachment-point enable bit
  int32_t node = 0;         // Destiny node index (stored and shown)
  KeyframeTrack keyframes;  // animates `local`
  void reflect(FieldVisitor& v);
};

// Halo object function A-D (reference halo notes §6): a constant, or a periodic function of
// time with the engine's evaluation steps.
enum class ObjectFunctionSource : int32_t { Constant, Periodic };
struct ObjectFunction {
  ObjectFunctionSource source = ObjectFunctionSource::Constant;
  float value = 0.0f;  // the constant (also the slider value)
  PeriodicFunction function = PeriodicFunction::Cosine;
  float period = 1.0f;  // seconds
  bool invert = false;
  PeriodicFunction wobbleFunction = PeriodicFunction::One;
  float wobblePeriod = 1.0f;
  float wobbleMagnitude = 0.0f;  // fraction (0..1)
  float squareWaveThreshold = 0.0f;
  int32_t stepCount = 0;
  int32_t sawtoothCount = 0;
  TransitionFunction mapTo = TransitionFunction::Linear;
  FloatBounds bounds{0.0f, 1.0f};
  void reflect(FieldVisitor& v);
  // `objectIndex` gives each object its fixed phase offset: time = (ticks + 57 index) / 30.
  float evaluate(double seconds, int objectIndex) const;
};

struct Channel {
  std::string name;
  float value = 0.0f;
  void reflect(FieldVisitor& v);
};

// Halo: an animation of the object's model ("animation": {"tag", "name", "loop"}; DESIGN.md
// scene format). One frame per 30 Hz tick (25 frames per second with the tag's PAL flag); a
// looping animation wraps from its last frame to its loop frame, any other holds its last frame.
struct ObjectAnimation {
  std::string tag;   // .model_animations, relative to the tags folder like "model" ("" = none)
  std::string name;  // the animation in the tag ("" = its first)
  bool loop = true;
  void reflect(FieldVisitor& v);
};

// An object's model posed frame by frame (object space), filled by the preset loader
// (engine/import/halo/model_poses) for every object with a "model": the default pose as one
// frame, or each frame of its "animation".
struct ModelPoses {
  std::vector<std::string> nodeNames;
  std::vector<int32_t> nodeParents;  // -1 = root
  size_t markerCount = 0;            // the object's model markers
  int32_t frameCount = 1;
  float framesPerSecond = 30.0f;
  int32_t loopFrame = 0;
  bool animated = false;
  std::vector<Transform> nodes;    // frameCount x nodes: each node's frame
  std::vector<Transform> markers;  // frameCount x markerCount: each model marker's frame
  std::vector<Transform> skin;     // frameCount x nodes: pose x inverse(default pose)
  // The mesh split by each vertex's node (null where a node holds no triangle): drawn with skin.
  std::vector<std::shared_ptr<const MeshData>> nodeMeshes;
  std::vector<std::string> animations;  // every animation in the tag (the viewer's picker)

  // The frame shown at `seconds`: one per 1/framesPerSecond; past the end a looping animation
  // wraps to loopFrame, else it holds the last frame.
  int32_t frameAt(double seconds, bool loop) const;
  const Transform& node(int32_t frame, size_t n) const {
    return nodes[size_t(frame) * nodeNames.size() + n];
  }
};

struct SceneObject {
  std::string name;
  Transform transform;
  vec3 forward{0.0f};  // authored alternative to rotation
  vec3 up{0.0f};
  std::string parent;  // another object's name ("" = world)
  KeyframeTrack keyframes;
  std::vector<Marker> markers;
  std::array<ObjectFunction, 4> functions;  // A..D
  std::vector<Channel> channels;            // Destiny object channels; unset reads 0
  float importance = 1.0f;                  // Destiny importance slider
  uint32_t bitset = 0;                      // Destiny per-object condition bits
  std::vector<std::string> components;      // Destiny component filter names
  bool firstPerson = false;                 // Halo: glows do not render on first-person models
  // Halo: a .gbxmodel tag (resolved against the tags root) whose markers and mesh this object
  // takes, showing `permutation` in every region that has one by that name (else the first).
  // Stride: a .sdpromodel procedural model (resolved against the preset's folder) drawn as the
  // object's mesh.
  std::string model;
  vec3 modelScale{1.0f};  // Stride: the model's per-axis scale in object space (fxview axes)
  std::string permutation = "__base";
  ObjectAnimation animation;  // Halo: plays on `model`

  // Filled from `model` by the preset loader, never authored or saved: the chosen permutations'
  // markers (model order, before `markers`) and the default-pose mesh in object space.
  std::vector<Marker> modelMarkers;
  std::shared_ptr<const MeshData> mesh;
  vec3 meshLo{0.0f}, meshHi{0.0f};          // object-space bounds of the mesh and model markers
  vec4 meshColor = MeshInstance{}.color;    // the mesh's base colour (a Stride model's material)
  std::shared_ptr<const ModelPoses> poses;  // the model's nodes and markers per frame

  void reflect(FieldVisitor& v);
  // Model markers, then authored markers: the order the marker search sees.
  size_t markerCount() const { return modelMarkers.size() + markers.size(); }
  const Marker& marker(size_t i) const {
    return i < modelMarkers.size() ? modelMarkers[i] : markers[i - modelMarkers.size()];
  }
  float channel(std::string_view name) const;
};

enum class Projection : int32_t { Perspective, Orthographic };

// A named view kept in the preset: the Camera section's saved views, `camera save NAME`.
struct CameraView {
  std::string name;
  vec3 position{3, -4, 2};
  vec3 target{0, 0, 0.5f};
  float fovDeg = 60.0f;
  Projection projection = Projection::Perspective;
  void reflect(FieldVisitor& v);
};

struct Camera {
  vec3 position{3, -4, 2};
  vec3 target{0, 0, 0.5f};
  float fovDeg = 60.0f;
  float nearPlane = 0.01f;
  float farPlane = 1000.0f;
  // Orthographic: as high as the perspective picture is at the target's distance.
  Projection projection = Projection::Perspective;
  std::vector<CameraView> views;
  void reflect(FieldVisitor& v);
};

// The picture's bloom and exposure (`fxview render`, the viewer's Bloom panel "From preset"):
// render::BloomSettings (engine/render/renderer.h) says what each does. The defaults are the
// picture without bloom that fxview always made.
struct BloomLook {
  bool enabled = false;
  float threshold = 0.75f;
  float intensity = 1.5f;
  float softKnee = 0.0f;
  float exposure = 1.0f;
  void reflect(FieldVisitor& v);
};

// What fills the picture behind the scene: the "background" colour (today's default), a vertical
// gradient from `bottom` (bottom row) to `top` (top row), or a PNG image stretched over the
// picture (relative to the preset; drawn over the colour by its alpha).
enum class BackgroundMode : int32_t { Color, Gradient, Image };
struct BackgroundStyle {
  BackgroundMode mode = BackgroundMode::Color;
  ColorRgba top{0.32f, 0.36f, 0.44f, 1.0f};
  ColorRgba bottom{0.05f, 0.05f, 0.08f, 1.0f};
  std::string image;
  void reflect(FieldVisitor& v);
};

struct Scene {
  int32_t version = 1;
  std::string name;
  int32_t seed = 1;
  SimulationSettings simulation;
  Camera camera;
  ColorRgba background{0.05f, 0.05f, 0.08f, 1.0f};
  BloomLook bloom;
  BackgroundStyle backgroundStyle;  // "background_style"
  std::vector<SceneObject> objects;

  // Scene-level fields (effects are read by the preset loader).
  void reflect(FieldVisitor& v);
  // Converts forward/up into rotations after loading.
  void resolveAuthoredFrames();
  const SceneObject* findObject(std::string_view name) const;
};

// --- the scene at one moment ------------------------------------------------------------------

struct MarkerState {
  const Marker* def = nullptr;
  Transform world;
};

struct ObjectState {
  const SceneObject* def = nullptr;
  int index = 0;
  Transform world;
  std::vector<MarkerState> markers;
  std::array<float, 4> functions{};  // A..D out, each usually 0..1
  int32_t modelFrame = 0;            // the frame of def->poses shown

  // Markers named `name`, in declaration order (up to `max`).
  std::vector<const MarkerState*> markersNamed(std::string_view name, size_t max = SIZE_MAX) const;
};

struct SceneState {
  double time = 0.0;
  std::vector<ObjectState> objects;
  const ObjectState* find(std::string_view name) const;
};

// Evaluates keyframes, parenting, markers and functions at `seconds`.
void evaluateScene(const Scene& scene, double seconds, SceneState& out);

}  // namespace fx
