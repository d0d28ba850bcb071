#include "engine/session/particle_inspect.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "engine/effects/destiny/destiny_system_family.h"
#include "engine/effects/destiny/sequence_view.h"

namespace fx {

namespace {

bool drawsNow(const World& world, const EffectRuntime& r) {
  if (!r.entry || !r.instance || !r.entry->enabled) return false;
  const auto& all = world.effects();
  const bool anySolo = std::any_of(all.begin(), all.end(),
                                   [](const EffectRuntime& x) { return x.entry && x.entry->solo; });
  return !anySolo || r.entry->solo;
}

Json vecJson(const float* v, int n) {
  Json a = Json::array();
  for (int k = 0; k < n; ++k) a.push_back(floatJson(v[k]));
  return a;
}

Json attributeJson(const ParticleAttribute& a) {
  if (a.values.empty()) return a.text;
  auto number = [](double d) {
    return d == std::floor(d) && std::abs(d) < 9e15 ? Json(int64_t(d)) : floatJson(float(d));
  };
  if (a.values.size() == 1) return number(a.values[0]);
  Json arr = Json::array();
  for (double d : a.values) arr.push_back(number(d));
  return arr;
}

std::string csvText(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csvNumber(double d) {
  std::ostringstream o;
  o.precision(9);
  o << d;
  return o.str();
}

// The family columns: every attribute name in first-seen order with its widest width.
std::vector<std::pair<std::string, size_t>> familyColumns(
    const std::vector<InspectedParticle>& particles) {
  std::vector<std::pair<std::string, size_t>> cols;
  std::map<std::string, size_t> at;
  for (const auto& p : particles)
    for (const auto& a : p.info.attributes) {
      size_t width = a.values.empty() ? 0 : a.values.size();
      auto [it, fresh] = at.emplace(a.name, cols.size());
      if (fresh) cols.push_back({a.name, width});
      cols[it->second].second = std::max(cols[it->second].second, width);
    }
  return cols;
}

std::string csvHeader(const std::vector<std::pair<std::string, size_t>>& cols) {
  std::string h =
      "effect,kind,emitter,emitter_index,id,x,y,z,vx,vy,vz,age,life,r,g,b,a,size,rotation";
  for (const auto& [name, width] : cols) {
    if (width <= 1) {
      h += "," + csvText(name);
      continue;
    }
    for (size_t k = 0; k < width; ++k) h += "," + csvText(name + "[" + std::to_string(k) + "]");
  }
  return h + "\n";
}

std::string csvRow(const InspectedParticle& p,
                   const std::vector<std::pair<std::string, size_t>>& cols) {
  const ParticleInfo& i = p.info;
  std::string row = csvText(p.effectId) + "," + csvText(p.kind) + "," + csvText(i.emitterName) +
                    "," + std::to_string(i.emitter) + "," + std::to_string(i.id);
  const float common[] = {i.position.x, i.position.y, i.position.z, i.velocity.x, i.velocity.y,
                          i.velocity.z, i.age,        i.life,       i.color.r,    i.color.g,
                          i.color.b,    i.color.a,    i.size,       i.rotation};
  for (float v : common) row += "," + csvNumber(v);
  for (const auto& [name, width] : cols) {
    const ParticleAttribute* a = nullptr;
    for (const auto& x : i.attributes)
      if (x.name == name) a = &x;
    const size_t n = std::max<size_t>(width, 1);
    for (size_t k = 0; k < n; ++k) {
      row += ",";
      if (!a) continue;
      if (a->values.empty())
        row += k == 0 ? csvText(a->text) : "";
      else if (k < a->values.size())
        row += csvNumber(a->values[k]);
    }
  }
  return row + "\n";
}

// The first non-finite value of a particle, or "".
std::string nonFiniteField(const ParticleInfo& i) {
  auto bad = [](auto v, int n) {
    for (int k = 0; k < n; ++k)
      if (!std::isfinite(v[k])) return true;
    return false;
  };
  if (bad(&i.position.x, 3)) return "position";
  if (bad(&i.velocity.x, 3)) return "velocity";
  if (!std::isfinite(i.age)) return "age";
  if (!std::isfinite(i.life)) return "life";
  if (bad(&i.color.r, 4)) return "color";
  if (!std::isfinite(i.size)) return "size";
  if (!std::isfinite(i.rotation)) return "rotation";
  for (const auto& a : i.attributes)
    if (bad(a.values.data(), int(a.values.size()))) return a.name;
  return "";
}

}  // namespace

std::vector<InspectedParticle> listParticles(const World& world, const View& view, bool attributes,
                                             size_t effect) {
  std::vector<InspectedParticle> out;
  std::vector<ParticleInfo> infos;
  const auto& effects = world.effects();
  for (size_t e = 0; e < effects.size(); ++e) {
    if (effect != kAllEffects && e != effect) continue;
    const EffectRuntime& r = effects[e];
    if (!drawsNow(world, r)) continue;
    infos.clear();
    r.instance->inspect(infos, view, attributes);
    for (auto& i : infos)
      out.push_back({.effect = e,
                     .effectId = r.entry->placement.id,
                     .kind = r.entry->kind,
                     .info = std::move(i)});
  }
  return out;
}

std::optional<InspectedParticle> findParticle(const World& world, const View& view,
                                              const ParticleKey& key) {
  if (key.effect >= world.effects().size()) return std::nullopt;
  for (auto& p : listParticles(world, view, true, key.effect))
    if (p.info.id == key.id && p.info.emitterName == key.emitter) return std::move(p);
  return std::nullopt;
}

ScreenSpot projectParticle(const View& view, const ParticleInfo& p) {
  ScreenSpot s;
  const vec4 clip = view.viewProjection * vec4(p.position, 1.0f);
  s.depth = view.depthOf(p.position);
  if (!(clip.w > 1e-6f)) return s;
  s.inFront = true;
  const vec2 ndc = vec2(clip) / clip.w;
  s.pixel =
      vec2((ndc.x * 0.5f + 0.5f) * view.viewportPx.x, (0.5f - ndc.y * 0.5f) * view.viewportPx.y);
  // A world length at this depth in pixels: the projection's vertical scale over w.
  const float pixelsPerUnit = view.projection[1][1] * 0.5f * view.viewportPx.y / clip.w;
  const float size = p.size > 0.0f ? p.size : 0.0f;
  s.radiusPx = 0.5f * size * std::abs(pixelsPerUnit);
  return s;
}

std::optional<InspectedParticle> pickParticle(const World& world, const View& view, vec2 pixel,
                                              PickCycle& cycle) {
  std::vector<InspectedParticle> all = listParticles(world, view, false);
  struct Hit {
    size_t index;
    float depth, distance;
  };
  std::vector<Hit> hits;
  for (size_t i = 0; i < all.size(); ++i) {
    const ScreenSpot s = projectParticle(view, all[i].info);
    if (!s.inFront || s.depth < view.nearPlane) continue;
    const float d = glm::length(s.pixel - pixel);
    if (std::isfinite(d) && d <= std::max(s.radiusPx, kPickRadiusPx))
      hits.push_back({i, s.depth, d});
  }
  if (hits.empty()) {
    cycle = PickCycle{};
    return std::nullopt;
  }
  std::stable_sort(hits.begin(), hits.end(),
                   [](const Hit& a, const Hit& b) { return a.depth < b.depth; });
  std::vector<ParticleKey> keys;
  for (const Hit& h : hits) keys.push_back(all[h.index].key());
  size_t choice = 0;
  if (glm::length(cycle.pixel - pixel) <= 2.0f && cycle.candidates == keys) {
    choice = cycle.next % keys.size();
  } else {
    for (size_t k = 1; k < hits.size(); ++k)
      if (hits[k].distance < hits[choice].distance) choice = k;
  }
  cycle = PickCycle{.pixel = pixel, .candidates = keys, .next = choice + 1};
  return findParticle(world, view, keys[choice]);
}

Json particleJson(const InspectedParticle& p) {
  const ParticleInfo& i = p.info;
  Json j = Json::object();
  j["effect"] = p.effectId;
  j["effect_index"] = p.effect;
  j["kind"] = p.kind;
  j["emitter"] = i.emitterName;
  j["emitter_index"] = i.emitter;
  j["id"] = i.id;
  j["position"] = vecJson(&i.position.x, 3);
  j["velocity"] = vecJson(&i.velocity.x, 3);
  j["age"] = floatJson(i.age);
  j["life"] = floatJson(i.life);
  j["color"] = vecJson(&i.color.r, 4);
  j["size"] = floatJson(i.size);
  j["rotation"] = floatJson(i.rotation);
  Json family = Json::object();
  for (const auto& a : i.attributes) family[a.name] = attributeJson(a);
  j["family"] = std::move(family);
  return j;
}

std::string particlesCsv(const std::vector<InspectedParticle>& particles) {
  const auto cols = familyColumns(particles);
  std::string out = csvHeader(cols);
  for (const auto& p : particles) out += csvRow(p, cols);
  return out;
}

std::optional<NonFinite> firstNonFinite(const std::vector<InspectedParticle>& particles) {
  for (const auto& p : particles)
    if (std::string f = nonFiniteField(p.info); !f.empty()) return NonFinite{p, f};
  return std::nullopt;
}

std::vector<destiny::TraceStep> traceDestinyParticle(const World& world, const ParticleKey& key,
                                                     int stage) {
  if (key.effect >= world.effects().size()) return {};
  const EffectRuntime& r = world.effects()[key.effect];
  if (!r.instance) return {};
  auto traceIn = [&](const destiny::SystemInstance& s) -> std::vector<destiny::TraceStep> {
    const size_t row = s.rowOf(key.id);
    if (row >= s.liveCount()) return {};
    return s.trace(stage, row);
  };
  if (const auto* seq = destiny::sequenceApi(*r.instance)) {
    for (const auto& s : seq->systems())
      if (destiny::systemName(s) == key.emitter) return traceIn(*s.system);
    return {};
  }
  auto systems = destinySystems(*r.instance);
  for (size_t k = 0; k < systems.size(); ++k)
    if ("instance " + std::to_string(k) == key.emitter) return traceIn(systems[k]);
  return {};
}

}  // namespace fx
