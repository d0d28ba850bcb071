// Wavefront OBJ files as scene meshes (a reference mesh to judge an effect's size against): an
// object whose "model" names a `.obj` file (beside the preset, or absolute) is drawn with the
// plain lit material of the Halo and Stride models. The file is read by tinyobjloader (Debian's
// libtinyobjloader); faces are triangulated, the file's normals used where it has them (else each
// triangle's own), and its Y-up axes turned to fxview's Z-up ones (x, y, z) -> (x, -z, y), as
// Blender and most tools write OBJ. Materials (.mtl) are ignored.
//
// Before tinyobjloader reads it, every `v` and `f` line is checked so a malformed file is an
// error naming the file and line ("cube.obj:7: face index 9 names no vertex (8 so far)")
// rather than a silently different shape.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "engine/import/stride/stride_models.h"

namespace fx::obj_import {

bool isObjPath(const std::filesystem::path& path);  // .obj, any case

// The mesh in fxview axes and its bounds; nullopt with `error` ("FILE:LINE: what") when the
// file cannot be read or is malformed.
std::optional<stride_import::SceneMesh> loadObjMesh(const std::filesystem::path& path,
                                                    std::string& error);

}  // namespace fx::obj_import
