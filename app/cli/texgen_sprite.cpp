// Placeholder until 'fxview texgen sprite' lands.
#include "app/cli/texgen.h"

namespace fx::cli {

void registerTexgenSprite(CLI::App&, int&) {}

}  // namespace fx::cli
