// The one check every writer makes before it writes (the CLI's -o, --png, --gif, --sheet,
// --video, --json, texgen outputs; the console's screenshot, screenshot_window, gif, sheet,
// video): a file of one kind is never written over, or under the name of, a file of another
// kind. A JSON dump named victim.glow, a PNG over a Stride asset or a preset, a GIF over a tag
// are refused; the refusal names the file and both kinds, and nothing is written.
//
// A path's kind comes from its extension (the file_kinds table, and the image, GIF and video
// extensions) and, when the file exists, from its first bytes (a Halo tag's header, a Stride
// asset's first line, the PNG / GIF / MP4 / WebM signatures, a JSON document).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace fx {

enum class WrittenKind : uint8_t {
  Json,         // presets, dumps, reports, side-cars
  Png,          // renders, screenshots, sheets, texgen images
  Gif,          // animated GIFs
  Video,        // MP4 / WebM
  Text,         // Markdown and other plain text
  GbxmodelTag,  // a Halo model tag (texgen model)
};

// "" when `out` may receive a file of `written`; else "refusing to write KIND to OUT: its
// extension names KIND2" / "...: it holds KIND2".
std::string outputKindRefusal(const std::filesystem::path& out, WrittenKind written);

}  // namespace fx
