#include "engine/session/bundle.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/formats/zip_archive.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

std::optional<vec3> vec3At(const Json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_array() || it->size() != 3) return std::nullopt;
  vec3 v;
  for (int i = 0; i < 3; ++i) {
    if (!(*it)[size_t(i)].is_number()) return std::nullopt;
    v[i] = (*it)[size_t(i)].get<float>();
    if (!std::isfinite(v[i])) return std::nullopt;
  }
  return v;
}

}  // namespace

bool isBundleFolder(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(path, ec) && fs::is_regular_file(path / "bundle.json", ec);
}

fs::path bundlePresetPath(const fs::path& dir) {
  return dir / "preset.json";
}

bool isZipName(const fs::path& path) {
  std::string ext = toUtf8(path.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".zip";
}

bool isBundleZip(const fs::path& path) {
  std::error_code ec;
  return isZipName(path) && fs::is_regular_file(path, ec) && looksLikeZip(path);
}

namespace {

// FNV-1a over the zip's bytes: the same report unpacks into the same folder.
std::string contentKey(const fs::path& zip) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)fnv1a64File(zip).value_or(0));
  return hex;
}

// The bundle folder in an unpacked zip: the folder itself, or its one folder holding bundle.json.
fs::path bundleWithin(const fs::path& dir) {
  if (isBundleFolder(dir)) return dir;
  std::error_code ec;
  fs::path found;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (isBundleFolder(it->path())) {
      if (!found.empty()) return {};  // two reports in one zip: which one is unclear
      found = it->path();
    }
  return found;
}

}  // namespace

fs::path unpackedBundle(const fs::path& path, Diagnostics& diags) {
  if (!isBundleZip(path)) return path;
  const fs::path root = platform::cacheFolder() / "bundles";
  const fs::path dir = root / toPath(toUtf8(path.stem()) + "-" + contentKey(path));
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    // Unpacked beside its final name, then renamed: a half-unpacked report is never opened.
    fs::path tmp = dir;
    tmp += toPath(".tmp-" + std::to_string(platform::processId()));
    fs::remove_all(tmp, ec);
    if (std::string err = unzipInto(path, tmp); !err.empty()) {
      fs::remove_all(tmp, ec);
      diags.error(toUtf8(path), "", err);
      return {};
    }
    fs::rename(tmp, dir, ec);
    if (ec && !fs::is_directory(dir)) {  // another process may have won the same rename
      diags.error(toUtf8(path), "", "cannot unpack into " + toUtf8(dir) + ": " + ec.message());
      fs::remove_all(tmp, ec);
      return {};
    }
    fs::remove_all(tmp, ec);
  }
  fs::path bundle = bundleWithin(dir);
  if (bundle.empty())
    diags.error(toUtf8(path), "",
                "no bug report inside (a bundle.json in the zip or in its one folder)");
  return bundle;
}

std::string bundleFolderRefusal(const fs::path& dir) {
  std::error_code ec;
  if (isZipName(dir)) {
    if (!fs::exists(fs::symlink_status(dir, ec))) return {};
    fs::path free;
    for (int n = 2; n < 10000 && free.empty(); ++n) {
      fs::path candidate = dir.parent_path() / toPath(toUtf8(dir.stem()) + "-" + std::to_string(n));
      candidate += dir.extension();
      if (!fs::exists(fs::symlink_status(candidate, ec))) free = candidate;
    }
    return toUtf8(dir) + " exists; a bundle never replaces a file: give a new name" +
           (free.empty() ? std::string() : ", such as " + toUtf8(free));
  }
  if (!fs::exists(fs::symlink_status(dir, ec))) return {};
  if (fs::is_directory(dir, ec) && fs::is_empty(dir, ec) && !ec) return {};
  fs::path name = dir.lexically_normal();
  if (name.filename().empty()) name = name.parent_path();  // "report/"
  fs::path free;
  for (int n = 2; n < 10000 && free.empty(); ++n) {
    fs::path candidate = name;
    candidate += toPath("-" + std::to_string(n));
    if (!fs::exists(fs::symlink_status(candidate, ec))) free = candidate;
  }
  std::string what = !fs::is_directory(dir, ec) ? " is a file, not a folder"
                     : isBundleFolder(dir)      ? " already holds a bundle"
                                                : " already holds files";
  return toUtf8(dir) + what + "; a bundle never replaces a file: give a new or empty folder" +
         (free.empty() ? std::string() : ", such as " + toUtf8(free));
}

std::optional<BundleMoment> readBundleMoment(const fs::path& dir, Diagnostics& diags) {
  fs::path file = dir / "bundle.json";
  auto meta = loadJsonFile(file, toUtf8(file), diags);
  if (!meta) return std::nullopt;
  if (!meta->is_object()) {
    diags.error(toUtf8(file), "", "expected a bundle object, got " + describeJson(*meta));
    return std::nullopt;
  }
  const Json& m = *meta;
  BundleMoment out;
  if (auto it = m.find("seed");
      it != m.end() && it->is_number_unsigned() && it->get<uint64_t>() <= 0xFFFFFFFFull)
    out.seed = uint32_t(it->get<uint64_t>());
  if (auto it = m.find("time");
      it != m.end() && it->is_number() && std::isfinite(it->get<double>()))
    out.time = std::clamp(it->get<double>(), 0.0, 3600.0);
  if (auto s = m.find("simulation"); s != m.end() && s->is_object()) {
    if (auto it = s->find("mode"); it != s->end() && it->is_string()) {
      if (*it == "tick") out.mode = SimulationMode::Tick;
      if (*it == "frame") out.mode = SimulationMode::Frame;
    }
    if (auto it = s->find("rate");
        it != s->end() && it->is_number() && std::isfinite(it->get<float>()))
      out.rate = std::clamp(it->get<float>(), 1.0f, 1000.0f);
  }
  if (auto c = m.find("camera"); c != m.end() && c->is_object()) {
    out.cameraPosition = vec3At(*c, "position");
    out.cameraTarget = vec3At(*c, "target");
    if (auto it = c->find("fov_deg");
        it != c->end() && it->is_number() && std::isfinite(it->get<float>()))
      out.fovDeg = std::clamp(it->get<float>(), 1.0f, 179.0f);
    if (auto it = c->find("projection"); it != c->end() && it->is_string()) {
      if (*it == "orthographic") out.projection = Projection::Orthographic;
      if (*it == "perspective") out.projection = Projection::Perspective;
    }
    auto n = c->find("near"), f = c->find("far");
    if (n != c->end() && f != c->end() && n->is_number() && f->is_number()) {
      const float nv = n->get<float>(), fv = f->get<float>();
      if (std::isfinite(nv) && std::isfinite(fv) && nv > 0.0f && fv > nv && fv <= 1e9f) {
        out.nearPlane = nv;
        out.farPlane = fv;
      }
    }
  }
  out.meta = std::move(*meta);
  return out;
}

void applyBundleMoment(Preset& preset, const BundleMoment& moment) {
  Scene& scene = preset.scene;
  if (moment.seed) scene.seed = int32_t(*moment.seed);
  if (moment.mode) scene.simulation.mode = *moment.mode;
  if (moment.rate) scene.simulation.rate = *moment.rate;
  if (moment.cameraPosition) scene.camera.position = *moment.cameraPosition;
  if (moment.cameraTarget) scene.camera.target = *moment.cameraTarget;
  if (moment.fovDeg) scene.camera.fovDeg = *moment.fovDeg;
  if (moment.projection) scene.camera.projection = *moment.projection;
  if (moment.nearPlane && moment.farPlane) {
    scene.camera.nearPlane = *moment.nearPlane;
    scene.camera.farPlane = *moment.farPlane;
  }
}

}  // namespace fx
