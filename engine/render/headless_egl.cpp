// The headless EGL context. The surfaceless Mesa platform is tried first; when it is missing the
// device platform's software device (EGL_MESA_device_software) is used, so no display server or
// environment variable is needed (debian_stack.md §4). Windows has no EGL: headless_wgl.cpp.
#ifndef _WIN32
#include <cstring>
#include <string>

#include <glad/gl.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "engine/render/renderer.h"

namespace fx::render {

struct HeadlessContext::Impl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
};

namespace {

bool hasExtension(const char* list, const char* name) {
  if (!list) return false;
  size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

EGLDisplay softwareDeviceDisplay() {
  auto queryDevices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto queryString = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
      eglGetProcAddress("eglQueryDeviceStringEXT"));
  if (!queryDevices || !queryString) return EGL_NO_DISPLAY;
  EGLDeviceEXT devices[16];
  EGLint count = 0;
  if (!queryDevices(16, devices, &count)) return EGL_NO_DISPLAY;
  for (EGLint i = 0; i < count; ++i) {
    const char* ext = queryString(devices[i], EGL_EXTENSIONS);
    if (hasExtension(ext, "EGL_MESA_device_software"))
      return eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
  }
  return EGL_NO_DISPLAY;
}

bool initDisplay(EGLDisplay dpy) {
  EGLint major = 0, minor = 0;
  return dpy != EGL_NO_DISPLAY && eglInitialize(dpy, &major, &minor) == EGL_TRUE;
}

}  // namespace

std::unique_ptr<HeadlessContext> HeadlessContext::create(std::string& error) {
  std::unique_ptr<HeadlessContext> ctx(new HeadlessContext());
  ctx->impl_ = std::make_unique<Impl>();
  Impl& c = *ctx->impl_;
  const char* clientExt = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (hasExtension(clientExt, "EGL_MESA_platform_surfaceless")) {
    c.display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (!initDisplay(c.display)) c.display = EGL_NO_DISPLAY;
  }
  if (c.display == EGL_NO_DISPLAY && hasExtension(clientExt, "EGL_EXT_platform_device")) {
    c.display = softwareDeviceDisplay();
    if (!initDisplay(c.display)) c.display = EGL_NO_DISPLAY;
  }
  if (c.display == EGL_NO_DISPLAY) {
    error = "EGL: no surfaceless or software-device display (client extensions: " +
            std::string(clientExt ? clientExt : "none") + ")";
    return nullptr;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    error = "EGL: cannot bind the desktop OpenGL API";
    return nullptr;
  }
  const EGLint configAttribs[] = {EGL_SURFACE_TYPE,
                                  EGL_PBUFFER_BIT,
                                  EGL_RENDERABLE_TYPE,
                                  EGL_OPENGL_BIT,
                                  EGL_RED_SIZE,
                                  8,
                                  EGL_GREEN_SIZE,
                                  8,
                                  EGL_BLUE_SIZE,
                                  8,
                                  EGL_ALPHA_SIZE,
                                  8,
                                  EGL_DEPTH_SIZE,
                                  24,
                                  EGL_NONE};
  EGLConfig config = nullptr;
  EGLint numConfigs = 0;
  if (!eglChooseConfig(c.display, configAttribs, &config, 1, &numConfigs) || numConfigs < 1)
    config = EGL_NO_CONFIG_KHR;
  const EGLint contextAttribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                   3,
                                   EGL_CONTEXT_MINOR_VERSION,
                                   3,
                                   EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                   EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                   EGL_NONE};
  c.context = eglCreateContext(c.display, config, EGL_NO_CONTEXT, contextAttribs);
  if (c.context == EGL_NO_CONTEXT) {
    error =
        "EGL: cannot create a GL 3.3 core context (error 0x" + std::to_string(eglGetError()) + ")";
    return nullptr;
  }
  if (!eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, c.context)) {
    error = "EGL: cannot make the context current without a surface";
    return nullptr;
  }
  if (!loadGL(reinterpret_cast<GetProcAddress>(eglGetProcAddress))) {
    error = "GL: cannot load GL 3.3 core entry points";
    return nullptr;
  }
  return ctx;
}

bool HeadlessContext::release() {
  return impl_ && eglMakeCurrent(impl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

bool HeadlessContext::makeCurrent() {
  return impl_ &&
         eglMakeCurrent(impl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, impl_->context) == EGL_TRUE;
}

HeadlessContext::~HeadlessContext() {
  if (!impl_) return;
  if (impl_->display != EGL_NO_DISPLAY) {
    eglMakeCurrent(impl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (impl_->context != EGL_NO_CONTEXT) eglDestroyContext(impl_->display, impl_->context);
    eglTerminate(impl_->display);
  }
}

}  // namespace fx::render
#endif  // _WIN32
