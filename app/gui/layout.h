// Where the viewer's regions sit, without ImGui: the toolbar across the top, the scene panel on
// the left and the inspector on the right (full height), the bottom area (console, errors,
// sequence, curves as tabs) between them, and the picture in what is left. The regions never
// overlap, so no panel covers the picture; the splitters between them resize the panels.
// Screen pixels, origin top left.
#pragma once

#include "app/gui/settings.h"

namespace fx::gui {

struct Rect {
  float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

struct Regions {
  Rect toolbar, scene, inspector, bottom, viewport;
};

inline constexpr float kToolbarHeight = 86.0f;
inline constexpr float kMinViewport = 160.0f;     // the picture keeps at least this much a side
inline constexpr float kMinViewportShare = 0.3f;  // and this share of the window, where it can
inline constexpr float kSplitterWidth = 6.0f;     // grab zone, on the panel's side of the border

// The regions for a display of `width` x `height` below a menu bar of `top` pixels. Panel sizes
// come from `layout`, clamped so the picture keeps kMinViewport a side where the display allows.
// `toolbar`: the toolbar's height (its content's, measured last frame: the stats lines wrap).
// `scale`: the UI scale; the layout's sizes are kept at 100 % and drawn this many times larger,
// so panels grow with the text in them (a HiDPI monitor, a larger UI scale).
Regions computeRegions(const LayoutSettings& layout, float width, float height, float top,
                       float toolbar = kToolbarHeight, float scale = 1.0f);

}  // namespace fx::gui
