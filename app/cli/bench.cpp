// Placeholder until the 'bench' command lands.
#include "app/cli/common.h"

namespace fx::cli {

void registerBench(CLI::App&, int&) {}

}  // namespace fx::cli
