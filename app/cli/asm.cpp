// Placeholder until the 'asm' command lands.
#include "app/cli/common.h"

namespace fx::cli {

void registerAsm(CLI::App&, int&) {}

}  // namespace fx::cli
