// Sensor readings as JSON (docs/sensors.md), one writer for the CLI's run
// summary and --out frames, the WASM module and the Python module:
//
//   joint         {"name", "type": "joint", "time", "step", "count",
//                  "joints": [name, ...],  (summary only)
//                  "position": [...], "velocity": [...], "effort": [...]}
//   force_torque  {"name", "type": "force_torque", "time", "step", "count",
//                  "body": name,  (summary only)
//                  "force": [fx, fy, fz] (N), "torque": [tx, ty, tz] (N m)}
//   tactile       {"name", "type": "tactile", "time", "step", "count",
//                  "body": name, "rows", "cols",  (summary only)
//                  "taxels": [rows x cols, row-major] (N), "total": N}
//
// time is when the reading was taken (s) and step the step it was taken
// after; count the readings taken so far (0: none yet). With names, the
// force/torque and tactile sensors also give their frame S in the world now
// ("position" m, "orientation" [w, x, y, z]: the page draws the wrench and
// the pads there). Frames leave out the names, sizes and frames to stay small.
#pragma once

#include <nlohmann/json.hpp>

#include "core/world/world.h"

namespace grasplab {

nlohmann::ordered_json SensorReadingJson(const World& world, int sensor, bool with_names);
// Every sensor's, in declaration order ([] without sensors).
nlohmann::ordered_json SensorsJson(const World& world, bool with_names);

}  // namespace grasplab
