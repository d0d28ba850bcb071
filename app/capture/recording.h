// A recording written a few frames at a time, so the viewer keeps drawing (a progress bar, a
// Cancel button) while it renders: a still PNG, an image sequence, an animated GIF, a video clip
// (.webm / .mp4) or a sprite sheet of the frames from `start` to `end` at `fps`, from a copy of
// the world (the running one is not disturbed). Nothing replaces a file: every output must be
// new, and a cancelled or failed recording removes what it wrote.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/capture/frames.h"
#include "app/capture/video.h"

namespace fx::capture {

enum class RecordKind { Still, Sequence, Gif, Video, Sheet };
inline constexpr const char* kRecordKindNames[] = {"png", "sequence", "gif", "video", "sheet"};

struct RecordSpec {
  RecordKind kind = RecordKind::Gif;
  std::filesystem::path path;     // a sequence numbers it: name_0000.png, name_0001.png, ...
  double start = 0.0, end = 3.0;  // seconds of simulated time
  double fps = 10.0;
  int width = 640, height = 360;
  int columns = 0;  // sprite sheet (0: square)
  bool transparent =
      false;  // premultiplied colour and coverage alpha (README "Transparent capture")
  bool grid = false;
};

// The frames `spec` records (1 for a still; at least 1).
int recordFrameCount(const RecordSpec& spec);
// Every file `spec` writes (a sequence: one per frame).
std::vector<std::filesystem::path> recordOutputs(const RecordSpec& spec);
// The extension a kind writes (".png", ".gif", ".webm", ...), for suggested names.
const char* recordExtension(RecordKind kind);
// "" when `spec` can be recorded; else why not (a time range, size or rate out of bounds, an
// extension that does not match the kind, an output that exists: nothing is ever replaced).
std::string recordRefusal(const RecordSpec& spec);
// `wanted` itself when no file has that name, else the first free "name-2.ext", "name-3.ext".
std::filesystem::path freeName(const std::filesystem::path& wanted);

class Recording {
 public:
  Recording(RecordSpec spec, std::unique_ptr<Preset> preset, std::unique_ptr<World> world,
            SplitSpec split, ViewMaker makeView);
  ~Recording();  // an unfinished recording is cancelled
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  // Renders up to `maxFrames` more (needs a current GL context); when the last is rendered,
  // writes the GIF / sheet or closes the clip. "" or the error (the recording is then over and
  // its files removed).
  std::string advance(render::Renderer& renderer, int maxFrames);
  bool finished() const { return finished_; }
  int framesDone() const { return done_; }
  int frameCount() const { return count_; }
  const RecordSpec& spec() const { return spec_; }
  // Stops and removes every file written so far.
  void cancel();

 private:
  std::string finish();
  RecordSpec spec_;
  std::unique_ptr<Preset> preset_;
  std::unique_ptr<World> world_;
  SplitView split_;
  ViewMaker makeView_;
  int count_ = 1, done_ = 0;
  bool finished_ = false;
  std::vector<Image> frames_;                        // GIF and sheet: written at the end
  std::unique_ptr<VideoWriter> video_;               // a clip: open while it records
  std::vector<std::filesystem::path> written_;       // sequence frames so far
  std::unique_ptr<render::OffscreenTarget> target_;  // drawn into by every advance
};

}  // namespace fx::capture
