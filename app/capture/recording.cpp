#include "app/capture/recording.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/core/paths.h"

namespace fx::capture {

namespace fs = std::filesystem;

namespace {

std::string lowerExtension(const fs::path& p) {
  std::string e = toUtf8(p.extension());
  std::transform(e.begin(), e.end(), e.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return e;
}

fs::path numbered(const fs::path& out, int index) {
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "_%04d", index);
  fs::path p = out;
  p.replace_filename(toPath(toUtf8(out.stem()) + suffix + toUtf8(out.extension())));
  return p;
}

bool taken(const fs::path& p) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(p, ec));
}

std::string extensionRefusal(const RecordSpec& s) {
  std::string ext = lowerExtension(s.path);
  switch (s.kind) {
    case RecordKind::Still:
    case RecordKind::Sequence:
    case RecordKind::Sheet:
      return ext == ".png" ? "" : "a PNG needs a .png name";
    case RecordKind::Gif:
      return ext == ".gif" ? "" : "a GIF needs a .gif name";
    case RecordKind::Video:
      return videoContainerFor(s.path).empty()
                 ? std::string("a video needs a ") + kVideoExtensions + " name"
                 : "";
  }
  return {};
}

}  // namespace

int recordFrameCount(const RecordSpec& s) {
  if (s.kind == RecordKind::Still) return 1;
  double n = std::floor((s.end - s.start) * s.fps + 1e-6) + 1.0;
  return int(std::clamp(n, 1.0, 100000.0));
}

std::vector<fs::path> recordOutputs(const RecordSpec& s) {
  if (s.kind != RecordKind::Sequence) return {s.path};
  std::vector<fs::path> out;
  for (int i = 0; i < recordFrameCount(s); ++i) out.push_back(numbered(s.path, i));
  return out;
}

const char* recordExtension(RecordKind kind) {
  switch (kind) {
    case RecordKind::Gif:
      return ".gif";
    case RecordKind::Video:
      return ".webm";
    default:
      return ".png";
  }
}

std::string recordRefusal(const RecordSpec& s) {
  if (s.path.empty()) return "choose where to write it";
  if (std::string e = extensionRefusal(s); !e.empty()) return e;
  if (!(s.start >= 0.0 && s.start <= 3600.0)) return "start: 0 to 3600 s";
  if (s.kind != RecordKind::Still && !(s.end > s.start && s.end <= 3600.0))
    return "end: after the start, at most 3600 s";
  if (!(s.fps >= 1.0 && s.fps <= 240.0)) return "frame rate: 1 to 240 per second";
  if (s.width < 16 || s.height < 16 || s.width > 8192 || s.height > 8192)
    return "size: 16 to 8192 pixels a side";
  if (recordFrameCount(s) > 20000) return "more than 20000 frames: shorten it or lower the rate";
  if (s.transparent && (s.kind == RecordKind::Gif || videoContainerFor(s.path) == "mp4"))
    return "a GIF or an .mp4 holds no alpha: record PNGs, a sheet or a .webm with a transparent "
           "background";
  for (const fs::path& p : recordOutputs(s))
    if (taken(p))
      return toUtf8(p) + " exists; a recording never replaces a file: choose another name";
  return {};
}

fs::path freeName(const fs::path& wanted) {
  if (!taken(wanted)) return wanted;
  for (int n = 2; n < 100000; ++n) {
    fs::path p = wanted;
    p.replace_filename(
        toPath(toUtf8(wanted.stem()) + "-" + std::to_string(n) + toUtf8(wanted.extension())));
    if (!taken(p)) return p;
  }
  return wanted;
}

Recording::Recording(RecordSpec spec, std::unique_ptr<Preset> preset, std::unique_ptr<World> world,
                     SplitSpec split, ViewMaker makeView)
    : spec_(std::move(spec)),
      preset_(std::move(preset)),
      world_(std::move(world)),
      makeView_(std::move(makeView)),
      count_(recordFrameCount(spec_)) {
  split_.spec = std::move(split);
}

Recording::~Recording() {
  if (!finished_) cancel();
}

void Recording::cancel() {
  std::error_code ec;
  for (const fs::path& p : written_) fs::remove(p, ec);
  written_.clear();
  frames_.clear();
  video_.reset();  // VideoWriter's destructor removes its temporary file
  finished_ = true;
}

std::string Recording::advance(render::Renderer& renderer, int maxFrames) {
  if (finished_) return {};
  std::error_code ec;
  if (done_ == 0 && spec_.path.has_parent_path())
    fs::create_directories(spec_.path.parent_path(), ec);
  if (done_ == 0 && spec_.kind == RecordKind::Video && !video_) {
    video_ = std::make_unique<VideoWriter>();
    if (std::string err =
            video_->open(spec_.path, spec_.width, spec_.height, 1.0 / spec_.fps, spec_.transparent);
        !err.empty()) {
      cancel();
      return err;
    }
  }
  const int n = std::min(maxFrames, count_ - done_);
  CaptureOptions o{.width = spec_.width,
                   .height = spec_.height,
                   .start = spec_.start + double(done_) / spec_.fps,
                   .every = 1.0 / spec_.fps,
                   .frames = n,
                   .grid = spec_.grid};
  if (!target_) target_ = std::make_unique<render::OffscreenTarget>(spec_.width, spec_.height);
  o.target = target_.get();
  SplitView* right = split_.spec.enabled ? &split_ : nullptr;
  const bool wasTransparent = renderer.transparent();
  renderer.setTransparent(spec_.transparent);
  std::string err = captureFrames(renderer, *preset_, *world_, right, makeView_, o,
                                  [&](int i, Image& frame) -> std::string {
                                    const int index = done_ + i;
                                    switch (spec_.kind) {
                                      case RecordKind::Video:
                                        return video_->add(frame);
                                      case RecordKind::Sequence: {
                                        fs::path p = numbered(spec_.path, index);
                                        written_.push_back(p);
                                        return writePngAtomic(p, frame);
                                      }
                                      default:
                                        frames_.push_back(std::move(frame));
                                        return {};
                                    }
                                  });
  renderer.setTransparent(wasTransparent);
  if (err.empty()) done_ += n;
  if (err.empty() && done_ >= count_) err = finish();
  if (!err.empty()) cancel();
  return err;
}

std::string Recording::finish() {
  std::string err;
  switch (spec_.kind) {
    case RecordKind::Video:
      err = video_->finish();
      break;
    case RecordKind::Gif:
      err = writeGifAtomic(spec_.path, frames_, 1.0 / spec_.fps);
      break;
    case RecordKind::Sheet:
      err = writePngAtomic(spec_.path, makeSheet(frames_, spec_.columns));
      break;
    case RecordKind::Still:
      err = frames_.empty() ? "no frame was rendered" : writePngAtomic(spec_.path, frames_[0]);
      break;
    case RecordKind::Sequence:
      break;
  }
  if (!err.empty()) return err;
  frames_.clear();
  written_.clear();  // kept: the recording is whole
  finished_ = true;
  return {};
}

}  // namespace fx::capture
