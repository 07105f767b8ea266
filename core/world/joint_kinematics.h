// The World's joint coordinates and rates, from the body poses and the
// velocities being solved: q of every joint after a position step (revolute
// angles unwrapped against the last step, so a joint turning past +-pi keeps
// counting), and q_dot along a joint's axis.
#pragma once

#include <span>

#include "core/world/world_data.h"

namespace grasplab {

// Joint j's coordinate at the current poses, unwrapped against
// state.joints[j].position (rad or m).
double TrialJointPosition(const WorldModel& model, const WorldState& state, JointId j);

// Every joint's position from the current poses (TrialJointPosition).
// Joints marked in `skip` (the reduced formulation's tree joints, whose
// coordinates are the state) keep theirs.
void UpdateJointPositions(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> skip = {});

// q_dot of joint j (rad/s or m/s) from the velocity bodies (world-indexed).
double JointRate(const WorldModel& model, const WorldState& state, std::span<const VelocityBody> bodies, JointId j);

}  // namespace grasplab
