// Halo tags <-> fxview definitions through the field declarations (engine/formats/halo/
// tag_fields.h, engine/import/halo/tag_definitions.h), against reference/halo_tag_format.md §5.1
// and §8, and tags in presets: references under the tags root, saving back into the tag in place.
// Every tag is written here with the project's writer.
#include <gtest/gtest.h>

#include <numbers>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/effects/registry.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/world_edit.h"

namespace fx {
namespace {

namespace fs = std::filesystem;
using halo::TagClass;
using halo::TagFile;

std::vector<uint8_t> readBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A glow as the format doc lays it out (§5.1 offsets), with junk in a padding run.
TagFile sampleGlow() {
  TagFile tag = halo::makeTag(TagClass::Glow);
  halo::TagStruct g = tag.root();
  g.setString(0x000, "glow 1");
  g.setInt16(0x020, 23);
  g.setEnum(0x022, 1);         // boundary effect: wrap
  g.setEnum(0x026, 2);         // trailing: emit randomly
  g.setFlags(0x028, 4, 0x18);  // trailing fade + shrink
  g.bytes()[0x030] = 0x5A;     // padding an editor left behind: must survive
  g.setEnum(0x060, 2);         // attachment 1: b out, stored as-is
  g.setFloat(0x064, 4.4525f);
  g.setBounds(0x0A0, {0.03f, 0.06f});
  g.setColorArgb(0x0B4, {0.2f, 0.4f, 0.95f, 1.0f});
  g.setFloat(0x0FC, 16.44f);
  g.setReference("texture", "fx\\bitmaps\\glow");
  return tag;
}

TagFile sampleWeather() {
  TagFile tag = halo::makeTag(TagClass::WeatherParticleSystem);
  halo::TagStruct w = tag.root();
  w.resizeBlock("particle_types", 2);
  for (uint32_t i = 0; i < 2; ++i) {
    halo::TagStruct t = w.element("particle_types", i);
    t.setString(0x000, i ? "moths" : "rain");
    t.setFlags(0x020, 4, i ? 0x7u : 0u);
    t.setFloat(0x030, 8.22f);          // fade out end distance
    t.setBounds(0x0A4, {1.5f, 2.0f});  // particle count
    t.setBounds(0x10C, {0.5f, 1.5f});  // rotation rate, radians per second
    t.setColorArgb(0x134, {0.8f, 0.85f, 1.0f, 0.7f});
    t.setEnum(0x1A4, 1);        // parallel to direction
    t.setFlags(0x1D0, 2, 0x2);  // shader flags (uint16): nonlinear tint
    t.setEnum(0x1D2, 3);        // add
    t.setFlags(0x1D6, 2, 0x1);  // bitmap flags: unfiltered
    t.setEnum(0x22A, 2);        // rotation animation function: cosine
    t.setFloat(0x234, 0.25f);   // rotation animation scale, an Angle
    t.setReference("physics", i ? "weather\\moths" : "weather\\rain");
    t.setReference("sprite_bitmap", "weather\\bitmaps\\drops");
  }
  return tag;
}

TEST(HaloTagMapping, GlowFieldsComeFromTheirDocumentedOffsets) {
  TagFile tag = sampleGlow();
  Json j = definitionJsonFromTag(tag, haloGlowFamily());
  EXPECT_EQ(j["attachment_marker"], "glow 1");
  EXPECT_EQ(j["number_of_particles"], 23);
  EXPECT_EQ(j["boundary_effect"], "wrap");
  EXPECT_EQ(j["trailing_particle_distribution"], "emit_randomly");
  EXPECT_EQ(j["glow_flags"], Json::parse(R"(["trailing_particles_fade_over_time",
                                             "trailing_particles_shrink_over_time"])"));
  // §8: "Function attachments are stored shifted by one (0 = none, 1 = A out ... 4 = D out);
  // fxview's enum names map one-to-one".
  EXPECT_EQ(j["attachment_1"], "b_out");
  EXPECT_FLOAT_EQ(j["effect_rotational_velocity"].get<float>(), 4.4525f);
  EXPECT_EQ(j["particle_size_bounds"], Json::parse("[0.03, 0.06]"));
  // §1: "ColorARGB 16 (order a, r, g, b floats 0..1)".
  // (The JSON leaves out an alpha of 1, its default.)
  EXPECT_EQ(j["color_bound_0"], Json::parse(R"({"r": 0.2, "g": 0.4, "b": 0.95})"));
  // §8: references are a path without extension; "the class FourCC gives the extension".
  EXPECT_EQ(j["texture"], "fx\\bitmaps\\glow.bitmap");
  // fxview's own options are not tag fields: defaults.
  EXPECT_EQ(j["engine_options"]["trailing_velocity_divisor"], 40);
}

TEST(HaloTagMapping, AnEnumValueOutsideItsOptionsIsAnError) {
  // §1: "Enums are signed 16-bit indexes into the option list"; fxview's enum storage may be
  // narrower, so an unknown value must be reported, not silently become another option.
  TagFile tag = sampleWeather();
  tag.root().element("particle_types", 1).setEnum(0x1D2, 300);
  Diagnostics diags;
  definitionJsonFromTag(tag, haloWeatherFamily(), &diags, "storm.weather_particle_system");
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_EQ(format(diags.items[0]),
            "storm.weather_particle_system: /particle_types/1/framebuffer_blend_function: enum "
            "value 300 at offset 0x1D2 of WeatherParticleSystemParticleType is not one of "
            "alpha_blend, multiply, double_multiply, add, subtract, component_min, component_max, "
            "alpha_multiply_add");
}

TEST(HaloTagMapping, WeatherTypesConvertAnglesAndKeepStorageWidths) {
  TagFile tag = sampleWeather();
  Json j = definitionJsonFromTag(tag, haloWeatherFamily());
  ASSERT_EQ(j["particle_types"].size(), 2u);
  const Json& t = j["particle_types"][1];
  EXPECT_EQ(t["name"], "moths");
  EXPECT_EQ(t["flags"].size(), 3u);
  // §8: "Angles are radians in tags ... while fxview's JSON follows the seeds (degrees where the
  // seed says degrees)": rotation rate is deg/s in fxview.
  EXPECT_NEAR(t["rotation_rate"][0].get<double>(), 0.5 * 180.0 / std::numbers::pi, 1e-4);
  EXPECT_NEAR(t["rotation_rate"][1].get<double>(), 1.5 * 180.0 / std::numbers::pi, 1e-4);
  EXPECT_NEAR(t["rotation_animation_scale"].get<double>(), 0.25 * 180.0 / std::numbers::pi, 1e-4);
  EXPECT_EQ(t["render_mode"], "parallel_to_direction");
  EXPECT_EQ(t["shader_flags"], Json::parse(R"(["nonlinear_tint"])"));
  EXPECT_EQ(t["map_flags"], Json::parse(R"(["unfiltered"])"));
  EXPECT_EQ(t["framebuffer_blend_function"], "add");
  EXPECT_EQ(t["rotation_animation_function"], "cosine");
  EXPECT_EQ(t["physics_path"], "weather\\moths.point_physics");
  EXPECT_EQ(t["sprite_bitmap"], "weather\\bitmaps\\drops.bitmap");
  EXPECT_EQ(t["bitmap"], "");
}

// The definition JSON read back and written into a fresh tag gives the same bytes: what
// `fxview import` then `fxview export` does.
void expectExportIdentical(TagFile original, const EffectFamily& family) {
  auto bytes = halo::serializeTag(original);
  Json j = definitionJsonFromTag(original, family);
  auto def = family.createDefinition();
  EffectDefinition* d = def.get();
  Diagnostics diags;
  readFields(
      Json::parse(j.dump()), [d](FieldVisitor& v) { d->reflect(v); }, {.file = "x"}, diags);
  ASSERT_FALSE(diags.hasErrors()) << diags.formatAll();
  auto fresh = tagFromDefinition(*def, family);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(halo::serializeTag(*fresh), bytes);
}

TEST(HaloTagMapping, ImportThenExportIsByteIdentical) {
  TagFile glow = sampleGlow();
  glow.root().bytes()[0x030] =
      0;  // a fresh tag has zero padding (§1: "Padding must be written as zero")
  expectExportIdentical(glow, haloGlowFamily());
  expectExportIdentical(sampleWeather(), haloWeatherFamily());
}

TEST(HaloTagMapping, WritingBackChangesOnlyTheEditedField) {
  TagFile tag = sampleGlow();
  auto before = halo::serializeTag(tag);
  auto def = haloGlowFamily().createDefinition();
  EffectDefinition* d = def.get();
  halo::readTagFields(tag.root(), [d](FieldVisitor& v) { d->reflect(v); });
  static_cast<glow::GlowDefinition*>(d)->numberOfParticles = 40;
  writeDefinitionToTag(*d, tag);
  auto after = halo::serializeTag(tag);
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    bool edited = i == 64 + 0x021;          // int16 23 -> 40: only the low byte differs
    bool checksum = i >= 0x28 && i < 0x2C;  // recomputed
    if (!edited && !checksum) {
      EXPECT_EQ(after[i], before[i]) << "byte " << i;
    }
  }
  EXPECT_EQ(after[64 + 0x021], 40);
  EXPECT_EQ(after[64 + 0x030], 0x5A);  // the padding junk stays
}

TEST(HaloTagMapping, PointPhysicsAndWindTags) {
  fs::path dir = fs::temp_directory_path() / ("fxview_ppwind_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  TagFile pp = halo::makeTag(TagClass::PointPhysics);
  pp.root().setFlags(0x00, 4, 0x8);  // uses simple wind
  pp.root().setFloat(0x20, 0.9f);    // density
  pp.root().setFloat(0x24, 0.35f);   // air friction
  ASSERT_EQ(halo::saveTag(dir / "rain.point_physics", pp), "");
  TagFile wind = halo::makeTag(TagClass::Wind);
  wind.root().setBounds(0x00, {0.4f, 1.1f});
  wind.root().setVec2(0x08, {0.6f, 0.15f});  // Euler2D yaw, pitch in radians
  ASSERT_EQ(halo::saveTag(dir / "storm.wind", wind), "");

  Diagnostics diags;
  auto pj = loadStructTag<weather::PointPhysics>(dir / "rain.point_physics", "rain.point_physics",
                                                 TagClass::PointPhysics, diags);
  ASSERT_TRUE(pj) << diags.formatAll();
  EXPECT_FLOAT_EQ((*pj)["density"].get<float>(), 0.9f);
  EXPECT_FLOAT_EQ((*pj)["air_friction"].get<float>(), 0.35f);
  EXPECT_EQ((*pj)["flags"], Json::parse(R"(["uses_simple_wind"])"));
  // §5.1: "the three little-endian floats are derived at map-build time and are zero in tags".
  // fxview computes them (computeCache); they are not read from the tag.
  EXPECT_FALSE(pj->contains("mass_scale"));
  auto wj = loadStructTag<weather::Wind>(dir / "storm.wind", "storm.wind", TagClass::Wind, diags);
  ASSERT_TRUE(wj) << diags.formatAll();
  EXPECT_NEAR((*wj)["variation_area"][0].get<double>(), 0.6 * 180.0 / std::numbers::pi, 1e-4);
  EXPECT_NEAR((*wj)["variation_area"][1].get<double>(), 0.15 * 180.0 / std::numbers::pi, 1e-4);
  EXPECT_FALSE(diags.hasErrors());
  // A wind tag named as point_physics is an error, not a misread.
  EXPECT_FALSE(loadStructTag<weather::PointPhysics>(dir / "storm.wind", "storm.wind",
                                                    TagClass::PointPhysics, diags));
  EXPECT_EQ(format(diags.items.back()),
            "storm.wind: header: expected a point_physics tag, got a wind tag");
  fs::remove_all(dir);
}

TEST(HaloTagMapping, ReferencePathsFromDefinitionStrings) {
  EXPECT_EQ(halo::tagPathFromReference("fx/bitmaps//glow.BITMAP", halo::fourCC("bitm")),
            "fx\\bitmaps\\glow");
  EXPECT_EQ(halo::tagPathFromReference("weather\\rain.point_physics", halo::fourCC("pphy")),
            "weather\\rain");
  EXPECT_EQ(halo::tagPathFromReference("a.png", halo::fourCC("bitm")), "a.png");
}

// A tags tree with a preset beside it: glow + weather tags, their bitmap, point_physics, wind.
struct TagsTree {
  fs::path dir = fs::temp_directory_path() / ("fxview_tagtree_" + std::to_string(::getpid()));
  TagsTree() {
    fs::create_directories(dir / "tags" / "FX" / "Bitmaps");
    fs::create_directories(dir / "tags" / "weather" / "bitmaps");
    TagFile glow = sampleGlow();
    glow.root().setReference("texture", "fx\\bitmaps\\GLOW");  // authored in another case
    EXPECT_EQ(halo::saveTag(dir / "tags" / "FX" / "sword glow.glow", glow), "");
    EXPECT_EQ(halo::saveTag(dir / "tags" / "FX" / "Bitmaps" / "glow.bitmap",
                            halo::makeTag(TagClass::Bitmap)),
              "");
    EXPECT_EQ(halo::saveTag(dir / "tags" / "weather" / "bitmaps" / "drops.bitmap",
                            halo::makeTag(TagClass::Bitmap)),
              "");
    EXPECT_EQ(
        halo::saveTag(dir / "tags" / "weather" / "storm.weather_particle_system", sampleWeather()),
        "");
    TagFile pp = halo::makeTag(TagClass::PointPhysics);
    pp.root().setFloat(0x20, 0.05f);
    EXPECT_EQ(halo::saveTag(dir / "tags" / "weather" / "rain.point_physics", pp), "");
    EXPECT_EQ(halo::saveTag(dir / "tags" / "weather" / "moths.point_physics", pp), "");
    TagFile wind = halo::makeTag(TagClass::Wind);
    wind.root().setBounds(0x00, {0.4f, 1.1f});
    EXPECT_EQ(halo::saveTag(dir / "tags" / "weather" / "storm.wind", wind), "");
    std::ofstream(dir / "preset.json") << R"({"version": 1, "tags_dir": "tags",
      "objects": [{"name": "sword", "markers": [{"name": "glow 1", "position": [0, 0, 0]},
                                                {"name": "glow 1", "position": [0, 0, 1]}]}],
      "effects": [
        {"id": "glow", "kind": "halo_glow", "object": "sword", "definition": "tags/FX/sword glow.glow"},
        {"id": "storm", "kind": "halo_weather", "definition": "tags/weather/storm.weather_particle_system",
         "wind_path": "tags/weather/storm.wind"}]})";
  }
  ~TagsTree() { fs::remove_all(dir); }
};

TEST(HaloTagPresets, DefinitionsNamingTagsResolveReferencesUnderTheTagsRoot) {
  TagsTree tree;
  Diagnostics diags;
  auto preset = loadPreset(tree.dir / "preset.json", diags);
  ASSERT_TRUE(preset);
  ASSERT_EQ(preset->effects.size(), 2u) << diags.formatAll();
  EXPECT_EQ(diags.errorCount(), 0u) << diags.formatAll();
  auto& glow = static_cast<glow::GlowDefinition&>(*preset->effects[0].definition);
  EXPECT_TRUE(preset->effects[0].definitionTag);
  EXPECT_EQ(glow.numberOfParticles, 23);
  // "stock paths are Windows paths, so resolve case-insensitively"
#ifdef _WIN32  // the file system ignores case: the reference's spelling opens the same file
  EXPECT_TRUE(
      fs::equivalent(glow.texturePath, tree.dir / "tags" / "FX" / "Bitmaps" / "glow.bitmap"));
#else
  EXPECT_EQ(fs::path(glow.texturePath), tree.dir / "tags" / "FX" / "Bitmaps" / "glow.bitmap");
#endif
  auto& storm = static_cast<weather::WeatherDefinition&>(*preset->effects[1].definition);
  ASSERT_EQ(storm.particleTypes.size(), 2u);
  // The type's point_physics comes from its referenced tag; the entry's wind from the .wind.
  EXPECT_FLOAT_EQ(storm.particleTypes[0].physics.density, 0.05f);
  EXPECT_FLOAT_EQ(storm.particleTypes[0].physics.massScale, 0.05f * weather::kMassPerDensity);
  EXPECT_EQ(storm.wind.velocity, (FloatBounds{0.4f, 1.1f}));
  EXPECT_EQ(fs::path(storm.particleTypes[0].spritePath),
            tree.dir / "tags" / "weather" / "bitmaps" / "drops.bitmap");
}

TEST(HaloTagPresets, MissingReferencedTagsAreWarnings) {
  TagsTree tree;
  fs::remove(tree.dir / "tags" / "FX" / "Bitmaps" / "glow.bitmap");
  fs::remove(tree.dir / "tags" / "weather" / "moths.point_physics");
  Diagnostics diags;
  auto preset = loadPreset(tree.dir / "preset.json", diags);
  ASSERT_TRUE(preset);
  EXPECT_EQ(preset->effects.size(), 2u);
  EXPECT_EQ(diags.errorCount(), 0u) << diags.formatAll();
  std::string all = diags.formatAll();
  EXPECT_NE(all.find("/texture: warning: texture \"fx\\bitmaps\\GLOW.bitmap\": tag not found under "
                     "the tags root"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("drawn as a magenta checker"), std::string::npos);
  EXPECT_NE(all.find("/particle_types/1/physics_path: warning: tag "
                     "\"weather\\moths.point_physics\" not found"),
            std::string::npos)
      << all;
  // fxview check makes a missing texture an error.
  Diagnostics strict;
  loadPreset(tree.dir / "preset.json", strict, {.textureProblemsAreErrors = true});
  EXPECT_GE(strict.errorCount(), 1u);
}

TEST(HaloTagPresets, EditedDefinitionSavesIntoTheTagInPlace) {
  TagsTree tree;
  fs::path glowTag = tree.dir / "tags" / "FX" / "sword glow.glow";
  auto original = readBytes(glowTag);
  Diagnostics diags;
  auto preset = loadPreset(tree.dir / "preset.json", diags);
  ASSERT_TRUE(preset && preset->effects.size() == 2) << diags.formatAll();
  World world(*preset);
  FieldEdit edit;
  ASSERT_EQ(setField(*preset, world, "glow/number_of_particles", "40", edit), "");
  ASSERT_EQ(savePreset(*preset, tree.dir / "preset.json"), "");
  auto saved = readBytes(glowTag);
  ASSERT_EQ(saved.size(), original.size());
  size_t differing = 0;
  for (size_t i = 0; i < saved.size(); ++i)
    if (saved[i] != original[i]) {
      ++differing;
      EXPECT_TRUE(i == 64 + 0x021 || (i >= 0x28 && i < 0x2C)) << "byte " << i << " changed";
    }
  EXPECT_GE(differing, 1u);
  EXPECT_EQ(saved[64 + 0x030], 0x5A);  // padding junk kept
  // The preset still names the tag (not an inline copy).
  EXPECT_EQ(Json::parse(std::ifstream(tree.dir / "preset.json"))["effects"][0]["definition"],
            "tags/FX/sword glow.glow");
  // Undo, then save: the tag is the original again, byte for byte.
  Diagnostics undo;
  ASSERT_TRUE(applyTargetSnapshot(*preset, world, edit.target, edit.before, undo));
  ASSERT_EQ(savePreset(*preset, tree.dir / "preset.json"), "");
  EXPECT_EQ(readBytes(glowTag), original);
  // Reloading the saved tag (hot reload reads it again) gives the edited value.
  ASSERT_EQ(setField(*preset, world, "glow/number_of_particles", "41", edit), "");
  ASSERT_EQ(savePreset(*preset, tree.dir / "preset.json"), "");
  Diagnostics again;
  auto reloaded = loadPreset(tree.dir / "preset.json", again);
  ASSERT_TRUE(reloaded && reloaded->effects.size() == 2) << again.formatAll();
  EXPECT_EQ(static_cast<glow::GlowDefinition&>(*reloaded->effects[0].definition).numberOfParticles,
            41);
}

TEST(HaloTagPresets, ATagOfAnotherClassIsAnError) {
  TagsTree tree;
  std::ofstream(tree.dir / "bad.json") << R"({"version": 1, "effects": [
      {"id": "g", "kind": "halo_glow", "definition": "tags/weather/storm.weather_particle_system"}]})";
  Diagnostics diags;
  auto preset = loadPreset(tree.dir / "bad.json", diags);
  ASSERT_TRUE(preset);
  EXPECT_TRUE(preset->effects.empty());
  EXPECT_NE(diags.formatAll().find("storm.weather_particle_system: header: a "
                                   "weather_particle_system tag cannot be a halo_glow definition"),
            std::string::npos)
      << diags.formatAll();
}

}  // namespace
}  // namespace fx
