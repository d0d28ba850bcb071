// SystemInstance: creation, the system frame, spawning and the native integrator (seed "Spawn and
// update"). Drawing, dumping and the step debugger are in system_draw.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "engine/effects/destiny/system_instance.h"

#include <tbb/enumerable_thread_specific.h>

#include "engine/core/parallel.h"

namespace fx::destiny {

namespace {

// Native columns used when age, position, velocity or the angular channels are unbound, so the
// integrator still has somewhere to keep them.
int nativeColumn(Ch c) {
  switch (c) {
    case Ch::ParticleAge:
      return 0;
    case Ch::ParticlePosition:
      return 1;
    case Ch::ParticleVelocity:
      return 4;
    case Ch::AngularVelocity:
      return 7;
    case Ch::AngularPosition:
      return 8;
    default:
      return -1;
  }
}
constexpr int kNativeColumns = 9;

vec4 identityPosition() {
  return vec4(0, 0, 0, 1);
}
vec4 identityRotation() {
  return vec4(0, 0, 0, 1);
}

}  // namespace

SystemInstance::SystemInstance(const EmitterDefinition& emitter, const RasterMaterial& material,
                               const SystemParams& params)
    : emitter_(emitter),
      material_(material),
      params_(params),
      program_(emitter.compiled),
      channelConstants_(emitter.channelConstants) {
  rng_.state = params.seed;
  slotPosition_.fill(identityPosition());
  slotRotation_.fill(identityRotation());
  if (program_) namedChannels_.assign(program_->hashes.size(), 0.0f);
  vmStack_.assign(program_ ? vmScratchFloats(*program_) : stackFloats(kLanes), 0.0f);
  grow();
}

void SystemInstance::setSlot(int s, const Transform& world) {
  if (s < 0 || s >= emitter_.transformSlotCount) return;
  slotPosition_[size_t(s)] = vec4(world.position, world.scale);
  const quat& q = world.rotation;
  slotRotation_[size_t(s)] = vec4(q.x, q.y, q.z, q.w);
}

Transform SystemInstance::slotTransform(int s) const {
  Transform t;
  const vec4& p = slotPosition_[size_t(s)];
  const vec4& r = slotRotation_[size_t(s)];
  t.position = vec3(p);
  t.scale = p.w;
  quat q(r.w, r.x, r.y, r.z);
  float len = glm::length(q);
  t.rotation = len > 0.0f ? q / len : quat(1, 0, 0, 0);
  return t;
}

Transform SystemInstance::slot(int s) const {
  return slotTransform(std::clamp(s, 0, kMaxTransformSlots - 1));
}

// --- storage ------------------------------------------------------------------------------------

SystemInstance::ChanPtr SystemInstance::chan(Ch c, int k) const {
  const ChannelRecord& r = emitter_.channels[size_t(c)];
  auto* self = const_cast<SystemInstance*>(this);
  switch (r.group) {
    case 0:
    case 1:
      return {self->streams_[size_t(r.group)].data() + size_t(r.slot + k) * stride_, 1};
    case 2:
      return {self->systemGroups_[0].data() + r.slot + k, 0};
    case 4:
      return {self->systemGroups_[1].data() + r.slot + k, 0};
    case 5:
      return {self->systemGroups_[2].data() + r.slot + k, 0};
    case 6:
      return {reinterpret_cast<float*>(self->channelConstants_.data()) + r.slot + k,
              0};  // read-only by finalize
    default: {
      int col = nativeColumn(c);
      if (col < 0) return {};
      return {self->native_.data() + size_t(col + k) * stride_, 1};
    }
  }
}

float SystemInstance::read(Ch c, int k, size_t i) const {
  ChanPtr p = chan(c, k);
  return p.p ? p.p[i * p.step] : kChannels[size_t(c)].unbound[k];
}

void SystemInstance::write(Ch c, int k, size_t i, float v) {
  ChanPtr p = chan(c, k);
  if (p.p) p.p[i * p.step] = v;
}

vec3 SystemInstance::read3(Ch c, size_t i) const {
  return {read(c, 0, i), read(c, 1, i), read(c, 2, i)};
}
void SystemInstance::write3(Ch c, size_t i, vec3 v) {
  for (int k = 0; k < 3; ++k) write(c, k, i, v[k]);
}

float SystemInstance::channel(Ch c, int k, size_t particle) const {
  return read(c, k, particle);
}
vec3 SystemInstance::simPosition(size_t i) const {
  return read3(Ch::ParticlePosition, i);
}
vec3 SystemInstance::simVelocity(size_t i) const {
  return read3(Ch::ParticleVelocity, i);
}
float SystemInstance::age(size_t i) const {
  return read(Ch::ParticleAge, 0, i);
}
vec3 SystemInstance::worldPosition(size_t i) const {
  return slotTransform(emitter_.simulationFrameSlot).apply(simPosition(i));
}
vec3 SystemInstance::worldVelocity(size_t i) const {
  return slotTransform(emitter_.simulationFrameSlot).applyVector(simVelocity(i));
}

// Capacity grows by doubling (amortised; a steady state allocates nothing). The arrays are padded
// by a block so batched runs may touch a whole block past the live count, and the last row is the
// scratch row system stages use.
void SystemInstance::grow() {
  size_t newCap = std::min(kHardParticleCap, std::max<size_t>(256, capacity_ * 2));
  size_t newStride = (newCap + kLanes - 1) / kLanes * kLanes + kLanes;
  auto regrow = [&](std::vector<float>& v, size_t columns) {
    std::vector<float> n(columns * newStride, 0.0f);
    for (size_t c = 0; c < columns && stride_; ++c)
      std::memcpy(&n[c * newStride], &v[c * stride_], count_ * sizeof(float));
    v.swap(n);
  };
  regrow(streams_[0], size_t(emitter_.stream0Vec4s) * 4);
  regrow(streams_[1], size_t(emitter_.stream1Vec4s) * 4);
  regrow(native_, kNativeColumns);
  ids_.resize(newStride, 0);
  capacity_ = newCap;
  stride_ = newStride;
  bindVm();
}

void SystemInstance::bindVm() {
  vm_.stream[0] = streams_[0].data();
  vm_.stream[1] = streams_[1].data();
  vm_.stride = stride_;
  for (int g = 0; g < 3; ++g) vm_.systemGroup[g] = systemGroups_[size_t(g)].data();
  vm_.channelConstants = channelConstants_.data();
  vm_.slotPosition = slotPosition_.data();
  vm_.slotRotation = slotRotation_.data();
  vm_.namedChannels = namedChannels_.data();
  vm_.rng = &rng_;
}

void SystemInstance::rebindCopy() {
  bindVm();
  chunkStacks_.reset();
  stageLog = nullptr;
}

size_t SystemInstance::stateBytes() const {
  size_t bytes = sizeof(*this) + heapBytes(streams_[0]) + heapBytes(streams_[1]) +
                 heapBytes(native_) + heapBytes(namedChannels_) + heapBytes(vmStack_) +
                 heapBytes(channelConstants_) + heapBytes(messages_);
  for (const std::string& m : messages_) bytes += m.capacity();
  return bytes;
}

void SystemInstance::zeroRow(size_t i) {
  auto zero = [&](std::vector<float>& v) {
    for (size_t c = 0; c < v.size() / stride_; ++c) v[c * stride_ + i] = 0.0f;
  };
  zero(streams_[0]);
  zero(streams_[1]);
  zero(native_);
}

void SystemInstance::swapRemove(size_t i) {
  size_t last = count_ - 1;
  if (i != last) {
    auto move = [&](std::vector<float>& v) {
      for (size_t c = 0; c < v.size() / stride_; ++c) v[c * stride_ + i] = v[c * stride_ + last];
    };
    move(streams_[0]);
    move(streams_[1]);
    move(native_);
    ids_[i] = ids_[last];
  }
  --count_;
}

void SystemInstance::runStage(int stage, size_t particle) {
  if (stageLog) stageLog->push_back(stage);
  if (!program_) return;
  if (!stageHasParticle(stage)) {
    particle = stride_ - 1;  // the scratch row: particle streams read 0, writes go nowhere
    zeroRow(particle);
  }
  runStageOne(*program_, stage, vm_, particle);
}

// --- the system frame ---------------------------------------------------------------------------

void SystemInstance::create(const SystemStepInput&) {
  created_ = true;
  size_t sys = stride_ - 1;
  // The seed names no writer of particle_system_random (nor of particle_random): fxview draws one
  // only for a bound channel, so an unbound one shifts no later value of the generator.
  if (bound(Ch::ParticleSystemRandom)) write(Ch::ParticleSystemRandom, 0, sys, rng_.unit());
  write(Ch::ParticleSystemDuration, 0, sys, params_.duration);
  runStage(kStageCreate7, 0);
  runStage(kStage0, 0);
  prevSpawn_ = slotTransform(emitter_.spawnFrameSlot);
}

void SystemInstance::step(const SystemStepInput& in) {
  bindVm();  // the instance may have moved (vectors of instances): re-point the VM at its members
  const float dt = in.dt;
  // Externs and object channels for this frame.
  vm_.externFloats[0] = float(std::fmod(in.time, kExternTimeWrap));
  vm_.externFloats[1] = dt;
  vm_.externFloats[2] = float(in.time);
  vm_.externFloats[3] = float(in.frame);
  vm_.externFloats[4] = dt > 0.0f ? 1.0f / dt : 0.0f;
  vm_.externFloats[5] = 1.0f / 30.0f;
  vm_.externFloats[6] = 1.0f / 60.0f;
  for (int k = 0; k < kMaxObjectChannels; ++k)
    vm_.channels[k] =
        in.channels && size_t(k) < in.channels->size() ? (*in.channels)[size_t(k)].value : 0.0f;
  if (program_) {
    for (size_t h = 0; h < program_->hashes.size(); ++h) {
      namedChannels_[h] = 0.0f;
      if (in.channels)
        for (const Channel& c : *in.channels)
          if (fnv1(c.name) == program_->hashes[h]) namedChannels_[h] = c.value;
    }
  }
  const Transform sim = slotTransform(emitter_.simulationFrameSlot);
  vm_.externVectors[0] = in.view ? vec4(in.view->eye, 1.0f) : vec4(0.0f);
  vm_.externVectors[1] = in.view ? vec4(in.view->forward, 0.0f) : vec4(1, 0, 0, 0);
  vm_.externVectors[3] = vec4(inverse(sim).applyVector(vec3(0, 0, -1)), 0.0f);

  if (!created_) create(in);
  spawnNow_ = slotTransform(emitter_.spawnFrameSlot);
  parentVelocity_ = dt > 0.0f ? (spawnNow_.position - prevSpawn_.position) / dt : vec3(0.0f);
  vm_.externVectors[2] = vec4(parentVelocity_, 0.0f);

  // Seed: "The system frame advances particle_system_age by the frame time over the system's
  // duration, clamped to 1."
  systemTime_ += dt;
  systemAge_ =
      std::min(1.0f, systemAge_ + (params_.duration > 0.0f ? dt / params_.duration : 1.0f));
  const size_t sys = stride_ - 1;
  write(Ch::ParticleSystemAge, 0, sys, systemAge_);
  write(Ch::ParticleSystemTime, 0, sys, float(systemTime_));
  write(Ch::ParticleSystemDuration, 0, sys, params_.duration);
  write(Ch::ParticleSystemLiveCount, 0, sys, float(count_));
  write(Ch::ParticleSystemSpawnCount, 0, sys, float(spawnCounter_));
  write3(Ch::ParticleSystemPosition, sys, spawnNow_.position);
  write3(Ch::ParticleSystemVelocity, sys, parentVelocity_);
  write(Ch::ParticleSystemScale, 0, sys, spawnNow_.scale);

  runStage(kStageFrame, 0);
  updateParticles(dt, in);
  const size_t before = count_;
  emit(dt, in, spawnNow_);
  drawReady(before);
  prevSpawn_ = slotTransform(emitter_.spawnFrameSlot);
  firstFrame_ = false;
}

namespace {

// A stage can run over particle chunks concurrently when no instruction writes state shared by
// all particles: stores to system groups (2, 4, 5) and transform-slot writes keep "the last
// particle's value", which only a sequential run defines.
bool stageWritesShared(const CompiledProgram& p, int stage) {
  const Instr* first = p.instrs.data() + p.firstInstr[size_t(stage)];
  for (uint32_t k = 0; k < p.instrCount[size_t(stage)]; ++k) {
    const Instr& in = first[k];
    if (in.op == Op::Store && in.a != 0 && in.a != 1) return true;
    if (in.op == Op::WriteSlot || in.op == Op::WriteSlotPosition || in.op == Op::WriteSlotRotation)
      return true;
  }
  return false;
}

// The native integrator (seed: after stage 4 "the native code integrates"): gravity, the two
// accelerations, air friction and rotation, with its frame-constant inputs resolved once.
struct Integrator {
  // An input: a per-particle stream, a system value or the channel's unbound value, all read as
  // p[i * step].
  struct Reader {
    const float* p = nullptr;
    size_t step = 0;
    float operator()(size_t i) const { return p[i * step]; }
  };

  Transform toSim, spawn;  // world -> simulation frame; the spawn frame slot
  vec3 gravityDir{0.0f};
  float gravityScale = 1.0f;
  bool emitterFrame[2] = {false, false};
  float* pos[3] = {};
  float* vel[3] = {};
  float* angVel = nullptr;
  float* angPos = nullptr;
  Reader gravity, airFriction, rotAcceleration, rotFriction;
  Reader strength[2];
  Reader dir[2][3];
  // Directions and strengths that are system values or unbound are the same for every particle:
  // their term of the acceleration is then worked out once, with the very same operations.
  bool accelUniform = true;
  vec3 accelTerm[2] = {vec3(0.0f), vec3(0.0f)};
  std::array<float, 12> unbound{};  // what unbound readers point at (so never copied)
  size_t unboundUsed = 0;

  Integrator() = default;
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  // Binds the channels; `chan(c, k)` gives channel c's float k (p null when unbound). Needs
  // toSim, spawn and emitterFrame.
  template <typename ChanFn>
  void resolve(ChanFn&& chan) {
    for (int k = 0; k < 3; ++k) {
      pos[k] = chan(Ch::ParticlePosition, k).p;
      vel[k] = chan(Ch::ParticleVelocity, k).p;
    }
    angVel = chan(Ch::AngularVelocity, 0).p;
    angPos = chan(Ch::AngularPosition, 0).p;
    auto reader = [&](Ch c, int k) -> Reader {
      auto cp = chan(c, k);
      if (cp.p) return {cp.p, cp.step};
      unbound[unboundUsed] = kChannels[size_t(c)].unbound[k];
      return {&unbound[unboundUsed++], 0};
    };
    const Ch dirCh[2] = {Ch::Acceleration0Direction, Ch::Acceleration1Direction};
    const Ch strCh[2] = {Ch::Acceleration0Strength, Ch::Acceleration1Strength};
    gravity = reader(Ch::GravityStrength, 0);
    airFriction = reader(Ch::AirFriction, 0);
    rotAcceleration = reader(Ch::RotationalAcceleration, 0);
    rotFriction = reader(Ch::RotationalFriction, 0);
    for (int a = 0; a < 2; ++a) strength[a] = reader(strCh[a], 0);
    for (int a = 0; a < 2; ++a)
      for (int k = 0; k < 3; ++k) dir[a][k] = reader(dirCh[a], k);

    for (int a = 0; a < 2; ++a) {
      accelUniform = accelUniform && strength[a].step == 0;
      for (int k = 0; k < 3; ++k) accelUniform = accelUniform && dir[a][k].step == 0;
    }
    if (accelUniform)
      for (int a = 0; a < 2; ++a) {
        vec3 d(dir[a][0](0), dir[a][1](0), dir[a][2](0));
        if (emitterFrame[a]) d = spawn.rotation * d;
        accelTerm[a] = toSim.applyVector(d) * strength[a](0);
      }
  }

  // Integrates particles [begin, end) over dt.
  void run(size_t begin, size_t end, float dt) const {
    for (size_t i = begin; i < end; ++i) {
      vec3 acc = gravityDir * (gravity(i) * gravityScale);
      if (accelUniform) {
        acc += accelTerm[0];
        acc += accelTerm[1];
      } else {
        for (int a = 0; a < 2; ++a) {
          vec3 d(dir[a][0](i), dir[a][1](i), dir[a][2](i));
          if (emitterFrame[a]) d = spawn.rotation * d;
          acc += toSim.applyVector(d) * strength[a](i);
        }
      }
      vec3 v(vel[0][i], vel[1][i], vel[2][i]);
      v += acc * dt;
      v -= v * std::clamp(airFriction(i) * dt, 0.0f, 1.0f);
      for (int k = 0; k < 3; ++k) {
        vel[k][i] = v[k];
        pos[k][i] += v[k] * dt;
      }
      float w = angVel[i] + rotAcceleration(i) * dt;
      w -= w * std::clamp(rotFriction(i) * dt, 0.0f, 1.0f);
      angVel[i] = w;
      angPos[i] += w * kTwoPi * dt;
    }
  }
};

}  // namespace

// Stage-4 stack scratch for chunks other than 0, one per worker thread, allocated once.
struct SystemInstance::ChunkStacks {
  tbb::enumerable_thread_specific<std::vector<float>> stacks;
};

float* SystemInstance::chunkStack() {
  std::vector<float>& v = chunkStacks_->stacks.local();
  const size_t need = program_ ? vmScratchFloats(*program_) : stackFloats(kLanes);
  if (v.size() < need) v.assign(need, 0.0f);
  return v.data();
}

// Seed: "Each update advances the particle's age by the frame time over particle_lifetime,
// clamped to 1, and runs stage 4. Then the native code integrates".
//
// Large populations run in fixed chunks of kParallelChunk particles on several threads
// (engine/core/parallel.h): each chunk does all of its particles' frame (age, stage 4, integrator),
// and chunk c > 0 draws stage 4's random numbers from its own stream (chunkSeed of the instance
// seed, the frame and c), chunk 0 from the instance's generator. So a population of one chunk
// draws exactly the sequence a one-particle-at-a-time run would, and any population gives the
// same result on any number of threads. A stage-4 program that writes system state runs as one
// chunk.
void SystemInstance::updateParticles(float dt, const SystemStepInput& in) {
  if (stageLog) stageLog->push_back(kStageUpdate);
  if (count_ == 0) return;

  // The native integrator's frame-constant inputs, in the simulation frame.
  const Transform sim = slotTransform(emitter_.simulationFrameSlot);
  Integrator integ;
  integ.spawn = slotTransform(emitter_.spawnFrameSlot);
  // Seed: "World directions and gravity are turned into it by the inverse of that slot": the
  // inverse holds the slot's uniform scale as well as its rotation.
  integ.toSim = inverse(sim);
  integ.gravityDir = integ.toSim.applyVector(vec3(0, 0, -1));
  integ.gravityScale = params_.gravityScale;
  integ.emitterFrame[0] = emitter_.acceleration0EmitterFrame;
  integ.emitterFrame[1] = emitter_.acceleration1EmitterFrame;
  integ.resolve([this](Ch c, int k) { return chan(c, k); });
  const float* const* pos = integ.pos;
  ChanPtr age = chan(Ch::ParticleAge, 0), life = chan(Ch::ParticleLifetime, 0);
  const float unboundLife = kChannels[size_t(Ch::ParticleLifetime)].unbound.x;
  const bool hasPrev = chan(Ch::ParticlePreviousPosition, 0).p != nullptr;
  const bool hasCameraDistance = in.view && chan(Ch::ParticleCameraDistance, 0).p;

  auto runChunk = [&](size_t chunk, size_t begin, size_t end, float* stack) {
    for (size_t i = begin; i < end; ++i) {
      float l = life.p ? life.p[i * life.step] : unboundLife;
      float& a = age.p[i];
      a = std::min(1.0f, a + dt / l);
    }
    if (hasPrev)
      for (int k = 0; k < 3; ++k) {
        const ChanPtr prev = chan(Ch::ParticlePreviousPosition, k);
        if (prev.p)
          for (size_t i = begin; i < end; ++i) prev.p[i * prev.step] = pos[k][i];
      }
    if (program_) {
      if (chunk == 0) {
        runStageCompiled(*program_, kStageUpdate, vm_, begin, end - begin, stack);
      } else {
        VmState st = vm_;
        Lcg chunkRng{chunkSeed(params_.seed, in.frame, chunk)};
        st.rng = &chunkRng;
        runStageCompiled(*program_, kStageUpdate, st, begin, end - begin, stack);
      }
    }
    integ.run(begin, end, dt);
    if (hasCameraDistance) {
      const ChanPtr dist = chan(Ch::ParticleCameraDistance, 0);
      const vec3 eye = in.view->eye;
      for (size_t i = begin; i < end; ++i)
        dist.p[i * dist.step] = glm::length(sim.apply(vec3(pos[0][i], pos[1][i], pos[2][i])) - eye);
    }
  };

  if (program_ && stageWritesShared(*program_, kStageUpdate)) {
    runChunk(0, 0, count_, vmStack_.data());
  } else {
    if (!chunkStacks_ && chunkCount(count_) > 1) chunkStacks_ = std::make_shared<ChunkStacks>();
    parallelChunks(count_, [&](size_t chunk, size_t begin, size_t end) {
      runChunk(chunk, begin, end, chunk == 0 ? vmStack_.data() : chunkStack());
    });
  }

  // Age 1 is death: swap-remove.
  for (size_t i = 0; i < count_;) {
    if (age.p[i] >= 1.0f)
      swapRemove(i);
    else
      ++i;
  }
}

// Particles spawned this frame are drawn this frame, so they get stage 4 once at age 0 (no age
// step, no integration) to give them their size and colour; a one-frame muzzle flash keeps its
// first frame. From the next frame on they update like every other particle.
void SystemInstance::drawReady(size_t first) {
  if (!program_ || first >= count_ || program_->stageEmpty(kStageUpdate)) return;
  runStageCompiled(*program_, kStageUpdate, vm_, first, count_ - first, vmStack_.data());
}

void SystemInstance::emit(float dt, const SystemStepInput& in, const Transform& spawnNow) {
  const size_t sys = stride_ - 1;
  if (!emitting_) return;
  // Seed: "Each frame adds emission_rate times the frame time to a carried fraction and spawns the
  // whole part. initial_particle_count spawns once."
  carry_ += read(Ch::EmissionRate, 0, sys) * (in.emitSeconds >= 0.0f ? in.emitSeconds : dt);
  double whole = std::floor(double(carry_));
  carry_ -= float(whole);
  double n = std::max(0.0, whole);
  if (firstFrame_) n += std::max(0.0f, std::floor(read(Ch::InitialParticleCount, 0, sys)));
  // Distance emission: stage 5, then emission_distance particles per world unit the spawn frame
  // moved.
  if (emitter_.channels[size_t(Ch::EmissionDistance)].group != kGroupUnused) {
    runStage(kStageDistance, 0);
    distanceCarry_ +=
        glm::length(spawnNow.position - prevSpawn_.position) * read(Ch::EmissionDistance, 0, sys);
    double dw = std::floor(double(distanceCarry_));
    distanceCarry_ -= float(dw);
    n += std::max(0.0, dw);
  }
  write(Ch::EmissionCarry, 0, sys, carry_);
  n = std::min(n, double(kHardParticleCap) + 1.0);
  const size_t total = size_t(n);
  for (size_t j = 0; j < total; ++j) spawnOne(float(j + 1) / float(total), in);
}

// Seed "A spawn runs in this order", steps 1-6.
void SystemInstance::spawnOne(float t, const SystemStepInput& in) {
  const size_t sys = stride_ - 1;
  const float maxCount = std::floor(read(Ch::ParticleMaxCount, 0, sys));
  if (maxCount > 0.0f && float(count_) >= maxCount) {
    ++dropped_;
    return;
  }
  if (count_ >= kHardParticleCap) {
    ++dropped_;
    if (!capReported_)
      messages_.push_back("particle count reached fxview's hard cap of " +
                          std::to_string(kHardParticleCap) +
                          " per system; further spawns are dropped");
    capReported_ = true;
    return;
  }
  if (count_ == capacity_) grow();
  const size_t i = count_++;
  zeroRow(i);
  // 1. Age 0, emit time and spawn id (and fxview's particle_random draw, only when bound).
  write(Ch::ParticleAge, 0, i, 0.0f);
  write(Ch::ParticleEmitTime, 0, i, float(systemTime_));
  write(Ch::ParticleSpawnId, 0, i, float(spawnCounter_));
  ids_[i] = spawnCounter_;
  if (bound(Ch::ParticleRandom)) write(Ch::ParticleRandom, 0, i, rng_.unit());
  ++spawnCounter_;
  const bool interpolate =
      (emitter_.flags & (kFlagInterpolateSpawnA | kFlagInterpolateSpawnB)) != 0;
  write(Ch::SpawnFrameFraction, 0, sys, interpolate ? t : 1.0f);
  // 2. Stages 6 and 2.
  runStage(kStageSpawn6, i);
  runStage(kStageSpawn2, i);
  // 3. The spawn shape's point and the spawn direction times initial_speed.
  vec3 p = sampleShape(i);
  vec3 v = sampleDirection(p, i) * read(Ch::InitialSpeed, 0, i);
  write3(Ch::InitialParticlePosition, i, p);
  write3(Ch::InitialParticleVelocity, i, v);
  // 4. Stage 3 (programs usually copy the initial values into position and velocity).
  runStage(kStageParticleInit, i);
  // 5. Into the simulation space by the spawn frame (interpolated when the flags say so), plus the
  // parent's velocity.
  Transform spawn = slotTransform(emitter_.spawnFrameSlot);
  if (interpolate) spawn = lerp(prevSpawn_, spawn, t);
  const Transform toSim = inverse(slotTransform(emitter_.simulationFrameSlot));
  vec3 worldPos = spawn.apply(simPosition(i));
  vec3 worldVel =
      spawn.applyVector(simVelocity(i)) + parentVelocity_ * read(Ch::InheritParentVelocity, 0, i);
  write3(Ch::ParticlePosition, i, toSim.apply(worldPos));
  write3(Ch::ParticleVelocity, i, toSim.applyVector(worldVel));
  // 6. Camera distances, angular position 0, angular velocity from initial_rotation_rate.
  float camDist = in.view ? glm::length(worldPos - in.view->eye) : 0.0f;
  write(Ch::ParticleCameraDistance, 0, i, camDist);
  write(Ch::InitialCameraDistance, 0, i, camDist);
  write(Ch::AngularPosition, 0, i, 0.0f);
  write(Ch::AngularVelocity, 0, i, read(Ch::InitialRotationRate, 0, i));
}

vec3 SystemInstance::sampleShape(size_t i) {
  const float scale = read(Ch::EmitterShapeScale, 0, i);
  const float radius = read(Ch::EmitterRadius, 0, i);
  const float length = read(Ch::EmitterLength, 0, i);
  vec3 p(0.0f);
  switch (emitter_.spawnShape) {
    case SpawnShape::Point:
      break;
    case SpawnShape::Ring: {
      float a = rng_.unit() * kTwoPi;
      p = vec3(0.0f, radius * std::cos(a), radius * std::sin(a));
      break;
    }
    case SpawnShape::SphereSurface: {
      float z = rng_.signedUnit();
      float a = rng_.unit() * kTwoPi;
      float s = std::sqrt(std::max(0.0f, 1.0f - z * z));
      p = radius * vec3(s * std::cos(a), s * std::sin(a), z);
      break;
    }
    case SpawnShape::Segment:
      p = vec3(0.0f, (rng_.unit() - 0.5f) * length, 0.0f);
      break;
    case SpawnShape::Cube:
      p.x = (rng_.unit() - 0.5f) * length;
      p.y = (rng_.unit() - 0.5f) * length;
      p.z = (rng_.unit() - 0.5f) * length;
      break;
    case SpawnShape::Grid: {
      vec3 countF = read3(Ch::EmitterGridCount, i);
      int64_t nx = std::clamp<int64_t>(int64_t(countF.x), 1, 1024),
              ny = std::clamp<int64_t>(int64_t(countF.y), 1, 1024),
              nz = std::clamp<int64_t>(int64_t(countF.z), 1, 1024);
      int64_t total = nx * ny * nz;
      int64_t cell = (emitter_.flags & kFlagRandomGridCells)
                         ? int64_t((uint64_t(rng_.next() >> 16) * uint64_t(total)) >> 16)
                         : int64_t(gridCounter_++ % uint64_t(total));
      write(Ch::EmitterGridCell, 0, stride_ - 1, float(cell));
      const float jitter = read(Ch::EmitterGridJitter, 0, i);
      const int64_t idx[3] = {cell % nx, (cell / nx) % ny, cell / (nx * ny)};
      const int64_t n[3] = {nx, ny, nz};
      for (int k = 0; k < 3; ++k) {
        float off = jitter != 0.0f ? (rng_.unit() - 0.5f) * jitter : 0.0f;
        p[k] = ((float(idx[k]) + 0.5f + off) / float(n[k]) - 0.5f) * length;
      }
      break;
    }
  }
  return (p + read3(Ch::EmitterShapeOffset, i)) * scale;
}

vec3 SystemInstance::sampleDirection(vec3 point, size_t i) {
  const float angle = read(Ch::EmitterAngle, 0, i) * kDegToRad;
  switch (emitter_.spawnDirection) {
    case SpawnDirection::Cone: {
      float cosT = 1.0f - rng_.unit() * (1.0f - std::cos(angle));
      float sinT = std::sqrt(std::max(0.0f, 1.0f - cosT * cosT));
      float a = rng_.unit() * kTwoPi;
      return {cosT, sinT * std::cos(a), sinT * std::sin(a)};
    }
    case SpawnDirection::TiltedTowardPoint: {
      vec3 perp(0.0f, point.y, point.z);
      float len = glm::length(perp);
      if (len == 0.0f) return {1, 0, 0};
      return vec3(std::cos(angle), 0, 0) + perp / len * std::sin(angle);
    }
    case SpawnDirection::Sphere: {
      float z = rng_.signedUnit();
      float a = rng_.unit() * kTwoPi;
      float s = std::sqrt(std::max(0.0f, 1.0f - z * z));
      return {s * std::cos(a), s * std::sin(a), z};
    }
    case SpawnDirection::FromOrigin:
    case SpawnDirection::FromOrigin4: {
      float len = glm::length(point);
      return len > 0.0f ? point / len : vec3(1, 0, 0);
    }
  }
  return {1, 0, 0};
}

}  // namespace fx::destiny
