// UV builder "flipbook" (Stride's UVBuilderFlipbook): the texture is a grid of x_divisions x
// y_divisions frames read left to right, top to bottom; a particle shows frame
// starting_frame + floor(age x animation_speed), age = 1 - remaining life, so animation_speed is
// the number of frames played over the whole lifetime. Frames past the last wrap to the first
// (UVBuilderFlipbook.BuildUVCoordinates keeps counting rows past the bottom of the texture, which
// repeats); the starting frame is at most the frame count (its StartingFrame setter).
// UV builder "scroll" (Stride's UVBuilderScroll): the rectangle (x min, y min, x max, y max)
// moves linearly from start_frame to end_frame over the normalized age; U runs x min .. x max
// and V y min .. y max, past 0..1 the texture repeats.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

namespace {
constexpr EnumOption kUvBuilders[] = {
    {"none", int32_t(UvBuilderKind::None), "The whole texture on every particle."},
    {"flipbook", int32_t(UvBuilderKind::Flipbook),
     "A grid of frames played over the particle's lifetime."},
    {"scroll", int32_t(UvBuilderKind::Scroll),
     "The UV rectangle moves (and zooms) from a start to an end rectangle over the lifetime."},
};
constexpr int32_t kMaxDivisions = 256;
}  // namespace

void UvBuilder::reflectScroll(FieldVisitor& v) {
  v.visit({.key = "start_frame",
           .help = "The UV rectangle at birth: x min, y min, x max, y max ((0, 0, 1, 1) is the "
                   "whole texture; values may be negative or above 1).",
           .min = -1e6,
           .max = 1e6},
          startFrame, vec4(0, 0, 1, 1));
  v.visit({.key = "end_frame",
           .help = "The UV rectangle at the end of the life: x min, y min, x max, y max.",
           .min = -1e6,
           .max = 1e6},
          endFrame, vec4(0, 1, 1, 2));
}

void UvBuilder::reflect(FieldVisitor& v) {
  visitKind(v, {.key = "type", .help = "How the texture's UVs change over the lifetime."}, type,
            std::span<const EnumOption>(kUvBuilders), UvBuilderKind::None,
            [this](FieldVisitor& kv) {
              if (type == UvBuilderKind::Scroll) return reflectScroll(kv);
              if (type != UvBuilderKind::Flipbook) return;
              kv.visit({.key = "x_divisions",
                        .help = "Frames per row of the texture.",
                        .min = 1,
                        .max = kMaxDivisions},
                       xDivisions, 4);
              kv.visit({.key = "y_divisions",
                        .help = "Rows of frames in the texture.",
                        .min = 1,
                        .max = kMaxDivisions},
                       yDivisions, 4);
              kv.visit({.key = "starting_frame",
                        .help = "The frame a new particle shows (0 = top left).",
                        .min = 0,
                        .max = kMaxDivisions * kMaxDivisions},
                       startingFrame, 0);
              kv.visit({.key = "animation_speed",
                        .help = "Frames played over the particle's whole lifetime.",
                        .min = 0,
                        .max = 1e6},
                       animationSpeed, 16.0f);
            });
}

vec4 flipbookUv(const UvBuilder& uv, float age) {
  if (uv.type == UvBuilderKind::Scroll) {
    vec4 r = glm::mix(uv.startFrame, uv.endFrame, std::clamp(age, 0.0f, 1.0f));
    return {r.x, r.z, r.y, r.w};
  }
  if (uv.type != UvBuilderKind::Flipbook) return {0, 1, 0, 1};
  int32_t nx = std::clamp(uv.xDivisions, 1, kMaxDivisions);
  int32_t ny = std::clamp(uv.yDivisions, 1, kMaxDivisions);
  int32_t frames = nx * ny;
  float a = std::clamp(age, 0.0f, 1.0f) * std::max(uv.animationSpeed, 0.0f);
  int64_t start = std::clamp<int64_t>(uv.startingFrame, 0, frames);
  int64_t frame = (start + int64_t(a)) % frames;
  float w = 1.0f / float(nx), h = 1.0f / float(ny);
  float left = float(frame % nx) * w, top = float(frame / nx) * h;
  return {left, left + w, top, top + h};
}

}  // namespace fx::stride
