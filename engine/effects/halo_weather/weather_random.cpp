#include "engine/effects/halo_weather/weather_random.h"

#include <map>
#include <utility>
#include <vector>

namespace fx::weather {

namespace {

std::array<vec3, kGeosphereSize> buildGeosphere() {
  std::vector<vec3> v = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}};
  struct Tri {
    int a, b, c;
  };
  // Upper faces from the (+x, -y) quadrant clockwise, then the lower faces the same way.
  std::vector<Tri> faces = {{0, 4, 1}, {0, 3, 4}, {0, 2, 3}, {0, 1, 2},
                            {5, 1, 4}, {5, 4, 3}, {5, 3, 2}, {5, 2, 1}};
  for (int level = 0; level < 4; ++level) {
    std::map<std::pair<int, int>, int> midpoints;
    auto mid = [&](int a, int b) {
      auto key = std::make_pair(std::min(a, b), std::max(a, b));
      auto it = midpoints.find(key);
      if (it != midpoints.end()) return it->second;
      v.push_back(glm::normalize((v[size_t(a)] + v[size_t(b)]) * 0.5f));
      int index = int(v.size()) - 1;
      midpoints.emplace(key, index);
      return index;
    };
    std::vector<Tri> next;
    next.reserve(faces.size() * 4);
    for (const Tri& t : faces) {
      int ab = mid(t.a, t.b), bc = mid(t.b, t.c), ca = mid(t.c, t.a);
      next.push_back({t.a, ab, ca});
      next.push_back({ab, t.b, bc});
      next.push_back({ca, bc, t.c});
      next.push_back({ab, bc, ca});
    }
    faces = std::move(next);
  }
  std::array<vec3, kGeosphereSize> out{};
  for (size_t i = 0; i < out.size() && i < v.size(); ++i) out[i] = v[i];
  return out;
}

}  // namespace

const std::array<vec3, kGeosphereSize>& geosphereTable() {
  // A pure function of constants, built once: determinism is unaffected.
  static const std::array<vec3, kGeosphereSize> kTable = buildGeosphere();
  return kTable;
}

}  // namespace fx::weather
