// JSON read and write driven by field reflection.
// Reading: present keys overwrite the current (default) values; every problem is collected as
// `file: /pointer: expected ..., got ...`; keys the declaration does not know are reported as
// warnings and left in the document. Writing: into an existing document so unknown keys survive;
// a key is written when it was already there or differs from its default (small diffs).
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/diagnostics.h"
#include "engine/core/fields.h"
#include "engine/core/json.h"

namespace fx {

using ReflectFn = std::function<void(FieldVisitor&)>;

struct JsonReadOptions {
  std::string file;     // for messages
  std::string pointer;  // pointer of `json` inside its file ("" = document root)
  // Keys of this object handled elsewhere (e.g. "id", "kind" on an effect entry): not unknown.
  std::vector<std::string> alsoKnown;
  bool reportUnknown = true;
};

// Reads `json` (must be an object) into the fields `reflect` declares.
void readFields(const Json& json, const ReflectFn& reflect, const JsonReadOptions& opts, Diagnostics& diags);

// Writes the reflected fields into `json` (made an object if it is not one).
void writeFields(Json& json, const ReflectFn& reflect);

// Writes every field, defaults included (for `fxview schema` examples and new files).
void writeAllFields(Json& json, const ReflectFn& reflect);

}  // namespace fx
