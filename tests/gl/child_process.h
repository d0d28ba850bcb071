// Runs the fxview binary (FXVIEW_BINARY) as a child process, the way a user's shell would, on
// Linux and on Windows: the arguments are written as shell words ('single quotes' around a word
// with spaces), split here and passed straight to the program, with no shell in between.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace fx::gltest {

struct ChildOptions {
  // Linux: $DISPLAY and $WAYLAND_DISPLAY are removed, proving a headless command needs no
  // display server. (On Windows the hidden window's context needs the desktop: kept.)
  bool noDisplay = true;
  // NAME=value pairs set in the child's environment.
  std::vector<std::pair<std::string, std::string>> environment;
  // Where standard output and error go; empty: discarded. Both may name the same file.
  std::filesystem::path stdoutFile, stderrFile;
};

// `words` split as a POSIX shell splits them (blanks separate, '...' quotes, no expansion).
std::vector<std::string> shellWords(const std::string& words);

// FXVIEW_BINARY with `args` (shell words); its exit code, or -1 when it could not be started or
// was killed.
int runFxview(const std::string& args, const ChildOptions& options = {});

}  // namespace fx::gltest
