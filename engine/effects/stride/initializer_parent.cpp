// Initializers that read a parent emitter (reference stride_runtime §5, Stride's
// ParticleChildInitializer and Initial{Position,Velocity,Color,Size,Order}Parent):
// position_parent (a box around the parent, spread between its old and new position),
// velocity_parent (a random box plus the parent's velocity x factor), color_parent (a random
// colour times the parent's), size_parent (a random size times the parent's) and order_parent
// (the parent's Order in the upper bits, its child counter below).
//
// Each child's parent: with the control group's field on the parent (a from_parent spawner with
// the same group follows it), the parents in pool order, each for exactly the children it
// recorded this frame, the rest of the batch left as it was; otherwise a random living parent
// (index = count x the child's seed float at 1112 + parent_seed_offset). Without living parents
// holding the field read, the module's own random value stands alone. A parent in local space is
// brought into the child's module frame (rotation, scale X, position).
#include <algorithm>

#include "engine/effects/stride/stride_children.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_order.h"

namespace fx::stride {

namespace {

class ParentWalk {
 public:
  // `reads`: the parent field the module reads (without it there are no parents to read).
  ParentWalk(const InitializerModule& m, const ParentView& parent, uint32_t reads)
      : seedOffset_(uint32_t(m.parentSeedOffset)) {
    const ParticlePool* p = parent.pool;
    if (!p || !p->has(reads)) return;
    count_ = p->count;
    int g = int(m.parentGroup);
    if (m.parentGroup != ParentGroup::None && p->has(childrenField(g)))
      counts_ = p->children[g].data();
  }
  bool any() const { return count_ > 0; }
  bool sequential() const { return counts_ != nullptr; }

  struct Step {
    size_t index = 0;
    bool newParent = false;  // sequential: moved on to another parent
    uint32_t children = 0;   // sequential: that parent's children this frame
  };
  // The next child's parent; false when the parents' recorded children are used up.
  bool next(uint32_t childSeed, Step& out) {
    out.newParent = false;
    if (!counts_) {
      float r = RandomSeed{childSeed}.getFloat(offset::k1A + seedOffset_);
      out.index = std::min(size_t(float(count_) * r), count_ - 1);
      return true;
    }
    while (left_ == 0) {
      if (nextParent_ >= count_) return false;
      current_ = nextParent_++;
      left_ = counts_[current_].toEmit;
      out.newParent = true;
      out.children = left_;
    }
    --left_;
    out.index = current_;
    return true;
  }

 private:
  uint32_t seedOffset_;
  size_t count_ = 0;
  const ChildCount* counts_ = nullptr;
  size_t nextParent_ = 0, current_ = 0;
  uint32_t left_ = 0;
};

// The inspector's parent link: the first parent initializer to pick one names it.
inline void noteParent(ParticlePool& p, size_t i, const ParticlePool* parent, size_t index) {
  if (parent && p.has(kFieldParent) && p.parent[i] == kNoParent) p.parent[i] = parent->id[index];
}

bool parentIsLocal(const ParentView& parent) {
  return parent.def && parent.def->space == SimulationSpace::Local;
}

void initPositionParent(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                        size_t begin, size_t end) {
  ParentWalk walk(m, c.parent, kFieldPosition);
  const ModuleWorld& w = c.world;
  const vec3 lo = m.positionMin * w.scale, extent = m.positionMax * w.scale - lo;
  const vec3 base = walk.any() ? vec3(0.0f) : w.position;  // else placed by the parent
  const ParticlePool* parent = c.parent.pool;
  const bool hasOld = parent && parent->has(kFieldOldPosition), local = parentIsLocal(c.parent);
  float step = 0.0f, along = 0.0f;
  vec3 back(0.0f);  // the parent's old position minus its position
  for (size_t i = begin; i < end; ++i) {
    vec3 pos = base + w.rotation * (lo + extent * unitVec3(RandomSeed{p.seed[i]}, m.seedOffset));
    if (walk.any()) {
      ParentWalk::Step s;
      if (!walk.next(p.seed[i], s)) return;
      noteParent(p, i, c.parent.pool, s.index);
      if (s.newParent && hasOld) {
        step = s.children > 0 ? 1.0f / float(s.children) : 1.0f;
        along = 0.0f;
        back = parent->oldPosition[s.index] - parent->position[s.index];
      }
      vec3 from = parent->position[s.index];
      if (walk.sequential()) {
        from += back * along;
        along += step;
      }
      if (local) from = (w.rotation * from) * w.scale.x + w.position;
      pos += from;
    }
    p.position[i] = pos;
    if (p.has(kFieldOldPosition)) p.oldPosition[i] = pos;  // InitialPositionParent sets both
  }
}

void initVelocityParent(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                        size_t begin, size_t end) {
  if (!p.has(kFieldVelocity)) return;
  ParentWalk walk(m, c.parent, kFieldVelocity);
  const ModuleWorld& w = c.world;
  const vec3 lo = m.velocityMin * w.scale, extent = m.velocityMax * w.scale - lo;
  const bool local = parentIsLocal(c.parent);
  for (size_t i = begin; i < end; ++i) {
    vec3 vel = w.rotation * (lo + extent * unitVec3(RandomSeed{p.seed[i]}, m.seedOffset));
    if (walk.any()) {
      ParentWalk::Step s;
      if (!walk.next(p.seed[i], s)) return;
      noteParent(p, i, c.parent.pool, s.index);
      vec3 from = c.parent.pool->velocity[s.index];
      if (local) from = (w.rotation * from) * w.scale.x;
      vel += from * m.parentVelocityFactor;
    }
    p.velocity[i] = vel;
  }
}

void initColorParent(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                     size_t begin, size_t end) {
  if (!p.has(kFieldColor)) return;
  ParentWalk walk(m, c.parent, kFieldColor);
  const vec4 a = m.colorMin.vec(), b = m.colorMax.vec();
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    vec4 col = a + (b - a) * r;
    if (walk.any()) {
      ParentWalk::Step s;
      if (!walk.next(p.seed[i], s)) return;
      noteParent(p, i, c.parent.pool, s.index);
      col *= c.parent.pool->color[s.index];  // the parent's stored (premultiplied) colour
    }
    p.color[i] = vec4(vec3(col) * col.a, col.a);
  }
}

void initSizeParent(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end) {
  if (!p.has(kFieldSize)) return;
  ParentWalk walk(m, c.parent, kFieldSize);
  const float scale = c.world.scale.x, lo = scale * m.size.lo, gap = scale * m.size.hi - lo;
  const bool local = parentIsLocal(c.parent);
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    float size = lo + gap * r;
    if (walk.any()) {
      ParentWalk::Step s;
      if (!walk.next(p.seed[i], s)) return;
      noteParent(p, i, c.parent.pool, s.index);
      size *= c.parent.pool->size[s.index] * (local ? scale : 1.0f);
    }
    p.size[i] = size;
  }
}

// The running counter advances for every child it reaches, the one that finds the parents' children
// used up included (Stride numbers it before looking).
void initOrderParent(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                     size_t begin, size_t end) {
  if (!p.has(kFieldOrder) || !c.counter) return;
  ParentWalk walk(m, c.parent, kFieldOrder);
  ParticlePool* parent = c.parent.pool;
  const bool parentCounter = parent && parent->has(kFieldChildOrder);
  for (size_t i = begin; i < end; ++i) {
    uint32_t own = (*c.counter)++;
    uint32_t result = own;
    if (walk.any()) {
      ParentWalk::Step s;
      if (!walk.next(p.seed[i], s)) return;
      noteParent(p, i, c.parent.pool, s.index);
      uint32_t childCounter = 0;
      if (parentCounter) childCounter = parent->childOrder[s.index]++;
      result = order::childOrder(parent->order[s.index], parentCounter, childCounter, own);
    }
    p.order[i] = result;
  }
}

}  // namespace

bool isParentInitializer(InitializerKind k) {
  return k == InitializerKind::PositionParent || k == InitializerKind::VelocityParent ||
         k == InitializerKind::ColorParent || k == InitializerKind::SizeParent ||
         k == InitializerKind::OrderParent;
}

void reflectInitParent(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "parent_emitter",
           .help = "The name of the followed (parent) emitter in this particle system."},
          m.parent, "");
  v.visit({.key = "parent_seed_offset",
           .help = "Without a control group: the seed offset that picks each child's random "
                   "parent.",
           .min = 0,
           .max = 65535},
          m.parentSeedOffset, 0);
  visitEnum(v,
            {.key = "control_group",
             .help = "With the group a from_parent spawner records its counts in, each parent "
                     "gets exactly its children, in order; otherwise (none, or no spawner uses "
                     "the group) each child takes a random parent."},
            m.parentGroup, parentGroupOptions(), ParentGroup::Group0);
  switch (m.type) {
    case InitializerKind::PositionParent:
      v.visit({.key = "position_min",
               .unit = "m",
               .help = "The left bottom back corner of the box around the parent."},
              m.positionMin, vec3(-1, 1, -1));
      v.visit({.key = "position_max",
               .unit = "m",
               .help = "The right upper front corner of the box around the parent."},
              m.positionMax, vec3(1, 1, 1));
      break;
    case InitializerKind::VelocityParent:
      v.visit({.key = "parent_velocity_factor",
               .help = "How much of the parent's velocity the child inherits (0.5 = half)."},
              m.parentVelocityFactor, 0.5f);
      reflectInitVelocity(m, v);
      break;
    case InitializerKind::ColorParent:
      reflectInitColor(m, v);
      break;
    case InitializerKind::SizeParent:
      reflectInitSize(m, v);
      break;
    default:
      break;
  }
}

void initFromParent(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end) {
  switch (m.type) {
    case InitializerKind::PositionParent:
      return initPositionParent(m, c, p, begin, end);
    case InitializerKind::VelocityParent:
      return initVelocityParent(m, c, p, begin, end);
    case InitializerKind::ColorParent:
      return initColorParent(m, c, p, begin, end);
    case InitializerKind::SizeParent:
      return initSizeParent(m, c, p, begin, end);
    case InitializerKind::OrderParent:
      return initOrderParent(m, c, p, begin, end);
    default:
      return;
  }
}

}  // namespace fx::stride
