// The console tab of the bottom area (~): Halo's debug globals and fxview's commands
// (engine/session/console_commands.h), with history (Up / Down) and completion (Tab) of command
// names, arguments and field paths.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/gui/app.h"

namespace fx::gui {

namespace {

int inputCallback(ImGuiInputTextCallbackData* data) {
  App& app = *static_cast<App*>(data->UserData);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackCompletion) {
    std::string line(data->Buf, size_t(data->BufTextLen));
    auto candidates = consoleCompletions(line, app.fieldPathCache);
    if (candidates.empty()) return 0;
    std::string completed = applyCompletion(line, candidates);
    if (completed != line) {
      data->DeleteChars(0, data->BufTextLen);
      data->InsertChars(0, completed.c_str());
    }
    if (candidates.size() > 1) {
      std::string all;
      size_t shown = 0;
      for (const auto& c : candidates) {
        if (++shown > 40) {
          all += " ...";
          break;
        }
        all += (all.empty() ? "" : "  ") + c;
      }
      app.consoleLog.push_back({ConsoleLine::Output, all});
    }
  } else if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
    std::optional<std::string> line = data->EventKey == ImGuiKey_UpArrow
                                          ? app.commandHistory.older()
                                          : app.commandHistory.newer();
    if (line) {
      data->DeleteChars(0, data->BufTextLen);
      data->InsertChars(0, line->c_str());
    }
  }
  return 0;
}

}  // namespace

void drawConsoleTab(App& app) {
  float inputHeight = ImGui::GetFrameHeightWithSpacing();
  ImGui::BeginChild("##log", ImVec2(0, -inputHeight), false, ImGuiWindowFlags_HorizontalScrollbar);
  for (const auto& line : app.consoleLog) {
    ImVec4 c = line.kind == ConsoleLine::Input   ? ImVec4(0.6f, 0.8f, 1.0f, 1)
               : line.kind == ConsoleLine::Error ? ImVec4(1.0f, 0.45f, 0.4f, 1)
                                                 : ImVec4(0.85f, 0.85f, 0.85f, 1);
    ImGui::TextColored(c, "%s", line.text.c_str());
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 4.0f) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  if (app.fieldPathCache.empty() && app.preset) app.fieldPathCache = fieldPaths(*app.preset);
  ImGui::SetNextItemWidth(-1.0f);
  if (app.focusConsoleInput) {
    ImGui::SetKeyboardFocusHere();
    app.focusConsoleInput = false;
  }
  ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue |
                              ImGuiInputTextFlags_CallbackCompletion |
                              ImGuiInputTextFlags_CallbackHistory;
  bool enter = ImGui::InputTextWithHint(
      "##input", "command (Tab completes, Up/Down history, help lists commands)", &app.consoleInput,
      flags, inputCallback, &app);
  // The toggle key types itself into the field; drop it.
  std::erase_if(app.consoleInput, [](char c) { return c == '`' || c == '~'; });
  if (enter) {
    std::string line = app.consoleInput;
    app.consoleInput.clear();
    if (!line.empty()) {
      app.commandHistory.push(line);
      runConsole(app, line);
      app.fieldPathCache.clear();  // edits and loads change the paths
    }
    ImGui::SetKeyboardFocusHere(-1);
  }
}

}  // namespace fx::gui
