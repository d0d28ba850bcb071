// Glow drawing (notes §3.7): every particle is a screen-facing sprite from sequence 0, sprite 0
// of the texture, additive, texture alpha ignored; nothing on first-person objects. Overlays:
// render_model_markers (marker axes, names, order) and paths (curve, trailing emission
// segment); a marker loop is always drawn in red because the game would hang on it.
#include <algorithm>
#include <cmath>
#include <string>

#include "engine/effects/halo_glow/glow_instance.h"

namespace fx::glow {

namespace {

constexpr vec4 kPathColor{1.0f, 0.35f, 0.8f, 1.0f};
constexpr vec4 kEmitColor{1.0f, 0.9f, 0.2f, 1.0f};
constexpr vec4 kLoopColor{1.0f, 0.1f, 0.1f, 1.0f};
constexpr int kPathSamples = 96;

bool finite(vec3 p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

void curve(DebugDraw& debug, const MarkerSet& m, const PathSetup& s, float t0, float t1,
           bool zFromY, vec4 color) {
  const PathTable table = buildPathTable(m, s, zFromY);
  vec3 prev{0.0f};
  for (int i = 0; i <= kPathSamples; ++i) {
    float t = t0 + (t1 - t0) * float(i) / float(kPathSamples);
    vec3 p = samplePath(table, t).position;
    if (i > 0 && finite(p) && finite(prev)) debug.line(prev, p, color);
    prev = p;
  }
}

}  // namespace

void GlowInstance::drawOverlays(DebugDraw& debug, const DebugFlags& flags) const {
  const bool zFromY = def_.engine.helperPointZFromY;
  const bool pathReady = initialized_ && path_.count > 1;
  if (flags.renderModelMarkers && ticks_ > 0) {
    float axis = std::clamp(path_.total > 0.0f ? path_.total * 0.08f : 0.1f, 0.02f, 1.0f);
    for (int i = 0; i < markers_.count; ++i) {
      const MarkerFrame& f = markers_.frames[size_t(i)];
      if (markers_.rootDefault) {  // the root default is no marker: the world does not draw it
        vec3 side = glm::cross(f.up, f.forward);  // +Y
        debug.line(f.position, f.position + f.forward * axis, {1, 0, 0, 1});
        debug.line(f.position, f.position + side * axis, {0, 1, 0, 1});
        debug.line(f.position, f.position + f.up * axis, {0, 0, 1, 1});
      }
      // The world draws and names every marker of every object (World::collect); the glow adds
      // where each of its markers sits in the path order.
      std::string text = markers_.rootDefault ? "root (default)" : "";
      if (pathReady) {
        int slot = -1;
        for (int k = 0; k < path_.count && slot < 0; ++k)
          if (path_.order[size_t(k)] == i) slot = k;
        text += slot >= 0 ? "#" + std::to_string(slot) : "(unused)";
      }
      if (!text.empty()) debug.label(f.position, text, vec4(1.0f), markers_.rootDefault ? 0 : 1);
    }
  }
  if (flags.paths && ticks_ > 0) {
    if (pathReady && !path_.degenerate()) {
      curve(debug, markers_, path_, 0.0f, path_.total, zFromY, kPathColor);
      if (def_.particleGenerationFreq > 0.01f) {
        float a = def_.trailingMinT * path_.total, b = def_.trailingMaxT * path_.total;
        curve(debug, markers_, path_, a, b, zFromY, kEmitColor);
        debug.point(samplePath(markers_, path_, a, zFromY).position, kEmitColor, 6.0f);
        debug.point(samplePath(markers_, path_, b, zFromY).position, kEmitColor, 6.0f);
      }
    } else if (def_.particleGenerationFreq > 0.01f) {
      debug.point(markers_.frames[0].position, kEmitColor, 8.0f);  // single-marker emission point
    }
  }
  // "Game becoming unresponsive. This happens if markers form a closed loop."
  if (pathReady && path_.closedLoop) {
    for (int i = 0; i < path_.count; ++i) {
      int next = path_.next[size_t(i)];
      if (next == kNone) continue;
      debug.line(markers_.frames[size_t(i)].position, markers_.frames[size_t(next)].position,
                 kLoopColor);
    }
    debug.label(markers_.frames[0].position, "marker loop: the game hangs", kLoopColor);
  }
}

void GlowInstance::collect(DrawList& draw, DebugDraw& debug, const View&, const DebugFlags& flags,
                           const SceneState&) const {
  if (!running_) return;
  drawOverlays(debug, flags);
  // "This effect does not render on first person models."
  if (firstPerson_ || normal_.count + trailing_.count == 0) return;
  SpriteBatch batch;
  batch.texture = def_.texturePath.empty() ? kNoTexture : draw.texture(def_.texturePath);
  batch.blend = BlendMode::Add;
  batch.orientation = SpriteOrientation::ScreenFacing;
  batch.ignoreTextureAlpha = true;  // "Alpha channel is ignored."
  draw.beginBatch(batch);
  draw.reserveSprites(normal_.count + trailing_.count);
  const vec4 uv = def_.sprite.uv();
  const vec2 registration = def_.sprite.registration;
  auto push = [&](vec3 position, float size, vec3 color, float fade, vec3 direction) {
    if (!finite(position) || !(fade > 0.0f)) return;  // additive at fade 0 adds nothing
    SpriteInstance& s = draw.push();
    s.position = position;
    s.size = size;  // <= 0: actual resolution (size attachment, zero bounds, unshrunk trailing)
    s.color = vec4(color, 1.0f);
    s.direction = direction;
    s.rotation = 0.0f;
    s.uv = uv;
    s.registration = registration;
    s.fade = fade;
  };
  for (size_t i = 0; i < normal_.count; ++i) {
    vec3 dir = markers_.frames[0].forward;
    push(normal_.position[i], normal_.size[i], normal_.color[i], normal_.fade[i], dir);
  }
  for (size_t i = 0; i < trailing_.count; ++i)
    push(trailing_.position[i], trailing_.size[i], trailing_.color[i], trailing_.fade[i],
         vec3(0, 0, 1));
}

}  // namespace fx::glow
