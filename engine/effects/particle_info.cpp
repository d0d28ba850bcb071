// EffectInstance::inspect's default: a family without stable particle ids lists its dump.
#include "engine/effects/effect.h"

namespace fx {

void EffectInstance::inspect(std::vector<ParticleInfo>& out, const View&, bool) const {
  std::vector<ParticleRecord> records;
  dump(records);
  out.reserve(out.size() + records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    const ParticleRecord& r = records[i];
    ParticleInfo p;
    p.id = i;
    p.position = r.position;
    p.velocity = r.velocity;
    p.age = r.age;
    p.color = r.color;
    p.size = r.size;
    p.rotation = r.rotation;
    out.push_back(std::move(p));
  }
}

}  // namespace fx
