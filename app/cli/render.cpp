// Placeholder until the 'render' command lands.
#include "app/cli/common.h"

namespace fx::cli {

void registerRender(CLI::App&, int&) {}

}  // namespace fx::cli
