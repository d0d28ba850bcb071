// Video clips of rendered frames for bug reports (`fxview render --video`, the `video` console
// command, the toolbar's Video button), through FFmpeg's libavcodec / libavformat / libswscale.
// A GIF's 256-colour palette bands every glow; a clip keeps each frame's own colours: RGBA is
// converted to full-resolution chroma (YUV 4:4:4) wherever the codec takes it, at a low constant
// quality factor.
//   .webm: VP9 profile 1 (libvpx-vp9, 4:4:4), else VP8 (libvpx, 4:2:0)
//   .mp4:  H.264 High 4:4:4 (libx264), else MPEG-4 part 2 (mpeg4, 4:2:0)
// The 4:2:0 fallbacks need even sizes: an odd last column or row is dropped. The clip is written
// to a temporary name and renamed when finished, so a reader never sees half a file.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/capture/frames.h"

namespace fx::capture {

// The container a clip's file name asks for: "webm" or "mp4" (by extension, any case); "" for
// anything else.
std::string videoContainerFor(const std::filesystem::path& path);
inline constexpr const char* kVideoExtensions = ".webm or .mp4";

// Encodes frames one at a time, so a long clip never holds every frame in memory.
class VideoWriter {
 public:
  VideoWriter();
  ~VideoWriter();  // an unfinished clip is abandoned: its temporary file is removed
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  // Starts a clip of `width` x `height` frames `frameSeconds` apart. "" or the error (an unknown
  // extension, no encoder, a file that cannot be created). `alpha`: the frames' alpha kept (a
  // transparent capture, premultiplied): VP9 yuva420p in a .webm only.
  std::string open(const std::filesystem::path& path, int width, int height, double frameSeconds,
                   bool alpha = false);
  // Adds the next frame (the size given to open). "" or the error.
  std::string add(const Image& frame);
  // Flushes the encoder, closes the file and renames it into place. "" or the error.
  std::string finish();
  // The encoder in use ("libvpx-vp9", "libx264", ...), after open.
  std::string codec() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A whole clip from frames already rendered. "" or the error.
std::string writeVideoAtomic(const std::filesystem::path& path, const std::vector<Image>& frames,
                             double frameSeconds);

}  // namespace fx::capture
