// Where a process's startup goes: named phases in order, each the wall time since the previous
// mark (the first since the process was created, as the kernel dates it). `fxview render
// --startup-report FILE` and the viewer's `--startup-report FILE` write them as JSON; `fxview
// bench` (the `startup` part) reads them back. Marks are cheap (one clock read), so the phases
// are always recorded; only the report is optional.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace fx::startup {

struct Phase {
  std::string name;
  double seconds = 0.0;     // wall
  double cpuSeconds = 0.0;  // CPU time of every thread of the process (driver threads too)
};

// Ends the current phase under `name` (a phase marked twice adds up).
void mark(std::string_view name);

// Time spent inside a part of whichever phases ran it (shader compile and link, texture decode
// or generation): added up under `name`, reported beside the phases as `within`.
class Span {
 public:
  explicit Span(std::string_view name);
  ~Span();
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;

 private:
  std::string_view name_;
  double start_, startCpu_;
};
std::vector<Phase> spans();

// Asks for the report at `path` when the process finishes (finish()).
void reportTo(const std::filesystem::path& path);
// Ends the last phase as "teardown" and writes the report if one was asked for: "" or the error.
std::string finish();
// The phases so far, in first-mark order.
std::vector<Phase> phases();
// Seconds from the process's creation (fork/exec, kernel clock ticks: ~10 ms resolution) to
// the first mark's start, i.e. the time before main() plus what ran before the first mark.
double sinceProcessStart();
// {"before_main_seconds", "phases": [{"name", "seconds"}...], "within": [...],
// "total_seconds"} written atomically to `path`; "" or the error.
std::string writeReport(const std::filesystem::path& path);

}  // namespace fx::startup
