// The renderer's floating-point frame (render-internal; includes glad). beginFrame binds an
// RGBA16F colour + depth target of the frame's size, so colours above 1 (Stride HDR curves,
// overlapping additive glows, the lightning glow) survive blending; resolve() writes it into the
// framebuffer that was bound at begin(): optional bloom (the part above a threshold, blurred at
// half resolution, added back), then a clamp to [0, 1]. With bloom off, a picture whose colours
// never leave [0, 1] resolves to what an 8-bit target would have held.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/render/gl_objects.h"
#include "engine/render/renderer.h"
#include "engine/render/shader.h"

namespace fx::render {

class HdrTarget {
 public:
  // Loads the post shaders (post.vert with post_resolve .frag; bloom's post_bright and
  // post_blur on first use, or now when they come from a shader folder).
  bool init(const std::filesystem::path& shaderDir, std::string& error);
  // Remembers the bound draw framebuffer, (re)sizes the float target and binds it.
  void begin(int width, int height);
  // Exposure, bloom (when enabled), then the clamp into the framebuffer bound at begin(), which
  // is bound again afterwards. `keepAlpha`: the frame's alpha (a transparent capture's coverage)
  // goes out too, else 1.
  void resolve(const BloomSettings& bloom, bool keepAlpha = false);
  // The overdraw view's end: the frame's layer counts through the ramp (post_overdraw.frag)
  // into the framebuffer bound at begin(). `counts` gets the red channel of the rectangle
  // (x, y, w, h; bottom-up rows) first.
  void resolveOverdraw(int x, int y, int w, int h, std::vector<float>& counts);
  bool active() const { return active_; }
  // Re-encodes the frame between gamma (how begin() leaves it) and linear light: the frame drawn
  // converted (post_space.frag) into a second colour buffer that shares its depth, then the two
  // swapped and the frame bound again. Nothing when already there or between frames.
  void setLinear(bool linear);
  bool linear() const { return linear_; }

 private:
  struct Surface {
    GlFramebuffer fbo;
    GlTexture color;
    GlRenderbuffer depth;
  };
  void resize(int width, int height);
  void bloomPasses(const BloomSettings& bloom);

  OnDemandProgram bright_, blur_;  // bloom's, compiled when bloom first runs
  OnDemandProgram space_;          // post_space, compiled when a frame first turns linear
  OnDemandProgram overdraw_;       // post_overdraw, compiled for the first overdraw view
  GlProgram resolve_;
  GlVertexArray emptyVao_;
  Surface frame_;
  Surface other_;  // setLinear's second colour buffer (frame_'s depth), made on first use
  Surface half_[2];
  int width_ = 0, height_ = 0;
  int previous_ = 0;  // draw framebuffer bound at begin()
  bool active_ = false;
  bool linear_ = false;  // the frame holds linear light
};

}  // namespace fx::render
