#include "engine/effects/halo_glow/glow_path.h"

#include <algorithm>
#include <cmath>

namespace fx::glow {

namespace {

struct Window {
  vec3 pos[4];
  vec3 up[4];
  vec3 side[4];
  float knot[4];
};

vec3 sideOf(const MarkerFrame& f) {
  return glm::cross(f.up, f.forward);
}

void put(Window& w, int k, const MarkerFrame& f, float knot) {
  w.pos[k] = f.position;
  w.up[k] = f.up;
  w.side[k] = sideOf(f);
  w.knot[k] = knot;
}

// A helper control point between window entries a and b at fraction u. With `zFromY` the z of
// positions and up vectors comes from the y component, as in the decompiled code.
void helper(Window& w, int k, int a, int b, float u, bool zFromY) {
  auto mix = [&](vec3 p, vec3 q, bool bug) {
    vec3 r = p + (q - p) * u;
    if (bug) r.z = (q.z - p.z) * u + p.y;
    return r;
  };
  w.pos[k] = mix(w.pos[a], w.pos[b], zFromY);
  w.up[k] = mix(w.up[a], w.up[b], zFromY);
  w.side[k] = mix(w.side[a], w.side[b], false);
  w.knot[k] = w.knot[a] + (w.knot[b] - w.knot[a]) * u;
}

bool distinctKnots(const Window& w) {
  return w.knot[1] != w.knot[0] && w.knot[2] != w.knot[1] && w.knot[3] != w.knot[2] &&
         w.knot[3] != w.knot[1] && w.knot[2] != w.knot[0] && w.knot[3] != w.knot[0];
}

// Where the game would divide by zero: a straight line between the window entries around t.
vec3 lineFallback(const vec3 f[4], const float k[4], float t) {
  for (int i = 0; i < 3; ++i) {
    if (k[i + 1] > k[i] && t >= k[i] && t <= k[i + 1])
      return f[i] + (f[i + 1] - f[i]) * ((t - k[i]) / (k[i + 1] - k[i]));
  }
  return t <= k[0] ? f[0] : f[3];
}

}  // namespace

MarkerSet gatherMarkers(const ObjectState* object, std::string_view name) {
  MarkerSet set;
  if (object && !name.empty()) {
    for (const auto& m : object->markers) {
      if (m.def->name != name) continue;
      if (set.named < kMaxMarkers) {
        MarkerFrame& f = set.frames[size_t(set.named)];
        f.position = m.world.position;
        f.forward = m.world.forward();
        f.up = m.world.up();
        set.states[size_t(set.named)] = &m;
      }
      set.named++;
    }
  }
  set.count = std::min(set.named, kMaxMarkers);
  if (set.count == 0) {
    // "a marker will be derived from the object's root node as the default"
    set.rootDefault = true;
    set.count = 1;
    if (object) {
      set.frames[0].position = object->world.position;
      set.frames[0].forward = object->world.forward();
      set.frames[0].up = object->world.up();
    }
  }
  return set;
}

PathSetup setupPath(const MarkerSet& markers) {
  PathSetup s;
  const int n = markers.count;
  s.count = n;
  s.next.fill(kNone);
  s.order.fill(0);
  s.orderFilled.fill(false);
  s.time.fill(0.0f);
  if (n < 2) return s;
  // Step 2: each marker's "next" is the other marker with the highest positive dot product
  // between its forward axis and the direction to that marker ("Negative dot products are
  // ignored, meaning any other markers behind it won't be the next").
  for (int i = 0; i < n; ++i) {
    float best = 0.0f;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      vec3 d = markers.frames[size_t(j)].position - markers.frames[size_t(i)].position;
      float len = glm::length(d);
      if (!(len > 0.0f))
        continue;  // coincident markers have no direction (the game's NaN never wins)
      float dot = glm::dot(d / len, markers.frames[size_t(i)].forward);
      if (dot > best) {
        best = dot;
        s.next[size_t(i)] = int8_t(j);
      }
    }
  }
  for (int i = 0; i < n; ++i) s.chainEnds += s.next[size_t(i)] == kNone ? 1 : 0;
  s.closedLoop = s.chainEnds == 0;
  // Step 3: fill the order table from the last slot back. The last slot gets the chain end;
  // each earlier slot the marker whose next is the one just placed. A slot with no such marker
  // stays as the game leaves it (marker 0) and the search restarts from the chain end.
  int previous = kNone;
  for (int slot = n - 1; slot >= 0; --slot) {
    int found = kNone;
    for (int k = n - 1; k >= 0; --k) {
      if (s.next[size_t(k)] == previous) {
        found = k;
        break;
      }
    }
    if (found != kNone) {
      s.order[size_t(slot)] = int8_t(found);
      s.orderFilled[size_t(slot)] = true;
    }
    previous = found;
  }
  for (int i = 0; i < n; ++i) {
    bool used = false;
    for (int k = 0; k < n; ++k) used = used || s.order[size_t(k)] == i;
    s.unused[i] = !used;
  }
  // Step 4: total length as the sum of segment (chord) lengths.
  s.total = 0.0f;
  for (int k = 0; k + 1 < n; ++k) {
    s.total += glm::distance(markers.frames[size_t(s.order[size_t(k)])].position,
                             markers.frames[size_t(s.order[size_t(k + 1)])].position);
    s.time[size_t(k + 1)] = s.total;
  }
  return s;
}

namespace {

struct Newton {
  float d1, d2, d3;
};

// The divided differences of nonuniformCubic, in its order of operations.
Newton newton(float f0, float f1, float f2, float f3, float t0, float t1, float t2, float t3) {
  float d3 = (f3 - f2) / (t3 - t2);
  float d2 = (f2 - f1) / (t2 - t1);
  float d1 = (f1 - f0) / (t1 - t0);
  d3 = (d3 - d2) / (t3 - t1);
  d2 = (d2 - d1) / (t2 - t0);
  d3 = (d3 - d2) / (t3 - t0);
  return {d1, d2, d3};
}

// The window of entry `w`: n == 2 one window; n == 3 window 0 for segment 0, window 1 otherwise;
// n >= 4 the 4-marker run around interval w.
Window makeWindow(const MarkerSet& markers, const PathSetup& setup, int w, bool helperZFromY) {
  Window win;
  const int n = setup.count;
  const auto& time = setup.time;
  const auto& f = markers.frames;
  if (n == 2) {
    put(win, 0, f[0], time[0]);
    put(win, 3, f[1], time[1]);
    helper(win, 1, 0, 3, 0.25f, helperZFromY);
    helper(win, 2, 0, 3, 0.75f, helperZFromY);
  } else if (n == 3) {
    put(win, 0, f[0], time[0]);
    put(win, 3, f[2], time[2]);
    if (w == 0) {
      put(win, 1, f[1], time[1]);
      helper(win, 2, 1, 3, 0.5f, helperZFromY);
    } else {
      // Segment 1 (and t at the very end, where the game reads uninitialized helper points).
      put(win, 2, f[1], time[1]);
      helper(win, 1, 0, 2, 0.5f, helperZFromY);
    }
  } else {
    int first = w, last = w + 1;
    while (last - first + 1 < 4) {
      if (first > 0) first--;
      if (last < n - 1) last++;
    }
    for (int k = 0; k < 4; ++k)
      put(win, k, f[size_t(setup.order[size_t(first + k)])], time[size_t(first + k)]);
  }
  return win;
}

}  // namespace

float nonuniformCubic(float f0, float f1, float f2, float f3, float t0, float t1, float t2,
                      float t3, float t) {
  Newton d = newton(f0, f1, f2, f3, t0, t1, t2, t3);
  return newtonEval(f0, d.d1, d.d2, d.d3, t0, t1, t2, t);
}

PathTable buildPathTable(const MarkerSet& markers, const PathSetup& setup, bool helperZFromY) {
  PathTable table;
  const int n = setup.count;
  table.count = n;
  table.time = setup.time;
  if (n < 2) {
    table.fixed.position = markers.frames[0].position;
    table.fixed.up = markers.frames[0].up;
    table.fixed.side = sideOf(markers.frames[0]);
    return table;
  }
  const int windows = n == 2 ? 1 : n - 1;
  for (int w = 0; w < windows; ++w) {
    Window win = makeWindow(markers, setup, w, helperZFromY);
    PathWindow& out = table.windows[size_t(w)];
    for (int k = 0; k < 4; ++k) {
      out.knot[k] = win.knot[k];
      out.f[0][k] = win.pos[k];
      out.f[1][k] = win.up[k];
      out.f[2][k] = win.side[k];
    }
    out.singular = !distinctKnots(win);
    table.anySingular = table.anySingular || out.singular;
    const float* k = win.knot;
    for (int c = 0; c < 9; ++c) {
      const vec3* f = out.f[c / 3];
      const int a = c % 3;
      Newton d = newton(f[0][a], f[1][a], f[2][a], f[3][a], k[0], k[1], k[2], k[3]);
      out.f0[c] = f[0][a];
      out.d1[c] = d.d1;
      out.d2[c] = d.d2;
      out.d3[c] = d.d3;
    }
  }
  return table;
}

PathSample sampleLineFallback(const PathWindow& w, float t, int segment) {
  PathSample out;
  out.parentMarker = segment;
  out.singular = true;
  out.position = lineFallback(w.f[0], w.knot, t);
  out.up = lineFallback(w.f[1], w.knot, t);
  out.side = lineFallback(w.f[2], w.knot, t);
  return out;
}

PathSample samplePath(const MarkerSet& markers, const PathSetup& setup, float t,
                      bool helperZFromY) {
  return samplePath(buildPathTable(markers, setup, helperZFromY), t);
}

}  // namespace fx::glow
