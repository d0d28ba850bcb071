#include "engine/formats/halo/tag_paths.h"

#include <cctype>

#include "engine/core/paths.h"
#include "engine/formats/halo/tag_layouts.h"

namespace fx::halo {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(uint8_t(c)));
  return out;
}

// The entry of `dir` named `name`: exact first, else the first case-insensitive match in
// directory order sorted by name (so the answer does not depend on the file system's order).
std::optional<std::filesystem::path> findEntry(const std::filesystem::path& dir,
                                               const std::string& name) {
  std::error_code ec;
  auto exact = dir / toPath(name);
  if (std::filesystem::exists(exact, ec)) return exact;
  std::string want = lower(name);
  std::optional<std::filesystem::path> best;
  for (auto it = std::filesystem::directory_iterator(dir, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    auto entry = toUtf8(it->path().filename());
    if (lower(entry) != want) continue;
    if (!best || entry < toUtf8(best->filename())) best = it->path();
  }
  return best;
}

}  // namespace

bool isTagPath(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return false;
  return fourCCForExtension(path.substr(dot)) != 0;
}

std::filesystem::path tagsRootFor(const std::filesystem::path& file,
                                  const std::filesystem::path& explicitRoot) {
  if (!explicitRoot.empty()) return explicitRoot;
  std::error_code ec;
  auto abs = std::filesystem::absolute(file, ec);
  if (ec) return {};
  for (auto dir = abs.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (lower(toUtf8(dir.filename())) == "tags") return dir;
    if (dir == dir.parent_path()) break;
  }
  return {};
}

std::filesystem::path tagsRootFromReferences(const std::filesystem::path& file,
                                             const std::vector<std::string>& references) {
  std::error_code ec;
  auto abs = std::filesystem::absolute(file, ec);
  if (ec) return {};
  for (auto dir = abs.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    for (const std::string& r : references)
      if (resolveCaseInsensitive(dir, r)) return dir;
    if (dir == dir.parent_path()) break;
  }
  return {};
}

std::optional<std::filesystem::path> resolveCaseInsensitive(const std::filesystem::path& root,
                                                            std::string_view relative) {
  if (root.empty() || relative.empty() || relative.front() == '/' || relative.front() == '\\')
    return std::nullopt;
  if (relative.size() > 1 && relative[1] == ':') return std::nullopt;  // "C:\..."
  std::filesystem::path at = root;
  size_t start = 0;
  while (start <= relative.size()) {
    size_t end = relative.find_first_of("/\\", start);
    if (end == std::string_view::npos) end = relative.size();
    std::string part(relative.substr(start, end - start));
    // Invader collapses duplicate separators (§3); "." and ".." would leave the root.
    if (!part.empty()) {
      if (part == "." || part == "..") return std::nullopt;
      auto next = findEntry(at, part);
      if (!next) return std::nullopt;
      at = *next;
    }
    start = end + 1;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(at, ec)) return std::nullopt;
  return at;
}

std::optional<std::filesystem::path> resolveTagReference(const std::filesystem::path& root,
                                                         std::string_view referencePath,
                                                         uint32_t fourcc) {
  std::string_view ext = extensionForFourCC(fourcc);
  if (referencePath.empty() || ext.empty()) return std::nullopt;
  return resolveCaseInsensitive(root, std::string(referencePath) + std::string(ext));
}

std::string referencePathFor(const std::filesystem::path& root, const std::filesystem::path& file) {
  std::error_code ec;
  auto rel = std::filesystem::relative(file, root, ec);
  if (ec || rel.empty()) return {};
  std::string out;
  for (const auto& part : rel.replace_extension()) {
    if (part == "..") return {};
    out += (out.empty() ? "" : "\\") + toUtf8(part);
  }
  return out;
}

}  // namespace fx::halo
