// A particle material's ComputeColor tree with operators other than Multiply (reference
// stride_runtime §6) as the family's colour operations: a chain of steps over the texture
// sample. The chain follows the tree's spine (the side holding the texture, else the particle
// colour); each binary node on it becomes one step whose operand, the other side, must be
// constant (folded with the same operator formulas, engine/core/color_ops.h), the particle
// colour or a second texture. A Multiply whose other side is itself a product of such operands
// becomes one step per factor (a componentwise product regroups freely).
// A tree that is not a chain (both sides of a node computed: Add(Multiply(texture, particle
// colour), Multiply(second texture, constant))) compiles to a stack program instead: the left
// side, then the right one begun by a push, then the operator with the colour set aside as its
// left operand; a side that is a single operand is applied directly. Anything else (a third
// texture, a node that is not a colour node) cannot be run: the caller keeps the tree.
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
      out.textureNode = std::make_shared<const YAML::Node>(n);
      return true;
    }
    if (tag == "ComputeVertexStreamColor") {
      out.steps.push_back(
          {ColorOp::Multiply, ChainOperand::ParticleColor, false, vec4(1.0f)});  // white x it
      return true;
    }
    if (auto c = constant(n, depth)) {
      out.steps.push_back({ColorOp::Multiply, ChainOperand::Constant, false, *c});
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
    return operand(other, *op, !spineLeft, out, depth + 1);
  }

  // Appends the steps leaving `n`'s colour as the current one, the first of them a push (the
  // colour so far set aside) when `push`, else a load; false when `n` cannot be computed.
  // `aside` counts colours set aside and not yet taken back.
  bool program(const YAML::Node& n, ColorChain& out, bool push, int depth, int& aside) {
    if (depth > kMaxDepth || isNull(n)) return false;
    if (isLeaf(n, depth)) {
      ColorChainStep step;
      if (!leafStep(n, out, step, depth)) return false;
      step.action = push ? ChainAction::Push : ChainAction::Load;
      if (push && ++aside > stride::kMaxColorOpsSetAside) return false;
      // The program starts from the texture sample: loading it first is no step at all.
      if (!push && out.steps.empty() && step.operand == ChainOperand::Texture) return true;
      out.steps.push_back(step);
      return true;
    }
    if (tagOf(n) != "ComputeBinaryColor") return false;
    auto op = operatorOf(r_.text(n, "Operator", "Multiply"));
    YAML::Node left = r_.child(n, "LeftChild"), right = r_.child(n, "RightChild");
    if (!op || isNull(left) || isNull(right)) return false;
    const bool leftLeaf = isLeaf(left, depth + 1), rightLeaf = isLeaf(right, depth + 1);
    if (rightLeaf || leftLeaf) {
      const YAML::Node& side = rightLeaf ? left : right;
      const YAML::Node& leaf = rightLeaf ? right : left;
      if (!program(side, out, push, depth + 1, aside)) return false;
      ColorChainStep step;
      if (!leafStep(leaf, out, step, depth + 1)) return false;
      step.op = *op;
      step.operandIsLeft = !rightLeaf;
      out.steps.push_back(step);
      return true;
    }
    if (!program(left, out, push, depth + 1, aside) || !program(right, out, true, depth + 1, aside))
      return false;
    out.steps.push_back({*op, ChainOperand::Saved, true, vec4(1.0f), ChainAction::Apply});
    --aside;
    return true;
  }

  // Appends the step(s) applying `op` with `n` as its operand; false when `n` cannot be one.
  bool operand(const YAML::Node& n, ColorOp op, bool isLeft, ColorChain& out, int depth) {
    if (depth > kMaxDepth || isNull(n)) return false;
    std::string tag = tagOf(n);
    if (tag == "ComputeVertexStreamColor") {
      out.steps.push_back({op, ChainOperand::ParticleColor, isLeft, vec4(1.0f)});
      return true;
    }
    if (auto c = constant(n, depth)) {
      out.steps.push_back({op, ChainOperand::Constant, isLeft, *c});
      return true;
    }
    if (tag == "ComputeTextureColor") {
      if (out.second) return false;  // a third texture
      out.second = textureLayer(r_, n, resolve_);
      out.steps.push_back({op, ChainOperand::SecondTexture, isLeft, vec4(1.0f)});
      return true;
    }
    if (op != ColorOp::Multiply || tag != "ComputeBinaryColor" ||
        r_.text(n, "Operator", "Multiply") != "Multiply")
      return false;
    return operand(r_.child(n, "LeftChild"), op, isLeft, out, depth + 1) &&
           operand(r_.child(n, "RightChild"), op, isLeft, out, depth + 1);
  }

 private:
  stride_yaml::Reader& r_;
  const TextureResolver& resolve_;

  bool has(const YAML::Node& n, const char* key) { return !r_.text(n, key, "").empty(); }

  // Whether `n` is one operand: a constant (subtree), the particle colour or a texture.
  bool isLeaf(const YAML::Node& n, int depth) {
    std::string tag = tagOf(n);
    return tag == "ComputeVertexStreamColor" ||
           (tag == "ComputeTextureColor" && has(n, "Texture")) || constant(n, depth).has_value();
  }

  // The operand step for a leaf (its operator and action left to the caller); the first texture
  // met is the material's texture, the next its second one; false for a third.
  bool leafStep(const YAML::Node& n, ColorChain& out, ColorChainStep& step, int depth) {
    std::string tag = tagOf(n);
    if (tag == "ComputeVertexStreamColor") {
      step.operand = ChainOperand::ParticleColor;
    } else if (tag == "ComputeTextureColor" && has(n, "Texture")) {
      if (out.texture.empty()) {
        out.texture = resolve_(n);
        out.textureNode = std::make_shared<const YAML::Node>(n);
        step.operand = ChainOperand::Texture;
      } else if (!out.second) {
        out.second = textureLayer(r_, n, resolve_);
        step.operand = ChainOperand::SecondTexture;
      } else {
        return false;
      }
    } else if (auto c = constant(n, depth)) {
      step.operand = ChainOperand::Constant;
      step.value = *c;
    } else {
      return false;
    }
    return true;
  }

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

const std::vector<std::pair<std::string, std::string>>& textureAddressNames() {
  static const std::vector<std::pair<std::string, std::string>> kNames = {
      {"Wrap", "wrap"},
      {"Mirror", "mirror"},
      {"Clamp", "clamp"},
      {"Border", "border"},
      {"MirrorOnce", "mirror_once"}};
  return kNames;
}

std::string textureAddress(stride_yaml::Reader& r, const YAML::Node& n, const char* yamlKey) {
  std::string mode = r.text(n, yamlKey, "Wrap");
  for (const auto& [stride, ours] : textureAddressNames())
    if (mode == stride) return ours;
  r.warning(r.child(n, yamlKey), std::string(yamlKey) + ": \"" + mode +
                                     "\" is not a Stride address mode; drawn as Wrap");
  return "wrap";
}

TextureLayer textureLayer(stride_yaml::Reader& r, const YAML::Node& n,
                          const TextureResolver& resolve) {
  TextureLayer layer;
  layer.texture = resolve(n);
  layer.scale = r.vector2(n, "Scale", vec2(1.0f, 1.0f));
  layer.offset = r.vector2(n, "Offset", vec2(0.0f, 0.0f));
  std::string channel = r.text(n, "TexcoordIndex", "TextureCoordinate0");
  constexpr std::string_view kPrefix = "TextureCoordinate";
  if (channel.size() == kPrefix.size() + 1 && channel.compare(0, kPrefix.size(), kPrefix) == 0 &&
      channel.back() >= '0' && channel.back() <= '9')
    layer.channel = channel.back() - '0';
  return layer;
}

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
  if (b.spine(tree, chain, 0) && chain.steps.size() <= stride::kMaxMaterialColorOps) return chain;
  chain = ColorChain{};
  int aside = 0;
  if (b.program(tree, chain, false, 0, aside) && chain.steps.size() <= stride::kMaxMaterialColorOps)
    return chain;
  return std::nullopt;
}

}  // namespace fx::stride_import
