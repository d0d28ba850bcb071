#include "app/cli/import_halo_animations.h"

#include "engine/core/paths.h"
#include "engine/formats/halo/model_animations.h"

namespace fx::cli {

namespace {

Json nodeJson(const halo::NodeTransform& t) {
  const quat& q = t.rotation;
  return {{"rotation", Json::array({q.x, q.y, q.z, q.w})},
          {"translation", Json::array({t.translation.x, t.translation.y, t.translation.z})},
          {"scale", t.scale}};
}

Json poseJson(const std::vector<halo::NodeTransform>& pose) {
  Json out = Json::array();
  for (const auto& t : pose) out.push_back(nodeJson(t));
  return out;
}

Json flaggedNodes(const halo::NodeFlags& f, int nodes) {
  Json out = Json::array();
  for (int n = 0; n < nodes; ++n)
    if (f.has(n)) out.push_back(n);
  return out;
}

Json animationJson(const halo::Animation& a) {
  namespace af = halo::animation_flags;
  Json frames = Json::array();
  for (int f = 0; f < a.frameCount; ++f) frames.push_back(poseJson(a.frame(f)));
  return {{"name", a.name},
          {"type", halo::animationTypeName(a.type)},
          {"frame_count", a.frameCount},
          {"loop_frame", a.loopFrame},
          {"frames_per_second", a.framesPerSecond()},
          {"node_count", a.nodeCount},
          {"node_list_checksum", a.nodeChecksum},
          {"flags",
           {{"compressed_data", bool(a.flags & af::kCompressed)},
            {"world_relative", bool(a.flags & af::kWorldRelative)},
            {"25hz_pal", bool(a.flags & af::kPal)}}},
          {"node_flags",
           {{"rotation", flaggedNodes(a.rotated, a.nodeCount)},
            {"translation", flaggedNodes(a.translated, a.nodeCount)},
            {"scale", flaggedNodes(a.scaled, a.nodeCount)}}},
          {"default_data", poseJson(a.defaults())},
          {"frames", frames}};
}

}  // namespace

bool importModelAnimations(const std::string& input, Json& out, Diagnostics& diags) {
  auto tag = halo::loadModelAnimations(toPath(input), input, diags);
  if (!tag) return false;
  Json nodes = Json::array();
  for (const auto& n : tag->nodes)
    nodes.push_back({{"name", n.name}, {"parent", n.parent < 0 ? Json(nullptr) : Json(n.parent)}});
  Json animations = Json::array();
  for (const auto& a : tag->animations) animations.push_back(animationJson(a));
  out = {{"nodes", nodes}, {"animations", animations}};
  return true;
}

}  // namespace fx::cli
