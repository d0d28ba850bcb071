// How the inspector words a field (inspector_text.cpp); the label fitting is declared in
// inspector_visitor.h, where its tests reach it.
#pragma once

#include <string>

#include "engine/core/fields.h"

namespace fx::gui {

// The printf format of a number field: its unit after it ("%" escaped).
std::string numberFormat(const FieldMeta& m, bool integer);
// A drag's step: the field's own, or a 400th of its range.
float dragSpeed(const FieldMeta& m, bool integer);
// The range's ends for a slider (0 where open); whether it has either end.
float fieldLo(const FieldMeta& m);
float fieldHi(const FieldMeta& m);
bool ranged(const FieldMeta& m);
// "range A .. B", "range >= A", "at most N bytes", or "".
std::string rangeText(const FieldMeta& m);
void clampValue(const FieldMeta& m, float& v);

}  // namespace fx::gui
