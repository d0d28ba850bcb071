#include "app/capture/video.h"

#include <algorithm>
#include <cctype>

#include "app/capture/ffmpeg_library.h"
#include "engine/core/file_write.h"
#include "engine/core/paths.h"

namespace fx::capture {

namespace fs = std::filesystem;

std::string videoContainerFor(const fs::path& path) {
  std::string ext = toUtf8(path.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == ".webm") return "webm";
  if (ext == ".mp4") return "mp4";
  return {};
}

#ifndef FXVIEW_HAVE_VIDEO

struct VideoWriter::State {};
VideoWriter::VideoWriter() = default;
VideoWriter::~VideoWriter() = default;
std::string VideoWriter::open(const fs::path&, int, int, double, bool) {
  return "video export needs FFmpeg's libraries (libavcodec-dev, libavformat-dev, "
         "libavutil-dev, libswscale-dev) at build time";
}
std::string VideoWriter::add(const Image&) {
  return "no clip is open";
}
std::string VideoWriter::finish() {
  return "no clip is open";
}
std::string VideoWriter::codec() const {
  return {};
}

#else

namespace {

// FFmpeg, loaded by the first VideoWriter::open (ffmpeg_library.h).
const FfmpegLibrary* ff = nullptr;

std::string avError(const std::string& what, int rc) {
  char buf[AV_ERROR_MAX_STRING_SIZE] = {};
  ff->av_strerror(rc, buf, sizeof buf);
  return what + ": " + buf;
}

std::string makeParent(const fs::path& path) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  return ec ? "cannot create " + toUtf8(path.parent_path()) + ": " + ec.message() : std::string();
}

// One encoder to try for a container, best first.
struct Candidate {
  const char* encoder;
  AVPixelFormat pixels;
};

// VP9 profile 1 and H.264 High 4:4:4 keep full-resolution chroma; the fallbacks are 4:2:0.
std::vector<Candidate> candidatesFor(const std::string& container, bool alpha) {
  if (alpha) return {{"libvpx-vp9", AV_PIX_FMT_YUVA420P}};  // VP9 alpha is 4:2:0 (webm only)
  if (container == "webm")
    return {{"libvpx-vp9", AV_PIX_FMT_YUV444P}, {"libvpx", AV_PIX_FMT_YUV420P}};
  return {{"libx264", AV_PIX_FMT_YUV444P}, {"mpeg4", AV_PIX_FMT_YUV420P}};
}

// Near-lossless constant quality for each encoder (a glow's soft gradient must not block).
void setQuality(AVCodecContext* enc, const std::string& name) {
  if (name == "libvpx-vp9") {
    ff->av_opt_set(enc->priv_data, "crf", "12", 0);
    ff->av_opt_set(enc->priv_data, "deadline", "good", 0);
    ff->av_opt_set(enc->priv_data, "cpu-used", "4", 0);
    ff->av_opt_set(enc->priv_data, "row-mt", "1", 0);
    enc->bit_rate = 0;  // constant quality, no bitrate target
  } else if (name == "libvpx") {
    ff->av_opt_set(enc->priv_data, "crf", "4", 0);
    enc->bit_rate = 20'000'000;  // VP8's crf needs a ceiling
  } else if (name == "libx264") {
    ff->av_opt_set(enc->priv_data, "crf", "12", 0);
    ff->av_opt_set(enc->priv_data, "preset", "medium", 0);
  } else {
    enc->flags |= AV_CODEC_FLAG_QSCALE;
    enc->global_quality = FF_QP2LAMBDA * 2;
  }
}

}  // namespace

struct VideoWriter::State {
  AVFormatContext* format = nullptr;
  AVCodecContext* encoder = nullptr;
  AVStream* stream = nullptr;
  SwsContext* scaler = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  fs::path path, tmp;
  int width = 0, height = 0;  // the frames given
  int64_t next = 0;           // the next frame's pts
  bool fileOpen = false, finished = false;

  ~State() {
    if (fileOpen) ff->avio_closep(&format->pb);
    ff->sws_freeContext(scaler);
    ff->av_frame_free(&frame);
    ff->av_packet_free(&packet);
    ff->avcodec_free_context(&encoder);
    ff->avformat_free_context(format);
    std::error_code ec;
    if (!finished && !tmp.empty()) fs::remove(tmp, ec);
  }

  std::string openEncoder(const Candidate& c, const AVCodec* codec, double frameSeconds);
  std::string openScaler();
  std::string openFile(const std::string& container);
  std::string send(AVFrame* f);
};

// The encoder context for `c` at the clip's size and rate, tagged BT.709 limited range (what
// the scaler converts to).
std::string VideoWriter::State::openEncoder(const Candidate& c, const AVCodec* codec,
                                            double frameSeconds) {
  encoder = ff->avcodec_alloc_context3(codec);
  if (!encoder) return "out of memory";
  bool subsampled = c.pixels != AV_PIX_FMT_YUV444P;
  encoder->width = subsampled ? width & ~1 : width;
  encoder->height = subsampled ? height & ~1 : height;
  encoder->pix_fmt = c.pixels;
  AVRational rate = ff->av_d2q(1.0 / frameSeconds, 100000);
  encoder->framerate = rate;
  encoder->time_base = av_inv_q(rate);
  encoder->gop_size = 60;
  encoder->color_range = AVCOL_RANGE_MPEG;
  encoder->colorspace = AVCOL_SPC_BT709;
  encoder->color_primaries = AVCOL_PRI_BT709;
  encoder->color_trc = AVCOL_TRC_IEC61966_2_1;  // the frames are sRGB
  if (format->oformat->flags & AVFMT_GLOBALHEADER) encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  setQuality(encoder, c.encoder);
  if (int rc = ff->avcodec_open2(encoder, codec, nullptr); rc < 0)
    return avError(std::string("cannot open encoder ") + c.encoder, rc);
  return {};
}

// RGBA (the top-left encoder-sized block) to the encoder's YUV, BT.709 coefficients.
std::string VideoWriter::State::openScaler() {
  scaler = ff->sws_getContext(encoder->width, encoder->height, AV_PIX_FMT_RGBA, encoder->width,
                              encoder->height, encoder->pix_fmt,
                              SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr,
                              nullptr);
  if (!scaler) return "cannot convert RGBA to the encoder's pixel format";
  const int* bt709 = ff->sws_getCoefficients(SWS_CS_ITU709);
  ff->sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
  frame = ff->av_frame_alloc();
  packet = ff->av_packet_alloc();
  if (!frame || !packet) return "out of memory";
  frame->format = encoder->pix_fmt;
  frame->width = encoder->width;
  frame->height = encoder->height;
  if (int rc = ff->av_frame_get_buffer(frame, 0); rc < 0) return avError("frame buffer", rc);
  return {};
}

// The stream, the temporary file and the container header.
std::string VideoWriter::State::openFile(const std::string& container) {
  stream = ff->avformat_new_stream(format, nullptr);
  if (!stream) return "out of memory";
  stream->time_base = encoder->time_base;
  stream->avg_frame_rate = encoder->framerate;
  if (int rc = ff->avcodec_parameters_from_context(stream->codecpar, encoder); rc < 0)
    return avError("stream parameters", rc);
  if (int rc = ff->avio_open(&format->pb, toUtf8(tmp).c_str(), AVIO_FLAG_WRITE); rc < 0)
    return avError("cannot write " + toUtf8(path), rc);
  fileOpen = true;
  AVDictionary* options = nullptr;
  if (container == "mp4") ff->av_dict_set(&options, "movflags", "+faststart", 0);
  int rc = ff->avformat_write_header(format, &options);
  ff->av_dict_free(&options);
  return rc < 0 ? avError("cannot write " + toUtf8(path), rc) : std::string();
}

// Sends a frame (null: flush) and writes every packet the encoder has ready.
std::string VideoWriter::State::send(AVFrame* f) {
  if (int rc = ff->avcodec_send_frame(encoder, f); rc < 0) return avError("encode", rc);
  for (;;) {
    int rc = ff->avcodec_receive_packet(encoder, packet);
    if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF) return {};
    if (rc < 0) return avError("encode", rc);
    ff->av_packet_rescale_ts(packet, encoder->time_base, stream->time_base);
    packet->stream_index = stream->index;
    if (rc = ff->av_interleaved_write_frame(format, packet); rc < 0)
      return avError("cannot write " + toUtf8(path), rc);
  }
}

VideoWriter::VideoWriter() = default;
VideoWriter::~VideoWriter() = default;

std::string VideoWriter::open(const fs::path& path, int width, int height, double frameSeconds,
                              bool alpha) {
  std::string container = videoContainerFor(path);
  if (container.empty())
    return "video: expected a " + std::string(kVideoExtensions) + " file name, got " + toUtf8(path);
  if (alpha && container != "webm") return "video: only a .webm (VP9) holds alpha";
  if (width < 2 || height < 2) return "video: frames must be at least 2x2";
  if (!(frameSeconds > 0)) return "video: seconds between frames must be > 0";
  std::string loadError;
  if (!ff) ff = ffmpegLibrary(loadError);
  if (!ff) return loadError;
  state_ = std::make_unique<State>();
  State& s = *state_;
  s.path = path;
  if (std::string err = makeParent(path); !err.empty()) return err;
  if (std::string err = createTempBeside(path, s.tmp); !err.empty()) return err;
  s.width = width;
  s.height = height;
  ff->av_log_set_level(AV_LOG_ERROR);  // the encoders' banners and statistics are not for the user
  // The temporary name is the muxer's url: MP4's faststart pass reopens the file by it.
  if (int rc = ff->avformat_alloc_output_context2(&s.format, nullptr, container.c_str(),
                                                  toUtf8(s.tmp).c_str());
      rc < 0)
    return avError("video: no " + container + " muxer", rc);
  std::string err = "video: this FFmpeg has no encoder for " + container;
  for (const Candidate& c : candidatesFor(container, alpha)) {
    const AVCodec* codec = ff->avcodec_find_encoder_by_name(c.encoder);
    if (!codec) continue;
    err = s.openEncoder(c, codec, frameSeconds);
    if (err.empty()) break;
    ff->avcodec_free_context(&s.encoder);  // present but refused these settings: try the next
  }
  if (err.empty()) err = s.openScaler();
  if (err.empty()) err = s.openFile(container);
  return err;
}

std::string VideoWriter::add(const Image& image) {
  if (!state_ || !state_->fileOpen || state_->finished) return "no clip is open";
  State& s = *state_;
  if (image.width != s.width || image.height != s.height) return "video frames differ in size";
  if (int rc = ff->av_frame_make_writable(s.frame); rc < 0) return avError("frame buffer", rc);
  const uint8_t* src[4] = {image.rgba.data(), nullptr, nullptr, nullptr};
  const int stride[4] = {image.width * 4, 0, 0, 0};
  ff->sws_scale(s.scaler, src, stride, 0, s.encoder->height, s.frame->data, s.frame->linesize);
  s.frame->pts = s.next++;
  return s.send(s.frame);
}

std::string VideoWriter::finish() {
  if (!state_ || !state_->fileOpen || state_->finished) return "no clip is open";
  State& s = *state_;
  std::string err = s.send(nullptr);
  if (int rc = ff->av_write_trailer(s.format); err.empty() && rc < 0)
    err = avError("cannot write " + toUtf8(s.path), rc);
  if (int rc = ff->avio_closep(&s.format->pb); err.empty() && rc < 0)
    err = avError("cannot write " + toUtf8(s.path), rc);
  s.fileOpen = false;
  if (!err.empty()) return err;
  // Moved into place as every saved file is (through links, read-only targets refused).
  s.finished = true;
  if (std::string e = commitTempFile(s.tmp, s.path); !e.empty()) return e;
  return {};
}

std::string VideoWriter::codec() const {
  return state_ && state_->encoder ? state_->encoder->codec->name : "";
}

#endif

std::string writeVideoAtomic(const fs::path& path, const std::vector<Image>& frames,
                             double frameSeconds) {
  if (frames.empty()) return "no frames to write";
  VideoWriter writer;
  std::string err = writer.open(path, frames[0].width, frames[0].height, frameSeconds);
  for (size_t i = 0; err.empty() && i < frames.size(); ++i) err = writer.add(frames[i]);
  return err.empty() ? writer.finish() : err;
}

}  // namespace fx::capture
