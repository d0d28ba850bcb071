// `fxview render --video` (app/capture/video.h) end to end: a 30-frame 320x180 clip of the gallery,
// as .webm and as .mp4, reads back through libavformat / libavcodec with every frame at its size
// ("A test reads the clip back (frame count and size)", issue 26), its first frame has the PNG's
// colours (no palette banding), and an extension other than the two is a usage error.
#include <cstdlib>
#include <fstream>

#include "app/capture/frames.h"
#include "app/capture/video.h"
#include "app/gui/app.h"
#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

#ifdef FXVIEW_TEST_READS_VIDEO
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}
#endif

namespace fx {
namespace video_export_test {

// The binary's exit code; stderr goes to `errFile`.
int run(const std::string& args, const std::string& errFile = "") {
  return gltest::runFxview(args, {.stderrFile = errFile});
}

std::string tmp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("fxview_video_" + name)).string();
}

#ifdef FXVIEW_TEST_READS_VIDEO

struct Clip {
  int frames = 0;
  int width = 0, height = 0;  // of the stream and of every decoded frame (-1: they differ)
  std::string codec;
  capture::Image first;  // the first frame back as RGBA
};

// The first decoded frame as RGBA (BT.709 limited range, as the writer tags it).
capture::Image toRgba(const AVFrame* f) {
  capture::Image img{f->width, f->height, std::vector<uint8_t>(size_t(f->width) * f->height * 4)};
  SwsContext* sws = sws_getContext(
      f->width, f->height, AVPixelFormat(f->format), f->width, f->height, AV_PIX_FMT_RGBA,
      SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
  sws_setColorspaceDetails(sws, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16);
  uint8_t* dst[4] = {img.rgba.data(), nullptr, nullptr, nullptr};
  int stride[4] = {f->width * 4, 0, 0, 0};
  sws_scale(sws, f->data, f->linesize, 0, f->height, dst, stride);
  sws_freeContext(sws);
  return img;
}

// Counts what the decoder gives back for `c`, checking each frame's size.
void receiveAll(AVCodecContext* dec, AVFrame* frame, Clip& c) {
  while (avcodec_receive_frame(dec, frame) == 0) {
    if (frame->width != c.width || frame->height != c.height) c.width = c.height = -1;
    if (c.frames++ == 0) c.first = toRgba(frame);
  }
}

Clip readClip(const std::string& path) {
  Clip c;
  AVFormatContext* fmt = nullptr;
  if (avformat_open_input(&fmt, path.c_str(), nullptr, nullptr) < 0) return c;
  avformat_find_stream_info(fmt, nullptr);
  const AVCodec* codec = nullptr;
  int index = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (index < 0 || !codec) {
    avformat_close_input(&fmt);
    return c;
  }
  AVCodecContext* dec = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(dec, fmt->streams[index]->codecpar);
  avcodec_open2(dec, codec, nullptr);
  c.codec = codec->name;
  c.width = dec->width;
  c.height = dec->height;
  AVPacket* pkt = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  while (av_read_frame(fmt, pkt) >= 0) {
    if (pkt->stream_index == index && avcodec_send_packet(dec, pkt) == 0) receiveAll(dec, frame, c);
    av_packet_unref(pkt);
  }
  avcodec_send_packet(dec, nullptr);
  receiveAll(dec, frame, c);
  av_frame_free(&frame);
  av_packet_free(&pkt);
  avcodec_free_context(&dec);
  avformat_close_input(&fmt);
  return c;
}

// Mean absolute difference per RGB channel.
double meanDiff(const capture::Image& a, const capture::Image& b) {
  if (a.rgba.size() != b.rgba.size() || a.rgba.empty()) return 256;
  double sum = 0;
  for (size_t i = 0; i < a.rgba.size(); ++i)
    if (i % 4 != 3) sum += std::abs(a.rgba[i] - b.rgba[i]);
  return sum / double(a.rgba.size() / 4 * 3);
}

class GlVideo : public ::testing::TestWithParam<const char*> {};

TEST_P(GlVideo, ThirtyFrameGalleryClipReadsBackAtItsSize) {
  std::string ext = GetParam();
  std::string preset = (gltest::sourceDir() / "presets/gallery.json").string();
  std::string clip = tmp("gallery." + ext), png = tmp(ext + "_frame.png");
  std::filesystem::remove(clip);
  ASSERT_EQ(run("render '" + preset + "' --size 320x180 --frames 30 --every 0.05 --video '" + clip +
                "' -o '" + png + "'"),
            0);
  Clip c = readClip(clip);
  EXPECT_EQ(c.frames, 30);
  EXPECT_EQ(c.width, 320);
  EXPECT_EQ(c.height, 180);
  EXPECT_EQ(c.codec, ext == "webm" ? "vp9" : "h264");

  // The first frame against its PNG: the clip keeps the picture's colours.
  capture::Image frame0;
  std::string error;
  ASSERT_TRUE(render::readPng(tmp(ext + "_frame_0000.png"), frame0.width, frame0.height,
                              frame0.rgba, error))
      << error;
  EXPECT_LT(meanDiff(c.first, frame0), 3.0) << ext;
}

INSTANTIATE_TEST_SUITE_P(Containers, GlVideo, ::testing::Values("webm", "mp4"));

// 4:4:4 keeps odd sizes whole.
TEST(GlVideoWriter, OddSizeIsKept) {
  std::string clip = tmp("odd.mp4");
  std::vector<capture::Image> frames(
      3, capture::Image{33, 17, std::vector<uint8_t>(33 * 17 * 4, 200)});
  ASSERT_EQ(capture::writeVideoAtomic(clip, frames, 0.1), "");
  Clip c = readClip(clip);
  EXPECT_EQ(c.frames, 3);
  EXPECT_EQ(c.width, 33);
  EXPECT_EQ(c.height, 17);
}

// A transparent capture's clip (render --transparent --video X.webm): VP9 with an alpha channel
// (the WebM stream says alpha_mode 1; libvpx's decoder gives yuva420p frames with that alpha).
TEST(GlVideoWriter, TransparentWebmKeepsAlpha) {
  std::string clip = tmp("alpha.webm");
  std::vector<uint8_t> px(32 * 16 * 4);
  for (size_t i = 0; i < px.size(); i += 4)
    px[i] = 96, px[i + 1] = 64, px[i + 2] = 0, px[i + 3] = 128;
  std::vector<capture::Image> frames(3, capture::Image{32, 16, px});
  capture::VideoWriter w;
  ASSERT_EQ(w.open(clip, 32, 16, 0.1, true), "");
  for (const auto& f : frames) ASSERT_EQ(w.add(f), "");
  ASSERT_EQ(w.finish(), "");
  EXPECT_NE(capture::VideoWriter().open(tmp("alpha.mp4"), 32, 16, 0.1, true), "")
      << "mp4: no alpha";
  AVFormatContext* fmt = nullptr;
  ASSERT_GE(avformat_open_input(&fmt, clip.c_str(), nullptr, nullptr), 0);
  avformat_find_stream_info(fmt, nullptr);
  AVStream* st = fmt->streams[0];
  AVDictionaryEntry* mode = av_dict_get(st->metadata, "alpha_mode", nullptr, 0);
  EXPECT_TRUE(mode && std::string(mode->value) == "1") << "no alpha_mode tag";
  if (const AVCodec* libvpx = avcodec_find_decoder_by_name("libvpx-vp9")) {
    AVCodecContext* dec = avcodec_alloc_context3(libvpx);
    avcodec_parameters_to_context(dec, st->codecpar);
    ASSERT_GE(avcodec_open2(dec, libvpx, nullptr), 0);
    AVPacket* pkt = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    bool seen = false;
    while (!seen && av_read_frame(fmt, pkt) >= 0) {
      if (avcodec_send_packet(dec, pkt) == 0 && avcodec_receive_frame(dec, frame) == 0) {
        seen = true;
        EXPECT_EQ(frame->format, AV_PIX_FMT_YUVA420P);
        if (frame->format == AV_PIX_FMT_YUVA420P) {
          EXPECT_NEAR(frame->data[3][0], 128, 3);
        }
      }
      av_packet_unref(pkt);
    }
    EXPECT_TRUE(seen);
    av_frame_free(&frame);
    av_packet_free(&pkt);
    avcodec_free_context(&dec);
  }
  avformat_close_input(&fmt);
}

// The viewer's `video PATH N S` (the toolbar's Video button runs it): the clip of the window's
// picture, written through the same writer.
TEST(GlVideoViewer, ConsoleVideoWritesTheClip) {
  gltest::context();
  gui::App app;
  app.renderer = std::make_unique<render::Renderer>();
  std::string error;
  ASSERT_TRUE(app.renderer->init({}, error)) << error;
  app.framebuffer = {320, 180};
  ASSERT_TRUE(gui::openDocument(app, gltest::sourceDir() / "presets/gallery.json"));
  std::string clip = tmp("viewer.webm");
  std::filesystem::remove(clip);
  gui::runConsole(app, "video " + clip + " 12 0.05", false);
  ASSERT_FALSE(app.consoleLog.empty());
  EXPECT_NE(app.consoleLog.back().kind, gui::ConsoleLine::Error) << app.consoleLog.back().text;
  Clip c = readClip(clip);
  EXPECT_EQ(c.frames, 12);
  EXPECT_EQ(c.width, 320);
  EXPECT_EQ(c.height, 180);
}

#endif

#if defined(_WIN32) && defined(FXVIEW_HAVE_VIDEO)
// The Windows zip carries no FFmpeg: without its DLLs beside fxview.exe, --video says which DLLs
// to get and where they go (exit 2), writes nothing and does not crash.
TEST(GlVideoWindows, WithoutFfmpegDllsSaysWhereToPutThem) {
  std::string preset = (gltest::sourceDir() / "presets/gallery.json").string();
  std::string clip = tmp("no-ffmpeg.webm");
  std::string err = tmp("no-ffmpeg.txt");
  std::filesystem::remove(clip);
  EXPECT_EQ(run("render '" + preset + "' --frames 2 --every 0.1 --video '" + clip + "'", err), 2);
  EXPECT_FALSE(std::filesystem::exists(clip));
  std::ifstream in(err);
  std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(said.find("avutil-"), std::string::npos) << said;
  EXPECT_NE(said.find("beside fxview.exe"), std::string::npos) << said;
}
#endif

TEST(GlVideoUsage, OnlyWebmAndMp4) {
  std::string preset = (gltest::sourceDir() / "presets/gallery.json").string();
  std::string avi = tmp("x.avi");
  std::string err = tmp("usage.txt");
  EXPECT_EQ(run("render '" + preset + "' --frames 2 --every 0.1 --video '" + avi + "'", err), 2);
  EXPECT_FALSE(std::filesystem::exists(avi));
  std::ifstream in(err);
  std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(said.find(".webm or .mp4"), std::string::npos) << said;
  EXPECT_EQ(capture::videoContainerFor("a/B.WEBM"), "webm");
  EXPECT_EQ(capture::videoContainerFor("clip.mp4"), "mp4");
  EXPECT_EQ(capture::videoContainerFor("clip.avi"), "");
}

}  // namespace video_export_test
}  // namespace fx
