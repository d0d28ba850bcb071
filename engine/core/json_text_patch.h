// Saving a JSON file a person wrote (and keeps in version control): only the values that changed
// change their text. Everything else keeps its bytes: number formats (500 stays 500, 0.50 stays
// 0.50), key order, indentation (spaces or tabs), line endings (LF or CRLF), a byte order mark.
// An added key goes at the end of its object with its siblings' indentation; a removed key goes
// with its line; an array whose length changed is written again, in its old layout. A changed
// number written as an integer before stays an integer when its new value is one.
// When the text cannot be patched safely (it is not JSON, or the patched text would not read back
// as the intended document) the file is written whole, still keeping integers as integers, key
// order, indentation and line endings, and the result says why.
#pragma once

#include <string>

#include "engine/core/json.h"

namespace fx {

struct JsonTextSave {
  std::string text;      // the new file text
  bool patched = false;  // only the changed values' text changed
  std::string why;       // written whole: why it could not be patched
};

// `original`: the file's text as read; `before`: the document fxview made of it then (what the
// values it compares against were); `after`: what the file should hold now. Values equal in
// `before` and `after` keep their text in `original`.
JsonTextSave saveJsonText(const std::string& original, const Json& before, const Json& after);

// The whole of `after` as text in `original`'s style (indentation, line endings, byte order mark,
// integers where `original` had integers); `original` may be "" (two-space indent, LF).
std::string rewriteJsonText(const std::string& original, const Json& after);

}  // namespace fx
