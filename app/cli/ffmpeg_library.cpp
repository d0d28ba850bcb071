#include "app/cli/ffmpeg_library.h"

#ifdef FXVIEW_HAVE_VIDEO

#include <dlfcn.h>

namespace fx::cli {

namespace {

// The shared library of the major version the headers describe, e.g. "libavcodec.so.59".
#define FXVIEW_SONAME(lib, MAJOR) ("lib" #lib ".so." + std::to_string(MAJOR))

struct Loaded {
  FfmpegLibrary table;
  std::string error;
};

void* openLibrary(const std::string& soname, std::string& error) {
  void* handle = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle && error.empty()) {
    const char* why = dlerror();
    error = "video needs FFmpeg's " + soname +
            " (Debian: libavcodec59 and libavformat59): " + (why ? why : "not found");
  }
  return handle;
}

Loaded load() {
  Loaded out;
  std::string& error = out.error;
  // Dependencies first: avutil, swscale, avcodec, then avformat.
  void* avutil = openLibrary(FXVIEW_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), error);
  void* swscale = openLibrary(FXVIEW_SONAME(swscale, LIBSWSCALE_VERSION_MAJOR), error);
  void* avcodec = openLibrary(FXVIEW_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR), error);
  void* avformat = openLibrary(FXVIEW_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR), error);
  if (!error.empty()) return out;
#define FXVIEW_FFMPEG_SYMBOL(lib, name)                                    \
  out.table.name = reinterpret_cast<decltype(&::name)>(dlsym(lib, #name)); \
  if (!out.table.name && error.empty())                                    \
    error = std::string("video: FFmpeg's lib" #lib " has no ") + #name +   \
            " (a different version "                                       \
            "from the one fxview was built with)";
  FXVIEW_FFMPEG_FUNCTIONS(FXVIEW_FFMPEG_SYMBOL)
#undef FXVIEW_FFMPEG_SYMBOL
  return out;
}

}  // namespace

const FfmpegLibrary* ffmpegLibrary(std::string& error) {
  static const Loaded loaded = load();
  if (!loaded.error.empty()) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.table;
}

}  // namespace fx::cli

#endif
