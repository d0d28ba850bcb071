// The viewer's text and sizes: a font that draws Latin, Greek and Cyrillic file names and tag
// paths (DejaVu Sans from Debian's fonts-dejavu-core; the Windows zip carries the same file), at
// the settings' font size times the UI scale (75-250 %) times the monitor's content scale
// (HiDPI; followed when the window moves to another monitor). The font atlas is rebuilt between
// frames, only when one of those changes.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "app/gui/app.h"
#include "engine/core/data_paths.h"
#include "engine/core/paths.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

// Basic Latin to Latin Extended-B, IPA and spacing modifiers, Greek and Coptic, Cyrillic and its
// supplement, general punctuation, the euro sign, arrows.
const ImWchar kGlyphRanges[] = {0x0020, 0x024F, 0x0250, 0x02FF, 0x0370, 0x03FF, 0x0400, 0x052F,
                                0x2000, 0x206F, 0x20AC, 0x20AC, 0x2190, 0x21FF, 0};

fs::path findUiFont() {
  if (fs::path shipped = findDataFile("fonts/DejaVuSans.ttf"); !shipped.empty()) return shipped;
  for (const char* p : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                        "/usr/local/share/fonts/truetype/dejavu/DejaVuSans.ttf"}) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return p;
  }
  return {};
}

float contentScale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  if (window) glfwGetWindowContentScale(window, &x, &y);
  return std::clamp(std::isfinite(y) && y > 0.0f ? y : 1.0f, 0.5f, 4.0f);
}

}  // namespace

float effectiveUiScale(const App& app) {
  return std::clamp(app.settings.uiScale, kMinUiScale, kMaxUiScale) * contentScale(app.window);
}

void applyUiScale(App& app, void (*baseStyle)()) {
  const float scale = effectiveUiScale(app);
  const float size =
      std::round(std::clamp(app.settings.fontSize, kMinFontSize, kMaxFontSize) * scale);
  if (scale == app.appliedUiScale && size == app.appliedFontSize) return;
  app.appliedUiScale = scale;
  app.appliedFontSize = size;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static fs::path font = findUiFont();
  static bool warned = false;
  ImFont* loaded = nullptr;
  if (!font.empty()) {
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    loaded = io.Fonts->AddFontFromFileTTF(toUtf8(font).c_str(), size, &cfg, kGlyphRanges);
  }
  if (!loaded) {
    if (!warned)
      std::cerr << "fxview: no DejaVuSans.ttf (fonts-dejavu-core): names outside Latin show as ?\n";
    warned = true;
    ImFontConfig cfg;
    cfg.SizePixels = std::max(13.0f, std::round(13.0f * scale));
    io.Fonts->AddFontDefault(&cfg);
  }
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGui::GetStyle() = ImGuiStyle();
  baseStyle();
  ImGui::GetStyle().ScaleAllSizes(scale);
}

// `ui_scale [PERCENT]` and `font_size [POINTS]`: print or set (saved in the settings).
std::string viewerUiScale(App& app, const ConsoleStatement& st) {
  const bool font = st.command() == "font_size";
  float& slot = font ? app.settings.fontSize : app.settings.uiScale;
  const float lo = font ? kMinFontSize : kMinUiScale * 100.0f;
  const float hi = font ? kMaxFontSize : kMaxUiScale * 100.0f;
  if (st.tokens.size() == 2) {
    char* end = nullptr;
    float v = std::strtof(st.tokens[1].c_str(), &end);
    if (end == st.tokens[1].c_str() || *end || !(v >= lo && v <= hi))
      return st.command() + ": expected " + std::to_string(int(lo)) + " to " +
             std::to_string(int(hi));
    slot = font ? v : v / 100.0f;
  } else if (st.tokens.size() != 1) {
    return font ? "usage: font_size [POINTS]" : "usage: ui_scale [PERCENT]";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s %g", st.command().c_str(), font ? slot : slot * 100.0f);
  app.consoleLog.push_back({ConsoleLine::Output, buf});
  return {};
}

}  // namespace fx::gui
