#include "app/gui/cost.h"

#include <algorithm>
#include <cstdio>

#include "engine/session/world.h"

namespace fx::gui {

namespace {

template <typename T>
void trim(std::deque<T>& history, double now, double (*timeOf)(const T&)) {
  while (!history.empty() && (timeOf(history.front()) < now - kCostHistorySeconds ||
                              history.size() > kCostHistoryMaxSamples))
    history.pop_front();
}

double sampleTime(const CostSample& s) {
  return s.time;
}
double pairTime(const std::pair<double, float>& s) {
  return s.first;
}

CostRow& rowFor(std::vector<CostRow>& old, std::vector<CostRow>& rows, const std::string& effect,
                const std::string& emitter) {
  auto it = std::find_if(old.begin(), old.end(), [&](const CostRow& r) {
    return r.effect == effect && r.emitter == emitter;
  });
  if (it != old.end()) {
    rows.push_back(std::move(*it));
    old.erase(it);
  } else {
    rows.push_back({});
  }
  CostRow& r = rows.back();
  r.effect = effect;
  r.emitter = emitter;
  return r;
}

void record(CostRow& r, double now, bool withCpu) {
  r.history.push_back(
      {now, float(r.live), withCpu ? float(r.cpuMs) : 0.0f, float(r.gpuMs.value_or(0.0))});
  trim(r.history, now, sampleTime);
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

void CostTable::sample(const World& world, double now, std::optional<double> gpu,
                       const std::vector<std::pair<int32_t, double>>& gpuOwners) {
  std::vector<CostRow> old = std::move(rows);
  rows.clear();
  for (size_t i = 0; i < world.effects().size(); ++i) {
    const EffectRuntime& rt = world.effects()[i];
    const EffectEntry& e = *rt.entry;
    EffectStats st = world.stats(i);
    const size_t at = rows.size();  // rows grows below: `r` is re-taken after each emitter
    CostRow& r = rowFor(old, rows, e.placement.id, "");
    r.kind = e.family ? std::string(e.family->kind) : e.kind;
    r.live = st.live;
    r.budget = st.budget;
    r.cpuMs = rt.cpuSeconds * 1000.0;
    r.gpuMs.reset();
    if (gpu) {
      r.gpuMs = 0.0;  // timed, and none of its draws ran this frame: 0
      for (const auto& [owner, ms] : gpuOwners)
        if (owner == int32_t(i)) r.gpuMs = ms;
    }
    record(r, now, true);
    for (size_t k = 0; k < st.emittersLive.size(); ++k) {
      CostRow& er = rowFor(old, rows, e.placement.id, st.emittersLive[k].first);
      er.kind = rows[at].kind;
      er.live = st.emittersLive[k].second;
      er.budget = k < st.emittersBudget.size() ? st.emittersBudget[k] : 0;
      er.cpuMs = 0.0;
      er.gpuMs.reset();
      record(er, now, false);
    }
  }
  gpuMs = gpu;
  if (gpu) gpuHistory.push_back({now, float(*gpu)});
  trim(gpuHistory, now, pairTime);
}

std::string CostTable::text() const {
  std::string out =
      "effect / emitter                 kind               live  budget   cpu ms   gpu ms";
  for (const CostRow& r : rows) {
    std::string name = r.emitter.empty() ? r.effect : "  " + r.emitter;
    char line[256];
    std::snprintf(line, sizeof line, "\n%-32s %-16s %6zu  %6s  %7s  %7s", name.c_str(),
                  r.kind.c_str(), r.live, r.budget ? std::to_string(r.budget).c_str() : "-",
                  r.emitter.empty() ? fixed(r.cpuMs, 3).c_str() : "-",
                  r.gpuMs ? fixed(*r.gpuMs, 3).c_str() : "n/a");
    out += line;
  }
  out += "\nscene draw GPU ms: " + (gpuMs ? fixed(*gpuMs, 3) : std::string("n/a"));
  return out;
}

Json CostTable::json() const {
  Json effects = Json::array();
  for (const CostRow& r : rows) {
    if (r.emitter.empty()) {
      effects.push_back({{"id", r.effect},
                         {"kind", r.kind},
                         {"live", r.live},
                         {"budget", r.budget},
                         {"cpu_ms", r.cpuMs},
                         {"gpu_ms", r.gpuMs ? Json(*r.gpuMs) : Json(nullptr)},
                         {"emitters", Json::array()}});
    } else if (!effects.empty()) {
      effects.back()["emitters"].push_back(
          {{"name", r.emitter}, {"live", r.live}, {"budget", r.budget}});
    }
  }
  return {{"gpu_ms", gpuMs ? Json(*gpuMs) : Json(nullptr)}, {"effects", effects}};
}

}  // namespace fx::gui
