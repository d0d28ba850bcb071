// Glow lint: every failure mode and pitfall the seed documents, with the game's own message as
// the diagnostic code where it gives one (render_cameras.c#1086, glow.c#547). Marker checks run
// the game's path setup on the scene: at time 0 and across the object's animation, because a
// glow created on a bad frame is set up from that frame.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/effects/halo_glow/glow_path.h"

namespace fx::glow {

namespace {

constexpr int kAnimationSamples = 60;

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string markerList(const bool* flags, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    if (flags[i]) out += (out.empty() ? "#" : ", #") + std::to_string(i);
  return out;
}

// The longest keyframe track that moves the object or its glow markers (seconds).
float animationLength(const Scene& scene, const SceneObject& object, const std::string& name) {
  float len = 0.0f;
  const SceneObject* o = &object;
  for (size_t guard = 0; o && guard <= scene.objects.size(); ++guard) {
    if (!o->keyframes.empty()) len = std::max(len, o->keyframes.keys.back().time);
    o = o->parent.empty() ? nullptr : scene.findObject(o->parent);
  }
  for (const auto& m : object.markers)
    if (m.name == name && !m.keyframes.empty()) len = std::max(len, m.keyframes.keys.back().time);
  return len;
}

struct Linter {
  const GlowDefinition& def;
  Diagnostics& out;
  const std::string& file;
  const std::string& pointer;

  std::string at(std::string_view field) const {
    return field.empty() ? pointer : pointerJoin(pointer, field);
  }
  void error(std::string_view field, const std::string& msg, std::string code = {}) {
    out.error(file, at(field), msg, std::move(code));
  }
  void warning(std::string_view field, const std::string& msg, std::string code = {}) {
    out.warning(file, at(field), msg, std::move(code));
  }
};

void lintFields(const GlowDefinition& d, Linter& l) {
  if (d.texture.empty())
    l.error("texture",
            "the glow tag requires a texture (a bitmap of type sprites); fxview draws a checker");

  // "Must be non-zero when a function is being used, or else the game will crash"
  if (d.attachment2 != Attachment::None && d.effectTransVelMulLow == 0.0f)
    l.error("effect_trans_vel_mul_low",
            "must be non-zero when attachment_2 sets a function: the game crashes with "
            "render_cameras.c,#1086: "
            "bounds->x0<=bounds->x1",
            "render_cameras.c#1086");
  // "If particle generation freq is non-zero, then this field must be too."
  if (d.particleGenerationFreq > 0.0f && int(d.trailingLifetime * kTickRate) <= 0)
    l.error("lifetime_of_trailing_particles",
            "must be non-zero (at least one 30 Hz tick) when particle_generation_freq is set: the "
            "game crashes "
            "with render_cameras.c,#1086: bounds->x0<=bounds->x1",
            "render_cameras.c#1086");
  if (d.numberOfParticles > 0 && d.attachment2 == Attachment::None &&
      d.effectTranslationalVelocity == 0.0f)
    l.warning(
        "effect_translational_velocity",
        "0: the game divides the rotational velocity by the translational velocity, so normal "
        "particle "
        "positions are undefined (the seed reports this crash, render_cameras.c,#1086, for a zero "
        "trans vel mul low)");
  if (d.numberOfParticles > 0 && d.effectTranslationalVelocity < 0.0f)
    l.warning("effect_translational_velocity",
              "negative: the game only checks the boundary in the direction a particle thinks it "
              "moves, so "
              "particles leave the path; use particles_move_backwards instead");
  // "Intended to make particle size scale with a function, but does not work."
  if (d.attachment4 != Attachment::None)
    l.warning("attachment_4",
              "the size attachment does not work in game: every normal particle sprite renders at "
              "its actual "
              "resolution regardless of distance");
  if (d.particleSize.lo == 0.0f && d.particleSize.hi == 0.0f && d.numberOfParticles > 0)
    l.warning("particle_size_bounds",
              "both 0: particle sprites render at their actual resolution regardless of distance");
  if (d.has(kTrailingShrink) && !d.has(kTrailingFade) && d.particleGenerationFreq > 0.01f)
    l.warning("glow_flags",
              "trailing_particles_shrink_over_time without trailing_particles_fade_over_time: for "
              "a single frame "
              "at the end of their life the particles render at actual resolution");
  if (d.particleGenerationFreq > kTickRate)
    l.warning("particle_generation_freq",
              "above 30 Hz: at most one trailing particle is generated per 30 Hz tick (" +
                  fmt(effectiveTrailingRate(d.particleGenerationFreq)) + " per second)");
  if (d.trailingMinT > d.trailingMaxT)
    l.warning("trailing_particle_minimum_t", "greater than trailing_particle_maximum_t");
  // Fields the seed documents as having no effect.
  if (d.attachment0 != Attachment::None)
    l.warning("attachment_0", "no effect in game (unused field)");
  if (d.particleRotationalVelocity != 0.0f)
    l.warning("particle_rotational_velocity",
              "no effect in game (unused field): sprites do not rotate");
  if (d.sizeAttachmentMultiplier != FloatBounds{})
    l.warning("size_attachment_multiplier", "no effect in game (unused field)");
}

// glow.c#547 and the normal-particle limit: budget across the glows of the scene.
void lintBudget(const GlowDefinition& d, Linter& l, size_t glows, bool hasPath) {
  size_t normal = hasPath ? size_t(std::max(0, d.numberOfParticles)) : 0;
  size_t trailing = 0;
  float rate = effectiveTrailingRate(d.particleGenerationFreq);
  int lifetimeTicks = int(d.trailingLifetime * kTickRate);
  if (rate > 0.0f && lifetimeTicks > 0)
    trailing = size_t(std::ceil(double(rate) * double(lifetimeTicks + 1) / double(kTickRate)));
  size_t running = std::min<size_t>(glows, kMaxGlows);
  if (glows > size_t(kMaxGlows))
    l.warning(
        "", std::to_string(glows) +
                " glows in the scene: the game keeps at most 8 at once; the rest are not created");
  size_t total = running * (normal + trailing);
  std::string figures = std::to_string(running) + (running == 1 ? " glow" : " glows") + " x (" +
                        std::to_string(normal) + " normal + ~" + std::to_string(trailing) +
                        " trailing) = " + std::to_string(total);
  if (trailing > 0 && total > kMaxParticles)
    l.error("particle_generation_freq",
            "trailing particle budget: " + figures +
                " glow particles > 512: EXCEPTION halt in glow.c,#547: the map limit for the "
                "number of active glow "
                "particles has been reached",
            "glow.c#547");
  else if (running * normal > kMaxParticles)
    l.warning("number_of_particles",
              figures + " glow particles > 512: normal particles stop spawning at the limit");
}

// Seed: "Crash of the game with exception when looking at the glow: render_cameras.c,#1086:
// bounds->x0<=bounds->x1" is the first failure mode of improper marker placement. Two path knots
// at one place (co-located markers, or the order table naming one marker twice in a row) give a
// zero-length segment the game divides by.
void lintCoincidentKnots(const MarkerSet& set, const PathSetup& s, const std::string& name,
                         Linter& l) {
  const std::string crash =
      ": the game crashes when looking at the glow with render_cameras.c,#1086: "
      "bounds->x0<=bounds->x1";
  bool colocated = false;
  for (int i = 0; i < set.count; ++i)
    for (int j = i + 1; j < set.count; ++j)
      if (glm::length(set.frames[size_t(i)].position - set.frames[size_t(j)].position) < 1e-5f) {
        colocated = true;
        l.error("attachment_marker",
                "markers #" + std::to_string(i) + " and #" + std::to_string(j) + " named " + name +
                    " are at the same place" + crash,
                "render_cameras.c#1086");
      }
  if (colocated || s.closedLoop || s.degenerate()) return;
  for (int k = 0; k + 1 < s.count; ++k)
    if (s.orderFilled[size_t(k)] && s.orderFilled[size_t(k + 1)] &&
        !(s.time[size_t(k + 1)] > s.time[size_t(k)])) {
      l.error("attachment_marker",
              "the path order repeats marker #" + std::to_string(s.order[size_t(k)]) + " named " +
                  name + " (a zero-length segment)" + crash,
              "render_cameras.c#1086");
      return;
    }
}

// A path that is not a closed loop: no length, markers outside the chain, markers with nothing in
// front, and chains that repeat or skip markers.
void lintChain(const GlowDefinition& d, const PathSetup& s, const std::string& name, Linter& l) {
  if (s.degenerate() && d.numberOfParticles > 0)
    l.error("attachment_marker",
            "the markers named " + name +
                " are all at one place: the path has no length and the game becomes "
                "unresponsive");
  // "Some markers being unused."
  std::string unused = markerList(s.unused, s.count);
  if (!unused.empty())
    l.warning("attachment_marker",
              "marker(s) " + unused + " named " + name +
                  " are not part of the path (their order chain does not reach them)");
  // "a marker whose next is behind it": only the chain end may have no marker in front.
  bool noNext[kMaxMarkers] = {};
  int end = s.order[size_t(s.count - 1)];
  for (int i = 0; i < s.count; ++i) noNext[i] = s.next[size_t(i)] == kNone && i != end;
  std::string behind = markerList(noNext, s.count);
  if (!behind.empty())
    l.warning("attachment_marker",
              "marker(s) " + behind + " named " + name +
                  ": every other marker is behind its +X axis, so it has no next marker "
                  "(negative dot products are ignored); point +X at the next marker");
  for (int k = 0; k + 1 < s.count; ++k) {
    if (s.orderFilled[size_t(k)] && s.next[size_t(s.order[size_t(k)])] != s.order[size_t(k + 1)]) {
      l.warning("attachment_marker",
                "the path repeats or skips markers named " + name +
                    ": it may loop back on itself (check render_model_markers)");
      break;
    }
  }
}

// The moments an animation is checked at: every frame of the model's animation (mid-frame), or
// 60 samples over the keyframe tracks that move the object or its markers.
std::vector<double> animationMoments(const Scene& scene, const SceneObject& object,
                                     const std::string& name) {
  std::vector<double> out;
  if (object.poses && object.poses->animated) {
    const ModelPoses& p = *object.poses;
    for (int32_t f = 1; f < p.frameCount; ++f) out.push_back((double(f) + 0.5) / p.framesPerSecond);
    return out;
  }
  float length = animationLength(scene, object, name);
  if (length > 0.0f)
    for (int i = 1; i <= kAnimationSamples; ++i)
      out.push_back(double(length) * i / kAnimationSamples);
  return out;
}

// "it's still possible to make the game unresponsive if some frames put the path into a bad
// shape": a glow created on a frame whose markers close a loop or sit on each other.
void lintAnimatedFrames(const Scene& scene, const SceneObject& object, const std::string& marker,
                        Linter& l) {
  const std::string name = "\"" + marker + "\"";
  SceneState state;
  for (double t : animationMoments(scene, object, marker)) {
    evaluateScene(scene, t, state);
    const ObjectState* os = state.find(object.name);
    MarkerSet set = gatherMarkers(os, marker);
    std::string when = os && object.poses && object.poses->animated
                           ? "at frame " + std::to_string(os->modelFrame) + " (" + fmt(t) + " s)"
                           : "at " + fmt(t) + " s";
    if (set.count > 1 && setupPath(set).closedLoop) {
      l.warning("attachment_marker",
                when + " the animated markers named " + name +
                    " form a closed loop: a glow created then makes the game unresponsive");
      return;
    }
    for (int i = 0; i < set.count; ++i)
      for (int j = i + 1; j < set.count; ++j)
        if (glm::length(set.frames[size_t(i)].position - set.frames[size_t(j)].position) < 1e-5f) {
          l.warning("attachment_marker",
                    when + " the animated markers #" + std::to_string(i) + " and #" +
                        std::to_string(j) + " named " + name +
                        " are at the same place: a glow created then crashes the game with "
                        "render_cameras.c,#1086: bounds->x0<=bounds->x1",
                    "render_cameras.c#1086");
          return;
        }
  }
}

void lintMarkers(const GlowDefinition& d, Linter& l, const SceneObject* object,
                 const Scene& scene) {
  if (!object) {
    if (!d.attachmentMarker.empty())
      l.warning("attachment_marker",
                "the effect is not attached to an object: the path is the world origin");
    return;
  }
  SceneState state;
  evaluateScene(scene, 0.0, state);
  const ObjectState* os = state.find(object->name);
  MarkerSet set = gatherMarkers(os, d.attachmentMarker);
  const std::string name = "\"" + d.attachmentMarker + "\"";
  if (set.rootDefault) {
    if (!d.attachmentMarker.empty())
      l.warning("attachment_marker",
                "no marker named " + name + " on \"" + object->name +
                    "\": the object's root node is used as a single-marker path");
    if (d.numberOfParticles > 0)
      l.warning("number_of_particles",
                "a single-marker path (the root default) generates no normal particles; only "
                "trailing particles");
    return;
  }
  if (set.named > kMaxMarkers)
    l.warning("attachment_marker", std::to_string(set.named) + " markers named " + name +
                                       ": the game uses the first 5 and ignores the rest");
  if (set.count == 1) {
    if (d.numberOfParticles > 0)
      l.warning("number_of_particles",
                "a single-marker path generates no normal particles; only trailing particles");
    return;
  }
  PathSetup s = setupPath(set);
  if (set.count < kMaxMarkers) {
    std::string msg =
        std::to_string(set.count) + " markers named " + name + ": fewer than 5 may be unreliable";
    if (set.count < 4) {
      bool modelOrder = true;
      for (int k = 0; k < set.count; ++k) modelOrder = modelOrder && s.order[size_t(k)] == k;
      msg += modelOrder ? " (with 2 or 3 markers the game takes them in the model's order)"
                        : "; with 2 or 3 markers the game takes them in the model's order, which "
                          "here differs "
                          "from where their +X axes point";
    }
    l.warning("attachment_marker", msg);
  }
  if (!s.degenerate() || d.numberOfParticles == 0) lintCoincidentKnots(set, s, name, l);
  // "Game becoming unresponsive. This happens if markers form a closed loop."
  if (s.closedLoop) {
    l.error("attachment_marker",
            "the markers named " + name +
                " form a closed loop (each +X points at another marker): the game becomes "
                "unresponsive");
  } else {
    lintChain(d, s, name, l);
  }
  if (!s.closedLoop) lintAnimatedFrames(scene, *object, d.attachmentMarker, l);
}

}  // namespace

void GlowDefinition::lint(const SceneObject* attachedTo, const Scene& scene,
                          const EffectPlacement& where, Diagnostics& out, const std::string& file,
                          const std::string& pointer) const {
  Linter l{*this, out, file, pointer};
  lintFields(*this, l);
  bool hasPath = false;
  if (attachedTo) {
    SceneState state;
    evaluateScene(scene, 0.0, state);
    hasPath = gatherMarkers(state.find(attachedTo->name), attachmentMarker).count > 1;
  }
  lintBudget(*this, l, std::max<size_t>(1, where.kindCount), hasPath);
  lintMarkers(*this, l, attachedTo, scene);
  // "This effect does not render on first person models."
  if (attachedTo && attachedTo->firstPerson)
    l.warning("", "attached to a first-person object (\"" + attachedTo->name +
                      "\"): glows do not render on first-person models");
  if (!attachedTo && (attachment1 != Attachment::None || attachment2 != Attachment::None ||
                      attachment3 != Attachment::None || attachment5 != Attachment::None))
    l.warning("", "function attachments read 0: the effect is not attached to an object");
}

}  // namespace fx::glow
