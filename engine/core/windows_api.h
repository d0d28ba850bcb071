// <windows.h> as fxview's Windows files include it: without the min/max macros (which break
// std::min and glm) and without the rarely used parts. Only files that are Windows' own include
// it (platform_win.cpp, file_write_win.cpp, headless_wgl.cpp, ...).
#pragma once

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#endif
