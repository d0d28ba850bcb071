// The particle inspector's commands and per-frame work: a left click in the picture (without a
// drag, which orbits) picks the particle under it, as console `pick X Y` does; the selection
// follows its particle by id and a marker is drawn on it; "Pause on NaN/Inf" stops the transport
// on the first non-finite value and selects that particle; `particles_csv PATH` writes the emitter
// table. The engine half is engine/session/particle_inspect.h; the window is panel_particle.cpp.
#include <imgui.h>

#include <cstdlib>
#include <iostream>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/output_kinds.h"

namespace fx::gui {

namespace {

void say(App& app, const std::string& text) {
  app.consoleLog.push_back({ConsoleLine::Output, text});
}

bool parsePixel(const std::string& text, float& out) {
  char* end = nullptr;
  out = std::strtof(text.c_str(), &end);
  return end != text.c_str() && !*end && out >= 0.0f && out < 1e6f;
}

}  // namespace

void selectParticle(App& app, const InspectedParticle& p) {
  ParticleInspector& pi = app.particles;
  pi.selected = p.key();
  pi.current = p;
  pi.goneAt = -1.0;
  pi.visible = true;
  pi.place = true;
  app.selectedEffect = int(p.effect);
}

std::optional<InspectedParticle> pickAtPixel(App& app, vec2 pixel) {
  if (!app.world) return std::nullopt;
  auto picked = pickParticle(*app.world, app.view, pixel, app.particles.cycle);
  if (picked) selectParticle(app, *picked);
  return picked;
}

std::string viewerPick(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  float x = 0.0f, y = 0.0f;
  if (t.size() != 3 || !parsePixel(t[1], x) || !parsePixel(t[2], y))
    return "usage: pick X Y (picture-area pixels, origin top left)";
  if (!app.world) return "no preset is loaded";
  auto picked = pickAtPixel(app, vec2(x, y));
  if (!picked)
    return "no particle within reach of pixel " + t[1] + " " + t[2] + " (of " +
           std::to_string(int(app.view.viewportPx.x)) + "x" +
           std::to_string(int(app.view.viewportPx.y)) + ")";
  std::string line = particleJson(*picked).dump();
  say(app, line);
  std::cout << line << "\n" << std::flush;  // scripts (--exec) read the line from stdout
  return {};
}

// The emitter table's particles: the selected particle's emitter, else the selected effect.
std::vector<InspectedParticle> tableParticles(const App& app) {
  if (!app.world) return {};
  const ParticleInspector& pi = app.particles;
  if (pi.selected) {
    auto all = listParticles(*app.world, app.view, true, pi.selected->effect);
    std::erase_if(all, [&](const InspectedParticle& p) {
      return p.info.emitterName != pi.selected->emitter;
    });
    return all;
  }
  if (app.selectedEffect < 0) return {};
  return listParticles(*app.world, app.view, true, size_t(app.selectedEffect));
}

std::string writeParticlesCsv(const App& app, const std::filesystem::path& path) {
  if (!app.world) return "no preset is loaded";
  if (std::string refusal = outputKindRefusal(path, WrittenKind::Text); !refusal.empty())
    return refusal;
  auto rows = tableParticles(app);
  return writeFileAtomic(path, particlesCsv(rows));
}

std::string viewerParticlesCsv(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() != 2) return "usage: particles_csv PATH";
  const std::filesystem::path path = toPath(st.tokens[1]);
  if (std::string err = writeParticlesCsv(app, path); !err.empty()) return err;
  say(app, "particles_csv " + toUtf8(path) + ": " + std::to_string(tableParticles(app).size()) +
               " particles");
  return {};
}

std::string viewerPauseOnNan(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() > 1) {
    auto b = parseConsoleBool(st.tokens[1]);
    if (!b) return "expected 0 or 1, got \"" + st.tokens[1] + "\"";
    app.particles.pauseOnNonFinite = *b;
  }
  say(app, app.particles.pauseOnNonFinite ? "pause_on_nan 1" : "pause_on_nan 0");
  return {};
}

void handleParticlePick(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (!app.world || io.WantCaptureMouse || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
  // A press that moved is an orbit drag, not a click.
  if (io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] > 9.0f) return;
  const Rect& v = app.regions.viewport;
  const ImVec2 at = io.MouseClickedPos[ImGuiMouseButton_Left];
  if (at.x < v.x || at.y < v.y || at.x >= v.right() || at.y >= v.bottom()) return;
  const float sx = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.0f;
  const float sy = io.DisplayFramebufferScale.y > 0 ? io.DisplayFramebufferScale.y : 1.0f;
  // The picture's framebuffer pixels; the split view's left half is the document's own world.
  const vec2 pixel((at.x - v.x) * sx, (at.y - v.y) * sy);
  if (pixel.x >= app.view.viewportPx.x) return;
  if (!pickAtPixel(app, pixel)) setStatus(app, "no particle under the cursor");
}

void updateParticleInspector(App& app) {
  ParticleInspector& pi = app.particles;
  if (!app.world) {
    pi.current.reset();
    return;
  }
  // Scanned whenever the simulation moved forward: playing, a step, a scrub ahead.
  const double now = app.world->time();
  const bool moved = now > pi.scannedTime || (app.transport.playing && now != pi.scannedTime);
  pi.scannedTime = now;
  if (pi.pauseOnNonFinite && moved) {
    if (auto bad = firstNonFinite(listParticles(*app.world, app.view, true))) {
      app.transport.playing = false;
      selectParticle(app, bad->particle);
      pi.stopReason = "paused at " + std::to_string(app.world->time()) +
                      " s: " + bad->particle.effectId + " / " + bad->particle.info.emitterName +
                      " #" + std::to_string(bad->particle.info.id) + " has a non-finite " +
                      bad->field;
      say(app, pi.stopReason);
      std::cout << pi.stopReason << "\n" << std::flush;
    }
  }
  if (!pi.selected) return;
  pi.current = findParticle(*app.world, app.view, *pi.selected);
  if (pi.current)
    pi.goneAt = -1.0;
  else if (pi.goneAt < 0.0)
    pi.goneAt = app.world->time();
}

void addParticleMarker(const App& app, DebugDraw& debug) {
  const ParticleInspector& pi = app.particles;
  if (!pi.current) return;
  const ParticleInfo& p = pi.current->info;
  const View& view = app.view;
  const float depth = std::max(view.depthOf(p.position), view.nearPlane);
  // A square around the sprite, at least 10 pixels across, facing the camera.
  const float r = std::max(0.6f * p.size, 10.0f * view.worldPerPixel(depth));
  const vec3 a = view.right * r, b = view.up * r;
  const vec4 colour(1.0f, 0.85f, 0.1f, 1.0f);
  const vec3 corners[4] = {p.position - a - b, p.position + a - b, p.position + a + b,
                           p.position - a + b};
  debug.polyline(corners, 4, colour, true);
  debug.line(p.position - a * 1.6f, p.position - a, colour);
  debug.line(p.position + a, p.position + a * 1.6f, colour);
  debug.label(p.position + a + b, "#" + std::to_string(p.id), colour);
}

}  // namespace fx::gui
