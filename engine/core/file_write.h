// Writing a user's file without losing it: every file fxview writes goes through
// writeFileAtomic (or a temporary file committed with commitTempFile), which
//   - writes a temporary file in the target's folder (a short mkstemp name, so any name that can
//     be saved saves), flushes it to disk, then renames it over the target: a crash mid-save
//     leaves the old file intact;
//   - writes through a symlink (a chain of them) to the file it names, keeping the link;
//   - updates a file with several hard links in place, so every link sees the new content (the
//     temporary copy is written first and removed last);
//   - keeps the mode of a file it replaces, and refuses a file whose mode bits grant no write
//     permission (a Perforce file not checked out, a protected stock tag), as editors do even for
//     root, unless the caller was told to make it writable (--force, the viewer's prompt);
//   - says why it failed: "cannot save X: permission denied", "no such folder D", "file name too
//     long", naming the file the user chose, not the temporary one.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace fx {

struct WriteOptions {
  // A read-only target is made writable (u+w added) and saved instead of refused.
  bool force = false;
};

// Returns "" or the reason nothing was written. (The two-argument form, declared in json.h as
// well, writes with the default options.)
std::string writeFileAtomic(const std::filesystem::path& path, const std::string& text);
std::string writeFileAtomic(const std::filesystem::path& path, const std::string& text,
                            const WriteOptions& opts);

// The file a write to `path` reaches: symlinks followed (to a file that need not exist yet).
std::filesystem::path writeTarget(const std::filesystem::path& path);

// The mode of an existing file (through symlinks) whose mode bits grant nobody write permission,
// else nullopt (no such file, or writable).
std::optional<unsigned> readOnlyMode(const std::filesystem::path& path);
// "X is read-only (mode 0444); HINT" for a file readOnlyMode reports, else "".
std::string readOnlyRefusal(const std::filesystem::path& path,
                            const std::string& hint = "pass --force to make it writable and save");
// Adds owner write permission to an existing read-only file (--force, the viewer's "Make
// writable and save"). Returns "" or why not.
std::string makeWritable(const std::filesystem::path& path);

// For writers that need a file name of their own (libgif, libavformat): creates an empty,
// uniquely named temporary file in `path`'s target folder and puts its name in `tmp`. Returns ""
// or why not ("cannot save PATH: no such folder D").
std::string createTempBeside(const std::filesystem::path& path, std::filesystem::path& tmp);
// Moves what a writer put into `tmp` (createTempBeside) to `path` the way writeFileAtomic writes
// it, and removes `tmp` in every case. Returns "" or why not.
std::string commitTempFile(const std::filesystem::path& tmp, const std::filesystem::path& path,
                           const WriteOptions& opts = WriteOptions());

// Why a system call on `path` failed with `err` (errno), for "cannot save X: WHY": "permission
// denied", "no such folder D", "file name too long", else the system's text in lower case.
std::string writeErrorReason(int err, const std::filesystem::path& path);

}  // namespace fx
