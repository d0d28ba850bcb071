#include "engine/session/scene_console.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <system_error>

#include "engine/core/paths.h"
#include "engine/import/obj/obj_mesh.h"
#include "engine/session/world_edit.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

std::optional<float> number(const std::string& s) {
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return float(v);
}

// Tokens [first, first + 3) as a colour, or nullopt.
std::optional<Json> colorAt(const ConsoleStatement& st, size_t first) {
  Json c = Json::object();
  const char* keys[] = {"r", "g", "b"};
  for (size_t i = 0; i < 3; ++i) {
    auto v = first + i < st.tokens.size() ? number(st.tokens[first + i]) : std::nullopt;
    if (!v || *v < 0.0f || *v > 1.0f) return std::nullopt;
    c[keys[i]] = *v;
  }
  return c;
}

// `set FIELD VALUE` when VALUE differs from what the field holds (an unchanged value is no edit).
std::string setIfChanged(ConsoleSession& s, const std::string& field, const Json& value) {
  std::string err;
  auto now = getField(*s.preset, field, err);
  if (now && *now == value) return {};
  FieldEdit edit;
  err = setField(*s.preset, *s.world, field, value.dump(), edit, s.allowAnyPath);
  if (err.empty() && s.hooks.edited) s.hooks.edited(edit);
  return err;
}

// A relative file name typed at the console: as given when it lies beside the preset, else made
// absolute from the working folder where it exists there.
std::string consolePath(const Preset& preset, const std::string& typed) {
  fs::path p = toPath(typed);
  std::error_code ec;
  if (p.is_absolute() || fs::exists(preset.path.parent_path() / p, ec)) return typed;
  if (fs::exists(p, ec)) return toUtf8(fs::absolute(p, ec));
  return typed;
}

std::string describeBackground(const Scene& scene) {
  const BackgroundStyle& b = scene.backgroundStyle;
  auto rgb = [](const ColorRgba& c) {
    return std::to_string(c.r) + " " + std::to_string(c.g) + " " + std::to_string(c.b);
  };
  switch (b.mode) {
    case BackgroundMode::Gradient:
      return "gradient " + rgb(b.top) + " " + rgb(b.bottom);
    case BackgroundMode::Image:
      return "image " + b.image;
    case BackgroundMode::Color:
      break;
  }
  return "color " + rgb(scene.background);
}

}  // namespace

std::string runBackgroundCommand(ConsoleSession& s, const ConsoleStatement& st, std::string& out) {
  const std::string usage =
      "usage: background [color R G B | gradient TOP_R TOP_G TOP_B BOTTOM_R BOTTOM_G BOTTOM_B | "
      "image PATH] (colours 0..1)";
  if (st.tokens.size() < 2) {
    out = describeBackground(s.preset->scene);
    return {};
  }
  const std::string& kind = st.tokens[1];
  if (kind == "color" && st.tokens.size() == 5) {
    auto c = colorAt(st, 2);
    if (!c) return usage;
    if (std::string err = setIfChanged(s, "/background", *c); !err.empty()) return err;
    return setIfChanged(s, "/background_style/mode", "color");
  }
  if (kind == "gradient" && st.tokens.size() == 8) {
    auto top = colorAt(st, 2), bottom = colorAt(st, 5);
    if (!top || !bottom) return usage;
    if (std::string err = setIfChanged(s, "/background_style/top", *top); !err.empty()) return err;
    if (std::string err = setIfChanged(s, "/background_style/bottom", *bottom); !err.empty())
      return err;
    return setIfChanged(s, "/background_style/mode", "gradient");
  }
  if (kind == "image" && st.tokens.size() == 3) {
    std::string path = consolePath(*s.preset, st.tokens[2]);
    if (std::string err = setIfChanged(s, "/background_style/image", path); !err.empty())
      return err;
    return setIfChanged(s, "/background_style/mode", "image");
  }
  return usage;
}

std::string runReferenceCommand(ConsoleSession& s, const ConsoleStatement& st, std::string& out) {
  const std::string usage = "usage: reference PATH.obj [X Y Z] [SCALE] | reference off";
  std::string err;
  Json objects = getField(*s.preset, "/objects", err).value_or(Json::array());
  if (!objects.is_array()) objects = Json::array();
  size_t at = objects.size();
  for (size_t i = 0; i < objects.size(); ++i)
    if (objects[i].value("name", "") == kReferenceObjectName) at = i;
  if (st.tokens.size() < 2) {
    out = at < objects.size() ? objects[at].dump() : "no reference mesh";
    return {};
  }
  if (st.tokens[1] == "off") {
    if (at == objects.size()) return {};
    objects.erase(objects.begin() + ptrdiff_t(at));
    return setIfChanged(s, "/objects", objects);
  }
  if (st.tokens.size() != 2 && st.tokens.size() != 5 && st.tokens.size() != 6) return usage;
  Json o = at < objects.size() ? objects[at] : Json{{"name", kReferenceObjectName}};
  o["model"] = consolePath(*s.preset, st.tokens[1]);
  // Read it first: a missing or malformed file is this command's error, the scene untouched.
  fs::path file = toPath(o["model"].get<std::string>());
  if (file.is_relative()) file = s.preset->path.parent_path() / file;
  if (!obj_import::isObjPath(file)) return "reference: \"" + st.tokens[1] + "\" is no .obj file";
  if (!obj_import::loadObjMesh(file, err)) return err;
  if (st.tokens.size() >= 5) {
    Json pos = Json::array();
    for (size_t i = 2; i < 5; ++i) {
      auto v = number(st.tokens[i]);
      if (!v) return usage;
      pos.push_back(*v);
    }
    o["position"] = pos;
  }
  if (st.tokens.size() == 6) {
    auto scale = number(st.tokens[5]);
    if (!scale || *scale <= 0.0f) return usage;
    o["scale"] = *scale;
  }
  if (at == objects.size())
    objects.push_back(o);
  else
    objects[at] = o;
  return setIfChanged(s, "/objects", objects);
}

}  // namespace fx
