#include "engine/effects/stride/stride_sort.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>

namespace fx::stride {

namespace {

// A float as an unsigned number in the same order (NaN last, -0 equal to +0).
uint32_t orderedBits(float f) {
  if (std::isnan(f)) return 0xFFFFFFFFu;
  uint32_t u = std::bit_cast<uint32_t>(f + 0.0f);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

bool sorted(Sorting policy, const ParticlePool& p) {
  switch (policy) {
    case Sorting::None:
      return false;
    case Sorting::ByOrder:
      return p.has(kFieldOrder);
    case Sorting::ByDepth:
    case Sorting::ByAge:
      return true;
  }
  return false;
}

// Stable LSD radix sort of out[0..n) by keys, 8 bits a pass; a pass whose digit is the same for
// every key is skipped.
void radixSort(SortScratch& s, std::vector<uint32_t>& out, size_t n) {
  std::memset(s.histogram, 0, sizeof(s.histogram));
  for (size_t i = 0; i < n; ++i)
    for (int d = 0; d < 4; ++d) s.histogram[d][(s.keys[i] >> (8 * d)) & 0xFF]++;
  s.keysTmp.resize(n);
  s.indexTmp.resize(n);
  for (int d = 0; d < 4; ++d) {
    uint32_t* h = s.histogram[d];
    if (h[(s.keys[0] >> (8 * d)) & 0xFF] == n) continue;
    uint32_t sum = 0;
    for (int b = 0; b < 256; ++b) {
      uint32_t c = h[b];
      h[b] = sum;
      sum += c;
    }
    for (size_t i = 0; i < n; ++i) {
      uint32_t at = h[(s.keys[i] >> (8 * d)) & 0xFF]++;
      s.keysTmp[at] = s.keys[i];
      s.indexTmp[at] = out[i];
    }
    s.keys.swap(s.keysTmp);
    out.swap(s.indexTmp);
    out.resize(n);
  }
}

}  // namespace

float sortKey(Sorting policy, const ParticlePool& p, size_t i, vec3 depthAxis) {
  switch (policy) {
    case Sorting::None:
      return 0.0f;
    case Sorting::ByDepth:
      return glm::dot(depthAxis, p.position[i]);
    case Sorting::ByAge:
      return -p.life[i];
    case Sorting::ByOrder:
      return p.has(kFieldOrder) ? std::bit_cast<float>(p.order[i]) * -1.0f : 0.0f;
  }
  return 0.0f;
}

void sortParticles(Sorting policy, const ParticlePool& p, vec3 depthAxis,
                   std::vector<uint32_t>& out, SortScratch& s) {
  const size_t n = p.count;
  out.resize(n);
  std::iota(out.begin(), out.end(), 0u);
  if (n < 2 || !sorted(policy, p)) return;
  s.keys.resize(n);
  for (size_t i = 0; i < n; ++i) s.keys[i] = orderedBits(sortKey(policy, p, i, depthAxis));
  radixSort(s, out, n);
}

}  // namespace fx::stride
