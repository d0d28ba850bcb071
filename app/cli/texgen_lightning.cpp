// Placeholder until 'fxview texgen lightning' lands.
#include "app/cli/texgen.h"

namespace fx::cli {

void registerTexgenLightning(CLI::App&, int&) {}

}  // namespace fx::cli
