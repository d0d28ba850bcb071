// JSON document type used across the engine: insertion-ordered so saved files keep the author's
// key order (small diffs). Helpers for loading files with diagnostics and writing them atomically.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/diagnostics.h"

namespace fx {

using Json = nlohmann::ordered_json;

// Hard cap on any JSON file fxview reads (presets arrive from strangers).
inline constexpr size_t kMaxJsonFileBytes = 16u << 20;
// Deepest nesting accepted; deeper documents are rejected before they can exhaust the stack.
inline constexpr int kMaxJsonDepth = 64;

// Reads and parses `path`; on failure adds an error naming `displayName` and returns nullopt.
std::optional<Json> loadJsonFile(const std::filesystem::path& path, const std::string& displayName,
                                 Diagnostics& diags);
std::optional<Json> parseJsonText(const std::string& text, const std::string& displayName,
                                  Diagnostics& diags);

// Writes `text` to a temporary file beside `path`, flushes it, then renames it over `path`, so
// a crash mid-save leaves the old file intact: through symlinks, hard links updated in place,
// read-only files refused. engine/core/file_write.h has the whole contract and the options
// (--force). Returns an error message or "".
std::string writeFileAtomic(const std::filesystem::path& path, const std::string& text);

// A float as JSON with its shortest round-trip decimal form (0.1f saves as 0.1, not 0.100000001).
Json floatJson(float v);

// "got ..." text for error messages: numbers and strings by value, containers by kind.
std::string describeJson(const Json& j);

}  // namespace fx
