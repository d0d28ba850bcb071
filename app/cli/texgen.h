// Texture generator subcommands of `fxview texgen`.
#pragma once

#include <cstdint>
#include <string>

#include "app/cli/common.h"

namespace fx::cli {

void registerTexgenSprite(CLI::App& texgen, int& exitCode);     // fxview texgen sprite --kind ...
void registerTexgenLightning(CLI::App& texgen, int& exitCode);  // fxview texgen lightning --kind ...
void registerTexgenIcon(CLI::App& texgen, int& exitCode);       // fxview texgen icon -o ICON.png
void registerTexgenModel(CLI::App& texgen, int& exitCode);      // fxview texgen model -o X.gbxmodel

// Writes a PNG of `channels` (3 or 4) 8-bit channels the way every output is saved
// (writeFileAtomic), after refuseOutputs. Returns "" or why not.
std::string writeTexgenPng(const std::string& path, int width, int height, int channels,
                           const uint8_t* pixels);

}  // namespace fx::cli
