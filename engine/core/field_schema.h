// JSON Schema (draft 2020-12) generated from field reflection, for `fxview schema` and editors.
#pragma once

#include "engine/core/field_json.h"

namespace fx {

// The schema of the object whose fields `reflect` declares.
Json schemaForFields(const ReflectFn& reflect, std::string_view title = {}, std::string_view description = {});

}  // namespace fx
