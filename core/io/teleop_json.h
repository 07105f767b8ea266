// A teleoperation session as JSON (docs/teleoperation.md): what the page
// puts in a link (#...&teleop=...), the WASM module and the Python module
// read, and the CLI replays. Records, not poses:
//
//   {"format": "grasplab-teleop", "version": 1,
//    "commands": [{"step": 0, "velocity": [vx, vy, vz], "angularVelocity": [wx, wy, wz], "closure": c}, ...]}
//
// step: the step count at which the record applies (a whole number, not
// decreasing); velocity (m/s) and angularVelocity (rad/s): the wrist's,
// world frame, z-up, absent = zero; closure in [0, 1], required. Doubles are
// written with 17 significant digits (nlohmann's shortest round trip), so
// writing and reading give the same bits.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/control/teleop_command.h"
#include "core/scene/scene.h"

namespace grasplab {

// Parses a session; errors name "<prefix>.commands[i].closure" etc. and
// the problem. Steps are checked to be whole, >= 0 and not decreasing.
StatusOr<TeleopSession> ParseTeleopSessionJson(std::string_view text, const std::string& prefix = "teleop");

nlohmann::ordered_json TeleopSessionJson(const TeleopSession& commands);

// The scene's teleoperation set-up for the page: {"robot", "workspace":
// {"min", "max"}, "maxSpeed", "maxAngularSpeed", "timeConstant", "records",
// "engaged"}, or null without a "teleop" entry.
nlohmann::ordered_json TeleopDescriptionJson(const Scene& scene);

}  // namespace grasplab
