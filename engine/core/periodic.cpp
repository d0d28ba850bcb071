#include "engine/core/periodic.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/core/rng.h"

namespace fx {

namespace {

constexpr int kTableSize = 1024;
constexpr int kFunctionCount = 12;

struct Tables {
  std::array<std::array<uint8_t, kTableSize + 1>, kFunctionCount> periodic{};
  std::array<std::array<uint8_t, kTableSize>, 6> transition{};
};

// Built once per process: a pure function of constants, so determinism is kept.
Tables buildTables() {
  Tables t;
  Lcg rng{0x20F3F660u};
  auto rnd = [&] { return float(rng.next() >> 16) / 65535.0f; };
  // The monotone "variable period" warp R: cumulative sum of weighted random steps, normalized.
  std::array<double, kTableSize> warp{};
  double sum = 0.0;
  for (int k = 0; k < kTableSize; ++k) {
    double step = 0.25 * rnd() + 0.25 + (std::cos(8.2 * kPi * k / 1024.0) + 1.0) * rnd() +
                  (std::cos(10.2 * kPi * k / 1024.0) + 1.0) * rnd() + (std::cos(14.6 * kPi * k / 1024.0) + 1.0) * rnd();
    sum += step;
    warp[k] = sum;
  }
  for (auto& w : warp) w /= sum;

  std::array<std::array<double, kTableSize>, kFunctionCount> raw{};
  for (int k = 0; k < kTableSize; ++k) {
    double x = k * 0.027343748;
    double xr = warp[k] * 28.0;
    auto frac = [](double v) { return v - std::floor(v); };
    auto tri = [&](double v) {
      double f = frac(v);
      return f < 0.5 ? 2 * f : 1 - 2 * (f - 0.5);
    };
    double wander = 0.5 * (std::cos(0.8976 * x) * std::cos(8 * kPi * x) + std::cos(14 * kPi * x) * std::sin(0.5 * kPi * x)) +
                    std::sin(kPi * x) * std::cos(2 * kPi * x);
    raw[0][k] = 1.0;
    raw[1][k] = 0.0;
    raw[2][k] = std::cos(2 * kPi * x);
    raw[3][k] = std::cos(2 * kPi * xr);
    raw[4][k] = tri(x);
    raw[5][k] = tri(xr);
    raw[6][k] = frac(x);
    raw[7][k] = frac(xr);
    raw[8][k] = rnd();
    raw[9][k] = wander;
    raw[10][k] = wander;
    raw[11][k] = frac(xr) * frac(xr);
  }
  for (int f = 0; f < kFunctionCount; ++f) {
    bool slide = f == 6 || f == 7;
    double lo = *std::min_element(raw[f].begin(), raw[f].end());
    double hi = *std::max_element(raw[f].begin(), raw[f].end());
    for (int k = 0; k < kTableSize; ++k) {
      double v = raw[f][k];
      if (!slide && f > 1 && hi > lo) v = (v - lo) / (hi - lo);
      t.periodic[f][k] = uint8_t(std::clamp(v, 0.0, 1.0) * 255.0 + 0.5);
    }
    t.periodic[f][kTableSize] = t.periodic[f][0];
  }
  for (int k = 0; k < kTableSize; ++k) {
    double x = k / 1023.0;
    double v[6] = {x, std::sqrt(x), std::pow(x, 0.25), x * x, std::pow(x, 4.0), (std::sin(kPi * x - kPi / 2) + 1) / 2};
    for (int f = 0; f < 6; ++f) t.transition[f][k] = uint8_t(std::clamp(v[f], 0.0, 1.0) * 255.0 + 0.5);
  }
  return t;
}

const Tables& tables() {
  static const Tables kTables = buildTables();
  return kTables;
}

constexpr EnumOption kPeriodicOptions[] = {
    {"one", 0}, {"zero", 1}, {"cosine", 2}, {"cosine_variable_period", 3}, {"diagonal_wave", 4},
    {"diagonal_wave_variable_period", 5}, {"slide", 6}, {"slide_variable_period", 7}, {"noise", 8},
    {"jitter", 9}, {"wander", 10}, {"spark", 11},
};
constexpr EnumOption kTransitionOptions[] = {
    {"linear", 0}, {"early", 1}, {"very_early", 2}, {"late", 3}, {"very_late", 4}, {"cosine", 5},
};

}  // namespace

std::span<const EnumOption> periodicFunctionOptions() { return kPeriodicOptions; }
std::span<const EnumOption> transitionFunctionOptions() { return kTransitionOptions; }

float periodicEvaluate(PeriodicFunction f, float t) {
  int fi = int(f);
  if (fi <= 0 || fi >= kFunctionCount) return fi == 0 ? 1.0f : 0.0f;
  const auto& table = tables().periodic[fi];
  float s = 25.6f * t;
  float fl = std::floor(s);
  int i = int(int64_t(fl) & 1023);
  float frac = s - fl;
  float a = table[i] / 255.0f, b = table[i + 1] / 255.0f;
  if (f == PeriodicFunction::Slide || f == PeriodicFunction::SlideVariablePeriod) {
    if (a > 0.75f && b < 0.25f) b += 1.0f;
    float v = a + (b - a) * frac;
    return v > 1.0f ? v - 1.0f : v;
  }
  return a + (b - a) * frac;
}

float transitionEvaluate(TransitionFunction f, float x) {
  int fi = std::clamp(int(f), 0, 5);
  x = std::clamp(x, 0.0f, 1.0f);
  float s = x * 1023.0f;
  int i = std::min(int(s), 1022);
  float frac = s - float(i);
  const auto& table = tables().transition[fi];
  return (table[i] + (table[i + 1] - table[i]) * frac) / 255.0f;
}

}  // namespace fx
