// What a viewer needs to draw a world, sent once per scene load (not per
// frame): body names, static flags, masses (kg, 0 for static) and shapes with their dimensions.
#pragma once

#include <nlohmann/json.hpp>

#include "core/world/world.h"

namespace grasplab {

// {"bodies": [{"name", "static", "mass", "shape": {"type", ...dimensions}}], "timestep"...}
nlohmann::ordered_json DescribeBodies(const World& world);

}  // namespace grasplab
