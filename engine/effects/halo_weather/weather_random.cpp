#include "engine/effects/halo_weather/weather_random.h"

#include <algorithm>
#include <vector>

namespace fx::weather {

namespace {

constexpr int kN = kGeosphereSubdivisions;

// The octahedron: vertices +z, +y, +x, -y, -x, -z and its faces as (a, b, apex).
constexpr std::array<vec3, 6> kVertices = {
    {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}}};
constexpr int kFaces[8][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 1},
                              {5, 1, 4}, {5, 4, 3}, {5, 3, 2}, {5, 2, 1}};

// Builds the table in creation order (see weather_random.h).
class GeosphereBuilder {
 public:
  GeosphereBuilder() : points_(kVertices.begin(), kVertices.end()) {
    for (auto& row : edgeStart_) row.fill(-1);
  }

  std::vector<vec3> build() {
    for (const auto& f : kFaces) buildFace(f[0], f[1], f[2]);
    return std::move(points_);
  }

 private:
  int append(vec3 lo, vec3 hi, int position, int total) {
    float t = float(position) / float(total);
    points_.push_back(glm::normalize(t * hi + (1.0f - t) * lo));
    return int(points_.size()) - 1;
  }

  // Point `position` (0..kN) of the edge from vertex `from` to vertex `to`.
  int edgePoint(int from, int to, int position) {
    if (position == 0) return from;
    if (position == kN) return to;
    int lo = std::min(from, to), hi = std::max(from, to);
    int& start = edgeStart_[size_t(lo)][size_t(hi)];
    if (start < 0) {
      start = int(points_.size());
      for (int s = 1; s < kN; ++s) append(points_[size_t(lo)], points_[size_t(hi)], s, kN);
    }
    int fromLo = from < to ? position : kN - position;
    return start + fromLo - 1;
  }

  // Grid point (row, col) of the current face, 0 <= col <= row <= kN, row 0 the apex.
  int facePoint(int row, int col) {
    int& cached = faceCache_[size_t(row * (kN + 1) + col)];
    if (cached >= 0) return cached;
    if (col == 0) {
      cached = edgePoint(apex_, a_, row);
    } else if (row == kN) {
      cached = edgePoint(a_, b_, col);
    } else if (col == row) {
      cached = edgePoint(apex_, b_, row);
    } else {
      // The index is taken before the row's edge points are looked up (which may append).
      int index = int(points_.size());
      points_.emplace_back(0.0f);
      int left = edgePoint(apex_, a_, row), right = edgePoint(apex_, b_, row);
      float t = float(col) / float(row);
      points_[size_t(index)] =
          glm::normalize(t * points_[size_t(right)] + (1.0f - t) * points_[size_t(left)]);
      cached = index;
    }
    return cached;
  }

  void buildFace(int a, int b, int apex) {
    a_ = a;
    b_ = b;
    apex_ = apex;
    faceCache_.fill(-1);
    for (int row = 1; row <= kN; ++row) {
      for (int col = 1; col <= row; ++col) {
        facePoint(row - 1, col - 1);
        facePoint(row, col - 1);
        facePoint(row, col);
        if (col < row) facePoint(row - 1, col);
      }
    }
  }

  std::vector<vec3> points_;
  std::array<std::array<int, 6>, 6> edgeStart_{};
  std::array<int, (kN + 1) * (kN + 1)> faceCache_{};
  int a_ = 0, b_ = 0, apex_ = 0;
};

std::array<vec3, kGeosphereSize> buildGeosphere() {
  std::vector<vec3> v = GeosphereBuilder().build();
  std::array<vec3, kGeosphereSize> out{};
  std::copy_n(v.begin(), std::min(v.size(), out.size()), out.begin());
  return out;
}

}  // namespace

const std::array<vec3, kGeosphereSize>& geosphereTable() {
  // A pure function of constants, built once: determinism is unaffected.
  static const std::array<vec3, kGeosphereSize> kTable = buildGeosphere();
  return kTable;
}

}  // namespace fx::weather
