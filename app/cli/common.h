// Shared pieces of the subcommands: loading a preset with its diagnostics printed, the check
// that keeps every output off the command's own inputs, and the registration hooks each
// subcommand file provides.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/session/output_kinds.h"
#include "engine/session/world.h"

namespace fx::cli {

// Exit codes: 0 ok, 1 errors in the input, 2 usage / environment.
inline constexpr int kExitOk = 0;
inline constexpr int kExitErrors = 1;
inline constexpr int kExitUsage = 2;

void printDiagnostics(const Diagnostics& diags);

// Ends the process with `code` once a command's outputs are all written: writes the startup
// report (--startup-report), flushes the standard streams and exits without destructors or
// atexit handlers. Only for a subcommand's last statement, never inside the viewer or a test.
[[noreturn]] void endProcessNow(int code);

// --weather NAME / --cluster N: which weather palette entry a .scenario_structure_bsp opened
// straight away shows (engine/session/level_scene.h).
struct LevelArgs {
  std::string weather;
  std::optional<int> cluster;
};
void addLevelOptions(CLI::App* cmd, LevelArgs& level);

// Loads a preset, the preset of a bundle folder, or the scene made for a .glow /
// .weather_particle_system tag (with `model`, a .gbxmodel, for a glow; engine/session/
// tag_scene.h); prints every diagnostic. Null on errors.
// `tagsDir`: --tags.
std::unique_ptr<Preset> loadPresetReporting(const std::filesystem::path& path, bool allowAnyPath,
                                            const std::filesystem::path& tagsDir = {},
                                            const std::filesystem::path& model = {},
                                            const std::string& animation = {},
                                            const LevelArgs& level = {});

// For a bug-report bundle folder (engine/session/bundle.h): its seed, simulation and camera
// applied to `preset` (before --seed / --fps), and its time returned (the default for --time).
// Nullopt for anything else.
std::optional<double> applyBundleDefaults(const std::filesystem::path& path, Preset& preset);

// --tags DIR on a subcommand: the tags root for Halo tag references when a preset has no
// "tags_dir" (default: the nearest parent folder named `tags`).
void addTagsOption(CLI::App* cmd, std::string& tagsDir);

// fxview writes only what the user saved, where the user chose: no subcommand writes over one of
// its own inputs. True when one of `outputs` is the same file as one of `inputs`
// (std::filesystem::equivalent when both exist, else equal weakly_canonical paths); it then prints
// "fxview COMMAND: refusing to write OUT over its own input IN" and the caller exits without
// writing anything. Empty paths are skipped.
bool refuseOutputOverInput(std::string_view command,
                           const std::vector<std::filesystem::path>& outputs,
                           const std::vector<std::filesystem::path>& inputs);

// The checks every writer makes before it writes anything (engine/session/output_kinds.h,
// engine/core/file_write.h): no output names or holds a file of another kind than the one written
// (a JSON dump called victim.glow, a PNG over a tag), and no output is read-only (mode bits with
// no write permission) unless `force` (--force), which makes it writable. True when one is
// refused: "fxview COMMAND: refusing to write ..." / "... is read-only (mode 0444); pass --force"
// is printed and the caller exits with kExitUsage without writing anything.
struct OutputFile {
  std::filesystem::path path;
  WrittenKind kind;
};
bool refuseOutputs(std::string_view command, const std::vector<OutputFile>& outputs,
                   bool force = false);
// The read-only part alone, for writers that check the kind themselves (export).
bool refuseReadOnlyOutputs(std::string_view command,
                           const std::vector<std::filesystem::path>& outputs, bool force);
// --force on a writing subcommand.
void addForceOption(CLI::App* cmd, bool& force);

// Applies --seed / --fps overrides shared by render and simulate.
void applyOverrides(Preset& preset, std::optional<int64_t> seed, std::optional<double> fps);

// Each subcommand registers itself on the app and writes its exit code when it runs.
void registerRender(CLI::App& app, int& exitCode);
void registerSimulate(CLI::App& app, int& exitCode);
void registerCheck(CLI::App& app, int& exitCode);
// `fxview check ARGS...` in-process (tests, the argument fuzzer): parses exactly like the binary,
// prints the same, returns the exit code; usage errors give kExitUsage. Never exits the process.
int runCheckCommand(const std::vector<std::string>& args);
void registerSchema(CLI::App& app, int& exitCode);
void registerTexgen(CLI::App& app, int& exitCode);  // texture generators (lightning data textures)
void registerAsm(CLI::App& app, int& exitCode);     // emitter program assembler / disassembler
void registerBench(CLI::App& app, int& exitCode);   // benchmark suite
void registerImport(CLI::App& app,
                    int& exitCode);  // Halo tags, Stride scenes and prefabs as fxview JSON
void registerExport(CLI::App& app, int& exitCode);  // fxview definitions as Halo tags
// `fxview export PRESET.json -o OUT.sdprefab|OUT.sdscene` (stride_export.cpp): the exit code.
int exportStrideAsset(const std::string& input, const std::string& output);

}  // namespace fx::cli
