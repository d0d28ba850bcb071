#include "engine/core/startup_phases.h"

#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>

#include "engine/core/json.h"
#include "engine/core/platform.h"

namespace fx::startup {

namespace {

using Clock = std::chrono::steady_clock;

double processAge() {
  return platform::processAgeSeconds();
}

double processCpuSeconds() {
  return platform::processCpuSeconds();
}

struct Recorder {
  std::mutex lock;
  Clock::time_point last = Clock::now();  // at static initialization: before main()
  double lastCpu = processCpuSeconds();
  double cpuBeforeFirst = lastCpu;
  double beforeFirst = processAge();
  std::vector<Phase> phases;
  std::vector<Phase> spans;
  std::filesystem::path reportPath;
};

double nowSeconds() {
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

void addTo(std::vector<Phase>& list, std::string_view name, double seconds, double cpu) {
  for (Phase& p : list)
    if (p.name == name) {
      p.seconds += seconds;
      p.cpuSeconds += cpu;
      return;
    }
  list.push_back({std::string(name), seconds, cpu});
}

Recorder& recorder() {
  static Recorder r;
  return r;
}

// Made at load time, so the first phase starts before main() runs.
[[maybe_unused]] const bool kStarted = (recorder(), true);

}  // namespace

void mark(std::string_view name) {
  Recorder& r = recorder();
  std::lock_guard guard(r.lock);
  const Clock::time_point now = Clock::now();
  const double seconds = std::chrono::duration<double>(now - r.last).count();
  const double cpu = processCpuSeconds();
  r.last = now;
  addTo(r.phases, name, seconds, cpu - r.lastCpu);
  r.lastCpu = cpu;
}

Span::Span(std::string_view name)
    : name_(name), start_(nowSeconds()), startCpu_(processCpuSeconds()) {}

Span::~Span() {
  Recorder& r = recorder();
  const double seconds = nowSeconds() - start_, cpu = processCpuSeconds() - startCpu_;
  std::lock_guard guard(r.lock);
  addTo(r.spans, name_, seconds, cpu);
}

std::vector<Phase> spans() {
  Recorder& r = recorder();
  std::lock_guard guard(r.lock);
  return r.spans;
}

void reportTo(const std::filesystem::path& path) {
  Recorder& r = recorder();
  std::lock_guard guard(r.lock);
  r.reportPath = path;
}

std::string finish() {
  mark("teardown");
  std::filesystem::path path;
  {
    Recorder& r = recorder();
    std::lock_guard guard(r.lock);
    path = r.reportPath;
  }
  return path.empty() ? std::string() : writeReport(path);
}

std::vector<Phase> phases() {
  Recorder& r = recorder();
  std::lock_guard guard(r.lock);
  return r.phases;
}

double sinceProcessStart() {
  return recorder().beforeFirst;
}

std::string writeReport(const std::filesystem::path& path) {
  auto row = [](const Phase& p) {
    return Json{{"name", p.name}, {"seconds", p.seconds}, {"cpu_seconds", p.cpuSeconds}};
  };
  Json list = Json::array();
  double total = sinceProcessStart();
  for (const Phase& p : phases()) {
    list.push_back(row(p));
    total += p.seconds;
  }
  Json within = Json::array();
  for (const Phase& p : spans()) within.push_back(row(p));
  Json out = {{"before_main_seconds", sinceProcessStart()},
              {"before_main_cpu_seconds", recorder().cpuBeforeFirst},
              {"phases", list},
              {"within", within},
              {"total_seconds", total}};
  return writeFileAtomic(path, out.dump(2) + "\n");
}

}  // namespace fx::startup
