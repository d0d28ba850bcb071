// Zip archives (libzip) for bug reports: a folder packed into one file to attach, and such a file
// unpacked again. Entries are read and written through memory, so file names in any script work
// the same on every system (the paths go through engine/core/paths.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace fx {

// What unpacking accepts at most: a bug report is a preset, its textures and a screenshot.
struct ZipLimits {
  size_t maxEntries = 4096;
  uint64_t maxTotalBytes = uint64_t(1) << 30;  // uncompressed, all entries together
};

// Every regular file under `folder` (recursively) into a new zip written atomically at `zip`,
// named by its path relative to `folder` with '/' separators under a top folder `top` ("" for
// none). Returns "" or why not, naming the file.
std::string zipFolder(const std::filesystem::path& folder, const std::filesystem::path& zip,
                      const std::string& top = {});

// The files of `zip` into `dest` (made when missing). Refuses, before writing anything, archives
// with an entry that would land outside `dest` (absolute, "..", a drive letter, a backslash
// path), more entries or bytes than `limits`, or encrypted entries. Returns "" or why not,
// naming the zip and the entry.
std::string unzipInto(const std::filesystem::path& zip, const std::filesystem::path& dest,
                      const ZipLimits& limits = {});

// The first bytes of a zip file ("PK\3\4"; an empty archive's "PK\5\6").
bool looksLikeZip(const std::filesystem::path& path);

}  // namespace fx
