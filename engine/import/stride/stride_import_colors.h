// ComputeColor trees with binary operators other than Multiply as a chain of colour operations
// (stride_import_colors.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/color_ops.h"
#include "engine/formats/stride/stride_yaml.h"

namespace fx::stride_import {

struct ColorChainStep {
  ColorOp op = ColorOp::Multiply;
  bool particleColor = false;  // the operand is the particle colour, else `value`
  bool operandIsLeft = false;
  vec4 value{1.0f};
};

struct ColorChain {
  std::string texture;  // resolved texture path; empty: none (the chain starts from white)
  std::vector<ColorChainStep> steps;
};

// Resolves a ComputeTextureColor node's texture to a path.
using TextureResolver = std::function<std::string(const YAML::Node&)>;

// Whether the tree holds a ComputeBinaryColor whose operator is not Multiply.
bool usesColorOperators(stride_yaml::Reader& r, const YAML::Node& n, int depth = 0);

// The tree as a chain, or nullopt when it is not one (see stride_import_colors.cpp) or has more
// steps than a material holds.
std::optional<ColorChain> colorChain(stride_yaml::Reader& r, const YAML::Node& tree,
                                     const TextureResolver& resolve);

}  // namespace fx::stride_import
