#include "app/capture/frames.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/startup_phases.h"

#ifdef FXVIEW_HAVE_GIF
#include <gif_lib.h>
#endif

namespace fx::capture {

namespace fs = std::filesystem;

namespace {

std::string makeParent(const fs::path& path) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  return ec ? "cannot create " + toUtf8(path.parent_path()) + ": " + ec.message() : std::string();
}

}  // namespace

SplitRects splitViews(const ViewMaker& makeView, float x, float y, float width, float height,
                      bool split) {
  SplitRects r;
  float leftW = split ? std::floor(width * 0.5f) : width;
  r.left = makeView(vec2(leftW, height));
  r.left.viewportOriginPx = vec2(x, y);
  if (split) {
    r.right = makeView(vec2(width - leftW, height));
    r.right.viewportOriginPx = vec2(x + leftW, y);
  }
  return r;
}

void drawWorlds(render::Renderer& renderer, World& left, World* right, const SplitRects& rects,
                bool grid) {
  DrawList draw;
  draw.sprites.setStorage(&renderer.spriteStorage());  // written into the instance buffer
  DebugDraw debug;
  auto one = [&](World& w, const View& view) {
    w.setView(view);
    draw.clear();
    debug.clear();
    w.collect(draw, debug);
    if (grid) debug.grid(10.0f, 1.0f, vec4(0.5f, 0.5f, 0.5f, 0.35f));
    renderer.draw(draw, view);
    renderer.drawDebug(debug, view);
    renderer.drawLabels(debug, view);
  };
  one(left, rects.left);
  if (right) one(*right, rects.right);
}

render::Backdrop backdropOf(const Preset& preset) {
  const Scene& s = preset.scene;
  render::Backdrop b;
  b.color = s.background;
  b.top = s.backgroundStyle.top;
  b.bottom = s.backgroundStyle.bottom;
  switch (s.backgroundStyle.mode) {
    case BackgroundMode::Color:
      b.kind = render::Backdrop::Kind::Color;
      break;
    case BackgroundMode::Gradient:
      b.kind = render::Backdrop::Kind::Gradient;
      break;
    case BackgroundMode::Image:
      b.kind = render::Backdrop::Kind::Image;
      break;
  }
  if (b.kind == render::Backdrop::Kind::Image && !s.backgroundStyle.image.empty()) {
    fs::path p = toPath(s.backgroundStyle.image);
    std::error_code ec;
    if (p.is_relative() && fs::is_regular_file(preset.path.parent_path() / p, ec))
      p = preset.path.parent_path() / p;
    b.image = toUtf8(p);
  }
  return b;
}

std::string captureFrames(render::Renderer& renderer, Preset& preset, World& world,
                          SplitView* split, const ViewMaker& makeView, const CaptureOptions& o,
                          const std::function<std::string(int index, Image& frame)>& each) {
  std::optional<render::OffscreenTarget> own;
  render::OffscreenTarget& target =
      o.target && o.target->width() == o.width && o.target->height() == o.height
          ? *o.target
          : own.emplace(o.width, o.height);
  bool twoHalves = split && split->spec.enabled;
  SplitRects rects = splitViews(makeView, 0.0f, 0.0f, float(o.width), float(o.height), twoHalves);
  const render::Backdrop backdrop = backdropOf(preset);
  const View whole = makeView(vec2(float(o.width), float(o.height)));
  for (int i = 0; i < o.frames; ++i) {
    world.setView(rects.left);
    world.advanceTo(o.start + double(i) * o.every);
    startup::mark("simulate");
    World* right = nullptr;
    if (twoHalves) {
      followSplit(*split, preset, world);
      right = split->world.get();
    }
    target.bind();
    renderer.beginFrame(o.width, o.height, preset.scene.background);
    renderer.drawBackdrop(backdrop, whole);
    drawWorlds(renderer, world, right, rects, o.grid);
    renderer.endFrame();
    startup::mark("draw");
    Image frame{o.width, o.height, target.readPixels()};
    startup::mark("readback");
    if (std::string err = each(i, frame); !err.empty()) return err;
  }
  return {};
}

std::vector<Image> captureFrames(render::Renderer& renderer, Preset& preset, World& world,
                                 SplitView* split, const ViewMaker& makeView,
                                 const CaptureOptions& o) {
  std::vector<Image> out;
  captureFrames(renderer, preset, world, split, makeView, o, [&](int, Image& f) {
    out.push_back(std::move(f));
    return std::string();
  });
  return out;
}

Image makeSheet(const std::vector<Image>& frames, int columns) {
  Image sheet;
  if (frames.empty()) return sheet;
  int n = int(frames.size());
  if (columns <= 0) columns = int(std::ceil(std::sqrt(double(n))));
  columns = std::min(columns, n);
  int rows = (n + columns - 1) / columns;
  int tw = frames[0].width, th = frames[0].height;
  sheet.width = tw * columns;
  sheet.height = th * rows;
  sheet.rgba.assign(size_t(sheet.width) * size_t(sheet.height) * 4, 0);
  for (int i = 0; i < n; ++i) {
    const Image& f = frames[size_t(i)];
    int ox = (i % columns) * tw, oy = (i / columns) * th;
    for (int y = 0; y < th && y < f.height; ++y)
      std::copy_n(
          f.rgba.begin() + ptrdiff_t(size_t(y) * size_t(f.width) * 4),
          size_t(std::min(tw, f.width)) * 4,
          sheet.rgba.begin() + ptrdiff_t((size_t(oy + y) * size_t(sheet.width) + size_t(ox)) * 4));
  }
  return sheet;
}

std::string writePngAtomic(const fs::path& path, const Image& image) {
  if (std::string err = makeParent(path); !err.empty()) return err;
  std::string error;
  render::writePng(path, image.width, image.height, image.rgba, error);
  return error;
}

// --- median cut ------------------------------------------------------------------------------

namespace {

struct Bin {
  uint16_t key = 0;  // r5 << 10 | g5 << 5 | b5
  uint64_t count = 0;
  std::array<uint64_t, 3> sum{};  // of the 8-bit colours that fell in
  int channel(int c) const { return (key >> (10 - 5 * c)) & 31; }
};

struct Box {
  size_t begin = 0, end = 0;  // range of bins
  uint64_t count = 0;
  int longest = 0, extent = 0;  // widest channel and its 5-bit range
};

uint16_t keyOf(const uint8_t* p) {
  return uint16_t((p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3));
}

void measure(Box& b, const std::vector<Bin>& bins) {
  int lo[3] = {31, 31, 31}, hi[3] = {0, 0, 0};
  b.count = 0;
  for (size_t i = b.begin; i < b.end; ++i) {
    b.count += bins[i].count;
    for (int c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], bins[i].channel(c));
      hi[c] = std::max(hi[c], bins[i].channel(c));
    }
  }
  b.longest = 0;
  b.extent = -1;
  for (int c = 0; c < 3; ++c)
    if (hi[c] - lo[c] > b.extent) {
      b.extent = hi[c] - lo[c];
      b.longest = c;
    }
}

}  // namespace

void quantizeFrames(const std::vector<Image>& frames, std::vector<uint8_t>& palette,
                    std::vector<std::vector<uint8_t>>& indices) {
  std::vector<Bin> table(32768);
  for (size_t k = 0; k < table.size(); ++k) table[k].key = uint16_t(k);
  for (const Image& f : frames)
    for (size_t i = 0; i + 3 < f.rgba.size(); i += 4) {
      Bin& b = table[keyOf(&f.rgba[i])];
      b.count++;
      for (int c = 0; c < 3; ++c) b.sum[size_t(c)] += f.rgba[i + size_t(c)];
    }
  std::vector<Bin> bins;
  for (const Bin& b : table)
    if (b.count) bins.push_back(b);

  // Split the box holding the most pixels (that still spans more than one bin) at the weighted
  // median of its widest channel, until there are 256 boxes or nothing left to split.
  std::vector<Box> boxes;
  if (!bins.empty()) {
    boxes.push_back({0, bins.size()});
    measure(boxes[0], bins);
  }
  while (boxes.size() < 256) {
    Box* best = nullptr;
    for (Box& b : boxes)
      if (b.end - b.begin > 1 && b.extent > 0 && (!best || b.count > best->count)) best = &b;
    if (!best) break;
    int c = best->longest;
    std::sort(bins.begin() + ptrdiff_t(best->begin), bins.begin() + ptrdiff_t(best->end),
              [c](const Bin& a, const Bin& b) { return a.channel(c) < b.channel(c); });
    uint64_t half = best->count / 2, acc = 0;
    size_t cut = best->begin;
    while (cut < best->end - 1 && acc + bins[cut].count <= half) acc += bins[cut++].count;
    if (cut == best->begin) cut = best->begin + 1;
    Box upper{cut, best->end};
    best->end = cut;
    measure(*best, bins);
    measure(upper, bins);
    boxes.push_back(upper);
  }

  palette.assign(256 * 3, 0);
  for (size_t i = 0; i < boxes.size(); ++i) {
    std::array<uint64_t, 3> sum{};
    uint64_t n = 0;
    for (size_t k = boxes[i].begin; k < boxes[i].end; ++k) {
      n += bins[k].count;
      for (int c = 0; c < 3; ++c) sum[size_t(c)] += bins[k].sum[size_t(c)];
    }
    for (int c = 0; c < 3; ++c)
      palette[i * 3 + size_t(c)] = uint8_t(n ? (sum[size_t(c)] + n / 2) / n : 0);
  }

  // Each bin's mean colour goes to its nearest palette entry (exhaustive search).
  std::vector<uint8_t> lookup(32768, 0);
  size_t used = std::max<size_t>(boxes.size(), 1);
  for (const Bin& b : bins) {
    int mean[3];
    for (int c = 0; c < 3; ++c) mean[c] = int(b.sum[size_t(c)] / b.count);
    int64_t bestD = INT64_MAX;
    for (size_t p = 0; p < used; ++p) {
      int64_t d = 0;
      for (int c = 0; c < 3; ++c) {
        int64_t e = mean[c] - int(palette[p * 3 + size_t(c)]);
        d += e * e;
      }
      if (d < bestD) {
        bestD = d;
        lookup[b.key] = uint8_t(p);
      }
    }
  }
  indices.clear();
  for (const Image& f : frames) {
    std::vector<uint8_t> idx(size_t(f.width) * size_t(f.height));
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = lookup[keyOf(&f.rgba[i * 4])];
    indices.push_back(std::move(idx));
  }
}

#ifdef FXVIEW_HAVE_GIF
namespace {

// giflib's output function: appends to the std::string in UserData.
int appendGifBytes(GifFileType* gif, const GifByteType* data, int n) {
  static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), size_t(n));
  return n;
}

}  // namespace
#endif

std::string writeGifAtomic(const fs::path& path, const std::vector<Image>& frames,
                           double frameSeconds) {
#ifndef FXVIEW_HAVE_GIF
  (void)path;
  (void)frames;
  (void)frameSeconds;
  return "GIF export needs giflib (libgif-dev) at build time";
#else
  if (frames.empty()) return "no frames to write";
  for (const Image& f : frames)
    if (f.width != frames[0].width || f.height != frames[0].height)
      return "GIF frames differ in size";
  if (frames[0].width > 65535 || frames[0].height > 65535) return "GIF frames larger than 65535";
  if (std::string err = makeParent(path); !err.empty()) return err;
  std::vector<uint8_t> palette;
  std::vector<std::vector<uint8_t>> indices;
  quantizeFrames(frames, palette, indices);

  // Encoded in memory, then saved as every file is (temporary file, then replaced): giflib's
  // own file opening takes a narrow name, which Windows reads in its ANSI code page.
  std::string bytes;
  int error = 0;
  GifFileType* gif = EGifOpen(&bytes, appendGifBytes, &error);
  if (!gif) return "cannot save " + toUtf8(path) + ": " + GifErrorString(error);
  auto fail = [&](const char* what) {
    int closeError = 0;
    std::string msg = "GIF " + std::string(what) + ": " + GifErrorString(gif->Error);
    EGifCloseFile(gif, &closeError);
    return msg;
  };
  EGifSetGifVersion(gif, true);
  std::vector<GifColorType> colors(256);
  for (size_t i = 0; i < 256; ++i)
    colors[i] = {palette[i * 3], palette[i * 3 + 1], palette[i * 3 + 2]};
  ColorMapObject* map = GifMakeMapObject(256, colors.data());
  int w = frames[0].width, h = frames[0].height;
  int rc = EGifPutScreenDesc(gif, w, h, 8, 0, map);
  GifFreeMapObject(map);
  if (rc != GIF_OK) return fail("screen");
  // NETSCAPE2.0: loop forever.
  unsigned char loop[3] = {1, 0, 0};
  if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
      EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_OK ||
      EGifPutExtensionBlock(gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(gif) != GIF_OK)
    return fail("loop extension");
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  // Centiseconds; browsers slow anything under 2 to 10, so 2 is the floor.
  gcb.DelayTime = int(std::clamp(std::lround(frameSeconds * 100.0), 2L, 65535L));
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  for (const auto& idx : indices) {
    size_t n = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(n), ext) != GIF_OK)
      return fail("frame delay");
    if (EGifPutImageDesc(gif, 0, 0, w, h, false, nullptr) != GIF_OK) return fail("frame");
    for (int y = 0; y < h; ++y)
      if (EGifPutLine(gif, const_cast<GifPixelType*>(idx.data() + size_t(y) * size_t(w)), w) !=
          GIF_OK)
        return fail("pixels");
  }
  if (EGifCloseFile(gif, &error) != GIF_OK)
    return "cannot write " + toUtf8(path) + ": " + GifErrorString(error);
  return writeFileAtomic(path, bytes);
#endif
}

}  // namespace fx::capture
