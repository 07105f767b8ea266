// The JSON summary of a run that `grasplab run` prints and the WASM tests
// compare against: time, steps, state hash, final pose and velocity of every
// body, contact count and warnings counters, and the sensors' last readings
// (io/sensor_json.h) when the world has sensors.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/world/world.h"

namespace grasplab {

nlohmann::ordered_json RunSummary(const std::string& scene_name, const World& world);

}  // namespace grasplab
