// The built-in shaders (sprite, debug, lightning: every file in shaders/), compiled into the
// executable so fxview needs no shader files at run time. The table is generated at build time by
// cmake/embed_shaders.cmake from shaders/*.vert and *.frag, which stay the source of truth.
// RendererOptions::shaderDir / quadShaderDir, when set, read shaders from disk instead (hot edits,
// tests with broken shaders).
#pragma once

#include <optional>
#include <string_view>

namespace fx::render {

// The source of `fileName` ("sprite.vert"), or nullopt when no built-in shader has that name.
std::optional<std::string_view> builtinShader(std::string_view fileName);

}  // namespace fx::render
