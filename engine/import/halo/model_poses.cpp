#include "engine/import/halo/model_poses.h"

namespace fx {

namespace {

// The mesh's triangles grouped by the node of their first vertex, each group a mesh of its own.
std::vector<std::shared_ptr<const MeshData>> splitByNode(const halo::ModelMesh& mesh,
                                                         size_t nodeCount) {
  std::vector<std::shared_ptr<MeshData>> parts(nodeCount);
  std::vector<std::vector<int64_t>> remap(nodeCount);
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    uint16_t n = mesh.nodes[mesh.indices[t]];
    if (n >= nodeCount) n = 0;
    if (!parts[n])
      parts[n] = std::make_shared<MeshData>(), remap[n].assign(mesh.positions.size(), -1);
    MeshData& part = *parts[n];
    for (size_t k = 0; k < 3; ++k) {
      uint32_t v = mesh.indices[t + k];
      if (remap[n][v] < 0) {
        remap[n][v] = int64_t(part.positions.size());
        part.positions.push_back(mesh.positions[v]);
        part.normals.push_back(mesh.normals[v]);
      }
      part.indices.push_back(uint32_t(remap[n][v]));
    }
  }
  return {parts.begin(), parts.end()};
}

void appendFrame(ModelPoses& p, const halo::GbxModel& model, const std::string& permutation,
                 const std::vector<halo::NodeTransform>& locals,
                 const std::vector<Transform>& rest) {
  std::vector<Transform> pose = halo::poseNodes(model, locals);
  for (size_t n = 0; n < pose.size(); ++n) {
    p.nodes.push_back(pose[n]);
    p.skin.push_back(compose(pose[n], inverse(rest[n])));
  }
  for (const halo::PlacedMarker& m : halo::placeMarkers(model, permutation, pose))
    p.markers.push_back(m.model);
}

}  // namespace

std::shared_ptr<ModelPoses> makeModelPoses(const halo::GbxModel& model,
                                           const std::string& permutation,
                                           const halo::Animation* animation,
                                           std::vector<std::string> animationNames) {
  auto p = std::make_shared<ModelPoses>();
  for (const halo::ModelNode& n : model.nodes) {
    p->nodeNames.push_back(n.name);
    p->nodeParents.push_back(n.parent == halo::kNoIndex ? -1 : int32_t(n.parent));
  }
  p->markerCount = halo::placeMarkers(model, permutation).size();
  p->animations = std::move(animationNames);
  const std::vector<halo::NodeTransform> rest = halo::defaultLocals(model);
  const std::vector<Transform> restPose = halo::defaultPose(model);
  if (!animation || animation->frameCount == 0) {
    appendFrame(*p, model, permutation, rest, restPose);
  } else {
    p->animated = true;
    p->frameCount = animation->frameCount;
    p->framesPerSecond = animation->framesPerSecond();
    p->loopFrame = animation->loopFrame;
    for (int f = 0; f < animation->frameCount; ++f) {
      std::vector<halo::NodeTransform> locals = animation->frame(f);
      if (animation->type == halo::AnimationType::Overlay) locals = halo::overlayPose(rest, locals);
      appendFrame(*p, model, permutation, locals, restPose);
    }
  }
  halo::ModelMesh mesh = halo::buildMesh(model, permutation);
  if (!mesh.empty()) p->nodeMeshes = splitByNode(mesh, model.nodes.size());
  return p;
}

const halo::Animation* chooseAnimation(const halo::ModelAnimations& tags, const SceneObject& o,
                                       const halo::GbxModel& model, std::string& error) {
  if (tags.animations.empty()) {
    error = "the tag holds no animations";
    return nullptr;
  }
  int index = o.animation.name.empty() ? 0 : tags.find(o.animation.name);
  if (index < 0) {
    error = "no animation named \"" + o.animation.name + "\" (the tag has";
    for (size_t i = 0; i < tags.animations.size() && i < 8; ++i)
      error += (i ? ", \"" : " \"") + tags.animations[i].name + "\"";
    error += tags.animations.size() > 8 ? ", ...)" : ")";
    return nullptr;
  }
  const halo::Animation& a = tags.animations[size_t(index)];
  error = halo::animationMismatch(a, model);
  if (!error.empty()) return nullptr;
  size_t transforms =
      size_t(a.frameCount) * (model.nodes.size() + halo::placeMarkers(model, o.permutation).size());
  if (transforms > kMaxPoseTransforms) {
    error = "animation \"" + a.name + "\" is too long to pose (" + std::to_string(a.frameCount) +
            " frames)";
    return nullptr;
  }
  return &a;
}

}  // namespace fx
