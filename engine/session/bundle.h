// Bug-report bundles: a folder the viewer's `bundle PATH` writes, holding preset.json (the scene
// as edited, self-contained: engine/session/self_contained.h), screenshot.png (the picture) and
// bundle.json (the moment it shows: seed, time, simulation, camera, overlays, versions), or the
// same folder as one .zip. The viewer, `fxview check`, `render` and `simulate` open the folder
// itself (loadPresetOrTag reads its preset.json) or the zip (unpackedBundle); render and simulate
// also start from its moment.
#pragma once

#include <filesystem>
#include <optional>

#include "engine/core/json.h"
#include "engine/session/world.h"

namespace fx {

// A directory holding bundle.json.
bool isBundleFolder(const std::filesystem::path& path);
// The preset of a bundle folder.
std::filesystem::path bundlePresetPath(const std::filesystem::path& dir);

// A name ending in .zip (any case): `bundle X.zip` writes the report as one zip to attach.
bool isZipName(const std::filesystem::path& path);
// A .zip file that starts as a zip does.
bool isBundleZip(const std::filesystem::path& path);
// A bug-report zip unpacked, once per content, into the user's cache folder
// (platform::cacheFolder()/bundles/NAME-HASH, never beside the user's files), and the bundle
// folder in it; `path` itself when it is no zip. "" with errors in `diags` (naming the zip and the
// entry) when it does not unpack or holds no bundle.json.
std::filesystem::path unpackedBundle(const std::filesystem::path& path, Diagnostics& diags);

// A bundle is written only into a new folder or an empty one: it never replaces a file (a second
// `bundle DIR` would replace the first bundle's preset.json, bundle.json and screenshot.png), and
// a zip only as a new file. "" when `dir` may take one; else why not, naming the folder (or zip)
// and a free name to give instead.
std::string bundleFolderRefusal(const std::filesystem::path& dir);

// What bundle.json says about the moment (keys that are missing or of the wrong type are left
// unset; numbers are clamped to what the viewer accepts).
struct BundleMoment {
  std::optional<uint32_t> seed;
  double time = 0.0;  // seconds, 0..3600
  std::optional<SimulationMode> mode;
  std::optional<float> rate;  // Hz, 1..1000
  std::optional<vec3> cameraPosition, cameraTarget;
  std::optional<float> fovDeg;
  std::optional<Projection> projection;
  std::optional<float> nearPlane, farPlane;  // both or neither, 0 < near < far
  Json meta;  // the whole document (the viewer also reads its overlays and orbit)
};

// Reads DIR/bundle.json; nullopt (errors in `diags`) when it is unreadable or not an object.
std::optional<BundleMoment> readBundleMoment(const std::filesystem::path& dir, Diagnostics& diags);

// The moment's seed, simulation and camera written into `preset`'s scene, so a World made from
// it starts as the bundle did (the caller then advances to `moment.time`).
void applyBundleMoment(Preset& preset, const BundleMoment& moment);

}  // namespace fx
