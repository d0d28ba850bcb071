// Never losing a user's work, through the viewer's own document path (gui::openDocument,
// gui::saveDocument, gui::runConsole, gui::pollHotReload): what each way of saving, quitting and
// loading may write, and where (issue "Never lose a user's work", cases 1-8 and the ignored
// edits; the CLI cases are in tests/cli/).
#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>

#include "app/gui/app.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/transport.h"
#include "tests/gl/gl_fixture.h"

namespace app_save_test {

using namespace fx;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("fxview-app-save-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string readBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// Every regular file under `dir`, relative, with its bytes.
std::map<std::string, std::string> snapshotTree(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[e.path().lexically_relative(dir).string()] = readBytes(e.path());
  return out;
}

// A glow tag made by fxview from the shipped energy sword's upper blade.
fs::path writeGlowTag(const fs::path& path) {
  Diagnostics d;
  auto preset = loadPreset(gltest::sourceDir() / "presets/glow_energy_sword.json", d);
  EXPECT_TRUE(preset && !preset->effects.empty()) << d.formatAll();
  halo::TagFile tag = halo::makeTag(halo::TagClass::Glow);
  writeDefinitionToTag(*preset->effects[0].definition, tag);
  fs::create_directories(path.parent_path());
  EXPECT_EQ(halo::saveTag(path, tag), "");
  return path;
}

// presets/weather_X.json with its definition, wind and point_physics files, in `dir`.
fs::path copyWeather(const fs::path& dir, const std::string& name) {
  fs::create_directories(dir / "defs");
  const fs::path src = gltest::sourceDir() / "presets";
  fs::copy_file(src / ("weather_" + name + ".json"), dir / ("weather_" + name + ".json"));
  for (const char* f : {"weather_", "wind_", "point_physics_"})
    fs::copy_file(src / "defs" / (f + name + ".json"), dir / "defs" / (f + name + ".json"));
  return dir / ("weather_" + name + ".json");
}

bool consoleOk(gui::App& app, const std::string& line) {
  size_t before = app.consoleLog.size();
  gui::runConsole(app, line, false);
  for (size_t i = before; i < app.consoleLog.size(); ++i)
    if (app.consoleLog[i].kind == gui::ConsoleLine::Error) {
      ADD_FAILURE() << line << ": " << app.consoleLog[i].text;
      return false;
    }
  return true;
}

// The last console error ("" when the line raised none).
std::string consoleError(gui::App& app, const std::string& line) {
  size_t before = app.consoleLog.size();
  gui::runConsole(app, line, false);
  for (size_t i = app.consoleLog.size(); i > before; --i)
    if (app.consoleLog[i - 1].kind == gui::ConsoleLine::Error) return app.consoleLog[i - 1].text;
  return {};
}

TEST(AppSave, ATagOpenedStraightAwaySavesIntoTheTagAndNeverAsJson) {
  // Case 1: `fxview "sword glow.glow"`, then Save, wrote preset JSON over the tag.
  fs::path dir = scratch("tag");
  fs::path tag = writeGlowTag(dir / "tags/fx/sword glow.glow");
  const std::string original = readBytes(tag);
  const auto tree = snapshotTree(dir);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, tag)) << app.loadDiagnostics.formatAll();
  ASSERT_EQ(app.preset->effects.size(), 1u);
  EXPECT_EQ(app.preset->effects[0].placement.id, "sword_glow") << "ids are typeable";

  // No edit: Save writes nothing at all.
  EXPECT_EQ(gui::saveDocument(app, {}), "");
  EXPECT_EQ(snapshotTree(dir), tree);

  // An edit reaches the effect by its id and Save writes it into the tag, in place.
  ASSERT_TRUE(consoleOk(app, "set sword_glow/number_of_particles 21"));
  ASSERT_TRUE(consoleOk(app, "save"));
  auto after = snapshotTree(dir);
  EXPECT_EQ(after.size(), tree.size()) << "no preset JSON appears beside the tag";
  const std::string saved = readBytes(tag);
  EXPECT_EQ(saved.size(), original.size());
  EXPECT_NE(saved, original);
  Diagnostics d;
  auto loaded = halo::loadTag(tag, tag.string(), d);
  ASSERT_TRUE(loaded) << "the tag is still a tag: " << d.formatAll();
  gui::App reopened;
  ASSERT_TRUE(gui::openDocument(reopened, tag)) << reopened.loadDiagnostics.formatAll();
  std::string err;
  auto n = getField(*reopened.preset, "sword_glow/number_of_particles", err);
  ASSERT_TRUE(n) << err;
  EXPECT_EQ(*n, 21);
  // Quoting reaches an id with a space as well (here it has none: the quoted form is accepted).
  EXPECT_TRUE(consoleOk(reopened, "set \"sword_glow/number_of_particles\" 22"));

  // A scene edit (no file of the user's holds it): the tag is saved, and Save As opens for the
  // scene, beside the tag.
  ASSERT_TRUE(consoleOk(reopened, "set /seed 9"));
  EXPECT_EQ(gui::saveDocument(reopened, {}), "");
  EXPECT_TRUE(reopened.showSaveAs);
  reopened.showSaveAs = false;
  EXPECT_NE(gui::saveDocument(reopened, {}), "") << "only the scene is left: Save As";
  EXPECT_TRUE(reopened.showSaveAs);
  EXPECT_EQ(fs::path(reopened.saveAsPath), dir / "tags/fx/sword glow.fxview.json");
}

TEST(AppSave, AnIdWithASpaceIsReachedByQuoting) {
  // Case 1's `set "sword glow/number_of_particles" 21`: an authored id may hold a space.
  fs::path dir = scratch("quoted");
  fs::path preset = copyWeather(dir, "rain");
  Diagnostics d;
  auto json = loadJsonFile(preset, "p", d);
  ASSERT_TRUE(json);
  (*json)["effects"][0]["id"] = "my rain";
  ASSERT_EQ(writeFileAtomic(preset, json->dump(2)), "");
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_TRUE(consoleOk(app, "set \"my rain/particle_types/0/particle_radius\" [0.5, 0.6]"));
  std::string err;
  EXPECT_EQ((*getField(*app.preset, "my rain/particle_types/0/particle_radius", err))[0], 0.5);
}

TEST(AppSave, SaveAsElsewhereWritesASelfContainedCopyAndLeavesTheOriginals) {
  // Case 2: Save As to another folder edited presets/defs/weather_snow.json and wrote a preset
  // naming defs/weather_snow.json, which was not beside it.
  fs::path dir = scratch("saveas");
  fs::path preset = copyWeather(dir / "a", "snow");
  const auto originals = snapshotTree(dir / "a");
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_TRUE(consoleOk(app, "set snow/particle_types/0/particle_radius [0.3, 0.4]"));
  ASSERT_TRUE(consoleOk(app, "save " + (dir / "b/my.json").string()));
  EXPECT_EQ(snapshotTree(dir / "a"), originals) << "Save As never touches the originals";
  EXPECT_EQ(app.presetPath, dir / "b/my.json") << "the copy becomes the document";

  // The copy opens on its own, anywhere: move it and open it with the default path rules.
  fs::rename(dir / "b", dir / "moved");
  Diagnostics d;
  auto copy = loadPreset(dir / "moved/my.json", d);
  ASSERT_TRUE(copy) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  std::string err;
  auto radius = getField(*copy, "snow/particle_types/0/particle_radius", err);
  ASSERT_TRUE(radius) << err;
  EXPECT_NEAR((*radius)[0].get<double>(), 0.3, 1e-6);
}

TEST(AppSave, SaveAsAsksBeforeReplacingAndNeverReplacesAnotherFormat) {
  // Case 3: Save As and `save PATH` replaced existing files without asking (a weather tag with
  // JSON, exit 0).
  fs::path dir = scratch("replace");
  fs::path preset = copyWeather(dir, "rain");
  fs::path other = copyWeather(dir / "other", "snow");
  fs::path tag = writeGlowTag(dir / "tags/fx/blade.glow");
  const std::string otherBytes = readBytes(other), tagBytes = readBytes(tag);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_TRUE(consoleOk(app, "set /seed 4"));

  EXPECT_NE(consoleError(app, "save " + other.string()), "");
  EXPECT_TRUE(app.showOverwritePrompt) << "an existing preset: the prompt asks first";
  EXPECT_EQ(readBytes(other), otherBytes);

  app.showOverwritePrompt = false;
  EXPECT_NE(consoleError(app, "save " + tag.string() + " --overwrite"), "");
  EXPECT_FALSE(app.showOverwritePrompt) << "a tag is never offered for replacing";
  EXPECT_EQ(readBytes(tag), tagBytes);
  EXPECT_NE(consoleError(app, "save " + (dir / "defs/weather_rain.json").string() + " --overwrite"),
            "")
      << "nor is one of the preset's own definition files";

  // Answering the prompt (Replace) writes it.
  EXPECT_EQ(gui::saveDocument(app, other, true), "");
  Diagnostics d;
  auto replaced = loadJsonFile(other, "other", d);
  ASSERT_TRUE(replaced);
  EXPECT_EQ((*replaced)["seed"], 4);
}

TEST(AppSave, NoConsoleCommandWritesOverAFileThePresetReads) {
  // Case 8 inside the viewer: screenshots, GIFs, sheets, clips, bundles and Save As name a file the
  // preset reads (its wind file, a texture, its own folder's preset.json).
  fs::path dir = scratch("inputs");
  fs::path preset = copyWeather(dir, "rain");
  const auto tree = snapshotTree(dir);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  fs::path wind = dir / "defs/wind_rain.json";
  for (const std::string& line :
       {"screenshot " + wind.string(), "screenshot_window " + preset.string(),
        "gif " + wind.string() + " 2 0.1", "sheet " + wind.string() + " 2 0.1",
        "video " + wind.string() + " 2 0.1", "save " + wind.string() + " --overwrite",
        "save " + (dir / "defs").string()}) {
    std::string err = consoleError(app, line);
    EXPECT_NE(err, "") << line;
  }
  EXPECT_TRUE(app.pendingScreenshot.empty());
  EXPECT_EQ(snapshotTree(dir), tree);
  // A bundle into the preset's own folder would replace nothing of it when its preset is not
  // named preset.json; one named so is refused.
  fs::copy_file(preset, dir / "preset.json");
  gui::App own;
  ASSERT_TRUE(gui::openDocument(own, dir / "preset.json")) << own.loadDiagnostics.formatAll();
  EXPECT_NE(consoleError(own, "bundle " + dir.string()), "");
  EXPECT_TRUE(own.pendingBundle.empty());
}

TEST(AppSave, EffectsSharingADefinitionFileShareItsEdits) {
  // Case 4: two effects reading one definition file lost an edit (the unedited copy was
  // written last).
  fs::path dir = scratch("shared");
  fs::path preset = copyWeather(dir, "rain");
  Diagnostics d;
  auto json = loadJsonFile(preset, "p", d);
  ASSERT_TRUE(json);
  Json second = (*json)["effects"][0];
  second["id"] = "rain2";
  (*json)["effects"].push_back(second);
  ASSERT_EQ(writeFileAtomic(preset, json->dump(2)), "");

  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_EQ(app.preset->effects.size(), 2u);
  ASSERT_TRUE(consoleOk(app, "set rain/particle_types/0/particle_radius [0.5, 0.6]"));
  std::string err;
  EXPECT_EQ((*getField(*app.preset, "rain2/particle_types/0/particle_radius", err))[0], 0.5)
      << "the other effect shows the shared file's edit at once";
  ASSERT_EQ(gui::saveDocument(app, {}), "");
  auto def = loadJsonFile(dir / "defs/weather_rain.json", "def", d);
  ASSERT_TRUE(def);
  EXPECT_EQ((*def)["particle_types"][0]["particle_radius"][0], 0.5) << def->dump();
}

TEST(AppSave, ConsoleQuitAndLoadAskBeforeDroppingEdits) {
  // Case 5: console `quit` and `load` dropped unsaved edits without the prompt.
  fs::path dir = scratch("quit");
  fs::path preset = copyWeather(dir, "rain");
  fs::path other = copyWeather(dir / "other", "snow");
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_TRUE(consoleOk(app, "set /seed 4"));
  EXPECT_NE(consoleError(app, "load " + other.string()), "");
  EXPECT_TRUE(app.showOpenPrompt);
  EXPECT_EQ(app.pendingOpen, other);
  EXPECT_EQ(app.presetPath, preset) << "nothing is replaced until the prompt is answered";
  EXPECT_NE(consoleError(app, "quit"), "");
  EXPECT_TRUE(app.quitRequested);
  EXPECT_FALSE(app.quitConfirmed) << "the window loop shows the prompt instead of quitting";
  app.quitRequested = false;
  EXPECT_TRUE(consoleOk(app, "quit --discard"));
  EXPECT_TRUE(app.quitConfirmed);
  EXPECT_TRUE(consoleOk(app, "load " + other.string() + " --discard"));
  EXPECT_EQ(app.presetPath, other);
}

TEST(AppSave, AFileChangedOnDiskIsNeverOverwrittenSilently) {
  // Case 6: Save overwrote a change made on disk by another editor while fxview held edits.
  fs::path dir = scratch("conflict");
  fs::path preset = copyWeather(dir, "rain");
  fs::path def = dir / "defs/weather_rain.json";
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, preset)) << app.loadDiagnostics.formatAll();
  ASSERT_TRUE(consoleOk(app, "set rain/particle_types/0/particle_radius [0.5, 0.6]"));
  std::string outside = readBytes(def);
  outside.replace(outside.find('{'), 1, "{\"note\": \"from another editor\",");
  writeBytes(def, outside);
  fs::last_write_time(def, fs::last_write_time(def) + std::chrono::seconds(5));

  // The poll sees it and asks at once; it does not reload over the edits.
  gui::pollHotReload(app, 1e9);
  EXPECT_TRUE(app.showConflictPrompt);
  ASSERT_EQ(app.conflicts.size(), 1u);
  EXPECT_EQ(app.conflicts[0], def);
  app.showConflictPrompt = false;
  // Save refuses (console and GUI alike) and writes nothing.
  EXPECT_NE(consoleError(app, "save"), "");
  EXPECT_TRUE(app.showConflictPrompt);
  EXPECT_EQ(readBytes(def), outside);
  // "Keep mine" writes over it.
  EXPECT_TRUE(consoleOk(app, "save --overwrite"));
  EXPECT_NE(readBytes(def), outside);
  EXPECT_EQ(app.history.dirty(), false);
}

TEST(AppSave, EditsOfFieldsAnotherFileSuppliesAreErrors) {
  // Ignored edits: wind and point_physics values come from wind_path / physics_path.
  fs::path dir = scratch("ignored");
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, copyWeather(dir, "rain"))) << app.loadDiagnostics.formatAll();
  std::string wind = consoleError(app, "set rain/wind/damping 0.5");
  EXPECT_NE(wind.find("wind_path \"wind_rain.json\""), std::string::npos) << wind;
  std::string physics = consoleError(app, "set rain/particle_types/0/physics/air_friction 0.25");
  EXPECT_NE(physics.find("physics_path \"point_physics_rain.json\""), std::string::npos) << physics;
  EXPECT_FALSE(app.history.dirty()) << "nothing was recorded";
  Json snap = effectSnapshot(app.preset->effects[0]);
  EXPECT_NE(fieldSource(snap, "/wind/damping"), "") << "the inspector shows it read-only";
  EXPECT_EQ(fieldSource(snap, "/wind_path"), "");
  EXPECT_EQ(fieldSource(snap, "/particle_types/0/particle_radius"), "");
}

TEST(AppSave, AFileAnotherFileSuppliesIsWatchedAndEditedThere) {
  // "edit it there": the wind file is one of the scene's documents (read, never written), so an
  // edit saved in another editor reloads the scene with it.
  fs::path dir = scratch("wind");
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, copyWeather(dir, "rain"))) << app.loadDiagnostics.formatAll();
  fs::path wind = dir / "defs/wind_rain.json";
  auto doc = std::find_if(app.preset->documents.begin(), app.preset->documents.end(),
                          [&](const Document& d) { return sameFile(d.path, wind); });
  ASSERT_NE(doc, app.preset->documents.end());
  EXPECT_FALSE(doc->writable);
  std::string text = readBytes(wind);
  text.replace(text.find("\"damping\": 0.0"), 15, "\"damping\": 0.25");
  writeBytes(wind, text);
  fs::last_write_time(wind, fs::last_write_time(wind) + std::chrono::seconds(5));
  gui::pollHotReload(app, 1e9);
  std::string err;
  auto damping = getField(*app.preset, "rain/wind/damping", err);
  ASSERT_TRUE(damping) << err;
  EXPECT_EQ(*damping, 0.25);
  // Save has nothing to write: the wind file is not fxview's to write.
  EXPECT_EQ(gui::saveDocument(app, {}), "");
  EXPECT_EQ(readBytes(wind), text);
}

TEST(AppSave, AStrideAssetSavesOnlyAsANewPresetAndNeverOverASavedOne) {
  // Stride edits saved twice to X.sdprefab.json lost the first session's edits.
  fs::path dir = scratch("stride");
  fs::path asset = dir / "sparks.sdprefab";
  fs::copy_file(gltest::sourceDir() / "tests/fuzz/seeds/fuzz_stride_yaml/minimal_prefab.sdprefab",
                asset);
  const std::string assetBytes = readBytes(asset);
  gui::App first;
  ASSERT_TRUE(gui::openDocument(first, asset)) << first.loadDiagnostics.formatAll();
  ASSERT_FALSE(first.preset->effects.empty());
  const std::string id = first.preset->effects[0].placement.id;
  ASSERT_TRUE(consoleOk(first, "set /seed 7"));
  EXPECT_NE(gui::saveDocument(first, {}), "") << "Save cannot write the asset";
  EXPECT_TRUE(first.showSaveAs);
  fs::path saved = dir / "sparks.sdprefab.json";
  EXPECT_EQ(first.saveAsPath, saved.string());
  ASSERT_EQ(gui::saveDocument(first, saved), "");
  const std::string firstSession = readBytes(saved);
  EXPECT_EQ(readBytes(asset), assetBytes);

  gui::App second;
  ASSERT_TRUE(gui::openAndRemember(second, asset)) << second.loadDiagnostics.formatAll();
  EXPECT_NE(second.loadDiagnostics.formatAll().find("sparks.sdprefab.json"), std::string::npos)
      << "opening the asset again points at the saved tuning";
  ASSERT_TRUE(consoleOk(second, "set /seed 8"));
  EXPECT_NE(gui::saveDocument(second, saved), "");
  EXPECT_TRUE(second.showOverwritePrompt);
  EXPECT_EQ(readBytes(saved), firstSession) << "the first session's edits are kept";
}

}  // namespace app_save_test
