// Stride prefabs written by the tests: systems placed by their entity's transform, each with
// emitters drawn as billboards from one burst (the burst's count names the emitter).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/math.h"

namespace fx::stride::test {

struct EmitterSpec {
  int priority = 0;
  int count = 1;  // the burst's particles: names the emitter's batch in the draw list
};

struct SystemSpec {
  std::string name;
  vec3 position{0.0f};  // Stride space
  std::string bounds = "null";
  std::vector<EmitterSpec> emitters;
  std::string initializers = "{}";  // every emitter's Initializers, YAML
};

inline std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", double(v));
  return buf;
}

// 32 hex digits ending in `n` (two digits).
inline std::string hexId(const char* head, int n) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", n);
  return std::string(head).substr(0, 30) + buf;
}

inline std::string emitterYaml(int sys, int k, const EmitterSpec& e, const std::string& inits) {
  std::string in(32, ' ');
  return in + hexId("e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0", sys * 10 + k) + ":\n" + in +
         "    EmitterName: e" + std::to_string(e.count) + "\n" + in +
         "    ParticleLifetime: {X: 5.0, Y: 5.0}\n" + in +
         "    DrawPriority: " + std::to_string(e.priority) + "\n" + in +
         "    ShapeBuilder: !ShapeBuilderBillboard\n" + in + "        SamplerPosition: null\n" +
         in + "        SamplerSize: null\n" + in + "        SamplerRotation: null\n" + in +
         "    Material: !ParticleMaterialComputeColor\n" + in +
         "        ComputeColor: !ComputeVertexStreamColor\n" + in +
         "            Stream: !ColorVertexStreamDefinition {}\n" + in +
         "        UVBuilder: null\n" + in + "        ForceTexCoords: false\n" + in +
         "    Spawners:\n" + in + "        " +
         hexId("51515151515151515151515151515151", sys * 10 + k) + ": !SpawnerBurst\n" + in +
         "            LoopCondition: OneShot\n" + in + "            Delay: {X: 0.0, Y: 0.0}\n" +
         in + "            Duration: {X: 1.0, Y: 1.0}\n" + in +
         "            SpawnCount: " + std::to_string(e.count) + "\n" + in +
         "    Initializers: " + inits + "\n" + in + "    Updaters: {}\n";
}

inline std::string systemYaml(int n, const SystemSpec& s) {
  std::string out = "        -   Entity:\n                Id: " +
                    hexId("aaaaaaaa-0000-0000-0000-000000000000", n) +
                    "\n                Name: " + s.name + "\n                Components:\n";
  out += "                    " + hexId("11112222333344445555666677778888", n) +
         ": !TransformComponent\n                        Id: " +
         hexId("bbbbbbbb-0000-0000-0000-000000000000", n) + "\n" +
         "                        Position: {X: " + num(s.position.x) +
         ", Y: " + num(s.position.y) + ", Z: " + num(s.position.z) + "}\n" +
         "                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}\n"
         "                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}\n"
         "                        Children: {}\n";
  out += "                    " + hexId("9999aaaabbbbccccddddeeeeffff0000", n) +
         ": !ParticleSystemComponent\n                        Id: " +
         hexId("dddddddd-0000-0000-0000-000000000000", n) + "\n" +
         "                        Control:\n"
         "                            ResetSeconds: 0.0\n"
         "                            Control: Play\n"
         "                        Color: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}\n"
         "                        Speed: 1.0\n"
         "                        ParticleSystem:\n"
         "                            Settings: {}\n"
         "                            BoundingShape: " +
         s.bounds + "\n                            Emitters:\n";
  for (size_t k = 0; k < s.emitters.size(); ++k)
    out += emitterYaml(n, int(k), s.emitters[k], s.initializers);
  return out;
}

inline std::string prefab(const std::vector<SystemSpec>& systems) {
  std::string out =
      "!PrefabAsset\nId: 11111111-1111-1111-1111-111111111111\n"
      "SerializedVersion: {Stride: 3.1.0.1}\nTags: []\nHierarchy:\n    RootParts:\n";
  for (size_t i = 0; i < systems.size(); ++i)
    out += "        - ref!! " + hexId("aaaaaaaa-0000-0000-0000-000000000000", int(i + 1)) + "\n";
  out += "    Parts:\n";
  for (size_t i = 0; i < systems.size(); ++i) out += systemYaml(int(i + 1), systems[i]);
  return out;
}

}  // namespace fx::stride::test
