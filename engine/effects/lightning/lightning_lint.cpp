// Lint of a lightning definition against its scene: a named target that is not there, a marker
// the target lacks, textures without the side-car that lets fxview report the revealed share.
#include "engine/effects/lightning/lightning_definition.h"
#include "engine/effects/lightning/lightning_sim.h"

namespace fx::lightning {

namespace {

// Entry keys live beside "definition": point at them when the definition is inline.
std::string entryPointer(const std::string& definitionPointer, const char* key) {
  const std::string suffix = "/definition";
  if (definitionPointer.size() >= suffix.size() &&
      definitionPointer.compare(definitionPointer.size() - suffix.size(), suffix.size(), suffix) ==
          0)
    return definitionPointer.substr(0, definitionPointer.size() - suffix.size()) + "/" + key;
  return definitionPointer;
}

}  // namespace

void Definition::lint(const SceneObject*, const Scene& scene, const EffectPlacement& where,
                      Diagnostics& out, const std::string& file, const std::string& pointer) const {
  bool wantsObject =
      target == TargetMode::Object || (target == TargetMode::Auto && !targetObject.empty());
  if (wantsObject) {
    const SceneObject* o = scene.findObject(targetObject);
    if (!o) {
      out.error(
          file, entryPointer(pointer, "target_object"),
          "effect \"" + where.id + "\": no object named \"" + targetObject + "\" in the scene");
    } else if (!targetMarker.empty()) {
      bool has = false;
      for (const Marker& m : o->markers) has = has || m.name == targetMarker;
      if (!has)
        out.warning(file, entryPointer(pointer, "target_marker"),
                    "object \"" + targetObject + "\" has no marker \"" + targetMarker +
                        "\": its origin is used");
    }
  }
  // Only the states this definition can reach.
  bool used[kStateCount] = {};
  used[int(state)] = true;
  for (const StateChange& c : stateChanges) used[int(c.state)] = true;
  if (used[int(State::SuccessfulAttack)]) {
    SceneState at0;
    evaluateScene(scene, 0.0, at0);
    std::string r = reachProblem(*this, State::SuccessfulAttack, evaluateAim(*this, where, at0));
    if (!r.empty()) out.warning(file, pointer + "/successful_attack/length", r + " (at 0 s)");
  }
  if (mode != ShaderMode::Iteration4) return;
  const char* keys[kStateCount] = {"reaching_charge", "has_charge", "unsuccessful_attack",
                                   "successful_attack"};
  for (int i = 0; i < kStateCount; ++i) {
    if (!used[i] || looks[i].histogram || looks[i].resolvedTexture.empty()) continue;
    out.warning(file, pointer + "/" + keys[i] + "/texture",
                "no side-car " + sideCarPath(looks[i].texture) +
                    ": the revealed share is not reported (make the texture with `fxview texgen "
                    "lightning`)");
  }
}

}  // namespace fx::lightning
