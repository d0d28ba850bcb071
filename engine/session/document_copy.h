// What Save would write into a document now, written somewhere else: an autosave's copy
// (recovery.h). Kept apart from documents.h, which every file that sees a Preset includes.
#pragma once

#include <filesystem>
#include <string>

namespace fx {

struct Document;
struct Preset;

// The bytes Save would write into `doc` (documents.h), written to `target` instead; the
// document's own file is untouched. The built scene, which Save never writes, is written as
// preset JSON. "" or why not.
std::string writeDocumentCopy(Preset& preset, const Document& doc,
                              const std::filesystem::path& target);

}  // namespace fx
