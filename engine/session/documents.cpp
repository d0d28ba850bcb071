#include "engine/session/documents.h"

#include "engine/session/document_copy.h"

#include <fstream>

#include "engine/core/field_json.h"
#include "engine/core/file_write.h"
#include "engine/core/json_text_patch.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/text.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/scene_models.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/self_contained.h"
#include "engine/session/world.h"
#include "engine/session/world_edit.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

// Reads `path` whole (`text` = nullptr: only its stamp).
FileStamp readAndStamp(const fs::path& path, std::string* text) {
  FileStamp s;
  std::ifstream in(path, std::ios::binary);
  if (!in) return s;
  s.exists = true;
  uint64_t h = 1469598103934665603ull;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    std::streamsize n = in.gcount();
    for (std::streamsize i = 0; i < n; ++i) {
      h ^= uint8_t(buf[i]);
      h *= 1099511628211ull;
    }
    s.size += uintmax_t(n);
    if (text) text->append(buf, size_t(n));
  }
  s.hash = h;
  return s;
}

bool isJsonDocument(const Document& d) {
  return d.format == DocumentFormat::Preset || d.format == DocumentFormat::Definition;
}

// The stamp of the file now; a preset or definition also keeps the text (the base of the next
// save's patch; none past the JSON size cap, which a save then writes whole).
void restamp(Document& d) {
  d.text.clear();
  d.stamp = readAndStamp(d.path, isJsonDocument(d) && d.writable ? &d.text : nullptr);
  if (d.text.size() > kMaxJsonFileBytes) d.text.clear();
}

}  // namespace

FileStamp stampFile(const fs::path& path) {
  return readAndStamp(path, nullptr);
}

FileId fileIdOf(const fs::path& path) {
  platform::FileIdentity id;
  if (!platform::fileIdentity(path, id)) return {};
  return {.device = id.device, .inode = id.index};
}

namespace {

// The path fields of a definition or an effect entry, resolved as the loader resolves them.
class PathFields final : public FieldWalker {
 public:
  PathFields(const LoadContext& ctx, std::vector<fs::path>& out) : ctx_(ctx), out_(out) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (v.empty()) return;
    if (m.hint != FieldHint::TexturePath && m.hint != FieldHint::DefinitionPath &&
        m.tag.codec != TagCodec::Reference)
      return;
    if (std::string resolved = ctx_.resolvePath(v, {}); !resolved.empty())
      out_.push_back(toPath(resolved));
  }

 private:
  const LoadContext& ctx_;
  std::vector<fs::path>& out_;
};

// The first effect whose definition is the document's file, by the file itself (effects sharing
// a file, through whichever paths, share its edits).
EffectEntry* entryFor(Preset& preset, const Document& doc) {
  for (auto& e : preset.effects) {
    if (e.definitionRef.empty()) continue;
    if (doc.id.valid() && e.definitionId.valid() ? e.definitionId == doc.id
                                                 : e.definitionFile == doc.path)
      return &e;
  }
  return nullptr;
}

// What fxview would write into the document now.
Json serialize(Preset& preset, const Document& doc) {
  if (doc.format == DocumentFormat::Input) return Json();
  if (doc.format == DocumentFormat::StrideAsset) return presetToJson(preset)["effects"];
  if (doc.format == DocumentFormat::Preset) {
    Json json = presetToJson(preset);
    // Built around a Stride asset: the effects are the asset's document, not the scene's.
    if (!doc.writable && stride_import::isStrideAsset(preset.openedFile) &&
        json.contains("effects"))
      for (auto& e : json["effects"])
        if (e.is_object()) e.erase("definition");
    return json;
  }
  EffectEntry* e = entryFor(preset, doc);
  if (!e) return Json();
  if (doc.format == DocumentFormat::HaloTag) return effectSnapshot(*e)["definition"];
  writeDefinitionJson(*e);
  return e->definitionJson;
}

// A preset's or definition's new text: the read text with only the edited values changed, else
// (it cannot be patched safely) the whole document in its style, and `note` says why.
std::string jsonText(const Document& doc, const Json& json, std::string& note) {
  JsonTextSave t = saveJsonText(doc.text, doc.baseline, json);
  if (!t.patched) note = toUtf8(doc.path) + ": written whole (" + t.why + ")";
  return std::move(t.text);
}

// What Save writes into `doc`, written to `target` (the document's own path, or a recovery copy).
std::string writeDocumentTo(Preset& preset, const Document& doc, const fs::path& target,
                            std::string& note) {
  if (doc.format == DocumentFormat::Preset) {
    Json json = presetToJson(preset);
    std::string err = writeFileAtomic(target, jsonText(doc, json, note));
    if (err.empty() && target == doc.path) preset.json = std::move(json);
    return err;
  }
  if (doc.format == DocumentFormat::StrideAsset) {
    // Only the changed values' text changes; written through a temporary file and a rename.
    Diagnostics diags;
    std::string err = stride_import::exportToAsset(presetToJson(preset), toUtf8(preset.path),
                                                   doc.path, target, diags);
    if (err.empty()) return {};
    std::string why = diags.formatAll();
    if (why.size() > 2000) why = why.substr(0, 2000) + "...";
    return why.empty() ? err : why + err;
  }
  EffectEntry* e = entryFor(preset, doc);
  if (!e) return "no effect reads " + toUtf8(doc.path) + " any more";
  if (doc.format == DocumentFormat::HaloTag) {
    if (!e->definitionTag) return toUtf8(doc.path) + ": the tag read from it is gone";
    // The edited fields change, every other byte stays.
    writeDefinitionToTag(*e->definition, *e->definitionTag);
    return halo::saveTag(target, *e->definitionTag);
  }
  return writeFileAtomic(target, jsonText(doc, serialize(preset, doc), note));
}

std::string writeDocument(Preset& preset, const Document& doc, std::string& note) {
  return writeDocumentTo(preset, doc, doc.path, note);
}

std::string joinPaths(const std::vector<fs::path>& paths) {
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + toUtf8(p);
  return out;
}

// A file Save As may replace after asking: a JSON object that is an fxview preset.
bool isPresetFile(const fs::path& path) {
  Diagnostics quiet;
  auto json = loadJsonFile(path, toUtf8(path), quiet);
  return json && json->is_object() && (json->contains("effects") || json->contains("version"));
}

}  // namespace

bool sameFile(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) {
    bool same = fs::equivalent(a, b, ec);
    if (!ec) return same;
  }
  fs::path ca = fs::weakly_canonical(fs::absolute(a, ec), ec);
  if (ec) return false;
  fs::path cb = fs::weakly_canonical(fs::absolute(b, ec), ec);
  return !ec && ca == cb;
}

std::vector<fs::path> presetInputs(Preset& preset) {
  std::vector<fs::path> out{preset.path};
  if (!preset.openedFile.empty()) out.push_back(preset.openedFile);
  auto dirOf = [](const fs::path& f) {
    return f.parent_path().empty() ? fs::path(".") : f.parent_path();
  };
  const fs::path presetDir = dirOf(preset.path);
  for (EffectEntry& e : preset.effects) {
    const fs::path file = e.definitionFile.empty() ? preset.path : e.definitionFile;
    out.push_back(file);
    if (!e.definition) continue;
    LoadContext defCtx{.baseDir = dirOf(file), .allowAnyPath = true, .tagsDir = preset.tagsDir};
    PathFields defPaths(defCtx, out);
    e.definition->reflect(defPaths);
    LoadContext entryCtx{.baseDir = presetDir, .allowAnyPath = true, .tagsDir = preset.tagsDir};
    PathFields entryPaths(entryCtx, out);
    e.definition->reflectEntry(entryPaths);
  }
  const SceneModelOptions models{.tagsRoot = halo::tagsRootFor(preset.path, preset.tagsDir),
                                 .presetDir = presetDir};
  for (const SceneObject& o : preset.scene.objects) {
    if (o.model.empty()) continue;
    std::string reason;
    if (fs::path p = resolveModelPath(o.model, models, reason); !p.empty()) out.push_back(p);
  }
  // A scene built around an opened file has a virtual path: nothing is read from there.
  if (!preset.openedFile.empty())
    std::erase_if(out, [&](const fs::path& p) { return p == preset.path; });
  return out;
}

fs::path inputAt(Preset& preset, const fs::path& output) {
  if (output.empty()) return {};
  for (const fs::path& in : presetInputs(preset))
    if (!in.empty() && sameFile(in, output)) return in;
  return {};
}

void trackDocuments(Preset& preset, bool sceneWritable) {
  preset.documents.clear();
  Document scene{.path = preset.path, .format = DocumentFormat::Preset, .writable = sceneWritable};
  if (sceneWritable) restamp(scene);
  scene.baseline = serialize(preset, scene);
  preset.documents.push_back(std::move(scene));
  if (!sceneWritable && stride_import::isStrideAsset(preset.openedFile)) {
    Document asset{.path = preset.openedFile,
                   .format = DocumentFormat::StrideAsset,
                   .stamp = stampFile(preset.openedFile)};
    asset.baseline = serialize(preset, asset);
    preset.documents.push_back(std::move(asset));
  }
  for (const auto& e : preset.effects) {
    if (e.definitionRef.empty()) continue;
    // One document per file, however many paths reach it (a symlinked folder, `..`).
    bool known = false;
    for (const auto& d : preset.documents)
      known = known || (d.format != DocumentFormat::Input &&
                        (d.id.valid() && e.definitionId.valid() ? d.id == e.definitionId
                                                                : d.path == e.definitionFile));
    if (known) continue;
    Document d{.path = e.definitionFile,
               .id = e.definitionId,
               .format = e.definitionTag ? DocumentFormat::HaloTag : DocumentFormat::Definition};
    restamp(d);
    d.baseline = serialize(preset, d);
    preset.documents.push_back(std::move(d));
  }
  // Everything else the scene reads: watched for changes, never written.
  for (const fs::path& p : presetInputs(preset)) {
    bool known = false;
    for (const auto& d : preset.documents) known = known || sameFile(d.path, p);
    if (!known)
      preset.documents.push_back({.path = p, .format = DocumentFormat::Input, .writable = false});
  }
}

std::string writeDocumentCopy(Preset& preset, const Document& doc, const fs::path& target) {
  if (doc.format == DocumentFormat::Input) return toUtf8(doc.path) + " is never written";
  if (!doc.writable)  // the built scene: what Save As would start from, as preset JSON
    return writeFileAtomic(target, dumpJson(presetToJson(preset), 2) + "\n");
  std::string note;
  return writeDocumentTo(preset, doc, target, note);
}

bool documentDirty(Preset& preset, const Document& doc) {
  return serialize(preset, doc) != doc.baseline;
}

std::vector<fs::path> changedOnDisk(const Preset& preset) {
  std::vector<fs::path> out;
  for (const auto& d : preset.documents)
    if (d.writable && stampFile(d.path) != d.stamp) out.push_back(d.path);
  return out;
}

namespace {

// Files about to be written whose mode bits grant no write permission (a Perforce file not checked
// out): refused, nothing written, unless `makeWritable`, which adds u+w to each. False when
// refused (`r` says why).
bool readOnlyAllowed(const std::vector<fs::path>& files, bool makeWritable, SaveResult& r) {
  for (const fs::path& p : files)
    if (readOnlyMode(p)) r.readOnly.push_back(p);
  if (r.readOnly.empty()) return true;
  if (!makeWritable) {
    r.status = SaveResult::Status::ReadOnly;
    r.message = readOnlyRefusal(r.readOnly.front(),
                                "nothing was written; make it writable and save, or save as "
                                "another file");
    return false;
  }
  for (const fs::path& p : r.readOnly) {
    if (std::string err = fx::makeWritable(p); !err.empty()) {
      r.status = SaveResult::Status::Failed;
      r.message = err;
      return false;
    }
  }
  r.readOnly.clear();
  return true;
}

}  // namespace

SaveResult saveDocuments(Preset& preset, const SaveOptions& opts) {
  using Status = SaveResult::Status;
  SaveResult r;
  std::vector<Document*> due;
  bool sceneDirty = false;
  for (auto& d : preset.documents) {
    if (!documentDirty(preset, d)) continue;
    if (d.writable)
      due.push_back(&d);
    else
      sceneDirty = true;
  }
  std::string saveAsHint = "the scene was built around " + preset.displayName +
                           " and is not a file of yours: Save As keeps its changes (" +
                           toUtf8(suggestedSaveAsPath(preset)) + ")";
  if (due.empty()) {
    r.status = sceneDirty ? Status::NeedsSaveAs : Status::NothingToSave;
    r.message = sceneDirty ? saveAsHint : "nothing to save: no file changed";
    return r;
  }
  if (!opts.overwriteChangedOnDisk) {
    for (Document* d : due)
      if (stampFile(d->path) != d->stamp) r.conflicts.push_back(d->path);
    if (!r.conflicts.empty()) {
      r.status = Status::ChangedOnDisk;
      r.message = joinPaths(r.conflicts) +
                  " changed on disk since fxview read it; nothing was written. Reload to take "
                  "the file's version, keep yours (save --overwrite), or save as another file";
      return r;
    }
  }
  std::vector<fs::path> paths;
  for (Document* d : due) paths.push_back(d->path);
  if (!readOnlyAllowed(paths, opts.makeWritable, r)) return r;
  // Definitions first, the preset that names them last.
  std::stable_partition(due.begin(), due.end(),
                        [](const Document* d) { return d->format != DocumentFormat::Preset; });
  std::string notes;
  for (Document* d : due) {
    std::string note;
    std::string err = writeDocument(preset, *d, note);
    if (!err.empty()) {
      r.status = Status::Failed;
      r.message = err;
      return r;
    }
    if (!note.empty()) notes += "; " + note;
    restamp(*d);
    d->baseline = serialize(preset, *d);
    r.written.push_back(d->path);
  }
  r.sceneNeedsSaveAs = sceneDirty;
  r.message = "saved " + joinPaths(r.written) + notes + (sceneDirty ? "; " + saveAsHint : "");
  return r;
}

SaveResult saveDocumentsAs(Preset& preset, const fs::path& path, const SaveAsOptions& opts) {
  using Status = SaveResult::Status;
  SaveResult r;
  if (path.empty()) {
    r.status = Status::Refused;
    r.message = "give a file name";
    return r;
  }
  if (stride_import::isStrideAsset(path)) {
    r.status = Status::Refused;
    r.message = "refusing to write a preset over the Stride asset " + toUtf8(path) +
                "; save it as " + toUtf8(stride_import::presetPathFor(path));
    return r;
  }
  for (const auto& d : preset.documents) {
    if (!sameFile(d.path, path)) continue;
    if (d.format == DocumentFormat::Preset && d.writable) return saveDocuments(preset);
    if (d.format == DocumentFormat::Preset) break;  // the built scene's virtual path
    r.status = Status::Refused;
    r.message = toUtf8(path) + " is one of this preset's own " +
                (d.format == DocumentFormat::HaloTag ? "tags" : "definition files") +
                "; Save As never writes a preset over it";
    return r;
  }
  if (fs::path in = inputAt(preset, path); !in.empty()) {
    r.status = Status::Refused;
    r.message = toUtf8(path) + " is a file this preset reads (" + toUtf8(in) +
                "); Save As never writes over it";
    return r;
  }
  std::error_code ec;
  if (fs::exists(path, ec)) {
    if (fs::is_directory(path, ec) || !isPresetFile(path)) {
      r.status = Status::Refused;
      r.message = toUtf8(path) +
                  " exists and is not an fxview preset; Save As never replaces a file of another "
                  "format";
      return r;
    }
    if (!opts.replaceExisting) {
      r.status = Status::Exists;
      r.message = toUtf8(path) + " exists; replace it? (save PATH --overwrite)";
      return r;
    }
    if (!readOnlyAllowed({path}, opts.makeWritable, r)) return r;
  }
  std::string err = writeSelfContained(preset, path);
  if (!err.empty()) {
    r.status = Status::Failed;
    r.message = err;
    return r;
  }
  r.written.push_back(path);
  r.message = "saved a copy as " + toUtf8(path);
  return r;
}

fs::path suggestedSaveAsPath(const Preset& preset) {
  const fs::path& opened = preset.openedFile;
  if (opened.empty()) return preset.path;
  if (stride_import::isStrideAsset(opened)) return stride_import::presetPathFor(opened);
  return opened.parent_path() / toPath(toUtf8(opened.stem()) + ".fxview.json");
}

}  // namespace fx
