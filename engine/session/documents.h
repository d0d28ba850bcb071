// Who owns which file. Every file a loaded preset came from is a document: its path, its format,
// whether fxview may write there, the stamp of the bytes it was read from, and fxview's own
// serialization of it at that moment. Save writes exactly the documents whose serialization
// changed, each in its own format (a preset or definition as JSON, only its edited values' text
// changed; a Halo tag in place with every other byte kept), atomically, and never over a file that
// changed on disk since it was read. A scene fxview built around an opened file (a tag opened
// straight away, an imported Stride asset) is not a file of the user's: only Save As writes it, as
// a new preset. The Stride asset itself is: Save writes its particle systems back into it
// (stride_writeback.h), the scene's own changes (camera, objects) still need Save As.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/json.h"

namespace fx {

struct Preset;

enum class DocumentFormat : uint8_t {
  Preset,       // fxview preset JSON
  Definition,   // an effect definition JSON file
  HaloTag,      // a .glow / .weather_particle_system tag: edited fields written in place
  StrideAsset,  // an opened .sdprefab / .sdscene: edited values written into its text in place
  Input,        // read, never written: wind and point_physics files, textures, models, the asset
};

// What a file held when it was read: size and a 64-bit FNV-1a hash of its bytes.
struct FileStamp {
  bool exists = false;
  uintmax_t size = 0;
  uint64_t hash = 0;
  bool operator==(const FileStamp&) const = default;
};
FileStamp stampFile(const std::filesystem::path& path);

// The file itself, whatever path reaches it (a symlinked folder, `..`, a hard link): its device
// and inode. Two effects whose definitions have one FileId share one document and its edits.
// Recorded when the file is read; a save replaces the file (a new inode), so ids are compared
// with ids recorded at the same load, never with a fresh stat.
struct FileId {
  uint64_t device = 0;
  uint64_t inode = 0;
  bool valid() const { return device != 0 || inode != 0; }
  bool operator==(const FileId&) const = default;
};
// {0, 0} when the file cannot be stat'ed.
FileId fileIdOf(const std::filesystem::path& path);

struct Document {
  std::filesystem::path path;
  FileId id;  // of the file when read (a definition: its effects' definitionId)
  DocumentFormat format = DocumentFormat::Preset;
  // False for the scene fxview built around an opened file and for inputs: Save never writes it.
  bool writable = true;
  FileStamp stamp;  // the bytes read (or last written)
  Json baseline;    // fxview's serialization of it then; the document is dirty when it differs
  // A preset or definition: the text read (or last written). Save changes only the edited values'
  // text in it (json_text_patch.h), so the file keeps its number formats, key order, indentation
  // and line endings.
  std::string text;
};

// Records the preset's documents as read: called by loading. `sceneWritable` = false for a scene
// built around an opened file (its path is virtual).
void trackDocuments(Preset& preset, bool sceneWritable);

// A document whose content differs from what fxview last read or wrote.
bool documentDirty(Preset& preset, const Document& doc);
// Documents whose file on disk no longer holds the bytes they were read from.
std::vector<std::filesystem::path> changedOnDisk(const Preset& preset);

struct SaveOptions {
  // Write over files that changed on disk since they were read ("keep mine").
  bool overwriteChangedOnDisk = false;
  // Make read-only files (mode bits without write permission) writable and save them ("Make
  // writable and save", --force); without it they are refused (Status::ReadOnly).
  bool makeWritable = false;
};

struct SaveResult {
  enum class Status : uint8_t {
    Saved,          // every changed document written
    NothingToSave,  // no document changed
    NeedsSaveAs,    // changes only a new preset can hold (the built scene); nothing else was due
    ChangedOnDisk,  // refused: `conflicts` changed on disk since they were read; nothing written
    Exists,         // Save As: the target exists (a preset): replace it only when asked
    Refused,        // Save As: the target is a file of another format, or one of the inputs
    ReadOnly,       // refused: `readOnly` have no write permission (makeWritable); nothing written
    Failed,         // an I/O error (message)
  } status = Status::Saved;
  std::string message;  // for people: what was written, or why not
  std::vector<std::filesystem::path> written;
  std::vector<std::filesystem::path> conflicts;
  std::vector<std::filesystem::path> readOnly;
  // Written too, but the scene's own changes (camera, objects) need Save As to be kept.
  bool sceneNeedsSaveAs = false;
  bool ok() const { return status == Status::Saved || status == Status::NothingToSave; }
};

// Save: every dirty, writable document back in its own format.
SaveResult saveDocuments(Preset& preset, const SaveOptions& opts = {});

struct SaveAsOptions {
  bool replaceExisting = false;  // the user confirmed replacing an existing preset
  bool makeWritable = false;     // as SaveOptions::makeWritable, for the existing target
};
// Save As: a self-contained copy at `path` (the preset and every file it reads beside it), the
// originals untouched. Refuses a file of another format, one of the preset's own documents, or
// (without replaceExisting) any existing file. The caller reopens `path` to go on editing it.
SaveResult saveDocumentsAs(Preset& preset, const std::filesystem::path& path,
                           const SaveAsOptions& opts = {});

// The files a loaded preset reads, as far as loading tells: the preset itself, each effect's
// definition file (JSON or tag), the paths its definition and entry name (textures, definition
// files such as wind and point_physics, tag references, emitter programs) and each scene object's
// model tag; the file the scene was built around. Paths that do not resolve are left out. No
// command writes over one of these (Save As, screenshots, GIFs, bundles, the CLI's outputs).
std::vector<std::filesystem::path> presetInputs(Preset& preset);
// One file: std::filesystem::equivalent when both exist, else equal weakly_canonical paths.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);
// The input of `preset` that writing `output` would replace, or "" when none.
std::filesystem::path inputAt(Preset& preset, const std::filesystem::path& output);

// A name Save As suggests for a scene that is not a file of the user's (an imported Stride asset:
// X.sdprefab.json beside it; a tag: NAME.fxview.json beside the tag).
std::filesystem::path suggestedSaveAsPath(const Preset& preset);

}  // namespace fx
