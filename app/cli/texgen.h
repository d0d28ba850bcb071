// Texture generator subcommands of `fxview texgen`.
#pragma once

#include "app/cli/common.h"

namespace fx::cli {

void registerTexgenSprite(CLI::App& texgen, int& exitCode);     // fxview texgen sprite --kind ...
void registerTexgenLightning(CLI::App& texgen, int& exitCode);  // fxview texgen lightning --kind ...
void registerTexgenIcon(CLI::App& texgen, int& exitCode);       // fxview texgen icon -o ICON.png
void registerTexgenModel(CLI::App& texgen, int& exitCode);      // fxview texgen model -o X.gbxmodel

}  // namespace fx::cli
