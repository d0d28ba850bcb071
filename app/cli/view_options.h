// The picture's look shared by `fxview render` and the viewer: a preset's `bloom` object (scene.h
// BloomLook) as the renderer's BloomSettings, and the overdraw view's one-line summary.
#pragma once

#include <cstdio>
#include <string>

#include "engine/render/renderer.h"
#include "engine/scene/scene.h"

namespace fx::cli {

inline render::BloomSettings bloomSettingsOf(const BloomLook& look) {
  return {.enabled = look.enabled,
          .threshold = look.threshold,
          .strength = look.intensity,
          .softKnee = look.softKnee,
          .exposure = look.exposure};
}

// "overdraw: max 3 layers, mean 0.42" from the stats of an overdraw frame.
inline std::string overdrawSummary(const render::RenderStats& stats) {
  char line[96];
  std::snprintf(line, sizeof line, "overdraw: max %d layers, mean %.3f", stats.overdrawMax,
                stats.overdrawMean);
  return line;
}

}  // namespace fx::cli
