// Poison header: engine libraries must not include graphics, window or UI headers.
#error "engine/ must not include EGL/eglext.h: GL belongs to engine/render, GLFW and ImGui to app/"
