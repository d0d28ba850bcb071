// Where a Halo tag reference points on disk. References hold a class FourCC and a path without
// extension relative to the tags folder, backslash separated and authored on Windows
// (`weapons\energy sword\bitmaps\glow`, reference/halo_tag_format.md §8). They resolve against a
// tags root (the preset's "tags_dir", else --tags DIR, else the nearest parent folder named `tags`
// of the file that holds the reference), one path component at a time, case-insensitively, with
// the class's extension added. Used for every class (bitmaps, point_physics, models).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fx::halo {

// `explicitRoot` when it is not empty, else the nearest parent directory of `file` named `tags`
// (any case), else "".
std::filesystem::path tagsRootFor(const std::filesystem::path& file,
                                  const std::filesystem::path& explicitRoot = {});

// Where no folder named `tags` holds `file`: the tags root its own references say, the nearest
// folder above `file` under which one of `references` (tag paths as authored, with their
// extensions, `\`-separated) resolves. A tag's references and its own tag path share the root,
// so this is the part of `file`'s path above them. "" when none resolves anywhere above it.
std::filesystem::path tagsRootFromReferences(const std::filesystem::path& file,
                                             const std::vector<std::string>& references);

// The existing file `root`/`relative` (any separators, any case per component), or nullopt.
// Components "", ".", ".." and absolute paths never resolve (a reference cannot leave the root).
std::optional<std::filesystem::path> resolveCaseInsensitive(const std::filesystem::path& root,
                                                            std::string_view relative);

// True when `path` ends in the extension of a tag class fxview knows (.glow, .bitmap, ...,
// also the shader and .model classes references may name), any case.
bool isTagPath(std::string_view path);

// A reference's path plus the extension of its class FourCC, resolved under `root`.
std::optional<std::filesystem::path> resolveTagReference(const std::filesystem::path& root,
                                                         std::string_view referencePath,
                                                         uint32_t fourcc);

// The reference path (backslash separated, no extension) that names `file` under `root`, or ""
// when `file` is not inside `root`. The inverse of resolveTagReference, for writing tags.
std::string referencePathFor(const std::filesystem::path& root, const std::filesystem::path& file);

}  // namespace fx::halo
