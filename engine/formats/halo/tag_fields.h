// Tag <-> definition through the field declarations: a field whose FieldMeta carries a
// TagBinding (engine/core/fields.h) is read from / written to its offset in a tag struct, so the
// one declaration of each glow / weather / point_physics / wind field also places it in the tag.
// Conversions (reference/halo_tag_format.md §1, §8): colours a,r,g,b; Angle fields radians in the
// tag, degrees where the fxview field says degrees; enums (FunctionOut included) stored as-is;
// references become "path.extension" (the tag's own backslash path plus its class extension);
// blocks map to arrays element by element. Fields without a binding (cache-only, fxview options,
// inline objects) are left alone in both directions.
#pragma once

#include "engine/core/field_json.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {

// A tag value the definition cannot hold (an enum value outside its options): where (a JSON
// Pointer into the definition) and what.
struct TagFieldProblem {
  std::string pointer;
  std::string message;
};

// Sets every bound field of `reflect` from `s`; arrays bound to a block get its element count.
// Values the fields cannot represent are reported in `problems` (when given).
void readTagFields(TagStruct s, const ReflectFn& reflect,
                   std::vector<TagFieldProblem>* problems = nullptr);

// Writes the bound fields whose value differs from what `s` holds now, so an unedited field (a
// radians value that does not survive the trip through degrees, say) keeps its exact bytes and
// every unbound byte, padding and unknown fields included, stays as it was.
void writeTagFields(TagStruct s, const ReflectFn& reflect);

// A definition's reference string ("weather\\rain.point_physics", "fx/glow.bitmap") as a tag
// path: separators become backslashes, and the extension of `fourcc`'s class is dropped.
std::string tagPathFromReference(std::string_view authored, uint32_t fourcc);

}  // namespace fx::halo
