// A teleoperation session as data (issue 21): the operator's commands, each
// applied at a step index of the scene's fixed time step h and held until
// the next. The simulation records these, not the poses they produce, so a
// session replays bit for bit from its list (docs/teleoperation.md): the
// same scene plus the same (step, command) records give the same state hash
// at every step natively, in WASM and in Python.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/control/teleop_filter.h"

namespace grasplab {

struct TeleopCommand {
  std::int64_t step = 0;  // applied before the step that starts at this step count
  TeleopInput input;      // held from then on
};

// Commands in order of step (equal steps allowed: the later one wins).
using TeleopSession = std::vector<TeleopCommand>;

// At most this many records per session (a minute of input changing every
// frame at 60 Hz is 3,600).
inline constexpr std::int64_t kMaxTeleopCommands = 200000;
// Component bound on velocities (m/s, rad/s) accepted from outside; the
// scene's maxSpeed then caps the norm.
inline constexpr double kMaxTeleopRate = 100.0;

// Checks one command (finite, |v|, |w| components <= kMaxTeleopRate,
// closure in [0, 1], step >= 0); messages name "<field>.step" etc.
Status ValidateTeleopCommand(const TeleopCommand& c, const std::string& field);

}  // namespace grasplab
