// `fxview import FILE [-o OUT.json]`: another program's effect file as fxview JSON. import.cpp
// dispatches on the file's extension through one table; each format's handler lives in its
// own file (import_stride.cpp: Stride scenes and prefabs).
#pragma once

#include <string>

namespace fx::cli {

struct ImportArgs {
  std::string input;
  std::string output;  // "" = the handler's default (beside the input)
  bool allowAnyPath = false;
};

// Returns the exit code (kExitOk, kExitErrors, kExitUsage) after printing every diagnostic.
int importStride(const ImportArgs& args);

}  // namespace fx::cli
