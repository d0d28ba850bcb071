#include "tests/gl/child_process.h"

#include "engine/core/platform.h"

namespace fx::gltest {

std::vector<std::string> shellWords(const std::string& words) {
  std::vector<std::string> out;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : words) {
    if (quoted) {
      if (c == '\'')
        quoted = false;
      else
        word += c;
    } else if (c == '\'') {
      quoted = inWord = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord) out.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) out.push_back(word);
  return out;
}

int runFxview(const std::string& args, const ChildOptions& options) {
  platform::ProcessOptions p;
  p.args = shellWords(args);
  p.args.insert(p.args.begin(), FXVIEW_BINARY);
  for (const auto& [name, value] : options.environment) p.extraEnv.push_back(name + "=" + value);
  // A headless command needs no display on Linux; on Windows the hidden window's context does.
  if (options.noDisplay && !platform::kPortableLayout) p.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY"};
  p.stdoutFile = options.stdoutFile;
  p.stderrFile = options.stderrFile;
  return platform::runProcess(p);
}

}  // namespace fx::gltest
