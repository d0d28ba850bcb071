#include "engine/effects/destiny/location_frames.h"

#include <algorithm>

#include "engine/core/rng.h"

namespace fx::destiny {

namespace {

const Transform kIdentity{};

// The object a point lookup searches: kinds 2-4 the placed object, 6-8 the linked one; the second
// pose mode (3, 7) uses the first-person object when the entry names one.
const ObjectState* pointOwner(SourceKind k, const FrameContext& ctx) {
  switch (k) {
    case SourceKind::Point:
    case SourceKind::PointAlt:
      return ctx.object;
    case SourceKind::PointSecondPose:
      return ctx.firstPerson ? ctx.firstPerson : ctx.object;
    case SourceKind::LinkedPoint:
    case SourceKind::LinkedPointAlt:
      return ctx.linked;
    case SourceKind::LinkedPointSecondPose:
      return ctx.firstPerson ? ctx.firstPerson : ctx.linked;
    default:
      return nullptr;
  }
}

bool isPointKind(SourceKind k) {
  switch (k) {
    case SourceKind::Point:
    case SourceKind::PointSecondPose:
    case SourceKind::PointAlt:
    case SourceKind::LinkedPoint:
    case SourceKind::LinkedPointSecondPose:
    case SourceKind::LinkedPointAlt:
      return true;
    default:
      return false;
  }
}

}  // namespace

size_t pointFrames(const ObjectState& owner, uint32_t hash, std::vector<Transform>& out,
                   size_t max) {
  size_t added = 0;
  for (const MarkerState& m : owner.markers) {
    if (added >= max) break;
    if (!m.def || !m.def->enabled || fnv1(m.def->name) != hash) continue;
    out.push_back(m.world);
    ++added;
  }
  return added;
}

Transform objectFrame(const FrameContext& ctx) {
  return ctx.object ? ctx.object->world : kIdentity;
}

Transform uprightFrame(const Transform& t) {
  Transform u = t;
  u.rotation = quat(1, 0, 0, 0);
  return u;
}

size_t sourceFrames(const LocationSource& src, const FrameContext& ctx, std::vector<Transform>& out,
                    size_t max) {
  size_t before = out.size();
  size_t cap = src.count > 0 ? std::min(max, size_t(src.count)) : max;
  if (cap == 0) return 0;
  auto add = [&](const Transform& t) {
    if (out.size() - before < cap) out.push_back(t);
  };
  const Transform obj = objectFrame(ctx);
  if (isPointKind(src.kind)) {
    const ObjectState* owner = pointOwner(src.kind, ctx);
    uint32_t h = nameHash(src.name);
    // Seed: "The empty-name hash 0x811C9DC5 gives the object transform."
    if (h == kEmptyNameHash) {
      if (owner)
        add(owner->world);
      else if (src.kind == SourceKind::Point || src.kind == SourceKind::PointAlt ||
               src.kind == SourceKind::PointSecondPose)
        add(obj);
    } else if (owner) {
      // "A lookup that finds no row gives no valid frame."
      pointFrames(*owner, h, out, cap - (out.size() - before));
    }
  } else {
    switch (src.kind) {
      case SourceKind::Object:
        if (!src.subObject.empty()) {
          // Seed: "the object's world transform, or a sub-object's".
          const ObjectState* sub = ctx.scene ? ctx.scene->find(src.subObject) : nullptr;
          if (sub && ctx.object && sub->def && ctx.object->def &&
              sub->def->parent == ctx.object->def->name)
            add(sub->world);
        } else {
          add(obj);
        }
        break;
      case SourceKind::WorldSpace:
        add(kIdentity);
        break;
      case SourceKind::Back: {
        Transform t = obj;
        t.rotation = t.rotation * glm::angleAxis(kPi, vec3(0, 0, 1));
        add(t);
        break;
      }
      case SourceKind::Up:
        add(uprightFrame(obj));
        break;
      case SourceKind::Down: {
        Transform t = uprightFrame(obj);
        t.rotation = glm::angleAxis(kPi, vec3(1, 0, 0));
        add(t);
        break;
      }
      case SourceKind::Camera:
        if (ctx.view) {
          Transform t;
          t.position = ctx.view->eye;
          t.rotation = rotationFromForwardUp(ctx.view->forward, ctx.view->up);
          add(t);
        }
        break;
      case SourceKind::ProjectileTarget:
      case SourceKind::BeamTarget:
        if (ctx.target) add(ctx.target->world);
        break;
      default:
        break;  // kinds 5, 9 and 16-25 are not decoded: no frame
    }
  }
  if (src.effectiveFlags() & kUprightFlag)
    for (size_t i = before; i < out.size(); ++i) out[i] = uprightFrame(out[i]);
  return out.size() - before;
}

void locationFrames(const SequenceDefinition& def, int32_t index, const FrameContext& ctx,
                    std::vector<Transform>& out) {
  out.clear();
  if (index < 0 || size_t(index) >= def.locations.size()) return;
  const Location& loc = def.locations[size_t(index)];
  size_t cap = size_t(std::max(0, loc.count));
  // Seed: "A location joins the frames of its sources up to its count."
  for (int32_t s = 0; s < loc.sourceCount && out.size() < cap; ++s) {
    int32_t si = loc.firstSource + s;
    if (si < 0 || size_t(si) >= def.sources.size()) break;
    sourceFrames(def.sources[size_t(si)], ctx, out, cap - out.size());
  }
}

}  // namespace fx::destiny
