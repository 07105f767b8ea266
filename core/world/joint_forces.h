// Stage kJointForces, Miller & Christensen section 4 steps 7-8: the joint
// efforts that are known before the solve, as impulses on the free
// velocities, equal and opposite on a joint's two bodies along or about its
// axis:
//   - a constant motor effort (World::SetJointEffort), h tau;
//   - the viscous part of joint friction (eq. 14), v q_dot, explicit, clamped
//     so that one step cannot reverse q_dot.
// The Coulomb part of eq. 14 and the PD motors are not here: they are
// bounded rows of the island problem (world/island_assembly.h), so they
// stick exactly and are solved together with the contacts.
#pragma once

#include <cstdint>
#include <span>

#include "core/world/world_data.h"

namespace grasplab {

// Joints marked in `skip` (the reduced formulation's tree joints, whose
// efforts and viscous friction enter the trees' joint torques) are left out.
void ApplyJointForces(const WorldModel& model, const WorldState& state, double h, std::vector<VelocityBody>* bodies,
                      std::span<const std::uint8_t> skip = {});

}  // namespace grasplab
