// GPU timer queries around the scene's draws (Renderer::beginGpuTimer / endGpuTimer, split by
// owner with setGpuSpans; the viewer's Cost panel): see GpuTimers in renderer_internal.h.
#include <algorithm>
#include <map>

#include "engine/render/renderer_internal.h"

namespace fx::render {

GpuTimers::~GpuTimers() {
  if (supported != 1 || !glDeleteQueries) return;
  for (Frame& f : frames)
    for (auto& [o, id] : f.queries) spare.push_back(id);
  if (!spare.empty()) glDeleteQueries(GLsizei(spare.size()), spare.data());
}

void GpuTimers::switchTo(int32_t to) {
  if (running < 0 || (open && owner == to)) return;
  if (open) glEndQuery(GL_TIME_ELAPSED);
  GLuint id = 0;
  if (spare.empty()) {
    glGenQueries(1, &id);
  } else {
    id = spare.back();
    spare.pop_back();
  }
  glBeginQuery(GL_TIME_ELAPSED, id);
  frames[running].queries.push_back({to, id});
  owner = to;
  open = true;
}

int32_t GpuTimers::ownerOf(size_t index, size_t Renderer::GpuSpan::*first) const {
  int32_t found = -1;
  for (const Renderer::GpuSpan& s : spans) {  // in draw order, firsts never decrease
    if (s.*first > index) break;
    found = s.owner;
  }
  return found;
}

namespace {

bool checkSupport(GpuTimers& t, bool wanted) {
  if (t.supported >= 0) return t.supported == 1;
  t.supported = 0;
  if (!wanted || !GLAD_GL_VERSION_3_3 || !glGenQueries || !glBeginQuery || !glEndQuery ||
      !glGetQueryObjectui64v || !glGetQueryiv || !glGetQueryObjectiv)
    return false;
  GLint bits = 0;
  glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
  if (bits <= 0) return false;
  t.supported = 1;
  return true;
}

// Reads every pending frame whose results are all there; never waits.
void collect(GpuTimers& t) {
  for (int i = 0; i < GpuTimers::kSlots; ++i) {
    GpuTimers::Frame& f = t.frames[i];
    if (!f.pending || i == t.running) continue;
    bool ready = true;
    for (auto& [o, id] : f.queries) {
      GLint available = 0;
      glGetQueryObjectiv(id, GL_QUERY_RESULT_AVAILABLE, &available);
      if (!available) ready = false;
    }
    if (!ready) continue;
    std::map<int32_t, double> byOwner;
    double total = 0.0;
    for (auto& [o, id] : f.queries) {
      GLuint64 ns = 0;
      glGetQueryObjectui64v(id, GL_QUERY_RESULT, &ns);
      byOwner[o] += double(ns) * 1e-6;
      total += double(ns) * 1e-6;
      t.spare.push_back(id);
    }
    f.queries.clear();
    f.pending = false;
    t.lastMs = total;
    t.lastOwners.assign(byOwner.begin(), byOwner.end());
  }
}

}  // namespace

void Renderer::beginGpuTimer() {
  GpuTimers& t = impl_->timers;
  if (t.running >= 0 || !checkSupport(t, impl_->options.gpuTimers)) return;
  collect(t);
  if (t.frames[t.next].pending) return;  // its results are not back yet: this frame goes untimed
  t.running = t.next;
  t.next = (t.next + 1) % GpuTimers::kSlots;
  t.switchTo(-1);
}

void Renderer::endGpuTimer() {
  GpuTimers& t = impl_->timers;
  if (t.running < 0) return;
  if (t.open) glEndQuery(GL_TIME_ELAPSED);
  t.open = false;
  t.frames[t.running].pending = true;
  t.running = -1;
}

std::optional<double> Renderer::gpuMs() const {
  return impl_->timers.lastMs;
}

bool Renderer::gpuTimersSupported() const {
  return checkSupport(impl_->timers, impl_->options.gpuTimers);
}

void Renderer::setGpuSpans(std::vector<GpuSpan> spans) {
  impl_->timers.spans = std::move(spans);
}

std::vector<std::pair<int32_t, double>> Renderer::gpuOwnerMs() const {
  return impl_->timers.lastOwners;
}

}  // namespace fx::render
