// libFuzzer target: `fxview check` argument handling, in-process. Input: arguments, one per line
// (at most 16, each at most 256 bytes), given to `fxview check` exactly as the binary parses them
// (app/cli/check.cpp runCheckCommand). It must return 0, 1 or 2: no exit, abort or signal.
// Output is discarded. Run from the repository root so seeds can name presets/.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::vector<std::string> args;
  std::string current;
  for (size_t i = 0; i <= size; ++i) {
    if (i == size || data[i] == '\n') {
      if (args.size() == 16) return 0;
      if (current.size() > 256) return 0;
      args.push_back(current);
      current.clear();
    } else {
      current.push_back(char(data[i]));
    }
  }
  std::ostringstream sink;
  auto* out = std::cout.rdbuf(sink.rdbuf());
  auto* err = std::cerr.rdbuf(sink.rdbuf());
  int rc = fx::cli::runCheckCommand(args);
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  if (rc != fx::cli::kExitOk && rc != fx::cli::kExitErrors && rc != fx::cli::kExitUsage)
    __builtin_trap();
  return 0;
}
