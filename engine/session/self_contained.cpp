#include "engine/session/self_contained.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "engine/core/data_paths.h"
#include "engine/core/field_json.h"
#include "engine/core/paths.h"
#include "engine/core/text.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/formats/halo/tag_layouts.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/scene_models.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_models.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/file_kinds.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxDepth = 16;                    // nested definition files, tag reference chains
constexpr uintmax_t kMaxCopyBytes = 256u << 20;  // above every cap fxview reads files with
// Files a texture brings along under its own name plus a suffix (engine/core/sprite_sheet.h,
// engine/effects/lightning/lightning_texgen.h).
constexpr const char* kSideCars[] = {".sprites.json", ".lightning.json"};

fs::path absoluteNormal(const fs::path& p) {
  std::error_code ec;
  fs::path a = fs::absolute(p, ec);
  return (ec ? p : a).lexically_normal();
}

std::string canonicalKey(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(absoluteNormal(p), ec);
  return toUtf8(ec ? absoluteNormal(p) : c);
}

// `p` relative to `root` when it lies inside it (by name), else nullopt.
std::optional<fs::path> relativeInside(const fs::path& p, const fs::path& root) {
  if (root.empty()) return std::nullopt;
  fs::path rel = absoluteNormal(p).lexically_relative(absoluteNormal(root));
  if (rel.empty() || rel == "." || rel.is_absolute() || *rel.begin() == "..") return std::nullopt;
  return rel;
}

bool readFileBytes(const fs::path& p, std::string& out) {
  std::error_code ec;
  uintmax_t size = fs::file_size(p, ec);
  if (ec || size > kMaxCopyBytes) return false;
  std::FILE* f = openFile(p, "rb");
  if (!f) return false;
  out.assign(size_t(size), '\0');
  bool ok = std::fread(out.data(), 1, out.size(), f) == out.size();
  std::fclose(f);
  return ok;
}

// "defs/rain.json" -> "defs/rain-2.json".
fs::path numbered(const fs::path& rel, int n) {
  fs::path out = rel;
  out.replace_filename(
      toPath(toUtf8(rel.stem()) + "-" + std::to_string(n) + toUtf8(rel.extension())));
  return out;
}

bool isPathField(const FieldMeta& m) {
  return m.hint == FieldHint::TexturePath || m.hint == FieldHint::DefinitionPath;
}

// The JSON keys of the path fields any family declares, arrays grown to one element so their
// elements' fields are seen too. Files a definition references (a system file, its emitter file)
// are rewritten by these keys: the loader reads them into structs no field walk reaches.
class PathKeyWalker final : public FieldWalker {
 public:
  std::map<std::string, FieldHint> keys;

  void visit(const FieldMeta& m, std::string&, std::string_view) override {
    if (!isPathField(m)) return;
    std::string key(m.key.empty() ? std::string_view(arrayKey_) : m.key);
    if (!key.empty()) keys.emplace(key, m.hint);
  }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>& body) override {
    if (depth_ >= kMaxDepth) return;
    ++depth_;
    body(*this);
    --depth_;
  }
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    if (depth_ >= kMaxDepth) return;
    if (a.size() == 0) a.resize(1);
    std::string outer = std::exchange(arrayKey_, std::string(m.key));
    ++depth_;
    for (size_t i = 0; i < a.size(); ++i) a.element(i, *this);
    --depth_;
    arrayKey_ = std::move(outer);
  }

 private:
  std::string arrayKey_;
  int depth_ = 0;
};

const std::map<std::string, FieldHint>& pathKeys() {
  static const std::map<std::string, FieldHint> keys = [] {
    PathKeyWalker w;
    for (const EffectFamily* family : effectFamilies()) {
      auto def = family->createDefinition();
      def->reflect(w);
      def->reflectEntry(w);
    }
    return w.keys;
  }();
  return keys;
}

// Every non-empty reference of a tag (class FourCC, path), blocks included.
void tagReferences(const halo::TagStruct& s, std::vector<std::pair<uint32_t, std::string>>& out,
                   int depth) {
  if (depth > 2 * kMaxDepth) return;
  for (const halo::OutField& f : s.layout().fields) {
    if (f.kind == halo::OutKind::Reference) {
      const std::string& path = s.referencePath(f.name);
      if (path.empty()) continue;
      uint32_t cls = s.referenceClass(f.name);
      if (cls == 0 || cls == 0xFFFFFFFFu) cls = f.refClass;
      out.emplace_back(cls, path);
    } else if (f.kind == halo::OutKind::Block) {
      for (uint32_t i = 0; i < s.blockCount(f.name); ++i)
        tagReferences(s.element(f.name, i), out, depth + 1);
    }
  }
}

class Writer {
 public:
  Writer(Preset& preset, const fs::path& presetOut, const SelfContainedOptions& opts)
      : preset_(preset), presetOut_(absoluteNormal(presetOut)), opts_(opts) {
    outDir_ = presetOut_.parent_path();
    fs::path dir = preset.path.parent_path();
    presetDir_ = absoluteNormal(dir.empty() ? fs::path(".") : dir);
  }

  std::string run();
  const fs::path& openedCopy() const { return openedCopy_; }

  // The text a path field holds in the copy of a document: `authored` resolved as loading does
  // from `srcDir` (the folder of the document holding it), the file copied, and the path of the
  // copy relative to `newDir` (the folder of the document's copy, relative to the output folder).
  // Text that names no file stays as it is: the copy reports it where the original did.
  std::string reference(const std::string& authored, FieldHint hint, const fs::path& srcDir,
                        const fs::path& newDir);

 private:
  struct Part {
    std::string suffix;  // appended to the file name ("" for the file itself)
    std::string bytes;
  };
  struct Resolved {
    fs::path file;
    bool tag = false;        // a Halo tag: copied under tags/
    bool underRoot = false;  // found under the tags root (its text names the copy as well)
    fs::path root;           // that root
  };
  struct Taken {
    size_t hash = 0;
    size_t size = 0;
  };

  std::optional<Resolved> resolve(const std::string& authored, const fs::path& srcDir) const;
  std::optional<fs::path> place(const fs::path& rel, const std::vector<Part>& parts,
                                bool renamable);
  std::optional<fs::path> copyFile(const fs::path& file, const fs::path& rel, FieldHint hint);
  std::optional<fs::path> copyDocument(const fs::path& file, const fs::path& rel);
  std::optional<fs::path> copyTag(const fs::path& file, const fs::path& rel,
                                  const std::string* edited);
  void rewriteJson(Json& j, const fs::path& srcDir, const fs::path& newDir);
  std::optional<std::string> copyObjectTag(const std::string& authored,
                                           const SceneModelOptions& mo);
  void copyModels(Json& doc);
  void copyOpenedLevel();
  void nameSourceAsset(Json& doc);
  void copyEffect(EffectEntry& e, Json& entry);
  void copyUnloadedEffect(Json& entry);
  std::optional<fs::path> shippedAssetRel(const fs::path& file) const;
  fs::path tagRelFor(const fs::path& file, const fs::path& root) const;
  void read(const fs::path& file) { sources_.insert(canonicalKey(file)); }
  void fail(std::string message) {
    if (err_.empty()) err_ = std::move(message);
  }

  Preset& preset_;
  fs::path presetOut_, outDir_, presetDir_;
  fs::path openedCopy_;  // the opened file's copy, relative to outDir_
  SelfContainedOptions opts_;
  std::string err_;
  bool usesTags_ = false;
  int depth_ = 0;
  std::map<fs::path, Taken> taken_;         // output file -> the bytes placed there
  std::map<std::string, fs::path> copied_;  // source file -> its copy (relative to outDir_)
  std::set<std::string> inProgress_;        // documents being rewritten (cycle guard)
  std::set<std::string> sources_;           // every file read
  std::vector<fs::path> created_;           // files this call made (removed on error)
};

// Rewrites the path fields of a definition clone (FieldWalker over reflect / reflectEntry).
class Rewriter final : public FieldWalker {
 public:
  Rewriter(Writer& w, fs::path srcDir, fs::path newDir)
      : w_(w), srcDir_(std::move(srcDir)), newDir_(std::move(newDir)) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (isPathField(m) && !v.empty()) v = w_.reference(v, m.hint, srcDir_, newDir_);
  }

 private:
  Writer& w_;
  fs::path srcDir_, newDir_;
};

std::optional<Writer::Resolved> Writer::resolve(const std::string& authored,
                                                const fs::path& srcDir) const {
  LoadContext lc{
      .baseDir = srcDir, .rootDir = presetDir_, .allowAnyPath = true, .tagsDir = preset_.tagsDir};
  if (std::string hit = lc.resolveTagReference(authored); !hit.empty())
    return Resolved{.file = toPath(hit), .tag = true, .underRoot = true, .root = lc.tagsRoot()};
  std::string file = lc.resolvePath(authored, "");
  std::error_code ec;
  if (file.empty() || !fs::is_regular_file(toPath(file), ec)) return std::nullopt;
  return Resolved{.file = toPath(file), .tag = halo::isTagPath(authored)};
}

std::optional<fs::path> Writer::shippedAssetRel(const fs::path& file) const {
  std::error_code ec;
  fs::path f = fs::weakly_canonical(absoluteNormal(file), ec);
  if (ec) return std::nullopt;
  for (const fs::path& root : dataRoots(dataSearchFromEnvironment())) {
    fs::path assets = fs::weakly_canonical(absoluteNormal(root / "assets"), ec);
    if (ec) continue;
    if (auto rel = relativeInside(f, assets)) return rel;
  }
  return std::nullopt;
}

// A tag's path under the tags root of the copy: its path under `root`, else under the nearest
// folder named `tags` above it, else its file name.
fs::path Writer::tagRelFor(const fs::path& file, const fs::path& root) const {
  if (auto rel = relativeInside(file, root)) return *rel;
  if (auto rel = relativeInside(file, halo::tagsRootFor(file))) return *rel;
  return file.filename();
}

std::optional<fs::path> Writer::place(const fs::path& rel, const std::vector<Part>& parts,
                                      bool renamable) {
  fs::path normal = rel.lexically_normal();
  if (normal.empty() || normal.is_absolute() || *normal.begin() == "..") {
    fail("cannot copy to \"" + toUtf8(rel) + "\": outside the preset's folder");
    return std::nullopt;
  }
  std::vector<size_t> hashes;
  for (const Part& p : parts) hashes.push_back(std::hash<std::string>{}(p.bytes));
  for (int n = 1; n < 1000; ++n) {
    fs::path candidate = n == 1 ? normal : numbered(normal, n);
    bool fits = true;
    std::vector<bool> write(parts.size(), false);
    for (size_t i = 0; i < parts.size() && fits; ++i) {
      fs::path dest = outDir_ / candidate;
      dest += toPath(parts[i].suffix);
      std::error_code ec;
      if (auto t = taken_.find(dest); t != taken_.end()) {
        fits = t->second.hash == hashes[i] && t->second.size == parts[i].bytes.size();
      } else if (fs::exists(fs::symlink_status(dest, ec))) {
        // Never written over: the same bytes are shared, anything else takes another name.
        std::string old;
        fits = fs::is_regular_file(dest, ec) && readFileBytes(dest, old) && old == parts[i].bytes;
      } else {
        write[i] = true;
      }
    }
    if (!fits) {
      if (!renamable) break;
      continue;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
      fs::path dest = outDir_ / candidate;
      dest += toPath(parts[i].suffix);
      if (write[i]) {
        std::error_code ec;
        fs::create_directories(dest.parent_path(), ec);
        if (std::string e = writeFileAtomic(dest, parts[i].bytes); !e.empty()) {
          fail(e);
          return std::nullopt;
        }
        created_.push_back(dest);
      }
      taken_[dest] = {hashes[i], parts[i].bytes.size()};
    }
    return candidate;
  }
  fail("cannot copy to " + toUtf8(outDir_ / normal) + ": a different file is already there");
  return std::nullopt;
}

std::optional<fs::path> Writer::copyFile(const fs::path& file, const fs::path& rel,
                                         FieldHint hint) {
  std::string key = canonicalKey(file);
  if (auto it = copied_.find(key); it != copied_.end()) return it->second;
  read(file);
  std::string ext = toUtf8(file.extension());
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  std::optional<fs::path> placed;
  if (hint == FieldHint::DefinitionPath && ext == ".json") {
    placed = copyDocument(file, rel);
  } else {
    std::vector<Part> parts(1);
    if (!readFileBytes(file, parts[0].bytes)) {
      fail("cannot read " + toUtf8(file));
      return std::nullopt;
    }
    if (hint == FieldHint::TexturePath)
      for (const char* suffix : kSideCars) {
        fs::path side = file;
        side += suffix;
        std::error_code ec;
        if (!fs::is_regular_file(side, ec)) continue;
        Part p{.suffix = suffix};
        if (!readFileBytes(side, p.bytes)) {
          fail("cannot read " + toUtf8(side));
          return std::nullopt;
        }
        read(side);
        parts.push_back(std::move(p));
      }
    placed = place(rel, parts, true);
  }
  if (placed) copied_[key] = *placed;
  return placed;
}

// A JSON file a definition references: copied with its own references rewritten (byte for byte
// when it has none).
std::optional<fs::path> Writer::copyDocument(const fs::path& file, const fs::path& rel) {
  std::string key = canonicalKey(file);
  if (inProgress_.count(key) || depth_ >= kMaxDepth) {
    fail(toUtf8(file) + ": definition files reference each other in a loop");
    return std::nullopt;
  }
  std::string bytes;
  if (!readFileBytes(file, bytes)) {
    fail("cannot read " + toUtf8(file));
    return std::nullopt;
  }
  Diagnostics ignored;
  if (auto json = loadJsonFile(file, toUtf8(file), ignored)) {
    Json copy = *json;
    inProgress_.insert(key);
    ++depth_;
    rewriteJson(copy, absoluteNormal(file).parent_path(), rel.parent_path());
    --depth_;
    inProgress_.erase(key);
    if (copy != *json) bytes = dumpJson(copy, 2) + "\n";
  }
  return place(rel, {Part{.bytes = std::move(bytes)}}, true);
}

void Writer::rewriteJson(Json& j, const fs::path& srcDir, const fs::path& newDir) {
  if (j.is_array()) {
    for (Json& e : j) rewriteJson(e, srcDir, newDir);
    return;
  }
  if (!j.is_object()) return;
  const auto& keys = pathKeys();
  for (auto it = j.begin(); it != j.end(); ++it) {
    auto key = keys.find(it.key());
    if (key == keys.end()) {
      rewriteJson(it.value(), srcDir, newDir);
    } else if (it->is_string()) {
      it.value() = reference(it->get<std::string>(), key->second, srcDir, newDir);
    } else if (it->is_array()) {
      for (Json& e : it.value())
        if (e.is_string()) e = reference(e.get<std::string>(), key->second, srcDir, newDir);
    }
  }
}

// A tag under tags/`rel` (`edited`: the bytes to write instead of the file's), then every tag it
// references that exists under its tags root. Returns its path under tags/.
std::optional<fs::path> Writer::copyTag(const fs::path& file, const fs::path& rel,
                                        const std::string* edited) {
  std::string key = canonicalKey(file);
  if (!edited)
    if (auto it = copied_.find(key); it != copied_.end()) return it->second;
  std::string own;
  if (!edited) {
    if (!readFileBytes(file, own)) {
      fail("cannot read " + toUtf8(file));
      return std::nullopt;
    }
    read(file);
  }
  const std::string& bytes = edited ? *edited : own;
  usesTags_ = true;
  // Another tag's reference names this one by its path: only an edited definition may move.
  auto placed = place(fs::path("tags") / rel, {Part{.bytes = bytes}}, edited != nullptr);
  if (!placed) return std::nullopt;
  fs::path underTags = placed->lexically_relative("tags");
  if (!edited) copied_[key] = underTags;
  if (depth_ >= 2 * kMaxDepth) return underTags;
  Diagnostics ignored;
  auto tag = halo::parseTag(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
      toUtf8(file), ignored);
  if (!tag) return underTags;  // a class fxview does not read: copied as it is
  std::vector<std::pair<uint32_t, std::string>> refs;
  tagReferences(tag->root(), refs, 0);
  fs::path root = halo::tagsRootFor(file, preset_.tagsDir);
  ++depth_;
  for (const auto& [cls, path] : refs)
    if (auto hit = halo::resolveTagReference(root, path, cls))
      copyTag(*hit, tagRelFor(*hit, root), nullptr);
  --depth_;
  return underTags;
}

std::string Writer::reference(const std::string& authored, FieldHint hint, const fs::path& srcDir,
                              const fs::path& newDir) {
  if (authored.empty() || !err_.empty()) return authored;
  auto r = resolve(authored, srcDir);
  if (!r) return authored;
  if (r->tag) {
    auto placed = copyTag(r->file, tagRelFor(r->file, r->root), nullptr);
    if (!placed) return authored;
    // Found under the tags root: the same text finds the copy under the copy's root.
    return r->underRoot ? authored : toGenericUtf8(*placed);
  }
  std::optional<fs::path> placed;
  if (auto asset = shippedAssetRel(r->file)) {
    fs::path rel = fs::path("assets") / *asset;
    // "assets/..." falls back to the shipped data from any folder (LoadContext::resolvePath).
    if (!opts_.copyShippedAssets) return toGenericUtf8(rel);
    placed = copyFile(r->file, rel, hint);
  } else if (auto inside = relativeInside(r->file, presetDir_)) {
    placed = copyFile(r->file, *inside, hint);
  } else {
    fs::path folder = hint == FieldHint::DefinitionPath ? "defs" : "textures";
    placed = copyFile(r->file, folder / r->file.filename(), hint);
  }
  if (!placed) return authored;
  return toGenericUtf8((outDir_ / *placed).lexically_relative(outDir_ / newDir));
}

// An object's model or animation tag, named as the scene names it: copied under tags/. The text
// naming the copy, or nullopt where the authored text stays (not found, or a path under the tags
// root, which names the copy under the copy's root as well).
std::optional<std::string> Writer::copyObjectTag(const std::string& authored,
                                                 const SceneModelOptions& mo) {
  std::string reason;
  fs::path file = resolveModelPath(authored, mo, reason);
  if (file.empty()) return std::nullopt;
  if (stride_import::isProceduralModelPath(file)) {  // a Stride model: a file beside the preset
    auto inside = relativeInside(file, presetDir_);
    auto placed = copyFile(file, inside ? *inside : fs::path("models") / file.filename(), {});
    if (!placed) return std::nullopt;
    // Its material beside the copy, where the model's URL finds it (the colour it draws in).
    if (auto [material, url] = stride_import::proceduralModelMaterial(file); !material.empty()) {
      fs::path rel = placed->parent_path() / toPath(url + ".sdmat");
      if (!copyFile(material, rel, {})) return std::nullopt;
    }
    return toGenericUtf8(*placed);
  }
  auto inRoot = relativeInside(file, mo.tagsRoot);
  auto placed = copyTag(file, inRoot ? *inRoot : tagRelFor(file, {}), nullptr);
  if (!placed || (inRoot && !toPath(authored).is_absolute())) return std::nullopt;
  return toGenericUtf8(*placed);
}

// Each object's model and the animation it plays on it (--model, --animation: absolute paths).
void Writer::copyModels(Json& doc) {
  if (!doc.contains("objects") || !doc["objects"].is_array()) return;
  Json& objects = doc["objects"];
  SceneModelOptions mo{.tagsRoot = halo::tagsRootFor(preset_.path, preset_.tagsDir),
                       .presetDir = presetDir_};
  for (size_t i = 0; i < preset_.scene.objects.size() && i < objects.size(); ++i) {
    const SceneObject& o = preset_.scene.objects[i];
    if (o.model.empty() || !objects[i].is_object()) continue;
    if (auto text = copyObjectTag(o.model, mo)) objects[i]["model"] = *text;
    if (o.animation.tag.empty()) continue;
    Json& animation = objects[i]["animation"];
    if (!animation.is_object()) continue;
    if (auto text = copyObjectTag(o.animation.tag, mo)) animation["tag"] = *text;
  }
}

// A level opened straight away: its BSP and the tags it references (the palette's weather and
// wind), so the copy can be opened as the level again. Before the definitions: an edited one
// takes another name than the tag the BSP names.
void Writer::copyOpenedLevel() {
  const fs::path& opened = preset_.openedFile;
  if (opened.empty() || !opensAs(opened, FileOpening::LevelTag)) return;
  fs::path file = absoluteNormal(opened);
  fs::path root = halo::tagsRootFor(file, preset_.tagsDir);
  if (auto placed = copyTag(file, tagRelFor(file, root), nullptr))
    openedCopy_ = fs::path("tags") / *placed;
}

void Writer::copyEffect(EffectEntry& e, Json& entry) {
  auto def = e.definition->clone();
  EffectDefinition* d = def.get();
  const bool isFile = !e.definitionRef.empty();
  const bool isTag = isFile && e.definitionTag;
  const fs::path source = absoluteNormal(e.definitionFile);
  fs::path rel;  // of the definition file's copy, relative to the output folder
  if (isTag) {
    LoadContext lc{.baseDir = presetDir_, .tagsDir = preset_.tagsDir};
    rel = fs::path("tags") / tagRelFor(source, lc.tagsRoot());
  } else if (isFile) {
    auto inside = relativeInside(source, presetDir_);
    rel = inside ? *inside : fs::path("defs") / source.filename();
  }
  // The definition's paths are relative to its file; the entry's to the preset.
  Rewriter own(*this, isFile ? source.parent_path() : presetDir_,
               isFile ? rel.parent_path() : fs::path());
  d->reflect(own);
  Rewriter onEntry(*this, presetDir_, {});
  d->reflectEntry(onEntry);
  writeFields(entry, [d](FieldVisitor& v) { d->reflectEntry(v); });
  Json definition = e.definitionJson;
  writeFields(definition, [d](FieldVisitor& v) { d->reflect(v); });
  if (!isFile) {
    entry["definition"] = std::move(definition);
    return;
  }
  read(source);
  std::optional<fs::path> placed;
  if (isTag) {
    // The edited fields go into a copy of the tag it came from, as savePreset does.
    halo::TagFile tag = *e.definitionTag;
    writeDefinitionToTag(*d, tag);
    std::vector<uint8_t> bytes = halo::serializeTag(tag);
    std::string edited(bytes.begin(), bytes.end());
    placed = copyTag(source, rel.lexically_relative("tags"), &edited);
  } else {
    placed = place(rel, {Part{.bytes = dumpJson(definition, 2) + "\n"}}, true);
  }
  // A tag definition is named by its path under the tags root, like the tags it references.
  if (placed) entry["definition"] = toGenericUtf8(*placed);
  if (placed && isTag && !preset_.openedFile.empty() &&
      canonicalKey(source) == canonicalKey(preset_.openedFile))
    openedCopy_ = fs::path("tags") / *placed;
}

// An entry the loader dropped (errors) is kept in the document: its files come along by key.
void Writer::copyUnloadedEffect(Json& entry) {
  if (!entry.is_object()) return;
  if (auto it = entry.find("definition"); it != entry.end() && it->is_string())
    *it = reference(it->get<std::string>(), FieldHint::DefinitionPath, presetDir_, {});
  rewriteJson(entry, presetDir_, {});
}

// The Stride asset an imported preset names: its copy under stride/ (copySourceAsset), else the
// original named from the copy's folder (export writes back to it); gone: no longer named.
void Writer::nameSourceAsset(Json& doc) {
  fs::path asset = stride_import::sourceAssetOf(doc, preset_.path);
  if (asset.empty()) return;
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(asset, ec), ec);
  if (ec || !fs::is_regular_file(abs, ec)) {
    doc.erase(stride_import::kSourceAssetKey);
    return;
  }
  if (opts_.copySourceAsset) {
    auto placed = copyFile(abs, fs::path("stride") / abs.filename(), FieldHint::None);
    if (!placed) return;
    doc[stride_import::kSourceAssetKey] = toGenericUtf8(*placed);
    if (!preset_.openedFile.empty() && canonicalKey(abs) == canonicalKey(preset_.openedFile))
      openedCopy_ = *placed;
    return;
  }
  doc[stride_import::kSourceAssetKey] =
      toGenericUtf8(abs.lexically_relative(fs::weakly_canonical(fs::absolute(outDir_, ec), ec)));
}

std::string Writer::run() {
  if (stride_import::isStrideAsset(presetOut_))
    return "refusing to write a preset over the Stride asset " + toUtf8(presetOut_);
  std::error_code ec;
  fs::create_directories(outDir_, ec);
  if (ec) return "cannot create " + toUtf8(outDir_) + ": " + ec.message();
  // Nothing else may take the preset's own name.
  taken_[presetOut_] = {0, SIZE_MAX};

  Json doc = preset_.json;
  writeFields(doc, [this](FieldVisitor& v) { preset_.scene.reflect(v); });
  copyOpenedLevel();
  copyModels(doc);
  if (doc.contains("effects") && doc["effects"].is_array()) {
    Json& effects = doc["effects"];
    std::vector<bool> loaded(effects.size(), false);
    for (EffectEntry& e : preset_.effects) {
      if (e.entryPointer.rfind("/effects/", 0) != 0) continue;
      size_t index = size_t(std::strtoul(e.entryPointer.c_str() + 9, nullptr, 10));
      if (index >= effects.size()) continue;
      loaded[index] = true;
      copyEffect(e, effects[index]);
    }
    for (size_t i = 0; i < effects.size(); ++i)
      if (!loaded[i]) copyUnloadedEffect(effects[i]);
  }
  if (doc.is_object()) {
    nameSourceAsset(doc);
    if (usesTags_)
      doc["tags_dir"] = "tags";
    else
      doc.erase("tags_dir");
  }
  if (err_.empty() && sources_.count(canonicalKey(presetOut_)))
    fail("refusing to write the preset over " + toUtf8(presetOut_) + ", a file it reads");
  if (err_.empty()) err_ = writeFileAtomic(presetOut_, dumpJson(doc, 2) + "\n");
  if (!err_.empty())
    for (auto it = created_.rbegin(); it != created_.rend(); ++it) fs::remove(*it, ec);
  return err_;
}

}  // namespace

std::string writeSelfContained(Preset& preset, const fs::path& presetOut,
                               const SelfContainedOptions& opts, fs::path* openedCopy) {
  if (openedCopy) openedCopy->clear();
  if (presetOut.filename().empty()) return "expected a preset file name, got " + toUtf8(presetOut);
  Writer writer(preset, presetOut, opts);
  std::string err = writer.run();
  if (err.empty() && openedCopy) *openedCopy = writer.openedCopy();
  return err;
}

}  // namespace fx
