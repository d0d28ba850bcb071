// Errors are values with a path: every loader collects all of a file's problems as
// {file, JSON Pointer, message} and keeps going. Printed as `file: /pointer: message`.
#pragma once

#include <string>
#include <vector>

namespace fx {

enum class Severity { Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;     // as the user named it
  std::string pointer;  // JSON Pointer into that file ("" = the whole document)
  std::string message;
  std::string code;     // optional: the game's own message id, e.g. "glow.c#547"
  int line = 0;         // text formats (Stride YAML): 1-based line, printed `file:line:` instead of a pointer
};

std::string format(const Diagnostic& d);

struct Diagnostics {
  std::vector<Diagnostic> items;

  void error(std::string file, std::string pointer, std::string message, std::string code = {});
  void warning(std::string file, std::string pointer, std::string message, std::string code = {});
  // A problem at a line of a text file (YAML): printed `file:line: message`.
  void errorAt(std::string file, int line, std::string message);
  void warningAt(std::string file, int line, std::string message);
  void append(const Diagnostics& other) { items.insert(items.end(), other.items.begin(), other.items.end()); }
  bool hasErrors() const;
  size_t errorCount() const;
  size_t warningCount() const;
  std::string formatAll() const;  // one line each
};

// A JSON Pointer token: '~' -> "~0", '/' -> "~1".
std::string pointerToken(std::string_view key);
std::string pointerJoin(const std::string& base, std::string_view key);
std::string pointerJoin(const std::string& base, size_t index);

}  // namespace fx
