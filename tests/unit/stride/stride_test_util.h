// Helpers for the stride_particles tests: definitions from JSON text, single-particle pools.
#pragma once

#include <gtest/gtest.h>

#include "engine/core/field_json.h"
#include "engine/effects/stride/stride_definition_class.h"
#include "engine/effects/stride/stride_shapes.h"

namespace fx::stride::test {

inline std::unique_ptr<StrideDefinition> definitionFromJson(const std::string& text,
                                                            Diagnostics* diagsOut = nullptr) {
  auto def = std::make_unique<StrideDefinition>();
  Diagnostics d;
  readFields(
      Json::parse(text), [&](FieldVisitor& v) { def->reflect(v); }, {.file = "test.json"}, d);
  if (diagsOut)
    *diagsOut = d;
  else
    EXPECT_TRUE(d.items.empty()) << d.formatAll();
  return def;
}

// An updater with every field at its declared default for `type` (e.g. "collider"), plus the
// JSON fields in `extra` (an object body without braces, e.g. R"("restitution": 1)").
inline UpdaterModule updater(const std::string& type, const std::string& extra = "") {
  UpdaterModule m;
  DefaultsVisitor d;
  m.reflect(d);
  Diagnostics diags;
  std::string text = "{\"type\": \"" + type + "\"" + (extra.empty() ? "" : ", " + extra) + "}";
  readFields(
      Json::parse(text), [&](FieldVisitor& v) { m.reflect(v); }, {.file = "test.json"}, diags);
  EXPECT_TRUE(diags.items.empty()) << diags.formatAll();
  return m;
}

// A pool with one particle at `p` moving at `v`.
inline ParticlePool onePool(vec3 p, vec3 v, uint32_t fields = kFieldVelocity | kFieldCollision) {
  ParticlePool pool;
  pool.layout(fields, 4);
  size_t i = pool.add();
  pool.position[i] = p;
  if (pool.has(kFieldVelocity)) pool.velocity[i] = v;
  if (pool.has(kFieldOldPosition)) pool.oldPosition[i] = p;
  return pool;
}

inline ModuleWorld identityWorld() {
  return ModuleWorld{};
}

}  // namespace fx::stride::test
