#include "engine/session/output_kinds.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string_view>

#include "engine/core/paths.h"
#include "engine/session/file_kinds.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

std::string lowerExtension(const fs::path& p) {
  std::string ext = toUtf8(p.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

std::string writtenName(WrittenKind k) {
  switch (k) {
    case WrittenKind::Json:
      return "JSON";
    case WrittenKind::Png:
      return "a PNG image";
    case WrittenKind::Gif:
      return "a GIF animation";
    case WrittenKind::Video:
      return "a video";
    case WrittenKind::Text:
      return "text";
    case WrittenKind::GbxmodelTag:
      return "a Halo .gbxmodel tag";
  }
  return {};
}

// A kind of the file_kinds table, in the words of writtenName.
std::string tableKindName(const FileKind& k) {
  if (k.opensAs == FileOpening::Preset) return "JSON";
  if (k.opensAs == FileOpening::StrideAsset) return "a Stride asset";
  if (k.tagClass && !k.extensions.empty())
    return "a Halo " + std::string(k.extensions.front().extension) + " tag";
  return {};
}

struct ExtensionName {
  std::string_view extension;
  std::string_view kind;
};
// Plain-text names (.txt, .md) name no kind: a dump may be called anything.
constexpr ExtensionName kOtherExtensions[] = {
    {".png", "a PNG image"},
    {".gif", "a GIF animation"},
    {".mp4", "a video"},
    {".webm", "a video"},
};

// The kind `path`'s extension names, "" when none.
std::string extensionKind(const fs::path& path) {
  if (const FileKind* k = findFileKindByExtension(path)) return tableKindName(*k);
  const std::string ext = lowerExtension(path);
  for (const ExtensionName& e : kOtherExtensions)
    if (e.extension == ext) return std::string(e.kind);
  return {};
}

// The kind an existing file's first bytes show, "" when none (or no such file).
std::string contentKind(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return {};
  FileHead head{.path = path};
  std::ifstream in(path, std::ios::binary);
  char buf[64];
  in.read(buf, sizeof buf);
  head.bytes.assign(buf, size_t(in.gcount()));
  const std::string_view b = head.bytes;
  if (b.starts_with("\x89PNG\r\n\x1a\n")) return "a PNG image";
  if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return "a GIF animation";
  if (b.substr(std::min<size_t>(4, b.size())).starts_with("ftyp") ||
      b.starts_with("\x1a\x45\xdf\xa3"))
    return "a video";
  for (const FileKind& k : fileKinds())
    if (k.opensAs != FileOpening::Preset && k.magic && k.magic(k, head))
      if (std::string name = tableKindName(k); !name.empty()) return name;
  if (b.size() >= 0x40 && b.substr(0x3C, 4) == "blam") return "a Halo tag";
  auto first = std::find_if(b.begin(), b.end(), [](unsigned char c) { return !std::isspace(c); });
  if (first != b.end() && (*first == '{' || *first == '[')) return "JSON";
  return {};
}

}  // namespace

std::string outputKindRefusal(const fs::path& out, WrittenKind written) {
  if (out.empty()) return {};
  const std::string what = writtenName(written);
  if (std::string named = extensionKind(out); !named.empty() && named != what)
    return "refusing to write " + what + " to " + toUtf8(out) + ": its extension names " + named;
  if (std::string held = contentKind(out); !held.empty() && held != what)
    return "refusing to write " + what + " over " + toUtf8(out) + ", which holds " + held;
  return {};
}

}  // namespace fx
