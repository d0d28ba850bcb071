// Sprite batcher cost against a raw instanced draw of the same sprites, headless (EGL), in one
// run: batch build (DrawList fill) + upload + draw + glFinish per iteration, 256x144 viewport.
// The batcher benchmark reports `vs_raw`: its wall time per frame / the raw baseline's (run
// first); both clear the target each frame.
//   build/fxview_benchmarks --benchmark_filter=Sprite
#include <chrono>
#include <map>

#include <benchmark/benchmark.h>

#include "engine/core/rng.h"
#include "engine/render/bench_support.h"
#include "engine/render/renderer.h"

namespace fx {
namespace {

constexpr int kWidth = 256, kHeight = 144;

struct Gl {
  std::unique_ptr<render::HeadlessContext> context;
  std::unique_ptr<render::OffscreenTarget> target;
  std::string error;
  static Gl& get() {
    static Gl gl = [] {
      Gl g;
      g.context = render::HeadlessContext::create(g.error);
      if (g.context) g.target = std::make_unique<render::OffscreenTarget>(kWidth, kHeight);
      return g;
    }();
    return gl;
  }
};

std::vector<SpriteInstance> makeSprites(size_t n) {
  std::vector<SpriteInstance> out(n);
  Lcg rng{12345};
  for (SpriteInstance& s : out) {
    s.position = {rng.range(-8, 8), rng.range(-5, 5), rng.range(-4, 4)};
    s.size = 0.08f;  // ~2 px at 10 wu
    s.color = {rng.unit(), rng.unit(), rng.unit(), 1.0f};
  }
  return out;
}

View benchView() {
  return makeView({0, -10, 0}, {0, 0, 0}, 60.0f, {float(kWidth), float(kHeight)});
}

std::map<int64_t, double> gRawSecondsPerFrame;

void BM_SpriteRawInstanced(benchmark::State& state) {
  Gl& gl = Gl::get();
  if (!gl.context) return state.SkipWithError(gl.error.c_str());
  render::RawSpriteBaseline raw;
  std::string error;
  if (!raw.init(error)) return state.SkipWithError(error.c_str());
  render::Renderer clearer;  // only for the same per-frame clear as the batcher's
  if (!clearer.init({}, error)) return state.SkipWithError(error.c_str());
  const auto source = makeSprites(size_t(state.range(0)));
  std::vector<SpriteInstance> sprites;
  View view = benchView();
  gl.target->bind();
  auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    clearer.beginFrame(kWidth, kHeight, {0, 0, 0, 1});
    sprites.assign(source.begin(), source.end());  // the same CPU fill as the batcher's DrawList
    raw.draw(sprites, view);
    render::finishGL();
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  gRawSecondsPerFrame[state.range(0)] = seconds / double(state.iterations());
  state.counters["sprites/s"] =
      benchmark::Counter(double(state.iterations() * state.range(0)), benchmark::Counter::kIsRate);
}

void BM_SpriteBatcher(benchmark::State& state) {
  Gl& gl = Gl::get();
  if (!gl.context) return state.SkipWithError(gl.error.c_str());
  render::Renderer renderer;
  std::string error;
  if (!renderer.init({}, error)) return state.SkipWithError(error.c_str());
  const auto source = makeSprites(size_t(state.range(0)));
  DrawList draw;
  View view = benchView();
  gl.target->bind();
  auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    draw.clear();
    SpriteBatch b;
    b.blend = BlendMode::Add;
    draw.beginBatch(b);
    for (const SpriteInstance& s : source) draw.push(s);
    renderer.beginFrame(kWidth, kHeight, {0, 0, 0, 1});
    renderer.draw(draw, view);
    render::finishGL();
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double perFrame = seconds / double(state.iterations());
  state.counters["sprites/s"] =
      benchmark::Counter(double(state.iterations() * state.range(0)), benchmark::Counter::kIsRate);
  auto raw = gRawSecondsPerFrame.find(state.range(0));
  if (raw != gRawSecondsPerFrame.end() && raw->second > 0)
    state.counters["vs_raw"] = perFrame / raw->second;
  state.counters["draw_calls"] = renderer.stats().drawCalls;
}

BENCHMARK(BM_SpriteRawInstanced)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SpriteBatcher)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace fx
