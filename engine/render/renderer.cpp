// Placeholder until the renderer lands.
#include "engine/render/renderer.h"
