#include "engine/session/recovery.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/text.h"
#include "engine/session/document_copy.h"
#include "engine/session/documents.h"
#include "engine/session/world.h"
#include "engine/session/world_edit.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

constexpr const char* kEntryFile = "entry.json";
constexpr const char* kLockFile = "lock";

const char* formatName(const Document& d) {
  if (!d.writable) return "scene";
  switch (d.format) {
    case DocumentFormat::Preset:
      return "preset";
    case DocumentFormat::Definition:
      return "definition";
    case DocumentFormat::HaloTag:
      return "halo_tag";
    case DocumentFormat::StrideAsset:
      return "stride_asset";
    case DocumentFormat::Input:
      break;
  }
  return "input";
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

uint64_t parseHex64(const std::string& s) {
  return s.empty() ? 0 : std::strtoull(s.c_str(), nullptr, 16);
}

fs::path absoluteOf(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  return ec ? p : abs.lexically_normal();
}

// Every edit target of the preset with its snapshot now.
Json targetSnapshots(Preset& preset) {
  Json out = Json::object();
  out[kSceneTarget] = sceneSnapshot(preset.scene);
  for (EffectEntry& e : preset.effects) out[effectTarget(e)] = effectSnapshot(e);
  return out;
}

// The copy's file name in the entry: the document's index (two files of one name stay apart)
// and its own name.
std::string copyName(size_t index, const Document& d) {
  const std::string prefix = (index < 10 ? "0" : "") + std::to_string(index) + "-";
  std::string name = toUtf8(d.path.filename());
  if (!d.writable) name += ".fxview.json";
  return prefix + (name.empty() ? std::string("document") : name);
}

// The edited documents' copies written into `folder`; their records in `files`.
std::string writeCopies(Preset& preset, const fs::path& folder, Json& files) {
  files = Json::array();
  for (size_t i = 0; i < preset.documents.size(); ++i) {
    const Document& d = preset.documents[i];
    if (d.format == DocumentFormat::Input || !documentDirty(preset, d)) continue;
    const std::string copy = copyName(i, d);
    if (std::string err = writeDocumentCopy(preset, d, folder / toPath(copy)); !err.empty())
      return err;
    files.push_back({{"file", toUtf8(absoluteOf(d.path))},
                     {"format", formatName(d)},
                     {"copy", copy},
                     {"read_size", d.stamp.size},
                     {"read_hash", hex64(d.stamp.hash)}});
  }
  return {};
}

// Files of the entry's folder that entry.json no longer names (a document undone to its saved
// state since the last autosave): removed after entry.json is written.
void removeStaleCopies(const fs::path& folder, const Json& files) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto& f : fs::directory_iterator(folder, ec)) {
    const std::string name = toUtf8(f.path().filename());
    if (name == kEntryFile || name == kLockFile) continue;
    bool named = false;
    for (const Json& r : files) named = named || r.value("copy", "") == name;
    if (!named) stale.push_back(f.path());
  }
  for (const fs::path& p : stale) fs::remove(p, ec);
}

}  // namespace

fs::path recoveryRoot() {
  fs::path data = platform::userDataFolder();
  return data.empty() ? fs::path() : data / "recovery";
}

std::string recoveryTimeText(int64_t savedAt) {
  std::tm tm = platform::localTime(std::time_t(savedAt));
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

// --- reading entries

namespace {

// Reads entry.json into `e`; false (with e.error naming the file and pointer) when it cannot.
bool readEntry(const fs::path& file, RecoveryEntry& e) {
  Diagnostics diags;
  const std::string shown = toUtf8(file);
  auto json = loadJsonFile(file, shown, diags);
  auto fail = [&](const std::string& pointer, const std::string& why) {
    e.error = shown + (pointer.empty() ? "" : " at " + pointer) + ": " + why;
    return false;
  };
  if (!json) return fail("", diags.formatAll().empty() ? "unreadable" : diags.formatAll());
  if (!json->is_object()) return fail("", "expected an object");
  const Json& j = *json;
  if (!j.contains("fxview_recovery") || !j["fxview_recovery"].is_number_integer())
    return fail("/fxview_recovery", "missing: not a recovery entry");
  if (j["fxview_recovery"].get<int>() > kRecoveryVersion)
    return fail("/fxview_recovery", "written by a newer fxview");
  if (!j.contains("document") || !j["document"].is_string() ||
      j["document"].get<std::string>().empty())
    return fail("/document", "expected the document's path");
  if (!j.contains("saved_at") || !j["saved_at"].is_number_integer())
    return fail("/saved_at", "expected seconds since 1970");
  if (!j.contains("targets") || !j["targets"].is_object())
    return fail("/targets", "expected an object of edit targets");
  e.document = toPath(j["document"].get<std::string>());
  e.savedAt = j["saved_at"].get<int64_t>();
  e.name = j.value("name", toUtf8(e.document.filename()));
  e.pid = j.contains("pid") && j["pid"].is_number_integer() ? j["pid"].get<long>() : 0;
  e.targets = j["targets"];
  if (j.contains("history") && j["history"].is_object()) {
    const Json& h = j["history"];
    if (h.contains("position") && h["position"].is_number_unsigned())
      e.historyPosition = h["position"].get<size_t>();
    if (h.contains("edits") && h["edits"].is_array())
      for (const Json& l : h["edits"])
        if (l.is_string()) e.edits.push_back(l.get<std::string>());
  }
  if (j.contains("files") && j["files"].is_array())
    for (const Json& f : j["files"]) {
      if (!f.is_object() || !f.contains("file") || !f["file"].is_string()) continue;
      e.files.push_back({.original = toPath(f["file"].get<std::string>()),
                         .format = f.value("format", ""),
                         .copy = f.value("copy", ""),
                         .readSize = f.value("read_size", uint64_t(0)),
                         .readHash = parseHex64(f.value("read_hash", ""))});
    }
  return true;
}

}  // namespace

std::vector<RecoveryEntry> listRecoveries(const fs::path& root) {
  std::vector<RecoveryEntry> out;
  std::error_code ec;
  if (root.empty() || !fs::is_directory(root, ec)) return out;
  for (const auto& d : fs::directory_iterator(root, ec)) {
    std::error_code dec;
    if (!d.is_directory(dec) || d.is_symlink(dec)) continue;
    const fs::path file = d.path() / kEntryFile;
    if (!fs::exists(file, dec)) continue;
    RecoveryEntry e;
    e.folder = d.path();
    e.live = platform::fileLocked(d.path() / kLockFile);
    try {
      readEntry(file, e);
    } catch (const std::exception& ex) {  // a value of the wrong type deep inside
      e.error = toUtf8(file) + ": " + ex.what();
    }
    out.push_back(std::move(e));
  }
  std::stable_sort(out.begin(), out.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) {
    if (a.error.empty() != b.error.empty()) return a.error.empty();
    return a.savedAt != b.savedAt ? a.savedAt > b.savedAt : a.folder < b.folder;
  });
  return out;
}

std::vector<RecoveryEntry> orphanedRecoveries(const fs::path& root) {
  std::vector<RecoveryEntry> all = listRecoveries(root);
  std::erase_if(all, [](const RecoveryEntry& e) { return e.live; });
  return all;
}

bool recoveryOf(const RecoveryEntry& entry, const fs::path& document) {
  return entry.error.empty() && !document.empty() && sameFile(entry.document, document);
}

std::string discardRecovery(const RecoveryEntry& entry) {
  if (entry.folder.empty()) return "no recovery entry";
  if (platform::fileLocked(entry.folder / kLockFile))
    return toUtf8(entry.folder) + " belongs to a running viewer (process " +
           std::to_string(entry.pid) + "); it removes it itself";
  std::error_code ec;
  fs::remove_all(entry.folder, ec);
  if (ec) return "cannot remove " + toUtf8(entry.folder) + ": " + ec.message();
  return {};
}

std::vector<RecoveredEdit> recoveredEdits(Preset& preset, const RecoveryEntry& entry,
                                          std::vector<std::string>& notes) {
  std::vector<RecoveredEdit> out;
  // The scene last: effects first, as Save writes definitions before the preset naming them.
  std::vector<std::string> names;
  for (auto it = entry.targets.begin(); it != entry.targets.end(); ++it)
    if (it.key() != kSceneTarget) names.push_back(it.key());
  if (entry.targets.contains(kSceneTarget)) names.push_back(kSceneTarget);
  for (const std::string& name : names) {
    std::optional<Json> now = targetSnapshot(preset, name);
    if (!now) {
      notes.push_back("the recovered effect \"" + name.substr(name.find(':') + 1) +
                      "\" is not in " + preset.displayName + " any more: its edits are in " +
                      toUtf8(entry.folder));
      continue;
    }
    if (*now != entry.targets[name]) out.push_back({name, entry.targets[name]});
  }
  for (const RecoveryFile& f : entry.files) {
    FileStamp s = stampFile(f.original);
    if (f.format != "scene" && (s.size != f.readSize || s.hash != f.readHash))
      notes.push_back(toUtf8(f.original) +
                      " changed on disk since the autosave: the recovered edits are laid over "
                      "what it holds now (the autosave's copy: " +
                      toUtf8(entry.folder / toPath(f.copy)) + ")");
  }
  return out;
}

// --- writing

RecoveryWriter::RecoveryWriter(fs::path root) : root_(std::move(root)) {}

RecoveryWriter::~RecoveryWriter() = default;

std::string RecoveryWriter::create() {
  if (root_.empty())
    return "no folder for recovery files: neither XDG_DATA_HOME nor HOME (LOCALAPPDATA) is set";
  std::error_code ec;
  fs::create_directories(root_, ec);
  if (ec) return "cannot create " + toUtf8(root_) + ": " + ec.message();
  const std::string stem =
      std::to_string(platform::processId()) + "-" + std::to_string(std::time(nullptr)) + "-";
  for (int n = 0; n < 1000; ++n) {
    fs::path candidate = root_ / toPath(stem + std::to_string(n));
    if (!fs::create_directory(candidate, ec)) continue;  // taken (or an error: try the next)
    if (!lock_.acquire(candidate / kLockFile)) {
      fs::remove_all(candidate, ec);
      return "cannot lock " + toUtf8(candidate / kLockFile);
    }
    folder_ = candidate;
    return {};
  }
  return "cannot create a folder in " + toUtf8(root_) + (ec ? ": " + ec.message() : "");
}

std::string RecoveryWriter::write(Preset& preset, const AutosaveInfo& info) {
  Json entry = {{"fxview_recovery", kRecoveryVersion},
                {"document", toUtf8(absoluteOf(info.document))},
                {"name", preset.displayName},
                {"pid", platform::processId()},
                {"history", {{"position", info.historyPosition}, {"edits", info.edits}}},
                {"targets", targetSnapshots(preset)}};
  std::string state = dumpJson(entry);
  if (active() && state == written_) return {};
  if (!active())
    if (std::string err = create(); !err.empty()) return err;
  Json files;
  if (std::string err = writeCopies(preset, folder_, files); !err.empty())
    return "autosave: " + err;
  entry["files"] = files;
  entry["saved_at"] = int64_t(std::time(nullptr));
  std::string err = writeFileAtomic(folder_ / kEntryFile, dumpJson(entry, 1) + "\n");
  if (!err.empty()) return "autosave: " + err;
  removeStaleCopies(folder_, files);
  written_ = std::move(state);
  return {};
}

void RecoveryWriter::remove() {
  if (!active()) return;
  std::error_code ec;
  // entry.json first: whatever else stays behind is never offered.
  fs::remove(folder_ / kEntryFile, ec);
  lock_.release();
  fs::remove_all(folder_, ec);
  folder_.clear();
  written_.clear();
}

}  // namespace fx
