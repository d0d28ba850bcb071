// LoadContext (engine/effects/effect.h): how a definition's authored paths resolve, beside the
// declaration, so every room that loads definitions links it without the session room above.
#include <system_error>

#include "engine/core/data_paths.h"
#include "engine/core/image_file.h"
#include "engine/core/paths.h"
#include "engine/effects/effect.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/formats/texture_file.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

bool isInside(const fs::path& child, const fs::path& root) {
  std::error_code ec;
  // Relative paths (a preset named "p.json" has the folder "") are relative to the current folder.
  fs::path cwd = fs::current_path(ec);
  fs::path c = fs::weakly_canonical(cwd / child, ec);
  fs::path r = fs::weakly_canonical(root.empty() ? cwd : cwd / root, ec);
  auto rel = c.lexically_relative(r);
  return !rel.empty() && *rel.begin() != "..";
}

// Inside the `assets/` folder of any data root (engine/core/data_paths.h): the shipped assets.
bool isInsideShippedAssets(const fs::path& candidate) {
  for (const fs::path& root : dataRoots(dataSearchFromEnvironment()))
    if (isInside(candidate, root / "assets")) return true;
  return false;
}

}  // namespace

fs::path LoadContext::tagsRoot() const {
  return halo::tagsRootFor(baseDir / "_", tagsDir);
}

std::string LoadContext::resolveTagReference(const std::string& authored) const {
  if (!halo::isTagPath(authored)) return {};
  auto hit = halo::resolveCaseInsensitive(tagsRoot(), authored);
  return hit ? toUtf8(*hit) : std::string();
}

std::string LoadContext::resolvePath(const std::string& authored,
                                     const std::string& fieldPointer) const {
  if (authored.empty()) return {};
  // Tag references name files under the tags root (which may lie outside the preset folder: it
  // is the modder's tags tree; the reference itself cannot leave it).
  if (std::string tag = resolveTagReference(authored); !tag.empty()) return tag;
  fs::path p = toPath(authored);
  fs::path candidate;
  if (p.is_absolute()) {
    candidate = p;
  } else {
    candidate = baseDir / p;
    std::error_code ec;
    // "assets/..." may also name the project's shipped assets (installed or in the checkout).
    if (!fs::exists(candidate, ec) && startsWithFolder(authored, "assets")) {
      fs::path shipped = findDataFile(p);
      if (!shipped.empty()) candidate = shipped;
    }
  }
  candidate = candidate.lexically_normal();
  if (!allowAnyPath && !isInside(candidate, rootDir) && !isInsideShippedAssets(candidate) &&
      (extraRoot.empty() || !isInside(candidate, extraRoot))) {
    if (diags)
      diags->error(
          file, fieldPointer,
          "path \"" + authored +
              "\" leaves the preset's folder and assets/ (pass --allow-any-path to allow it)");
    return {};
  }
  return toUtf8(candidate);
}

std::string LoadContext::resolveTexture(const std::string& authored,
                                        const std::string& fieldPointer) const {
  std::string resolved = resolvePath(authored, fieldPointer);
  if (resolved.empty() || !diags) return resolved;
  ImageInfo info;
  std::string reason;
  if (halo::isTagPath(authored)) {
    // A bitmap tag: it must be found under the tags root; then its first page is checked like a
    // PNG's header (engine/formats/texture_file.h).
    std::error_code ec;
    if (!fs::is_regular_file(toPath(resolved), ec)) {
      std::string root = toUtf8(tagsRoot());
      std::string message =
          "texture \"" + authored + "\": tag not found under the tags root " +
          (root.empty() ? std::string("(none: set \"tags_dir\" or --tags)") : "\"" + root + "\"");
      if (textureProblemsAreErrors)
        diags->error(file, fieldPointer, message);
      else
        diags->warning(file, fieldPointer, message + "; drawn as a magenta checker");
      return resolved;
    }
  }
  if (!probeTextureFile(toPath(resolved), info, reason)) {
    std::string message =
        "texture \"" + authored + "\": " + (reason == "no such file" ? "file not found" : reason);
    // A shipped texture missing everywhere: the data roots are wrong, not the preset.
    if (reason == "no such file" && startsWithFolder(authored, "assets"))
      message += " (fxview's shipped data: " + dataSearchDescription() + ")";
    if (textureProblemsAreErrors)
      diags->error(file, fieldPointer, message);
    else
      diags->warning(file, fieldPointer, message + "; drawn as a magenta checker");
  }
  return resolved;
}

}  // namespace fx
