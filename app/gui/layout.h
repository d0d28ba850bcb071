// Fixed panel placement over the full-window viewport (Dear ImGui 1.86 has no docking).
#pragma once

#include <imgui.h>

namespace fx::gui::layout {

inline constexpr float kToolbarHeight = 86.0f;
inline constexpr float kSceneWidth = 290.0f;
inline constexpr float kInspectorWidth = 400.0f;
inline constexpr float kConsoleHeight = 230.0f;

inline ImVec2 display() {
  return ImGui::GetIO().DisplaySize;
}
// The part of the viewport no panel covers (its centre is the window's centre).
inline float centreLeft() {
  return kSceneWidth;
}
inline float centreRight() {
  return display().x - kInspectorWidth;
}

}  // namespace fx::gui::layout
