#include "app/gui/layout.h"

#include <algorithm>
#include <cmath>

namespace fx::gui {

Regions computeRegions(const LayoutSettings& l, float width, float height, float top, float toolbar,
                       float scale) {
  scale = std::clamp(std::isfinite(scale) ? scale : 1.0f, 0.25f, 8.0f);
  Regions r;
  // Never more than a third of the window, so a very narrow one keeps a picture.
  toolbar = std::clamp(toolbar, 24.0f, std::max(24.0f, height / 3.0f));
  r.toolbar = {0.0f, top, width, toolbar};
  float y0 = top + toolbar;
  float avail = std::max(0.0f, height - y0);
  float scene = l.showScene ? std::clamp(l.sceneWidth * scale, 120.0f, 0.45f * width) : 0.0f;
  float inspector =
      l.showInspector ? std::clamp(l.inspectorWidth * scale, 160.0f, 0.5f * width) : 0.0f;
  float over = scene + inspector + std::max(kMinViewport, kMinViewportShare * width) - width;
  if (over > 0.0f && scene + inspector > 0.0f) {
    float k = std::max(0.0f, (scene + inspector - over) / (scene + inspector));
    scene *= k;
    inspector *= k;
  }
  float bottom =
      l.showBottom
          ? std::clamp(l.bottomHeight * scale, 60.0f,
                       std::max(60.0f, avail - std::max(kMinViewport, kMinViewportShare * avail)))
          : 0.0f;
  bottom = std::min(bottom, avail);
  float middle = std::max(0.0f, width - scene - inspector);
  r.scene = {0.0f, y0, scene, avail};
  // From the picture's right edge, so float rounding never lets the two overlap.
  r.inspector = {scene + middle, y0, width - (scene + middle), avail};
  r.bottom = {scene, y0 + avail - bottom, middle, bottom};
  r.viewport = {scene, y0, middle, avail - bottom};
  return r;
}

}  // namespace fx::gui
