// The headless context on Windows, which has no EGL: a GL 3.3 core context on a window that is
// never shown (WGL_ARB_create_context). fxview renders into its own framebuffer objects, so the
// window's own surface is never drawn. Under Wine the window still needs an X display (Xvfb).
// A window lives as long as the thread that made it, and the context moves between threads
// (`render` starts GL on a thread of its own, then hands it over): so the window is made by a
// thread the context owns, which waits for messages until the context is destroyed.
#ifdef _WIN32
#include "engine/core/windows_api.h"

#include <future>
#include <string>
#include <thread>

#include <glad/gl.h>

#include "engine/render/renderer.h"

namespace fx::render {

namespace {

struct Wgl {
  HWND window = nullptr;
  HDC dc = nullptr;
  HGLRC context = nullptr;
  std::thread windowThread;
};

// WGL_ARB_create_context and WGL_ARB_create_context_profile (wglext.h is not in every MinGW).
constexpr int kWglContextMajorVersion = 0x2091;
constexpr int kWglContextMinorVersion = 0x2092;
constexpr int kWglContextProfileMask = 0x9126;
constexpr int kWglContextCoreProfileBit = 0x0001;
using CreateContextAttribs = HGLRC(WINAPI*)(HDC, HGLRC, const int*);

constexpr wchar_t kWindowClass[] = L"fxviewHeadlessGL";

// GL 1.1 functions are exported by opengl32.dll; wglGetProcAddress gives only the later ones
// (and may answer 1, 2, 3 or -1 for "none").
void* glProc(const char* name) {
  PROC p = wglGetProcAddress(name);
  const auto bits = reinterpret_cast<intptr_t>(p);
  if (bits == 0 || bits == 1 || bits == 2 || bits == 3 || bits == -1) {
    static HMODULE opengl32 = LoadLibraryW(L"opengl32.dll");
    p = opengl32 ? ::GetProcAddress(opengl32, name) : nullptr;
  }
  return reinterpret_cast<void*>(p);
}

std::string lastError(const char* what) {
  return std::string("WGL: ") + what + " (error " + std::to_string(GetLastError()) + ")";
}

// On the window thread: the hidden window with an RGBA8, 24-bit depth pixel format. Returns
// nullptr with `error` set on failure.
HWND createWindow(std::string& error) {
  HINSTANCE instance = GetModuleHandleW(nullptr);
  WNDCLASSW wc{};
  wc.style = CS_OWNDC;
  wc.lpfnWndProc = DefWindowProcW;
  wc.hInstance = instance;
  wc.lpszClassName = kWindowClass;
  if (!RegisterClassW(&wc) && GetLastError() != ERROR_CLASS_ALREADY_EXISTS) {
    error = lastError("cannot register a window class");
    return nullptr;
  }
  HWND window = CreateWindowExW(0, kWindowClass, L"fxview", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64,
                                nullptr, nullptr, instance, nullptr);
  if (!window) {
    error = lastError("cannot create a hidden window (under Wine: is there an X display?)");
    return nullptr;
  }
  PIXELFORMATDESCRIPTOR pfd{};
  pfd.nSize = sizeof pfd;
  pfd.nVersion = 1;
  pfd.dwFlags = PFD_DRAW_TO_WINDOW | PFD_SUPPORT_OPENGL | PFD_DOUBLEBUFFER;
  pfd.iPixelType = PFD_TYPE_RGBA;
  pfd.cColorBits = 32;
  pfd.cAlphaBits = 8;
  pfd.cDepthBits = 24;
  pfd.cStencilBits = 8;
  HDC dc = GetDC(window);
  const int format = ChoosePixelFormat(dc, &pfd);
  if (format == 0 || !SetPixelFormat(dc, format, &pfd)) {
    error = lastError("no RGBA8 pixel format with a 24-bit depth buffer");
    DestroyWindow(window);
    return nullptr;
  }
  return window;
}

// Starts the window thread and waits for its window. The thread keeps the window until it is
// sent WM_CLOSE (then destroys it and ends).
bool makeWindow(Wgl& c, std::string& error) {
  std::promise<std::pair<HWND, std::string>> made;
  std::future<std::pair<HWND, std::string>> window = made.get_future();
  c.windowThread = std::thread([&made] {
    std::string why;
    HWND w = createWindow(why);
    made.set_value({w, why});
    if (!w) return;
    MSG msg;
    while (GetMessageW(&msg, nullptr, 0, 0) > 0) {
      if (msg.hwnd == w && msg.message == WM_CLOSE) {
        DestroyWindow(w);
        break;
      }
      DispatchMessageW(&msg);
    }
  });
  auto [w, why] = window.get();
  if (!w) {
    c.windowThread.join();
    error = why;
    return false;
  }
  c.window = w;
  c.dc = GetDC(w);
  return true;
}

// A 3.3 core context: the attribute call is reached through a legacy context made first.
bool makeCoreContext(Wgl& c, std::string& error) {
  HGLRC legacy = wglCreateContext(c.dc);
  if (!legacy || !wglMakeCurrent(c.dc, legacy)) {
    error = lastError("cannot create a GL context");
    if (legacy) wglDeleteContext(legacy);
    return false;
  }
  auto create = reinterpret_cast<CreateContextAttribs>(
      reinterpret_cast<void*>(wglGetProcAddress("wglCreateContextAttribsARB")));
  const int attribs[] = {
      kWglContextMajorVersion,   3, kWglContextMinorVersion, 3, kWglContextProfileMask,
      kWglContextCoreProfileBit, 0};
  c.context = create ? create(c.dc, nullptr, attribs) : nullptr;
  wglMakeCurrent(nullptr, nullptr);
  wglDeleteContext(legacy);
  if (!c.context) {
    error = create ? lastError("cannot create a GL 3.3 core context")
                   : "WGL: no wglCreateContextAttribsARB (the driver offers no GL 3.3 core)";
    return false;
  }
  if (!wglMakeCurrent(c.dc, c.context)) {
    error = lastError("cannot make the GL context current");
    return false;
  }
  return true;
}

}  // namespace

struct HeadlessContext::Impl : Wgl {};

std::unique_ptr<HeadlessContext> HeadlessContext::create(std::string& error) {
  std::unique_ptr<HeadlessContext> ctx(new HeadlessContext());
  ctx->impl_ = std::make_unique<Impl>();
  if (!makeWindow(*ctx->impl_, error) || !makeCoreContext(*ctx->impl_, error)) return nullptr;
  if (!loadGL(glProc)) {
    error = "GL: cannot load GL 3.3 core entry points";
    return nullptr;
  }
  return ctx;
}

bool HeadlessContext::release() {
  return impl_ && wglMakeCurrent(nullptr, nullptr);
}

bool HeadlessContext::makeCurrent() {
  return impl_ && impl_->context && wglMakeCurrent(impl_->dc, impl_->context);
}

HeadlessContext::~HeadlessContext() {
  if (!impl_) return;
  if (impl_->context) {
    if (wglGetCurrentContext() == impl_->context) wglMakeCurrent(nullptr, nullptr);
    wglDeleteContext(impl_->context);
  }
  if (impl_->window) {
    if (impl_->dc) ReleaseDC(impl_->window, impl_->dc);
    PostMessageW(impl_->window, WM_CLOSE, 0, 0);
  }
  if (impl_->windowThread.joinable()) impl_->windowThread.join();
}

}  // namespace fx::render
#endif  // _WIN32
