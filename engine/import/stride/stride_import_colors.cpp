// A particle material's ComputeColor tree with operators other than Multiply (reference
// stride_runtime §6) as the family's colour operations: a chain of steps over the texture
// sample. The chain follows the tree's spine (the side holding the texture, else the particle
// colour); each binary node on it becomes one step whose operand, the other side, must be
// constant (folded with the same operator formulas, engine/core/color_ops.h) or the particle
// colour. Anything else cannot be a chain: the caller keeps the tree with a warning.
#include "engine/import/stride/stride_import_colors.h"

#include <algorithm>

#include "engine/effects/stride/stride_definition.h"

namespace fx::stride_import {

using stride_yaml::isNull;
using stride_yaml::tagOf;

namespace {

constexpr int kMaxDepth = 16;

std::optional<ColorOp> operatorOf(const std::string& name) {
  for (int i = 0; i < kColorOpCount; ++i)
    if (colorOpStrideName(ColorOp(i)) == name) return ColorOp(i);
  return std::nullopt;
}

class ChainBuilder {
 public:
  ChainBuilder(stride_yaml::Reader& r, const TextureResolver& resolve) : r_(r), resolve_(resolve) {}

  // Appends the steps computing `n` to the chain; false when it is not a chain.
  bool spine(const YAML::Node& n, ColorChain& out, int depth) {
    if (depth > kMaxDepth || isNull(n)) return false;
    std::string tag = tagOf(n);
    if (tag == "ComputeTextureColor" && has(n, "Texture")) {
      if (!out.texture.empty()) return false;  // a second texture
      out.texture = resolve_(n);
      return true;
    }
    if (tag == "ComputeVertexStreamColor") {
      out.steps.push_back({ColorOp::Multiply, true, false, vec4(1.0f)});  // white x particle
      return true;
    }
    if (auto c = constant(n, depth)) {
      out.steps.push_back({ColorOp::Multiply, false, false, *c});
      return true;
    }
    if (tag != "ComputeBinaryColor") return false;
    auto op = operatorOf(r_.text(n, "Operator", "Multiply"));
    YAML::Node left = r_.child(n, "LeftChild"), right = r_.child(n, "RightChild");
    if (!op || isNull(left) || isNull(right)) return false;
    bool spineLeft = holds(left, "ComputeTextureColor", depth) ||
                     (!holds(right, "ComputeTextureColor", depth) &&
                      holds(left, "ComputeVertexStreamColor", depth));
    const YAML::Node& other = spineLeft ? right : left;
    if (!spine(spineLeft ? left : right, out, depth + 1)) return false;
    ColorChainStep step{*op, tagOf(other) == "ComputeVertexStreamColor", !spineLeft, vec4(1.0f)};
    if (!step.particleColor) {
      auto c = constant(other, depth + 1);
      if (!c) return false;
      step.value = *c;
    }
    out.steps.push_back(step);
    return true;
  }

 private:
  stride_yaml::Reader& r_;
  const TextureResolver& resolve_;

  bool has(const YAML::Node& n, const char* key) { return !r_.text(n, key, "").empty(); }

  // Whether the subtree holds a node of `tag` (a texture with no reference is a constant).
  bool holds(const YAML::Node& n, const char* tag, int depth) {
    if (depth > kMaxDepth || isNull(n)) return false;
    std::string t = tagOf(n);
    if (t == tag) return t != "ComputeTextureColor" || has(n, "Texture");
    if (t != "ComputeBinaryColor") return false;
    return holds(r_.child(n, "LeftChild"), tag, depth + 1) ||
           holds(r_.child(n, "RightChild"), tag, depth + 1);
  }

  // The value of a constant subtree, or nullopt.
  std::optional<vec4> constant(const YAML::Node& n, int depth) {
    if (depth > kMaxDepth || isNull(n)) return std::nullopt;
    std::string tag = tagOf(n);
    if (tag == "ComputeFloat4") return r_.vector4(n, "Value", vec4(1.0f));
    if (tag == "ComputeColor") return r_.color(n, "Value", ColorRgba{}).vec();
    if (tag == "ComputeFloat") return vec4(r_.number(n, "Value", 1.0f));
    if (tag == "ComputeTextureColor" && !has(n, "Texture"))
      return r_.color(r_.child(n, "FallbackValue"), "Value", ColorRgba{}).vec();
    if (tag != "ComputeBinaryColor") return std::nullopt;
    auto op = operatorOf(r_.text(n, "Operator", "Multiply"));
    auto l = constant(r_.child(n, "LeftChild"), depth + 1);
    auto r = constant(r_.child(n, "RightChild"), depth + 1);
    if (!op || !l || !r) return std::nullopt;
    return applyColorOp(*op, *l, *r);
  }
};

}  // namespace

bool usesColorOperators(stride_yaml::Reader& r, const YAML::Node& n, int depth) {
  if (depth > kMaxDepth || isNull(n) || tagOf(n) != "ComputeBinaryColor") return false;
  if (r.text(n, "Operator", "Multiply") != "Multiply") return true;
  return usesColorOperators(r, r.child(n, "LeftChild"), depth + 1) ||
         usesColorOperators(r, r.child(n, "RightChild"), depth + 1);
}

std::optional<ColorChain> colorChain(stride_yaml::Reader& r, const YAML::Node& tree,
                                     const TextureResolver& resolve) {
  ColorChain chain;
  ChainBuilder b(r, resolve);
  if (!b.spine(tree, chain, 0) || chain.steps.size() > stride::kMaxMaterialColorOps)
    return std::nullopt;
  return chain;
}

}  // namespace fx::stride_import
