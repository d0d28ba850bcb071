// FFmpeg's libraries, opened on first use (dlopen) rather than linked: libavcodec and libavformat
// pull in over a hundred shared libraries (every codec's), and loading them cost every fxview
// process, the headless renders and the viewer's start, whether or not it wrote a clip. The
// headers still define every type; the functions come through the table below, by the sonames
// of the version the build saw.
#pragma once

#ifdef FXVIEW_HAVE_VIDEO

#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace fx::capture {

// Every FFmpeg function fxview calls, with the library that holds it.
#define FXVIEW_FFMPEG_FUNCTIONS(X)            \
  X(avutil, av_d2q)                           \
  X(avutil, av_dict_free)                     \
  X(avutil, av_dict_set)                      \
  X(avutil, av_frame_alloc)                   \
  X(avutil, av_frame_free)                    \
  X(avutil, av_frame_get_buffer)              \
  X(avutil, av_frame_make_writable)           \
  X(avutil, av_log_set_level)                 \
  X(avutil, av_opt_set)                       \
  X(avutil, av_strerror)                      \
  X(swscale, sws_freeContext)                 \
  X(swscale, sws_getCoefficients)             \
  X(swscale, sws_getContext)                  \
  X(swscale, sws_scale)                       \
  X(swscale, sws_setColorspaceDetails)        \
  X(avcodec, av_packet_alloc)                 \
  X(avcodec, av_packet_free)                  \
  X(avcodec, av_packet_rescale_ts)            \
  X(avcodec, avcodec_alloc_context3)          \
  X(avcodec, avcodec_find_encoder_by_name)    \
  X(avcodec, avcodec_free_context)            \
  X(avcodec, avcodec_open2)                   \
  X(avcodec, avcodec_parameters_from_context) \
  X(avcodec, avcodec_receive_packet)          \
  X(avcodec, avcodec_send_frame)              \
  X(avformat, av_interleaved_write_frame)     \
  X(avformat, av_write_trailer)               \
  X(avformat, avformat_alloc_output_context2) \
  X(avformat, avformat_free_context)          \
  X(avformat, avformat_new_stream)            \
  X(avformat, avformat_write_header)          \
  X(avformat, avio_closep)                    \
  X(avformat, avio_open)

struct FfmpegLibrary {
#define FXVIEW_FFMPEG_POINTER(lib, name) decltype(&::name) name = nullptr;
  FXVIEW_FFMPEG_FUNCTIONS(FXVIEW_FFMPEG_POINTER)
#undef FXVIEW_FFMPEG_POINTER
};

// The loaded table (loaded once, kept for the process), or nullptr with `error` saying which
// library or function is missing.
const FfmpegLibrary* ffmpegLibrary(std::string& error);

}  // namespace fx::capture

#endif
