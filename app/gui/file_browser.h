// The File menu's browser, without ImGui: a folder listing (folders first, then the files the
// chosen filter accepts, hidden entries skipped, at most kMaxBrowserEntries) and the filters for
// every format fxview reads (made from the registry of file kinds, engine/session/file_kinds.h).
// Files open through openDocument -> loadPreset, the one loader the command line uses, so each
// format it learns opens from the menu and by drag and drop too.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fx::gui {

struct FileFilter {
  std::string label;
  std::vector<std::string_view> extensions;  // lowercase, with the dot; empty = every file
};

// 0 is every format fxview reads; then presets, Halo tags, Stride assets, all files.
std::span<const FileFilter> fileFilters();
bool filterAccepts(const FileFilter& filter, const std::filesystem::path& file);

inline constexpr size_t kMaxBrowserEntries = 5000;

struct FileEntry {
  std::string name;
  bool directory = false;
  bool bundle = false;  // a folder holding bundle.json (a bug report: opens as a document)
  uintmax_t size = 0;   // bytes (files)
};

struct FileBrowser {
  bool visible = false;
  bool saving = false;  // Save As: the name field names a new file
  // Another chooser (File > Save Bug Report, the record dialog's output): its title and button,
  // and what the chosen path does ("" or why not, shown in the browser). Unset: Open / Save As.
  std::string chooseTitle, chooseButton;
  std::function<std::string(const std::filesystem::path&)> choose;
  std::filesystem::path dir;
  std::string name;  // the selected or typed file name
  int filter = 0;    // index into fileFilters()
  std::vector<FileEntry> entries;
  bool truncated = false;  // the folder held more than kMaxBrowserEntries
  std::string error;       // the folder could not be read
  // Save writes something else than the document (a CSV export): returns "" or an error.
  std::function<std::string(const std::filesystem::path&)> onSave;
};

// Lists `dir` (made absolute) into the browser. On error keeps the old listing and sets error.
void browseTo(FileBrowser& browser, const std::filesystem::path& dir);
// The chosen path: dir / name ("" when no name).
std::filesystem::path browserSelection(const FileBrowser& browser);

}  // namespace fx::gui
