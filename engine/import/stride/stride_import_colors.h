// ComputeColor trees with binary operators other than Multiply as a chain of colour operations
// (stride_import_colors.cpp).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/color_ops.h"
#include "engine/formats/stride/stride_yaml.h"

namespace fx::stride_import {

// Operands and actions as the family's colour steps (stride_definition.h MaterialColorOp).
enum class ChainOperand { Constant, ParticleColor, SecondTexture, Texture, Saved };
enum class ChainAction { Apply, Load, Push };
struct ColorChainStep {
  ColorOp op = ColorOp::Multiply;
  ChainOperand operand = ChainOperand::Constant;  // Constant: `value`
  bool operandIsLeft = false;
  vec4 value{1.0f};
  ChainAction action = ChainAction::Apply;
};

// A ComputeTextureColor past the first: its map and where it samples (Stride: the texture
// coordinate channel x Scale + Offset).
struct TextureLayer {
  std::string texture;  // resolved path
  vec2 scale{1.0f, 1.0f};
  vec2 offset{0.0f, 0.0f};
  int channel = 0;  // TexcoordIndex: TextureCoordinate0..9
};

// Stride's TextureAddressMode names and the family's (address_u / address_v), in one table for
// the reader and the write-back.
const std::vector<std::pair<std::string, std::string>>& textureAddressNames();

// A ComputeTextureColor's AddressModeU or AddressModeV as the family's address name ("wrap",
// "mirror", "clamp", "border", "mirror_once"); Wrap, Stride's default, when absent, and with a
// warning when not one of Stride's.
std::string textureAddress(stride_yaml::Reader& r, const YAML::Node& n, const char* yamlKey);

// Resolves a ComputeTextureColor node's texture to a path.
using TextureResolver = std::function<std::string(const YAML::Node&)>;

// The second map a ComputeTextureColor node describes.
TextureLayer textureLayer(stride_yaml::Reader& r, const YAML::Node& n,
                          const TextureResolver& resolve);

struct ColorChain {
  std::string texture;  // resolved texture path; empty: none (the chain starts from white)
  // The first map's ComputeTextureColor node (its Scale, Offset and address modes); null when
  // the chain has no texture. Held by pointer: assigning a YAML::Node writes through it.
  std::shared_ptr<const YAML::Node> textureNode;
  std::optional<TextureLayer> second;  // read by SecondTexture steps
  std::vector<ColorChainStep> steps;
};

// Whether the tree holds a ComputeBinaryColor whose operator is not Multiply.
bool usesColorOperators(stride_yaml::Reader& r, const YAML::Node& n, int depth = 0);

// The tree as a chain of steps; a tree that is not one chain as a stack program (pushes, loads
// and steps taking back what was set aside); nullopt when it holds more than two textures, a
// node that is not a colour node, or more steps or set-asides than a material holds.
std::optional<ColorChain> colorChain(stride_yaml::Reader& r, const YAML::Node& tree,
                                     const TextureResolver& resolve);

}  // namespace fx::stride_import
