// Autosave and crash recovery. While the viewer holds unsaved edits it writes them, every so many
// seconds, into an entry of its own under the user's data folder (recoveryRoot()), never beside
// or over the user's files. An entry is a folder named after the process that writes it:
//   <root>/<pid>-<unix time>-<n>/
//     lock        held (platform::FileLock) while the viewer writing the entry runs
//     entry.json  which document, when, the edit history's position, and the snapshot of every
//                 edit target (world_edit.h): what restoring applies
//     NN-<name>   what Save would write into each edited file now (documents.h
//                 writeDocumentCopy): a preset, a definition, a Halo tag, a Stride asset, for a
//                 person to pick up by hand when the document itself no longer opens
// Each file is written through a temporary file and a rename, entry.json last, so a crash in the
// middle of an autosave leaves the previous one whole. A viewer that exits normally removes its
// entry, and so do saving and discarding the edits; one that died (a crash, SIGKILL, a power cut)
// leaves it with nobody holding its lock, and the next viewer offers to restore it. Two viewers
// never share an entry: each writes its own folder and holds its own lock.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/platform_files.h"

namespace fx {

struct Preset;

inline constexpr int kRecoveryVersion = 1;

// <user data folder>/recovery: $XDG_DATA_HOME/fxview/recovery (~/.local/share/fxview/recovery),
// %LOCALAPPDATA%\fxview\recovery on Windows. Empty when no data folder is known.
std::filesystem::path recoveryRoot();

// One edited file of the document, as an autosave found it.
struct RecoveryFile {
  std::filesystem::path original;  // the user's file
  std::string format;              // "preset", "definition", "halo_tag", "stride_asset", "scene"
  std::string copy;                // what Save would write there: a file in the entry's folder
  uint64_t readSize = 0;           // the bytes fxview had read from `original` (documents.h)
  uint64_t readHash = 0;
};

struct RecoveryEntry {
  std::filesystem::path folder;
  std::filesystem::path document;  // the file the viewer had opened (absolute)
  std::string name;                // the document's display name
  int64_t savedAt = 0;             // seconds since 1970 (UTC)
  long pid = 0;                    // of the viewer that wrote it
  size_t historyPosition = 0;      // edit history: steps up to the cursor, and their labels
  std::vector<std::string> edits;
  Json targets = Json::object();  // edit target name ("scene", "effect:<id>") -> its snapshot
  std::vector<RecoveryFile> files;
  bool live = false;  // a running viewer holds its lock: not offered, never removed
  std::string error;  // the entry cannot be read: why, naming the file (and JSON pointer)
};

// Every entry under `root`, newest first (unreadable ones last, with `error` set). A folder
// without entry.json (a viewer that is creating it) is left out.
std::vector<RecoveryEntry> listRecoveries(const std::filesystem::path& root);
// The entries no running viewer holds: what a viewer that died left behind.
std::vector<RecoveryEntry> orphanedRecoveries(const std::filesystem::path& root);
// Whether the entry is about the file `document` (the same file, whatever path reaches it).
bool recoveryOf(const RecoveryEntry& entry, const std::filesystem::path& document);
// Removes an entry no viewer holds. "" or why not.
std::string discardRecovery(const RecoveryEntry& entry);
// "2026-12-05 07:50:12" in the local time zone.
std::string recoveryTimeText(int64_t savedAt);

// What restoring applies to the opened document: each target whose recovered snapshot differs
// from its state now. `notes` says what cannot be restored (an effect the document no longer
// has) and which files changed on disk since the autosave read them.
struct RecoveredEdit {
  std::string target;
  Json snapshot;
};
std::vector<RecoveredEdit> recoveredEdits(Preset& preset, const RecoveryEntry& entry,
                                          std::vector<std::string>& notes);

// What an autosave records besides the document's contents.
struct AutosaveInfo {
  std::filesystem::path document;  // the file the viewer opened
  size_t historyPosition = 0;      // the edit history's cursor
  std::vector<std::string> edits;  // labels of its steps up to the cursor, oldest first
};

// One viewer's recovery entry: created and locked on the first write, rewritten on each.
class RecoveryWriter {
 public:
  explicit RecoveryWriter(std::filesystem::path root = recoveryRoot());
  ~RecoveryWriter();  // keeps the entry, as a crash would: only remove() removes it
  RecoveryWriter(const RecoveryWriter&) = delete;
  RecoveryWriter& operator=(const RecoveryWriter&) = delete;

  // Writes the document's unsaved state; a state already written is not written again. "" or
  // why not (naming the file).
  std::string write(Preset& preset, const AutosaveInfo& info);
  // Removes the entry (the edits were saved or discarded, or the viewer quits normally).
  void remove();
  bool active() const { return !folder_.empty(); }
  const std::filesystem::path& folder() const { return folder_; }
  const std::filesystem::path& root() const { return root_; }

 private:
  std::string create();
  std::filesystem::path root_, folder_;
  platform::FileLock lock_;
  std::string written_;  // the state last written (entry.json without its time)
};

}  // namespace fx
