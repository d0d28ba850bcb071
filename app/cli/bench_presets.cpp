// Stress presets for `fxview bench`: a shipped preset of each family, scaled to a particle count
// through its own authored fields (the bench knows field names, never family internals), with
// particles that live through the timed window so the population holds steady:
//   halo_glow          glow_energy_sword, one glow, number_of_particles = N
//   halo_weather       weather_rain, one particle type, density = N / box^3 (full height fade)
//   destiny_system     destiny_fountain, initial_particle_count = particle_max_count = N, no rate
//   destiny_sequence   destiny_seq_serial_bursts, its first node holding the fountain's emitter
//   stride_particles   stride_fountain, bursts of N particles living 1000 s (gravity + collider)
// and a steady Stride load (steadyStridePreset): stride_fountain's emitter repeated, each spawning
// per second with a fixed life, so particles are born and die every frame.
#include <cmath>

#include "app/cli/bench.h"
#include "engine/core/paths.h"

namespace fx::bench {

namespace {

namespace fs = std::filesystem;

Json loadJson(const fs::path& path, std::string& error) {
  Diagnostics d;
  auto j = loadJsonFile(path, toUtf8(path.filename()), d);
  if (!j) {
    error = "cannot read " + toUtf8(path);
    return Json();
  }
  return *j;
}

// The fountain emitter with `count` particles spawned at creation, none later, living 1000 s.
Json fountainEmitter(const Settings& s, size_t count, std::string& error) {
  Json e = loadJson(s.presetsDir / "destiny/fountain.emitter.json", error);
  if (!error.empty()) return e;
  auto setChannel = [&](const char* name, float value) {
    const Json& rec = e["channels"][name];
    if (!rec.is_object() || rec.value("group", -1) != 6) {
      error = std::string("fountain emitter: channel ") + name + " is not a channel constant";
      return;
    }
    int slot = rec.value("slot", 0);
    e["channel_constants"][size_t(slot / 4)][size_t(slot % 4)] = value;
  };
  setChannel("emission_rate", 0.0f);
  setChannel("particle_lifetime", 1000.0f);
  setChannel("initial_particle_count", float(count));
  setChannel("particle_max_count", float(count));
  return e;
}

// The rain preset's first particle type alone, inlined into `entry` (its relative references
// made absolute) at a density that puts `count` particles in the camera's box.
void weatherStress(const Settings& s, Json& entry, size_t count, std::string& error) {
  fs::path defFile = s.presetsDir / toPath(entry["definition"].get<std::string>());
  Json w = loadJson(defFile, error);
  if (!error.empty()) return;
  // Inline the definition; its own relative references become absolute.
  for (Json& t : w["particle_types"])
    if (t.contains("physics_path"))
      t["physics_path"] =
          toUtf8(defFile.parent_path() / toPath(t["physics_path"].get<std::string>()));
  if (w.contains("wind_path"))
    w["wind_path"] = toUtf8(defFile.parent_path() / toPath(w["wind_path"].get<std::string>()));
  w["particle_types"] = Json::array({w["particle_types"][0]});
  Json& t = w["particle_types"][0];
  double box = t.value("fade_out_end_distance", 4.0);
  double density = double(count) / (box * box * box);
  t["particle_count"] = Json::array({density, density});
  t["fade_in_start_height"] = -1e4, t["fade_in_end_height"] = -1e4;
  t["fade_out_start_height"] = 1e4, t["fade_out_end_height"] = 1e4;
  entry["definition"] = w;
}

}  // namespace

const std::vector<std::string>& benchFamilies() {
  static const std::vector<std::string> families = {"halo_glow",        "halo_weather",
                                                    "destiny_system",   "destiny_sequence",
                                                    "stride_particles", "lightning"};
  return families;
}

StressPreset stressPreset(const Settings& s, const std::string& family, size_t count) {
  StressPreset out;
  std::string& error = out.error;
  auto base = [&](const char* file) {
    out.path = s.presetsDir / toPath(file);
    out.json = loadJson(out.path, error);
    if (error.empty()) out.json["effects"] = Json::array({out.json["effects"][0]});
    return error.empty();
  };
  Json* def = nullptr;
  if (family == "halo_glow") {
    // number_of_particles is the tag's short: more than 65535 takes several glows (the game's
    // limit of 8 is lifted with the budget).
    if (!base("glow_energy_sword.json")) return out;
    Json first = out.json["effects"][0];
    first["definition"]["particle_generation_freq"] = 0.0;  // normal particles: a steady population
    Json effects = Json::array();
    for (size_t left = count, k = 0; left > 0; ++k) {
      size_t n = std::min<size_t>(left, 65535);
      Json e = first;
      e["id"] = "glow" + std::to_string(k);
      e["definition"]["number_of_particles"] = n;
      effects.push_back(e);
      left -= n;
    }
    out.json["effects"] = effects;
  } else if (family == "halo_weather") {
    if (!base("weather_rain.json")) return out;
    weatherStress(s, out.json["effects"][0], count, error);
  } else if (family == "destiny_system") {
    if (!base("destiny_fountain.json")) return out;
    def = &out.json["effects"][0]["definition"];
    Json e = fountainEmitter(s, count, error);
    if (!error.empty()) return out;
    def->erase("emitter_file");
    (*def)["emitter"] = e;
    (*def)["duration"] = 1000.0;
  } else if (family == "destiny_sequence") {
    if (!base("destiny_seq_serial_bursts.json")) return out;
    def = &out.json["effects"][0]["definition"];
    Json e = fountainEmitter(s, count, error);
    if (!error.empty()) return out;
    Json& node = (*def)["work_nodes"][0];
    node["duration"] = Json::array({1000.0, 1000.0});
    Json& system = node["rows"][0]["system"];
    system.erase("emitter_file");
    system["emitter"] = e;
  } else if (family == "stride_particles") {
    if (!base("stride_fountain.json")) return out;
    def = &out.json["effects"][0]["definition"];
    // An emitter holds at most 100000 particles (fxview's per-emitter range): more take several
    // emitters of one burst each.
    Json first = (*def)["emitters"][0];
    first["particle_lifetime"] = Json::array({1000.0, 1000.0});
    Json emitters = Json::array();
    for (size_t left = count; left > 0;) {
      size_t n = std::min<size_t>(left, 100000);
      Json em = first;
      em["max_particles_override"] = n;
      em["spawners"] = Json::array({{{"type", "burst"}, {"particle_count", n}}});
      emitters.push_back(em);
      left -= n;
    }
    (*def)["emitters"] = emitters;
  } else {
    error = family + " has no particles to scale (one shader quad per effect)";
  }
  return out;
}

StressPreset steadyStridePreset(const Settings& s, size_t emitters, double perSecond, double life) {
  StressPreset out;
  out.path = s.presetsDir / "stride_fountain.json";
  out.json = loadJson(out.path, out.error);
  if (!out.error.empty()) return out;
  out.json["effects"] = Json::array({out.json["effects"][0]});
  Json& def = out.json["effects"][0]["definition"];
  Json first = def["emitters"][0];
  first["particle_lifetime"] = Json::array({life, life});
  first["spawners"] = Json::array({{{"type", "per_second"}, {"particles_per_second", perSecond}}});
  Json list = Json::array();
  for (size_t k = 0; k < emitters; ++k) {
    Json em = first;
    em["name"] = "steady" + std::to_string(k);
    list.push_back(em);
  }
  def["emitters"] = list;
  return out;
}

}  // namespace fx::bench
