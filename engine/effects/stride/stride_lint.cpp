// Pitfalls of stride_particles definitions, reported with pointers into the definition.
#include "engine/effects/stride/stride_children.h"
#include "engine/effects/stride/stride_definition_class.h"

namespace fx::stride {

namespace {

// Child modules: a parent name no emitter has, a spawner that can never spawn.
void lintChildren(const SystemDef& sys, const EmitterDef& em, Diagnostics& out,
                  const std::string& file, const std::string& ep) {
  auto missing = [&](const std::string& parent) { return findEmitter(sys, parent) < 0; };
  for (size_t s = 0; s < em.spawners.size(); ++s) {
    const SpawnerModule& sp = em.spawners[s];
    if (sp.type != SpawnerKind::FromParent) continue;
    std::string sptr = ep + "/spawners/" + std::to_string(s);
    if (missing(sp.parent))
      out.warning(
          file, sptr + "/parent_emitter",
          "no emitter named \"" + sp.parent + "\" in this system: the spawner never spawns");
    if (sp.group == ParentGroup::None)
      out.warning(file, sptr + "/control_group",
                  "control group none: a from_parent spawner never spawns (it records its counts "
                  "in the group)");
    if (sp.trigger == SpawnTrigger::None)
      out.warning(file, sptr + "/trigger", "no trigger: the spawner never spawns");
  }
  for (size_t i = 0; i < em.initializers.size(); ++i) {
    const InitializerModule& m = em.initializers[i];
    if (isParentInitializer(m.type) && missing(m.parent))
      out.warning(file, ep + "/initializers/" + std::to_string(i) + "/parent_emitter",
                  "no emitter named \"" + m.parent +
                      "\" in this system: the initializer uses its own random values only");
  }
}

// Colour operations: a step taking back a colour no push set aside, pushes deeper than a
// program holds.
void lintColorOps(const Material& m, Diagnostics& out, const std::string& file,
                  const std::string& ep) {
  int aside = 0;
  for (size_t i = 0; i < m.colorOps.size(); ++i) {
    const MaterialColorOp& op = m.colorOps[i];
    std::string ptr = ep + "/material/color_ops/" + std::to_string(i);
    if (op.operand == ColorOperandKind::Saved && aside-- <= 0) {
      aside = 0;
      out.warning(file, ptr + "/operand",
                  "no colour set aside by an earlier push: the step reads black");
    }
    if (op.action == ColorStepAction::Push && ++aside > kMaxColorOpsSetAside)
      out.warning(file, ptr + "/action",
                  "more than " + std::to_string(kMaxColorOpsSetAside) +
                      " colours set aside: the deepest is lost");
  }
}

// An animation updater whose curves both lack keys still runs: Stride samples a curve without
// keys as the value's default (ComputeAnimationCurve.SampleRaw), so it sets every particle to 0.
const char* emptyCurvesResult(const UpdaterModule& m) {
  switch (m.type) {
    case UpdaterKind::ColorAnimation:
      return m.colorCurve.empty() && m.colorCurve2.empty()
                 ? "the colour is (0, 0, 0, 0) and every particle is transparent"
                 : nullptr;
    case UpdaterKind::SizeAnimation:
      return m.curve.empty() && m.curve2.empty() ? "the size is 0 and every particle is invisible"
                                                 : nullptr;
    case UpdaterKind::RotationAnimation:
      return m.curve.empty() && m.curve2.empty()
                 ? "the rotation is set to 0 every frame (an initial rotation is lost)"
                 : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace

void StrideDefinition::lint(const SceneObject*, const Scene& scene, const EffectPlacement&,
                            Diagnostics& out, const std::string& file,
                            const std::string& pointer) const {
  for (size_t e = 0; e < system.emitters.size(); ++e) {
    const EmitterDef& em = system.emitters[e];
    std::string ep = pointer + "/emitters/" + std::to_string(e);
    lintChildren(system, em, out, file, ep);
    lintColorOps(em.material, out, file, ep);
    bool anySpawner = false;
    for (const auto& s : em.spawners) anySpawner |= s.enabled;
    if (!anySpawner)
      out.warning(file, ep + "/spawners", "no enabled spawner: the emitter never emits");
    if (em.maxParticlesOverride == 0 && anySpawner) {
      double perSecond = 0.0;
      for (const auto& s : em.spawners)
        if (s.enabled) perSecond += peakParticlesPerSecond(s);
      if (double(particleLifetime(em).hi) * perSecond > double(kMaxParticlesPerEmitter))
        out.warning(
            file, ep + "/max_particles_override",
            "derived pool size exceeds " + std::to_string(kMaxParticlesPerEmitter) + "; capped");
    }
    size_t capacity = maxParticles(em);
    for (size_t s = 0; s < em.spawners.size(); ++s) {
      const SpawnerModule& sp = em.spawners[s];
      if (sp.enabled && sp.type == SpawnerKind::Burst && size_t(sp.particleCount) > capacity)
        out.warning(
            file, ep + "/spawners/" + std::to_string(s) + "/particle_count",
            "the burst (" + std::to_string(sp.particleCount) + ") exceeds the pool (" +
                std::to_string(capacity) +
                "): the excess is dropped; set max_particles_override or a longer lifetime");
    }
    if (!validLifetime(em.lifetime.lo, em.lifetime.hi))
      out.warning(file, ep + "/particle_lifetime",
                  "particle_lifetime: the minimum is larger than the maximum; Stride rejects it "
                  "and keeps (1, 1), and so does fxview");
    bool hasDirection = false;
    for (const auto& u : em.updaters)
      hasDirection |= u.enabled && u.type == UpdaterKind::DirectionFromSpeed;
    if (em.shapeBuilder.type == ShapeBuilderKind::OrientedQuad && !hasDirection)
      out.warning(
          file, ep + "/shape_builder/type",
          "oriented_quad without a direction_from_speed updater: every quad points along +Y");
    for (size_t u = 0; u < em.updaters.size(); ++u) {
      const UpdaterModule& m = em.updaters[u];
      std::string up = ep + "/updaters/" + std::to_string(u);
      if (m.type == UpdaterKind::ForceField && m.falloff.falloffStart > m.falloff.falloffEnd)
        out.warning(file, up + "/falloff",
                    "falloff_start is beyond falloff_end: the coefficient jumps at falloff_start");
      if (m.type == UpdaterKind::ColorAnimation) {
        for (const auto* curve : {&m.colorCurve, &m.colorCurve2})
          for (size_t k = 0; k < curve->size(); ++k)
            if ((*curve)[k].value.a > 1.0f)
              out.warning(
                  file,
                  up + (curve == &m.colorCurve ? "/curve/" : "/curve_2/") + std::to_string(k) +
                      "/value/a",
                  "values above 1 are valid for RGB only (not Alpha); alpha is clamped to 1");
      }
      if (const char* what = emptyCurvesResult(m))
        out.warning(file, up + "/curve", std::string("no keys in either curve: ") + what);
    }
    for (size_t i = 0; i < em.initializers.size(); ++i) {
      const InitializerModule& m = em.initializers[i];
      if (m.type == InitializerKind::PositionArc && !m.target.empty() &&
          !scene.findObject(m.target))
        out.warning(file, ep + "/initializers/" + std::to_string(i) + "/target",
                    "no scene object named \"" + m.target + "\": the fallback target is used");
    }
  }
}

}  // namespace fx::stride
