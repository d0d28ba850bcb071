#include "app/capture/ffmpeg_library.h"

#ifdef FXVIEW_HAVE_VIDEO

#include <filesystem>

#include "engine/core/paths.h"

#ifdef _WIN32
#include "engine/core/windows_api.h"

#include "engine/core/platform.h"
#else
#include <dlfcn.h>
#endif

namespace fx::capture {

namespace {

struct Loaded {
  FfmpegLibrary table;
  std::string error;
};

#ifdef _WIN32

// The DLL of the major version the headers describe, e.g. "avcodec-59.dll", beside fxview.exe
// (a shared build of FFmpeg for Windows names them so).
#define FXVIEW_SONAME(lib, MAJOR) (#lib "-" + std::to_string(MAJOR) + ".dll")

void* openLibrary(const std::string& name, std::string& error) {
  const std::filesystem::path dll = platform::executablePath().parent_path() / name;
  // The folder of the DLL is searched for its own dependencies (the other FFmpeg DLLs).
  HMODULE handle = LoadLibraryExW(dll.c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
  if (!handle && error.empty())
    error = "video needs FFmpeg " + std::to_string(LIBAVCODEC_VERSION_MAJOR - 54) +
            ".x's DLLs beside fxview.exe, and " + name +
            " is not there: download a shared (\"-shared\") FFmpeg build for Windows x64 of that "
            "version and copy every DLL from its bin folder into " +
            toUtf8(dll.parent_path());
  return reinterpret_cast<void*>(handle);
}

void* symbol(void* library, const char* name) {
  return reinterpret_cast<void*>(::GetProcAddress(static_cast<HMODULE>(library), name));
}

#else

// The shared library of the major version the headers describe, e.g. "libavcodec.so.59".
#define FXVIEW_SONAME(lib, MAJOR) ("lib" #lib ".so." + std::to_string(MAJOR))

void* openLibrary(const std::string& soname, std::string& error) {
  void* handle = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle && error.empty()) {
    const char* why = dlerror();
    error = "video needs FFmpeg's " + soname +
            " (Debian: libavcodec59 and libavformat59): " + (why ? why : "not found");
  }
  return handle;
}

void* symbol(void* library, const char* name) {
  return dlsym(library, name);
}

#endif

Loaded load() {
  Loaded out;
  std::string& error = out.error;
  // Dependencies first: avutil, swscale, avcodec, then avformat.
  void* avutil = openLibrary(FXVIEW_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), error);
  void* swscale = openLibrary(FXVIEW_SONAME(swscale, LIBSWSCALE_VERSION_MAJOR), error);
  void* avcodec = openLibrary(FXVIEW_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR), error);
  void* avformat = openLibrary(FXVIEW_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR), error);
  if (!error.empty()) return out;
#define FXVIEW_FFMPEG_SYMBOL(lib, name)                                     \
  out.table.name = reinterpret_cast<decltype(&::name)>(symbol(lib, #name)); \
  if (!out.table.name && error.empty())                                     \
    error = std::string("video: FFmpeg's lib" #lib " has no ") + #name +    \
            " (a different version "                                        \
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

}  // namespace fx::capture

#endif
