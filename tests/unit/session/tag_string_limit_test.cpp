// Issue 35, item 8: a string longer than its Halo tag field (a 32-byte TagString: 31 bytes of
// text) was cut silently on export while the viewer showed it whole. The field's one declaration
// (FieldMeta::maxLength) now refuses it in the JSON read, and so at the console's `set` (the
// viewer's console and --exec run executeConsole), and the schema says maxLength.
#include <gtest/gtest.h>

#include "engine/core/field_schema.h"
#include "engine/effects/registry.h"
#include "engine/session/world_console.h"

namespace fx {
namespace {

const std::string kLongName(51, 'm');  // the 51-character marker name
const std::string kFullName(31, 'n');  // the most a tag string holds

std::unique_ptr<Preset> glowPreset(const std::string& marker, Diagnostics& d) {
  Json j = {{"version", 1},
            {"objects", Json::array({{{"name", "sword"}}})},
            {"effects", Json::array({{{"id", "blade"},
                                      {"kind", "halo_glow"},
                                      {"object", "sword"},
                                      {"definition", {{"attachment_marker", marker}}}}})}};
  return loadPresetFromJson(j, "presets/limit.json", d);
}

TEST(TagStringLimit, JsonReadRefusesALongerStringNamingFilePointerAndLimit) {
  Diagnostics d;
  auto p = glowPreset(kLongName, d);
  ASSERT_TRUE(d.hasErrors());
  std::string text = d.formatAll();
  EXPECT_NE(text.find("presets/limit.json: /effects/0/definition/attachment_marker: expected a "
                      "string of at most 31 bytes, got 51 bytes"),
            std::string::npos)
      << text;

  Diagnostics ok;
  auto full = glowPreset(kFullName, ok);
  ASSERT_TRUE(full && !ok.hasErrors()) << ok.formatAll();
  ASSERT_EQ(full->effects.size(), 1u);
}

TEST(TagStringLimit, ConsoleSetRefusesALongerStringAndKeepsTheValue) {
  Diagnostics d;
  auto p = glowPreset("glow", d);
  ASSERT_TRUE(p && !d.hasErrors()) << d.formatAll();
  World w(*p);
  Transport t;
  ConsoleSession s{.preset = p.get(), .world = &w, .transport = &t};
  int edits = 0;
  s.hooks.edited = [&](const FieldEdit&) { ++edits; };

  auto r = executeConsole(s, "set blade/attachment_marker " + kLongName);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].ok);
  EXPECT_NE(r[0].text.find("/attachment_marker: expected a string of at most 31 bytes, got 51"),
            std::string::npos)
      << r[0].text;
  EXPECT_EQ(edits, 0);
  r = executeConsole(s, "get blade/attachment_marker");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].text.find("\"glow\""), std::string::npos) << r[0].text;

  r = executeConsole(s, "set blade/attachment_marker " + kFullName);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].ok) << r[0].text;
  EXPECT_EQ(edits, 1);
}

// Walks every field, arrays with at least one (default) element, and reports string fields.
struct StringFields final : FieldWalker {
  std::function<void(const FieldMeta&)> onString;
  void visit(const FieldMeta& m, std::string&, std::string_view) override { onString(m); }
  void visitArray(const FieldMeta&, ArrayAccess& a) override {
    if (a.size() == 0) {
      a.resize(1);
      applyElementDefaults(a, 0);
    }
    for (size_t i = 0; i < a.size(); ++i) a.element(i, *this);
  }
};

TEST(TagStringLimit, EveryStringStoredInATagStringDeclaresTheLimit) {
  int bound = 0;
  for (const EffectFamily* f : effectFamilies()) {
    auto def = f->createDefinition();
    StringFields walk;
    walk.onString = [&](const FieldMeta& m) {
      if (m.tag.offset < 0 || m.tag.codec != TagCodec::Auto) return;
      ++bound;
      EXPECT_EQ(m.maxLength, kTagStringMaxLength) << f->kind << " " << m.key;
    };
    def->reflect(walk);
    def->reflectEntry(walk);
  }
  EXPECT_GE(bound, 2);  // the glow's attachment_marker, a weather particle type's name
}

TEST(TagStringLimit, SchemaSaysMaxLength) {
  auto def = haloGlowFamily().createDefinition();
  EffectDefinition* p = def.get();
  Json s = schemaForFields([p](FieldVisitor& v) { p->reflect(v); });
  EXPECT_EQ(s["properties"]["attachment_marker"]["maxLength"], 31);
  EXPECT_FALSE(s["properties"]["texture"].contains("maxLength"));
  auto weather = haloWeatherFamily().createDefinition();
  p = weather.get();
  s = schemaForFields([p](FieldVisitor& v) { p->reflect(v); });
  EXPECT_EQ(s["properties"]["particle_types"]["items"]["properties"]["name"]["maxLength"], 31)
      << s["properties"]["particle_types"].dump();
}

}  // namespace
}  // namespace fx
