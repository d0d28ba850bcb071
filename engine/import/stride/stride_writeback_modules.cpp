// New modules in the write-back, written as Stride's editor writes a fresh one: a random 32-hex
// item id as the key, the `!Tag`, the keys in Stride's order at Stride's defaults (reference
// stride_yaml.md §2-§3). The fxview module's values are then written into that block the way
// every edit is (the block is imported as a small prefab of its own and patched), so a value
// fxview cannot spell in Stride is refused the same way.
#include <cctype>
#include <random>

#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback_internal.h"

namespace fx::stride_import::wb {

namespace {

struct Template {
  const char* collection;  // Spawners, Initializers, Updaters
  const char* type;        // fxview's module type
  const char* tag;         // Stride's
  const char* body;        // keys after the transform part, one per line
};

constexpr const char* kTransform =
    "InheritPosition: true\n"
    "Position: {X: 0.0, Y: 0.0, Z: 0.0}\n"
    "InheritRotation: true\n"
    "Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}\n"
    "InheritScale: true\n"
    "Scale: {X: 1.0, Y: 1.0, Z: 1.0}\n"
    "ScaleUniform: 1.0\n";
constexpr const char* kDisplay =
    "DisplayParticlePosition: false\n"
    "DisplayParticleRotation: false\n"
    "DisplayParticleScale: false\n"
    "DisplayParticleScaleUniform: false\n";
constexpr const char* kSpawnerTiming =
    "LoopCondition: Looping\n"
    "Delay: {X: 0.0, Y: 0.0}\n"
    "Duration: {X: 1.0, Y: 1.0}\n";
constexpr const char* kFalloff =
    "FieldFalloff:\n"
    "    StrengthInside: 1.0\n"
    "    FalloffStart: 0.1\n"
    "    StrengthOutside: 0.0\n"
    "    FalloffEnd: 0.9\n";

const Template kTemplates[] = {
    {"Spawners", "per_second", "SpawnerPerSecond", "SpawnCount: 100.0\n"},
    {"Spawners", "per_frame", "SpawnerPerFrame", "SpawnCount: 1.0\nFramerate: 60.0\n"},
    {"Spawners", "burst", "SpawnerBurst", "SpawnCount: 100\n"},
    {"Spawners", "from_distance", "SpawnerFromDistance", "SpawnCount: 1.0\n"},
    {"Initializers", "position", "InitialPositionSeed",
     "PositionMin: {X: -1.0, Y: 1.0, Z: -1.0}\nPositionMax: {X: 1.0, Y: 1.0, Z: 1.0}\n"
     "Interpolate: false\n"},
    {"Initializers", "velocity", "InitialVelocitySeed",
     "VelocityMin: {X: -1.0, Y: 1.0, Z: -1.0}\nVelocityMax: {X: 1.0, Y: 1.0, Z: 1.0}\n"},
    {"Initializers", "size", "InitialSizeSeed", "RandomSize: {X: 0.5, Y: 1.0}\n"},
    {"Initializers", "rotation", "InitialRotationSeed", "AngularRotation: {X: -60.0, Y: 60.0}\n"},
    {"Initializers", "color", "InitialColorSeed",
     "ColorMin: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}\nColorMax: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}\n"},
    {"Initializers", "direction", "InitialDirectionSeed",
     "DirectionMin: {X: -1.0, Y: 1.0, Z: -1.0}\nDirectionMax: {X: 1.0, Y: 1.0, Z: 1.0}\n"},
    {"Initializers", "spawn_order", "InitialSpawnOrder", ""},
    {"Initializers", "spawn_order_group", "InitialSpawnOrderGroup", ""},
    {"Updaters", "gravity", "UpdaterGravity",
     "GravitationalAcceleration: {X: 0.0, Y: -9.80665, Z: 0.0}\n"},
    {"Updaters", "direction_from_speed", "UpdaterSpeedToDirection", ""},
    {"Updaters", "force_field", "UpdaterForceField",
     "FieldShape: !FieldShapeSphere\n    Radius: 1.0\n"},
    {"Updaters", "collider", "UpdaterCollider",
     "FieldShape: !FieldShapeSphere\n    Radius: 1.0\nIsHollow: false\nKillParticles: false\n"
     "Restitution: 0.5\nFriction: 0.1\n"},
};

// The module's keys (relative indentation 0), in Stride's order for its kind.
std::string templateBody(const Template& t) {
  std::string c = t.collection;
  if (c == "Spawners") return std::string(kSpawnerTiming) + t.body;
  std::string out = kTransform;
  if (c == "Initializers") return out + "SeedOffset: 0\n" + kDisplay + t.body;
  if (std::string(t.type) == "force_field")
    return out + kDisplay + t.body + kFalloff +
           "EnergyConservation: 0.0\nForceDirected: 0.0\nForceVortex: 1.0\n"
           "ForceRepulsive: 1.0\nForceFixed: {X: 0.0, Y: 0.0, Z: 0.0}\n";
  return out + t.body + kDisplay;
}

void appendIndented(std::string& out, const std::string& lines, size_t indent) {
  size_t p = 0;
  while (p < lines.size()) {
    size_t nl = lines.find('\n', p);
    if (nl == std::string::npos) nl = lines.size();
    out += std::string(indent, ' ') + lines.substr(p, nl - p) + "\n";
    p = nl + 1;
  }
}

constexpr size_t kEmitterIndent = 36;               // of the emitter's keys in the prefab below
constexpr size_t kItemIndent = kEmitterIndent + 4;  // of the module's id key

// A prefab holding one emitter whose collection holds only this module.
std::string prefabAround(const char* collection, const std::string& id, const Template& t) {
  std::string text =
      "!PrefabAsset\n"
      "Hierarchy:\n"
      "    Parts:\n"
      "        -   Entity:\n"
      "                Name: new\n"
      "                Components:\n"
      "                    00000000000000000000000000000001: !ParticleSystemComponent\n"
      "                        ParticleSystem:\n"
      "                            Emitters:\n"
      "                                00000000000000000000000000000002:\n";
  std::string emitter = std::string(collection) + ":\n    " + id + ": !" + t.tag + "\n";
  appendIndented(emitter, templateBody(t), 8);
  appendIndented(text, emitter, kEmitterIndent);
  return text;
}

}  // namespace

std::string newItemId() {
  static std::mt19937_64 rng{std::random_device{}()};
  static const char* kHex = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 32; ++i) id += kHex[rng() & 15];
  return id;
}

std::optional<std::vector<std::string>> strideModuleBlock(const std::string& yamlKey,
                                                          const Json& module, size_t indent,
                                                          const std::string& presetFile,
                                                          const std::string& pointer,
                                                          Diagnostics& diags) {
  std::string type = module.is_object() ? module.value("type", "") : "";
  const Template* t = nullptr;
  for (const auto& candidate : kTemplates)
    if (yamlKey == candidate.collection && type == candidate.type) t = &candidate;
  // A field without a shape is written as Stride writes one: `FieldShape: null`.
  Template shapeless;
  if (t && module.contains("shape") && module["shape"].is_object() &&
      module["shape"].value("type", "") == "none") {
    shapeless = *t;
    shapeless.body = std::string(t->type) == "force_field"
                         ? "FieldShape: null\n"
                         : "FieldShape: null\nIsHollow: false\nKillParticles: false\n"
                           "Restitution: 0.5\nFriction: 0.1\n";
    t = &shapeless;
  }
  if (!t) {
    diags.error(presetFile, pointer,
                "a new " + yamlKey + " module of type \"" + type +
                    "\": fxview cannot write one into a Stride asset (Save As keeps it as fxview "
                    "JSON)");
    return std::nullopt;
  }
  std::string id = newItemId();
  std::string text = prefabAround(yamlKey.c_str(), id, *t);
  Diagnostics local, importDiags;
  std::string lower = yamlKey;
  for (char& ch : lower) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  auto imported = importText(text, "new-module.sdprefab", "new module", importDiags);
  if (!imported) return std::nullopt;
  Json preset = imported->preset;
  const std::string inner = "/effects/0/definition/emitters/0/" + lower + "/0";
  preset[Json::json_pointer(inner)] = module;
  Writer w("new module", presetFile, local);
  std::string written;
  bool ok = w.run(text, "new-module.sdprefab", preset, written);
  for (auto d : local.items) {
    if (d.pointer.rfind(inner, 0) == 0) d.pointer = pointer + d.pointer.substr(inner.size());
    diags.items.push_back(std::move(d));
  }
  if (!ok) return std::nullopt;
  Lines doc = splitText(written);
  std::vector<std::string> out;
  for (size_t i = 0; i < doc.lines.size(); ++i) {
    const std::string& l = doc.lines[i].text;
    if (indentOf(l) != kItemIndent || l.find(id) == std::string::npos) continue;
    size_t end = blockEnd(doc, i, indentOf(l));
    for (size_t k = i; k < end; ++k)
      out.push_back(std::string(indent, ' ') + doc.lines[k].text.substr(indentOf(l)));
    break;
  }
  return out;
}

}  // namespace fx::stride_import::wb
