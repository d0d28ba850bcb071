// Polymorphic module lists through field reflection: `type` selects the fields
// (stride_definition.h).
#include "tests/unit/stride/stride_test_util.h"

#include "engine/core/field_schema.h"

namespace fx::stride {
namespace {

TEST(StrideFields, DefaultsComeFromTheDeclarations) {
  StrideDefinition def;
  EXPECT_TRUE(def.system.emitters.empty());
  UpdaterModule ff = test::updater("force_field");
  EXPECT_FLOAT_EQ(ff.forceVortex, 1.0f);
  EXPECT_FLOAT_EQ(ff.forceRepulsive, 1.0f);
  EXPECT_FLOAT_EQ(ff.falloff.falloffStart, 0.1f);
  EXPECT_FLOAT_EQ(ff.falloff.falloffEnd, 0.9f);
  UpdaterModule c = test::updater("collider");
  EXPECT_FLOAT_EQ(c.restitution, 0.5f);
  EXPECT_FLOAT_EQ(c.friction, 0.1f);
  UpdaterModule g = test::updater("gravity");
  EXPECT_EQ(g.gravity, vec3(0.0f, -9.80665f, 0.0f));  // "matches the average gravity on Earth"
}

// The reader sees `type` first whatever the key order in the file, and each module reads the
// fields of its own kind.
TEST(StrideFields, ReadsModuleListsWhateverTheKeyOrder) {
  auto def = test::definitionFromJson(R"({"emitters": [{"name": "a",
    "spawners": [{"particles_per_unit": 3, "type": "from_distance"}, {"type": "burst", "particle_count": 7}],
    "initializers": [{"velocity_max": [0, 9, 0], "type": "velocity"}, {"type": "position_arc", "arc_height": 2}],
    "updaters": [{"restitution": 0.9, "type": "collider", "is_hollow": true,
                  "shape": {"radius": 4, "type": "cylinder", "half_height": 2}},
                 {"type": "force_field", "shape": {"type": "torus", "big_radius": 3}, "vortex_force": 5},
                 {"type": "size_animation", "curve": [{"key": 0, "value": 1}, {"key": 1, "value": 2}]}]}]})");
  const EmitterDef& e = def->system.emitters.at(0);
  ASSERT_EQ(e.spawners.size(), 2u);
  EXPECT_EQ(e.spawners[0].type, SpawnerKind::FromDistance);
  EXPECT_FLOAT_EQ(e.spawners[0].particlesPerUnit, 3.0f);
  EXPECT_EQ(e.spawners[1].particleCount, 7);
  EXPECT_EQ(e.initializers[0].velocityMax, vec3(0, 9, 0));
  EXPECT_EQ(e.initializers[0].velocityMin, vec3(-1, 1, -1));
  EXPECT_FLOAT_EQ(e.initializers[1].arcHeight, 2.0f);
  EXPECT_EQ(e.initializers[1].arcMin, vec3(-0.3f));  // the arc's own defaults, not the box's
  const UpdaterModule& col = e.updaters.at(0);
  EXPECT_EQ(col.type, UpdaterKind::Collider);
  EXPECT_TRUE(col.isHollow);
  EXPECT_FLOAT_EQ(col.restitution, 0.9f);
  EXPECT_EQ(col.shape.type, ShapeKind::Cylinder);
  EXPECT_FLOAT_EQ(col.shape.radius, 4.0f);
  EXPECT_FLOAT_EQ(col.shape.halfHeight, 2.0f);
  EXPECT_EQ(e.updaters[1].shape.type, ShapeKind::Torus);
  EXPECT_FLOAT_EQ(e.updaters[1].shape.bigRadius, 3.0f);
  EXPECT_FLOAT_EQ(e.updaters[1].forceVortex, 5.0f);
  ASSERT_EQ(e.updaters[2].curve.size(), 2u);
}

// A field of another kind is unknown for this one (kept on save, reported).
TEST(StrideFields, FieldsOfAnotherKindAreUnknown) {
  Diagnostics d;
  test::definitionFromJson(
      R"({"emitters": [{"updaters": [{"type": "gravity", "restitution": 1}]}]})", &d);
  ASSERT_EQ(d.items.size(), 1u) << d.formatAll();
  EXPECT_EQ(d.items[0].pointer, "/emitters/0/updaters/0/restitution");
  Diagnostics e;
  test::definitionFromJson(R"({"emitters": [{"updaters": [{"type": "vortex"}]}]})", &e);
  ASSERT_TRUE(e.hasErrors());
  EXPECT_EQ(e.items[0].pointer, "/emitters/0/updaters/0/type");
}

// Write then read back gives the same module list.
TEST(StrideFields, RoundTrip) {
  auto def = test::definitionFromJson(R"({"emitters": [{"updaters": [
    {"type": "collider", "shape": {"type": "box", "half_size": [1, 2, 3]}, "friction": 0.4},
    {"type": "color_animation", "curve": [{"key": 0.5, "value": {"r": 2, "g": 1, "b": 0, "a": 0.5}}]}]}]})");
  Json out;
  writeFields(out, [&](FieldVisitor& v) { def->reflect(v); });
  auto back = test::definitionFromJson(out.dump());
  const auto& u = back->system.emitters.at(0).updaters;
  ASSERT_EQ(u.size(), 2u);
  EXPECT_EQ(u[0].shape.halfSize, vec3(1, 2, 3));
  EXPECT_FLOAT_EQ(u[0].friction, 0.4f);
  ASSERT_EQ(u[1].colorCurve.size(), 1u);
  EXPECT_FLOAT_EQ(u[1].colorCurve[0].value.r, 2.0f);  // HDR RGB allowed
  EXPECT_FALSE(out.dump().find("vortex_force") !=
               std::string::npos);  // only the active kind's fields
}

// The inspector reorders modules through ArrayAccess::move; the schema is generated.
TEST(StrideFields, ModuleListsAreReorderableArrays) {
  auto def = test::definitionFromJson(
      R"({"emitters": [{"updaters": [{"type": "gravity"}, {"type": "collider"}]}]})");
  struct Mover final : FieldWalker {
    void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>&) override {}
    void visitArray(const FieldMeta& m, ArrayAccess& a) override {
      if (m.key == "emitters") a.element(0, *this);
      if (m.key == "updaters") a.move(1, 0);
    }
  } mover;
  def->reflect(mover);
  EXPECT_EQ(def->system.emitters[0].updaters[0].type, UpdaterKind::Collider);
  Json schema = schemaForFields([&](FieldVisitor& v) { def->reflect(v); });
  EXPECT_TRUE(schema.is_object());
}

}  // namespace
}  // namespace fx::stride
