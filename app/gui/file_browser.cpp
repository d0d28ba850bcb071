#include "app/gui/file_browser.h"

#include <algorithm>
#include <cctype>

#include "engine/core/paths.h"
#include "engine/session/file_kinds.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

// The browsable extensions of the registry's kinds (engine/session/file_kinds.h) in `group`, or
// of every kind when `group` is None.
std::vector<std::string_view> browsableExtensions(BrowserGroup group) {
  std::vector<std::string_view> out;
  for (const FileKind& kind : fileKinds())
    if (group == BrowserGroup::None || kind.group == group)
      for (const FileExtension& e : kind.extensions)
        if (e.browsable) out.push_back(e.extension);
  return out;
}

// "NAME (.a, .b)".
FileFilter groupFilter(std::string_view name, BrowserGroup group) {
  FileFilter f{.extensions = browsableExtensions(group)};
  f.label = std::string(name) + " (";
  for (size_t i = 0; i < f.extensions.size(); ++i)
    f.label += (i ? ", " : "") + std::string(f.extensions[i]);
  f.label += ")";
  return f;
}

}  // namespace

std::span<const FileFilter> fileFilters() {
  static const FileFilter kFilters[] = {
      {"Everything fxview reads", browsableExtensions(BrowserGroup::None)},
      groupFilter("fxview presets and definitions", BrowserGroup::Presets),
      groupFilter("Halo tags", BrowserGroup::HaloTags),
      groupFilter("Stride assets", BrowserGroup::StrideAssets),
      {"All files", {}},
  };
  return kFilters;
}

bool filterAccepts(const FileFilter& filter, const fs::path& file) {
  if (filter.extensions.empty()) return true;
  std::string ext = toUtf8(file.extension());
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return std::find(filter.extensions.begin(), filter.extensions.end(), ext) !=
         filter.extensions.end();
}

void browseTo(FileBrowser& b, const fs::path& dir) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (ec || !fs::is_directory(abs, ec)) {
    b.error = toUtf8(dir) + ": not a folder";
    return;
  }
  std::vector<FileEntry> entries;
  bool truncated = false;
  const FileFilter& filter =
      fileFilters()[size_t(std::clamp(b.filter, 0, int(fileFilters().size()) - 1))];
  fs::directory_iterator it(abs, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    b.error = toUtf8(abs) + ": " + ec.message();
    return;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::string name = toUtf8(it->path().filename());
    if (name.empty() || name[0] == '.') continue;
    if (entries.size() >= kMaxBrowserEntries) {
      truncated = true;
      break;
    }
    FileEntry e{.name = name};
    std::error_code ec2;
    e.directory = it->is_directory(ec2);
    if (e.directory) {
      e.bundle = opensAs(it->path(), FileOpening::Bundle);
    } else {
      if (!filterAccepts(filter, it->path())) continue;
      e.size = it->file_size(ec2);
    }
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const FileEntry& a, const FileEntry& b) {
    if (a.directory != b.directory) return a.directory;
    return a.name < b.name;
  });
  b.dir = abs;
  b.entries = std::move(entries);
  b.truncated = truncated;
  b.error.clear();
}

fs::path browserSelection(const FileBrowser& b) {
  if (b.name.empty()) return {};
  fs::path n = toPath(b.name);
  return n.is_absolute() ? n : b.dir / n;
}

}  // namespace fx::gui
