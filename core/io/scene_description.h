// What a viewer needs to draw a world, sent once per scene load (not per
// frame): body names, static flags and shapes with their dimensions.
#pragma once

#include <nlohmann/json.hpp>

#include "core/world.h"

namespace grasplab {

// {"bodies": [{"name", "static", "shape": {"type", ...dimensions}}], "timestep"...}
nlohmann::ordered_json DescribeBodies(const World& world);

}  // namespace grasplab
