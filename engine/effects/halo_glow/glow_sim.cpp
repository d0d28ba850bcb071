// Glow simulation: path setup on the first update, normal particles (notes §3.5), trailing
// particles (notes §3.6), the shared 512-particle / 8-glow limits, stats and dumps. One
// update per 30 Hz game tick with dt = 1/30 s.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

#include "engine/core/parallel.h"
#include "engine/effects/halo_glow/glow_instance.h"

namespace fx::glow {

namespace {

constexpr float kTickDt = 1.0f / kTickRate;
static_assert(sizeof(vec3) == 3 * sizeof(float), "positions and velocities are read as floats");
constexpr int kMaxTicksPerStep = 300;  // a huge dt never stalls the viewer

// The game's boundary loops, in closed form: `while (t > total) t -= total`.
float wrapDown(float t, float total) {
  if (!(t > total)) return t;
  double r = std::fmod(double(t), double(total));
  return r == 0.0 ? total : float(r);
}

// `while (t < 0) t += total`.
float wrapUp(float t, float total) {
  if (!(t < 0.0f)) return t;
  double r = std::fmod(double(t), double(total));
  return r < 0.0 ? float(r + double(total)) : 0.0f;
}

vec3 lerpColor(const ColorRgba& a, const ColorRgba& b, float u) {
  return {a.r + (b.r - a.r) * u, a.g + (b.g - a.g) * u, a.b + (b.b - a.b) * u};
}

float scaled(float value, Attachment a, float mulLow, float mulHigh, const ObjectState* object) {
  if (a == Attachment::None) return value;
  float f = attachmentValue(a, object);
  return ((mulHigh - mulLow) * f + mulLow) * value;
}

constexpr size_t kBlock = 256;  // normal particles per block of updateNormal's two passes

// The second pass of a block of normal particles that all sample the non-singular window `w`:
// the path (samplePath's Newton form), the rotated offset, velocity from the displacement and the
// edge fade, with every coefficient loop-invariant so the loop vectorises. The same operations
// in the same order as the per-particle code.
void windowPass(const PathWindow& w, size_t m, const float* __restrict t,
                const float* __restrict cs, const float* __restrict sn,
                const float* __restrict dist, float* __restrict position,
                float* __restrict velocity, float* __restrict fadeOut, float dt, float total,
                float fadeEdge) {
  const float k0 = w.knot[0], k1 = w.knot[1], k2 = w.knot[2];
  const float px0 = w.f0[0], px1 = w.d1[0], px2 = w.d2[0], px3 = w.d3[0];
  const float py0 = w.f0[1], py1 = w.d1[1], py2 = w.d2[1], py3 = w.d3[1];
  const float pz0 = w.f0[2], pz1 = w.d1[2], pz2 = w.d2[2], pz3 = w.d3[2];
  const float ux0 = w.f0[3], ux1 = w.d1[3], ux2 = w.d2[3], ux3 = w.d3[3];
  const float uy0 = w.f0[4], uy1 = w.d1[4], uy2 = w.d2[4], uy3 = w.d3[4];
  const float uz0 = w.f0[5], uz1 = w.d1[5], uz2 = w.d2[5], uz3 = w.d3[5];
  const float sx0 = w.f0[6], sx1 = w.d1[6], sx2 = w.d2[6], sx3 = w.d3[6];
  const float sy0 = w.f0[7], sy1 = w.d1[7], sy2 = w.d2[7], sy3 = w.d3[7];
  const float sz0 = w.f0[8], sz1 = w.d1[8], sz2 = w.d2[8], sz3 = w.d3[8];
  const bool moving = dt > 0.0f;
  // Positions and velocities are xyz triples; the arithmetic runs on separate x, y, z arrays
  // (gathered and scattered by plain copies) so it vectorises.
  float ox[kBlock], oy[kBlock], oz[kBlock], qx[kBlock], qy[kBlock], qz[kBlock];
  for (size_t j = 0; j < m; ++j) {
    ox[j] = position[3 * j];
    oy[j] = position[3 * j + 1];
    oz[j] = position[3 * j + 2];
  }
  for (size_t j = 0; j < m; ++j) {
    const float x = t[j], d = dist[j], co = cs[j], si = sn[j];
    qx[j] = newtonEval(px0, px1, px2, px3, k0, k1, k2, x) +
            (newtonEval(sx0, sx1, sx2, sx3, k0, k1, k2, x) * co +
             newtonEval(ux0, ux1, ux2, ux3, k0, k1, k2, x) * si) *
                d;
    qy[j] = newtonEval(py0, py1, py2, py3, k0, k1, k2, x) +
            (newtonEval(sy0, sy1, sy2, sy3, k0, k1, k2, x) * co +
             newtonEval(uy0, uy1, uy2, uy3, k0, k1, k2, x) * si) *
                d;
    qz[j] = newtonEval(pz0, pz1, pz2, pz3, k0, k1, k2, x) +
            (newtonEval(sz0, sz1, sz2, sz3, k0, k1, k2, x) * co +
             newtonEval(uz0, uz1, uz2, uz3, k0, k1, k2, x) * si) *
                d;
    ox[j] = moving ? (qx[j] - ox[j]) / dt : 0.0f;
    oy[j] = moving ? (qy[j] - oy[j]) / dt : 0.0f;
    oz[j] = moving ? (qz[j] - oz[j]) / dt : 0.0f;
    const float u = x / total;
    const float fade = u < fadeEdge          ? u / fadeEdge
                       : u > 1.0f - fadeEdge ? (1.0f - u) / fadeEdge
                                             : 1.0f;
    fadeOut[j] = std::isnan(fade) ? 0.0f : std::clamp(fade, 0.0f, 1.0f);
  }
  for (size_t j = 0; j < m; ++j) {
    velocity[3 * j] = ox[j];
    velocity[3 * j + 1] = oy[j];
    velocity[3 * j + 2] = oz[j];
    position[3 * j] = qx[j];
    position[3 * j + 1] = qy[j];
    position[3 * j + 2] = qz[j];
  }
}

// A normal particle's new position along the path, `elapsed` further in its direction: at an
// end it bounces back (flipping `backwards`) or wraps around.
inline float advance(float t, uint8_t& backwards, float elapsed, float total, bool bounce) {
  if (backwards) {
    t -= elapsed;
    if (bounce) {
      if (t < 0.0f) {
        t = total - wrapUp(t, total);
        backwards = 0;
      }
    } else {
      t = wrapUp(t, total);
    }
  } else {
    t += elapsed;
    if (bounce) {
      if (t > total) {
        t = total - wrapDown(t, total);
        backwards = 1;
      }
    } else {
      t = wrapDown(t, total);
    }
  }
  return t;
}

// The second pass of a block whose particles sample more than one window (or a singular one):
// each samples the path itself. Returns whether any sample was singular.
inline bool samplePass(const PathTable& table, size_t m, const float* __restrict t,
                       const float* __restrict cs, const float* __restrict sn, const float* dist,
                       float* __restrict position, float* __restrict velocity,
                       float* __restrict fadeOut, float dt, float total, float fadeEdge,
                       bool degenerate) {
  bool singular = false;
  for (size_t j = 0; j < m; ++j) {
    PathSample s = samplePath(table, t[j]);
    singular = singular || s.singular;
    vec3 pos = s.position + (s.side * cs[j] + s.up * sn[j]) * dist[j];
    vec3 old(position[3 * j], position[3 * j + 1], position[3 * j + 2]);
    vec3 vel = dt > 0.0f ? (pos - old) / dt : vec3(0.0f);
    for (int a = 0; a < 3; ++a) {
      velocity[3 * j + size_t(a)] = vel[a];
      position[3 * j + size_t(a)] = pos[a];
    }
    // Edge fade by `fading_percentage_of_glow`.
    float fade = 1.0f;
    if (!degenerate) {
      float u = t[j] / total;
      if (u < fadeEdge)
        fade = u / fadeEdge;
      else if (u > 1.0f - fadeEdge)
        fade = (1.0f - u) / fadeEdge;
    }
    fadeOut[j] = std::isnan(fade) ? 0.0f : std::clamp(fade, 0.0f, 1.0f);
  }
  return singular;
}

// What updateNormal's particle loop reads: the same for every particle of one update (the
// path's windows, the attachment-driven distance and colour, the flags).
struct NormalStep {
  const PathTable* table = nullptr;
  float elapsed = 0, total = 0, dt = 0, distance = 0, rate = 0, rotation = 0, fadeEdge = 0;
  vec3 color{0.0f};
  ColorRgba c0, c1;
  bool degenerate = false, setDistance = false, functionColor = false, inRange = false;
  bool wrap = false, bounce = false;
};

// Moves normal particles [begin, end) by one update; returns whether a path sample was singular.
// Each particle's update reads and writes only that particle.
bool updateNormalChunk(const NormalStep& u, NormalParticles& p, size_t begin, size_t end) {
  const PathTable& table = *u.table;
  const float elapsed = u.elapsed, total = u.total, dt = u.dt, distance = u.distance;
  const float rate = u.rate, rotation = u.rotation, fadeEdge = u.fadeEdge;
  const vec3 color = u.color;
  const ColorRgba c0 = u.c0, c1 = u.c1;
  const bool degenerate = u.degenerate, setDistance = u.setDistance;
  const bool functionColor = u.functionColor, inRange = u.inRange, wrap = u.wrap;
  const bool bounce = u.bounce;
  bool chunkSingular = false;
  float* __restrict tv = p.t.data();
  const float* __restrict angle0 = p.angle.data();
  float* dist = p.distance.data();  // written in the first pass, read in the second
  float* __restrict position = &p.position.data()->x;
  float* __restrict velocity = &p.velocity.data()->x;
  float* __restrict fadeOut = p.fade.data();
  // Blocks of particles: first each one's t, window and rotation (branches and libm calls),
  // then the path and everything after it; a block whose particles all sample one window (the
  // usual case: neighbours in the arrays are neighbours on the path) runs that second pass with
  // the window's coefficients in registers, a loop the compiler vectorises.
  float cs[kBlock], sn[kBlock];
  for (size_t b0 = begin; b0 < end; b0 += kBlock) {
    const size_t m = std::min(kBlock, end - b0);
    int blockWindow = -1;
    bool oneWindow = table.count >= 2 && !degenerate;
    for (size_t j = 0; j < m; ++j) {
      const size_t i = b0 + j;
      if (setDistance) dist[i] = distance;
      const float t = degenerate ? 0.0f : advance(tv[i], p.backwards[i], elapsed, total, bounce);
      tv[i] = t;
      float angle = rotation * t + angle0[i];
      cs[j] = std::cos(angle);
      sn[j] = std::sin(angle);
      if (oneWindow) {
        int w = table.window(t, table.segment(t));
        if (blockWindow < 0) blockWindow = w;
        oneWindow = w == blockWindow;
      }
    }
    if (oneWindow && !table.windows[size_t(blockWindow)].singular) {
      windowPass(table.windows[size_t(blockWindow)], m, tv + b0, cs, sn, dist + b0,
                 position + 3 * b0, velocity + 3 * b0, fadeOut + b0, dt, total, fadeEdge);
    } else if (samplePass(table, m, tv + b0, cs, sn, dist + b0, position + 3 * b0,
                          velocity + 3 * b0, fadeOut + b0, dt, total, fadeEdge, degenerate)) {
      chunkSingular = true;
    }
    // Colour: the function attachment, then "modify particle color in range" overrides it.
    if (functionColor)
      for (size_t i = b0; i < b0 + m; ++i) p.color[i] = color;
    if (inRange)
      for (size_t i = b0; i < b0 + m; ++i) {
        const float t = tv[i];
        p.color[i] = {colorInRange(c0.r, c1.r, rate, t, wrap),
                      colorInRange(c0.g, c1.g, rate, t, wrap),
                      colorInRange(c0.b, c1.b, rate, t, wrap)};
      }
  }
  return chunkSingular;
}

}  // namespace

GlowInstance::GlowInstance(const GlowDefinition& def, const InstanceContext& ctx)
    : def_(def),
      placement_(ctx.placement),
      shared_(std::static_pointer_cast<GlowShared>(ctx.shared)) {
  if (!shared_) shared_ = std::make_shared<GlowShared>();
  rng_.state = ctx.seed;
  if (ctx.scene)
    if (const SceneObject* o = ctx.scene->findObject(placement_.object))
      firstPerson_ = o->firstPerson;
  size_t normal = size_t(std::max(0, def_.numberOfParticles));
  soa::reserve(normal_, std::min(normal, kUnlimitedParticlesPerGlow));
  size_t lifetimeTicks = size_t(std::clamp(def_.trailingLifetime * kTickRate, 0.0f, 32767.0f));
  size_t trailing = def_.particleGenerationFreq > 0.01f ? lifetimeTicks + 2 : 0;
  soa::reserve(trailing_, std::min(trailing, kMaxParticles));
}

GlowInstance::~GlowInstance() {
  releaseParticles(normal_.count + trailing_.count);
  if (claimed_ && running_ && shared_->glows > 0) shared_->glows--;
}

std::unique_ptr<EffectInstance> GlowInstance::clone(const FamilyShared& shared) const {
  auto c = std::make_unique<GlowInstance>(*this);
  c->shared_ = shared ? std::static_pointer_cast<GlowShared>(shared)
                      : std::make_shared<GlowShared>(*shared_);
  return c;
}

size_t GlowInstance::stateBytes() const {
  size_t bytes =
      sizeof(*this) + soa::heapBytes(normal_) + soa::heapBytes(trailing_) + heapBytes(messages_);
  for (const std::string& m : messages_) bytes += m.capacity();
  return bytes;
}

bool GlowInstance::claimParticle(bool unlimited) {
  if (unlimited) {
    if (normal_.count + trailing_.count >= kUnlimitedParticlesPerGlow) return false;
  } else if (shared_->particles >= kMaxParticles) {
    return false;
  }
  shared_->particles++;
  return true;
}

void GlowInstance::releaseParticles(size_t n) {
  shared_->particles -= std::min(n, shared_->particles);
}

void GlowInstance::message(const std::string& text) {
  if (std::find(messages_.begin(), messages_.end(), text) == messages_.end())
    messages_.push_back(text);
}

void GlowInstance::step(const StepContext& ctx) {
  bool unlimited = ctx.flags && ctx.flags->unlimitedBudget;
  if (!claimed_) {
    claimed_ = true;
    // "Halo's gamestate can store up to 512 glow particles, which are shared across up to 8 glows."
    if (!unlimited && shared_->glows >= kMaxGlows) {
      running_ = false;
      message("the game keeps at most 8 glows at once: this is glow " +
              std::to_string(shared_->glows + 1) + ", which it never creates, so it does not run");
    } else {
      shared_->glows++;
    }
  }
  if (!running_) return;
  // Trailing particles count Halo's 30 Hz ticks whatever the World's step rate: run the ticks
  // that fall within this step, counted from the step's end time so 144 Hz never drifts. Normal
  // particles move with those ticks in tick mode; in frame mode they move once per frame by the
  // frame's delta (reference §3.5: "t +-= dt x vT, where dt is the frame delta in seconds").
  const bool perFrame = ctx.mode == SimulationMode::Frame;
  currentStep_ = ctx.step;
  double target = std::floor(ctx.time * double(kTickRate) + 1e-6);
  int n = 0;
  while (double(ticks_) < target && n < kMaxTicksPerStep) {
    tick(ctx.scene, unlimited, !perFrame);
    n++;
  }
  if (n == kMaxTicksPerStep)
    ticks_ = uint64_t(std::max(target, 0.0));                        // skip what a huge step left
  if (!perFrame || !initialized_ || setupStep_ == ctx.step) return;  // setting up ends an update
  const ObjectState* object =
      ctx.scene && !placement_.object.empty() ? ctx.scene->find(placement_.object) : nullptr;
  markers_ = gatherMarkers(object, def_.attachmentMarker);  // markers may animate between ticks
  if (markers_.count > 1) updateNormal(object, ctx.dt);
}

void GlowInstance::tick(const SceneState* scene, bool unlimited, bool moveNormal) {
  const ObjectState* object =
      scene && !placement_.object.empty() ? scene->find(placement_.object) : nullptr;
  markers_ = gatherMarkers(object, def_.attachmentMarker);
  if (markers_.named > kMaxMarkers && !tooManyReported_) {
    tooManyReported_ = true;
    message(std::to_string(markers_.named) + " markers are named \"" + def_.attachmentMarker +
            "\": the game uses the first 5 and ignores the rest");
  }
  ticks_++;
  // "This step is only done once and not redone if the model animates its marker positions."
  if (!initialized_ && markers_.count > 1) {
    initialize(unlimited);
    return;  // the game's first update ends after setting up
  }
  trailingAccumulator_ = std::min(trailingAccumulator_ + 1, 32767);
  if (moveNormal && initialized_ && markers_.count > 1) updateNormal(object, kTickDt);
  updateTrailing();
  spawnTrailing(unlimited);
}

void GlowInstance::initialize(bool unlimited) {
  path_ = setupPath(markers_);
  initialized_ = true;
  initTick_ = ticks_;
  setupStep_ = currentStep_;
  if (path_.closedLoop)
    message(
        "the markers form a closed loop: the game finds no chain end, the path gets no length and "
        "the game "
        "becomes unresponsive (fxview holds the particles at the start)");
  const size_t wanted = size_t(std::max(0, def_.numberOfParticles));
  bool backwardsNext =
      true;  // "Every second particle travels in the reverse direction", the first forward
  const PathTable table = buildPathTable(markers_, path_, def_.engine.helperPointZFromY);
  for (size_t i = 0; i < wanted; ++i) {
    if (!claimParticle(unlimited)) {
      // "normal particles stop spawning once the limit is reached"
      message("512 glow particle limit: " + std::to_string(normal_.count) + " of " +
              std::to_string(wanted) + " normal particles were created");
      break;
    }
    soa::pushBack(normal_);
    size_t k = normal_.count - 1;
    if (def_.attachment3 == Attachment::None)
      normal_.distance[k] = rng_.range(def_.minDistance, def_.maxDistance);
    // Size attachment set: size stays 0, the "actual resolution" bug.
    if (def_.attachment4 == Attachment::None)
      normal_.size[k] = rng_.range(def_.particleSize.lo, def_.particleSize.hi);
    if (def_.attachment5 == Attachment::None && !def_.has(kModifyColorInRange))
      normal_.color[k] = lerpColor(def_.colorBound0, def_.colorBound1, rng_.unit());
    if (def_.normalDistribution == NormalDistribution::Random)
      normal_.t[k] = rng_.range(0.0f, path_.total);
    else  // by arc length: "the game can calculate the total path length and space particles
          // accordingly"
      normal_.t[k] = float(i) / float(wanted) * path_.total;
    normal_.angle[k] = rng_.range(0.0f, kTwoPi);
    if (def_.has(kMoveBackwards)) normal_.backwards[k] = 1;
    if (def_.has(kMoveBothDirections)) {
      normal_.backwards[k] = backwardsNext ? 0 : 1;
      backwardsNext = !backwardsNext;
    }
    // Placed now so dumps and overlays see it; invisible until its first update (fade 0).
    PathSample s = samplePath(table, normal_.t[k]);
    float a = normal_.angle[k];
    normal_.position[k] =
        s.position + (s.side * std::cos(a) + s.up * std::sin(a)) * normal_.distance[k];
  }
  trailingAccumulator_ = 0;
}

void GlowInstance::updateNormal(const ObjectState* object, float dt) {
  float vR = scaled(def_.effectRotationalVelocity, def_.attachment1, def_.effectRotVelMulLow,
                    def_.effectRotVelMulHigh, object);
  float vT = scaled(def_.effectTranslationalVelocity, def_.attachment2, def_.effectTransVelMulLow,
                    def_.effectTransVelMulHigh, object);
  if (vT != 0.0f) {
    rotationPerUnitT_ = vR / vT;  // notes §3.5: rotation is tied to arc length, not time
  } else {
    rotationPerUnitT_ = 0.0f;
    if (normal_.count > 0 && !zeroVelocityReported_) {
      zeroVelocityReported_ = true;
      message(
          "render_cameras.c#1086: the translational velocity is 0 here; the game divides the "
          "rotational "
          "velocity by it and the particle positions become undefined (fxview holds them still)");
    }
  }
  const float total = path_.total;
  const float elapsed = dt * vT;
  const bool degenerate = path_.degenerate();
  if (degenerate && elapsed != 0.0f && normal_.count > 0 && !hangReported_) {
    hangReported_ = true;
    message(
        "the path has no length: the game's boundary loop never ends and the game becomes "
        "unresponsive");
  }
  // Everything that does not depend on the particle, once per update: the path's windows, the
  // attachment-driven distance and colour, the flags.
  const PathTable table = buildPathTable(markers_, path_, def_.engine.helperPointZFromY);
  NormalStep u{.table = &table, .elapsed = elapsed, .total = total, .dt = dt};
  u.degenerate = degenerate;
  u.setDistance = def_.attachment3 != Attachment::None;
  u.distance = u.setDistance ? ((def_.distanceMulHigh - def_.distanceMulLow) *
                                    attachmentValue(def_.attachment3, object) +
                                def_.distanceMulLow) *
                                       (def_.maxDistance - def_.minDistance) +
                                   def_.minDistance
                             : 0.0f;
  u.functionColor = def_.attachment5 != Attachment::None;
  u.color = u.functionColor ? lerpColor(def_.colorBound0, def_.colorBound1,
                                        attachmentValue(def_.attachment5, object))
                            : vec3(0.0f);
  u.inRange = def_.has(kModifyColorInRange);
  u.c0 = def_.colorBound0;
  u.c1 = def_.colorBound1;
  u.rate = def_.colorRateOfChange;
  u.wrap = def_.engine.colorInRangeWrap;
  u.bounce = def_.boundaryEffect == Boundary::Bounce;
  u.rotation = rotationPerUnitT_;
  u.fadeEdge = 0.5f * def_.fadingPercentageOfGlow;
  NormalParticles& p = normal_;
  // Each particle's update reads and writes only that particle: chunks run on any thread and the
  // results do not depend on how many there are.
  std::atomic<bool> singular{false};
  parallelChunks(p.count, [&](size_t, size_t begin, size_t end) {
    if (updateNormalChunk(u, p, begin, end)) singular.store(true, std::memory_order_relaxed);
  });
  if (singular.load() && !degenerate && !singularReported_) {
    singularReported_ = true;
    message(
        "two path knots coincide (repeated or co-located markers): the game divides by zero "
        "here; "
        "fxview draws a straight line");
  }
}

void GlowInstance::updateTrailing() {
  size_t i = 0;
  while (i < trailing_.count) {
    int32_t age = ++trailing_.ageTicks[i];
    int32_t life = trailing_.lifetimeTicks[i];
    float ratio = life > 0 ? float(age) / float(life) : std::numeric_limits<float>::infinity();
    float remaining = std::max(0.0f, 1.0f - ratio);
    trailing_.fade[i] = def_.has(kTrailingFade) ? std::clamp(1.0f - ratio, 0.0f, 1.0f) : 1.0f;
    // Shrinks to exactly 0 on its last update: one frame at actual resolution (the seed's quirk).
    if (def_.has(kTrailingShrink)) trailing_.size[i] = remaining * trailing_.initialSize[i];
    trailing_.velocity[i] = def_.has(kTrailingSlow) ? trailing_.initialVelocity[i] * remaining
                                                    : trailing_.initialVelocity[i];
    trailing_.position[i] += trailing_.velocity[i] * kTickDt;
    if (age > life) {
      soa::swapRemove(trailing_, i);
      releaseParticles(1);
      continue;
    }
    ++i;
  }
}

void GlowInstance::spawnTrailing(bool unlimited) {
  if (!(def_.particleGenerationFreq > 0.01f)) return;
  float ticksPerParticle = std::max(1.0f, kTickRate / def_.particleGenerationFreq);
  int wholeTicks = int(std::min(ticksPerParticle, 32767.0f));
  int32_t lifetime = int32_t(std::clamp(def_.trailingLifetime * kTickRate, -32768.0f, 32767.0f));
  if (lifetime <= 0 && !lifetimeReported_) {
    lifetimeReported_ = true;
    message(
        "render_cameras.c#1086: trailing particles are generated with a lifetime of 0 ticks; the "
        "game "
        "crashes (bounds->x0<=bounds->x1)");
  }
  while (float(trailingAccumulator_) > ticksPerParticle) {
    if (!claimParticle(unlimited)) {
      if (!halted_)
        message(
            "glow.c#547: EXCEPTION halt: the map limit for the number of active glow particles has "
            "been "
            "reached (the game stops here; fxview stops spawning trailing particles)");
      halted_ = true;
      trailingAccumulator_ = std::min(trailingAccumulator_, wholeTicks);
      break;
    }
    soa::pushBack(trailing_);
    size_t k = trailing_.count - 1;
    int parent = 0;
    if (markers_.count > 1 && initialized_) {
      float t = rng_.range(def_.trailingMinT * path_.total, def_.trailingMaxT * path_.total);
      PathSample s = samplePath(markers_, path_, t, def_.engine.helperPointZFromY);
      trailing_.position[k] = s.position;  // rotation 0, distance 0: on the path itself
      trailing_.spawnT[k] = t;
      parent = s.parentMarker;
    } else {
      trailing_.position[k] = markers_.frames[0].position;
    }
    vec3 dir(0, 0, 1);
    if (def_.trailingDistribution == TrailingDistribution::NormalUp) {
      // The segment index picks a marker in the model's order, as the game does.
      dir = markers_.frames[size_t(std::clamp(parent, 0, kMaxMarkers - 1))].up;
    } else if (def_.trailingDistribution == TrailingDistribution::Random) {
      dir.x = rng_.range(-1.0f, 1.0f);
      dir.y = rng_.range(-1.0f, 1.0f);
      dir.z = rng_.range(-1.0f, 1.0f);
      float len = glm::length(dir);
      dir = len > 0.0f ? dir / len : vec3(0.0f);
    }
    trailing_.initialVelocity[k] =
        dir * (def_.trailingVelocity / def_.engine.trailingVelocityDivisor);
    trailing_.initialSize[k] = rng_.range(def_.particleSize.lo, def_.particleSize.hi);
    trailing_.lifetimeTicks[k] = lifetime;
    trailing_.color[k] = lerpColor(def_.colorBound0, def_.colorBound1, rng_.unit());
    trailing_.id[k] = trailingSpawned_++;
    trailingAccumulator_ -= wholeTicks;
  }
}

EffectStats GlowInstance::stats() const {
  EffectStats s;
  s.live = normal_.count + trailing_.count;
  s.budget = kMaxParticles;
  // Normal particles' state (t, angle, distance, size, color, fade, backwards, position, velocity).
  s.bytesPerParticle = 5 * sizeof(float) + 3 * sizeof(vec3) + sizeof(uint8_t);
  s.values.push_back({"normal", double(normal_.count)});
  s.values.push_back({"trailing", double(trailing_.count)});
  s.values.push_back({"path_length", double(path_.total)});
  s.values.push_back({"markers_used", double(markers_.count)});
  s.values.push_back({"markers_named", double(markers_.named)});
  s.values.push_back({"glow_particles_in_use", double(shared_->particles)});
  s.values.push_back({"glows", double(shared_->glows)});
  s.values.push_back({"trailing_rate", double(effectiveTrailingRate(def_.particleGenerationFreq))});
  s.values.push_back({"ticks", double(ticks_)});
  if (firstPerson_) s.values.push_back({"hidden_first_person", 1.0});
  s.messages = messages_;
  return s;
}

void GlowInstance::dump(std::vector<ParticleRecord>& out) const {
  // Colour alpha carries the fade (what the additive sprite is multiplied by); size 0 means
  // actual resolution.
  float normalAge = float(ticks_ - initTick_) * kTickDt;
  for (size_t i = 0; i < normal_.count; ++i) {
    vec3 c = normal_.color[i];
    out.push_back({.position = normal_.position[i],
                   .velocity = normal_.velocity[i],
                   .color = vec4(c, normal_.fade[i]),
                   .size = normal_.size[i],
                   .rotation = 0.0f,
                   .age = normalAge});
  }
  for (size_t i = 0; i < trailing_.count; ++i) {
    vec3 c = trailing_.color[i];
    out.push_back({.position = trailing_.position[i],
                   .velocity = trailing_.velocity[i],
                   .color = vec4(c, trailing_.fade[i]),
                   .size = trailing_.size[i],
                   .rotation = 0.0f,
                   .age = float(trailing_.ageTicks[i]) * kTickDt});
  }
}

namespace {

void inspectNormal(const NormalParticles& n, size_t i, float total, ParticleInfo& p) {
  p.addText("glow_particle", "normal");
  p.add("path_t", {double(n.t[i])});
  p.add("path_parameter", {total > 0.0f ? double(n.t[i] / total) : 0.0});
  p.add("radial_angle_deg", {double(n.angle[i]) / double(kDegToRad)});
  p.add("radial_distance", {double(n.distance[i])});
  p.addText("direction", n.backwards[i] ? "backwards" : "forwards");
  p.add("fade", {double(n.fade[i])});
}

void inspectTrailing(const TrailingParticles& tr, size_t i, float total, ParticleInfo& p) {
  p.addText("glow_particle", "trailing");
  p.add("spawn_path_t", {double(tr.spawnT[i])});
  p.add("spawn_path_parameter", {total > 0.0f ? double(tr.spawnT[i] / total) : 0.0});
  p.add("age_ticks", {double(tr.ageTicks[i])});
  p.add("lifetime_ticks", {double(tr.lifetimeTicks[i])});
  const vec3 v = tr.initialVelocity[i];
  p.add("initial_velocity", {double(v.x), double(v.y), double(v.z)});
  p.add("initial_size", {double(tr.initialSize[i])});
  p.add("fade", {double(tr.fade[i])});
}

}  // namespace

void GlowInstance::inspect(std::vector<ParticleInfo>& out, const View&, bool attributes) const {
  const float normalAge = float(ticks_ - initTick_) * kTickDt;
  for (size_t i = 0; i < normal_.count; ++i) {
    ParticleInfo p;
    p.emitterName = "normal";
    p.id = i;
    p.position = normal_.position[i];
    p.velocity = normal_.velocity[i];
    p.age = normalAge;
    p.color = vec4(normal_.color[i], normal_.fade[i]);
    p.size = normal_.size[i];
    if (attributes) inspectNormal(normal_, i, path_.total, p);
    out.push_back(std::move(p));
  }
  for (size_t i = 0; i < trailing_.count; ++i) {
    ParticleInfo p;
    p.emitter = 1;
    p.emitterName = "trailing";
    p.id = trailing_.id[i];
    p.position = trailing_.position[i];
    p.velocity = trailing_.velocity[i];
    p.age = float(trailing_.ageTicks[i]) * kTickDt;
    p.life = float(trailing_.lifetimeTicks[i]) * kTickDt;
    p.color = vec4(trailing_.color[i], trailing_.fade[i]);
    p.size = trailing_.size[i];
    if (attributes) inspectTrailing(trailing_, i, path_.total, p);
    out.push_back(std::move(p));
  }
}

}  // namespace fx::glow
