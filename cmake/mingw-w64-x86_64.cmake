# Cross-compiles for 64-bit Windows with Debian's MinGW-w64 (POSIX threads, for std::thread and
# std::mutex). tools/build-windows.sh passes FXVIEW_WINDOWS_DEPS: the prefix its cross-built
# libraries install into. Programs (glad, the shader embedder) run on the build machine.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${mingw}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${mingw} ${FXVIEW_WINDOWS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Passed on to try_compile projects, which would otherwise lose it.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FXVIEW_WINDOWS_DEPS)
# zlib linked into fxview.exe rather than shipped as zlib1.dll.
set(ZLIB_USE_STATIC_LIBS ON)
# Tests and tools run through Wine.
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
