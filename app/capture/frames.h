// Picture output shared by `fxview render` and the viewer: drawing a World (and the right half
// of a split view beside it) into one framebuffer, capturing a run of frames offscreen, and
// writing them as PNG, a sprite sheet PNG or an animated GIF (giflib, one median-cut 256-colour
// palette for the whole animation). Every file is written to a temporary name and renamed, so a
// reader never sees half a file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/render/renderer.h"
#include "engine/session/world_split.h"

namespace fx::capture {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // rows top to bottom
};

// The camera at a viewport size (the preset's camera for the CLI, the orbit camera in the GUI).
using ViewMaker = std::function<View(vec2 sizePx)>;

// The split layout of a `width` x `height` area whose bottom-left corner is (x, y): the left
// half and, when `split`, the right half (the right one takes the odd pixel).
struct SplitRects {
  View left, right;
};
SplitRects splitViews(const ViewMaker& makeView, float x, float y, float width, float height,
                      bool split);

// Draws `left` (and `right`, when not null, in the right half) with debug draw into the bound
// framebuffer. Does not clear. `grid` adds a ground grid.
void drawWorlds(render::Renderer& renderer, World& left, World* right, const SplitRects& rects,
                bool grid);

// The scene's backdrop (its "background" colour and "background_style") for the renderer: a
// relative image path resolves against the preset's folder, else the working folder.
render::Backdrop backdropOf(const Preset& preset);

struct CaptureOptions {
  int width = 640, height = 360;
  double start = 0.0;  // seconds of the first frame
  double every = 0.1;  // seconds between frames
  int frames = 1;
  bool grid = false;
  // Drawn into when given (it must be width x height): a recording that renders a few frames at a
  // time keeps one instead of making a framebuffer for each call.
  render::OffscreenTarget* target = nullptr;
};

// Advances `world` (and the split's right half, following it) to each frame's time and renders
// it offscreen; time only moves forward from the world's current time. Needs a current GL context.
// `each` gets every frame as it is rendered and returns "" to go on or an error to stop with.
std::string captureFrames(render::Renderer& renderer, Preset& preset, World& world,
                          SplitView* split, const ViewMaker& makeView,
                          const CaptureOptions& options,
                          const std::function<std::string(int index, Image& frame)>& each);
std::vector<Image> captureFrames(render::Renderer& renderer, Preset& preset, World& world,
                                 SplitView* split, const ViewMaker& makeView,
                                 const CaptureOptions& options);

// Frames in rows of `columns` (0 = the smallest square that holds them); unused tiles are
// transparent black.
Image makeSheet(const std::vector<Image>& frames, int columns);

// Atomic writes; each returns "" or an error.
std::string writePngAtomic(const std::filesystem::path& path, const Image& image);
std::string writeGifAtomic(const std::filesystem::path& path, const std::vector<Image>& frames,
                           double frameSeconds);

// The palette and indices the GIF writer uses: median cut over a 5-bit-per-channel histogram of
// every frame, each colour mapped to its nearest palette entry. `palette` gets 256 RGB triples.
void quantizeFrames(const std::vector<Image>& frames, std::vector<uint8_t>& palette,
                    std::vector<std::vector<uint8_t>>& indices);

}  // namespace fx::capture
