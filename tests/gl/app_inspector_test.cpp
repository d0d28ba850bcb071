// The inspector's labels (issue 26): a label reads whole or ends in an ellipsis within its
// column, never wider (so it never runs under the value widget), with the column's width
// persisted; kept-not-simulated Stride modules are titled by their tag and YAML line through the
// array's own element titles, not by index alone.
#include <imgui.h>

#include <filesystem>

#include "app/gui/inspector_visitor.h"
#include "app/gui/settings.h"
#include "engine/effects/stride/stride_definition.h"
#include "tests/gl/gl_fixture.h"

namespace app_inspector_test {

using namespace fx;
namespace fs = std::filesystem;

// 7 pixels a character (UTF-8 continuation bytes add nothing), like a monospace font.
float mono(std::string_view s) {
  float w = 0.0f;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) w += 7.0f;
  return w;
}

TEST(AppInspector, LabelsFitTheirColumnOrEndInAnEllipsis) {
  // Fits: shown whole.
  gui::FittedLabel whole = gui::fitLabel("min distance", 200.0f, mono);
  EXPECT_EQ(whole.shown, "min distance");
  EXPECT_FALSE(whole.truncated);
  // The label in a narrow column: cut, ended in "...", never wider than the column.
  for (float width : {30.0f, 100.0f, 150.0f, 203.0f}) {
    gui::FittedLabel f = gui::fitLabel("min distance particle to object", width, mono);
    EXPECT_TRUE(f.truncated) << width;
    EXPECT_LE(mono(f.shown), width) << width;
    EXPECT_TRUE(f.shown.ends_with("...")) << f.shown;
    // The longest prefix that fits: one more character would not.
    EXPECT_GT(mono(f.shown) + 7.0f, width - 7.0f) << f.shown;
  }
  EXPECT_EQ(gui::fitLabel("min distance particle to object", 115.0f, mono).shown,
            "min distance...");  // the space before the cut is dropped
  // Not even the ellipsis fits: nothing is drawn.
  gui::FittedLabel none = gui::fitLabel("effect translational velocity", 10.0f, mono);
  EXPECT_EQ(none.shown, "");
  EXPECT_TRUE(none.truncated);
  // A cut never splits a UTF-8 character.
  gui::FittedLabel utf8 = gui::fitLabel("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 34.0f, mono);
  EXPECT_EQ(utf8.shown, "\xc3\xa9...");
}

// Issue 38: cut at their ends, sibling labels read the same ("posit..." / "posit...", "fade in
// sta..." / "fade in start..."); what they share gives way first instead.
TEST(AppInspector, SiblingLabelsKeepTheWordsThatTellThemApart) {
  std::vector<std::string> wind{"velocity", "variation area", "local variation weight",
                                "local variation rate", "damping"};
  EXPECT_EQ(gui::sharedWordPrefix("local variation weight", wind), 16u);  // "local variation "
  EXPECT_EQ(gui::sharedWordPrefix("velocity", wind), 0u);
  EXPECT_EQ(gui::sharedWordPrefix("variation area", wind), 0u);  // "v" is no whole word
  std::vector<std::string> fade{"fade in start distance", "fade in end distance", "fade out"};
  EXPECT_EQ(gui::sharedWordPrefix("fade in start distance", fade), 8u);  // "fade in "
  for (float width : {70.0f, 100.0f, 126.0f, 140.0f}) {
    auto fit = [&](const std::string& label, const std::vector<std::string>& all) {
      return gui::fitLabel(label, width, mono, gui::sharedWordPrefix(label, all));
    };
    gui::FittedLabel a = fit("local variation weight", wind), b = fit("local variation rate", wind);
    EXPECT_NE(a.shown, b.shown) << width;
    EXPECT_LE(mono(a.shown), width);
    EXPECT_TRUE(a.shown.starts_with("...we")) << a.shown;
    gui::FittedLabel c = fit("fade in start distance", fade), d = fit("fade in end distance", fade);
    EXPECT_NE(c.shown, d.shown) << width;
    EXPECT_LE(mono(c.shown), width);
  }
  EXPECT_EQ(gui::fitLabel("local variation weight", 140.0f, mono, 16).shown, "...weight");
  EXPECT_EQ(gui::fitLabel("fade in start distance", 70.0f, mono, 8).shown, "...star...");
}

TEST(AppInspector, LabelsFitWithTheViewersFont) {
  // The same through ImGui's own measure (the default font the viewer draws with).
  ImGuiContext* ctx = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini left in the working folder
  io.DisplaySize = ImVec2(1280, 720);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  ImGui::NewFrame();
  auto measure = [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  for (const char* label : {"effect translational velocity", "min distance particle to object",
                            "trailing particle distance"})
    for (float width : {40.0f, 90.0f, 140.0f, 400.0f}) {
      gui::FittedLabel f = gui::fitLabel(label, width, measure);
      EXPECT_LE(measure(f.shown), width) << label << " in " << width;
      EXPECT_EQ(f.truncated, measure(label) > width) << label << " in " << width;
      if (!f.truncated) {
        EXPECT_EQ(f.shown, label);
      }
    }
  ImGui::EndFrame();
  ImGui::DestroyContext(ctx);
}

// Collects the element titles the inspector would show for one array.
class TitleProbe final : public FieldWalker {
 public:
  explicit TitleProbe(std::string_view key) : key_(key) {}
  std::vector<std::string> titles;
  bool hasTitles = false;
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    if (m.key != key_) return FieldWalker::visitArray(m, a);
    hasTitles = bool(a.title);
    for (size_t i = 0; i < a.size(); ++i)
      if (a.title) titles.push_back(a.title(i));
  }

 private:
  std::string_view key_;
};

TEST(AppInspector, KeptStrideModulesAreTitledByTagAndLine) {
  // Issue 26: "Kept-not-simulated Stride entries show as bare [0] [1] [2]: show their module tag
  // and YAML line."
  stride::SystemDef system;
  system.kept.push_back({.tag = "InitialPositionParent", .where = "emitter Fire", .line = 212});
  system.kept.push_back({.tag = "UpdaterRibbonWobble", .where = "emitter Fire", .line = 240});
  system.kept.push_back({.tag = "", .where = "", .line = 0});
  TitleProbe probe("not_simulated");
  system.reflect(probe);
  ASSERT_TRUE(probe.hasTitles);
  ASSERT_EQ(probe.titles.size(), 3u);
  EXPECT_EQ(probe.titles[0], "line 212: InitialPositionParent");
  EXPECT_EQ(probe.titles[1], "line 240: UpdaterRibbonWobble");
  EXPECT_EQ(probe.titles[2], "(no tag)");
  // Arrays that declare no titles keep the inspector's probed ones ("name" / "type").
  TitleProbe emitters("emitters");
  system.emitters.resize(1);
  system.reflect(emitters);
  EXPECT_FALSE(emitters.hasTitles);
}

TEST(AppInspector, LabelColumnWidthPersists) {
  fs::path dir = fs::temp_directory_path() / "fxview-app-inspector-settings";
  fs::remove_all(dir);
  gui::ViewerSettings s;
  EXPECT_EQ(s.layout.inspectorLabelWidth, gui::kDefaultLabelColumn);
  s.layout.inspectorLabelWidth = 245.0f;
  ASSERT_EQ(gui::saveSettings(s, dir / "viewer.json"), "");
  std::string warning;
  gui::ViewerSettings back = gui::loadSettings(dir / "viewer.json", warning);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(back.layout.inspectorLabelWidth, 245.0f);
  // Out of range is clamped, like the other layout sizes.
  Json j = gui::settingsToJson(s);
  j["layout"]["inspector_label_width"] = -5;
  EXPECT_EQ(gui::settingsFromJson(j).layout.inspectorLabelWidth, 40.0f);
  fs::remove_all(dir);
}

}  // namespace app_inspector_test
