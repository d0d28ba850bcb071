// `fxview bench`: rendering. A full frame of N sprites (the Stride stress preset: simulate, collect
// straight into the renderer's mapped instance buffer, draw, glFinish) against a raw instanced
// draw of the very same sprites (one buffer upload, a minimal shader, one glDrawArraysInstanced,
// glFinish), both headless at 640x360; the CPU cost of one gallery frame at its game limits
// (gallery_frame_cpu_ms). The wall time of `fxview render` is the startup part's
// (bench_startup.cpp).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>

#include "app/cli/bench.h"
#include "engine/core/paths.h"
#include "engine/render/bench_support.h"
#include "engine/render/renderer.h"
#include "engine/session/world.h"

namespace fx::bench {

namespace {

constexpr int kWidth = 640, kHeight = 360;

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// The gallery as the game would run it (its budgets, not lifted): a few seconds of warm-up, then
// per frame the CPU cost of stepOnce + collect into the renderer's mapped instance buffer, and
// separately Renderer::draw's submission; the picture is finished outside the timed parts.
std::string measureGallery(const Settings& s, render::Renderer& renderer, RenderResult& out) {
  Diagnostics diags;
  std::unique_ptr<Preset> preset = loadPreset(s.presetsDir / "gallery.json", diags);
  if (!preset || diags.hasErrors()) return "gallery.json does not load: " + diags.formatAll();
  World world(*preset);
  const View view = presetView(preset->scene, {float(kWidth), float(kHeight)});
  world.setView(view);
  world.advanceTo(3.0);
  DrawList draw;
  draw.sprites.setStorage(&renderer.spriteStorage());
  DebugDraw debug;
  const int frames = s.quick ? 150 : 300;
  std::vector<double> cpu, submit;
  cpu.reserve(size_t(frames));
  submit.reserve(size_t(frames));
  using Clock = std::chrono::steady_clock;
  for (int i = -10; i < frames; ++i) {  // the first ten settle the buffers and shader variants
    auto t0 = Clock::now();
    world.stepOnce();
    draw.clear();
    debug.clear();
    world.collect(draw, debug);
    auto t1 = Clock::now();
    renderer.beginFrame(kWidth, kHeight, preset->scene.background);
    const size_t sprites = draw.sprites.size();
    auto t2 = Clock::now();
    renderer.draw(draw, view);
    auto t3 = Clock::now();
    renderer.endFrame();
    render::finishGL();
    if (i < 0) continue;
    cpu.push_back(std::chrono::duration<double>(t1 - t0).count());
    submit.push_back(std::chrono::duration<double>(t3 - t2).count());
    out.gallerySprites = sprites;
  }
  draw.sprites.setStorage(nullptr);
  out.galleryFrameSeconds = median(cpu);
  out.galleryDrawSeconds = median(submit);
  return {};
}

// One row: the stride stress preset at `count` particles, full frames against the raw baseline.
std::string measureStress(const Settings& s, render::Renderer& renderer, size_t count,
                          RenderRow& row) {
  std::string error;
  StressPreset sp = stressPreset(s, "stride_particles", count);
  Diagnostics diags;
  std::unique_ptr<Preset> preset;
  if (sp.error.empty())
    preset = loadPresetFromJson(sp.json, sp.path, diags, {.allowAnyPath = true});
  if (!preset || diags.hasErrors()) {
    return "stride stress preset does not load: " + diags.formatAll() + sp.error;
  }
  World world(*preset);
  world.flags.unlimitedBudget = true;
  const View view = presetView(preset->scene, {float(kWidth), float(kHeight)});
  world.setView(view);
  const ColorRgba background{0.0f, 0.0f, 0.0f, 1.0f};
  DrawList draw;
  draw.sprites.setStorage(&renderer.spriteStorage());  // written into the instance buffer
  DebugDraw debug;
  world.stepOnce();  // the bursts spawn
  world.collect(draw, debug);
  std::filesystem::path texture;
  if (!draw.batches.empty() && draw.batches[0].texture >= 0 &&
      size_t(draw.batches[0].texture) < draw.textures.size())
    texture = toPath(draw.textures[size_t(draw.batches[0].texture)].path);
  render::RawSpriteBaseline raw;
  if (!raw.init(texture, error)) {
    return "raw baseline: " + error;
  }

  auto frame = [&] {
    world.stepOnce();
    draw.clear();
    debug.clear();
    world.collect(draw, debug);
    renderer.beginFrame(kWidth, kHeight, background);
    renderer.draw(draw, view);
    renderer.endFrame();
    render::finishGL();
  };
  frame();
  DrawList plain;
  DebugDraw plainDebug;
  std::tie(row.simSeconds, row.simPlainSeconds) = bestOfInterleaved(
      [&] {
        world.stepOnce();
        draw.clear();
        debug.clear();
        world.collect(draw, debug);
      },
      [&] {
        world.stepOnce();
        plain.clear();
        plainDebug.clear();
        world.collect(plain, plainDebug);
      },
      s.minSeconds);
  draw.clear();
  debug.clear();
  world.collect(draw, debug);  // the frame's sprites for the baseline below
  row.sprites = draw.sprites.size();
  row.drawCalls = renderer.stats().drawCalls;
  // The baseline: the same sprites, the same clear, the cheapest instanced draw.
  std::vector<SpriteInstance> sprites, frameSprites(draw.sprites.begin(), draw.sprites.end());
  auto rawFrame = [&] {
    renderer.beginFrame(kWidth, kHeight, background);
    sprites.assign(frameSprites.begin(), frameSprites.end());
    raw.draw(sprites, view);
    renderer.endFrame();
    render::finishGL();
  };
  std::tie(row.frameSeconds, row.rawSeconds) = bestOfInterleaved(frame, rawFrame, 2 * s.minSeconds);
  return {};
}

}  // namespace

RenderResult runRender(const Settings& s) {
  RenderResult out;
  std::string error;
  auto context = render::HeadlessContext::create(error);
  if (!context) {
    out.error = "no headless GL: " + error;
    return out;
  }
  render::OffscreenTarget target(kWidth, kHeight);
  target.bind();
  render::Renderer renderer;
  if (!renderer.init({}, error)) {
    out.error = error;
    return out;
  }
  out.glRenderer = render::glRendererString();

  for (size_t count : {size_t(10000), size_t(100000)}) {
    RenderRow row;
    if (std::string e = measureStress(s, renderer, count, row); !e.empty()) {
      out.error = e;
      return out;
    }
    out.rows.push_back(row);
  }

  if (std::string e = measureGallery(s, renderer, out); !e.empty()) {
    out.error = e;
    return out;
  }
  return out;
}

}  // namespace fx::bench
