// Placeholder until the 'texgen' command lands.
#include "app/cli/common.h"

namespace fx::cli {

void registerTexgen(CLI::App&, int&) {}

}  // namespace fx::cli
