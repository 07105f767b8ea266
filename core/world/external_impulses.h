// Stage kExternalImpulses, Miller & Christensen section 4 step 6: the free
// velocities v* = v^l + h M^-1 k of every dynamic body, in velocity bodies at
// the positions q^{l+1} (inverse mass, world inverse inertia), with k
// gravity and the gyroscopic term, plus the mouse drag's spring-damper
// (control/drag_spring.h).
//
// Gyroscopic term: instead of the explicit h (w x I w), the angular part of
// M v^l + h k is taken as the angular momentum I_W(q^l) w^l (kept by
// IntegratePositions), expressed with the inertia at q^{l+1}:
//   w* = I_W(q^{l+1})^-1 I_W(q^l) w^l.
// This is the discrete form of d(I_W w)/dt = tau and conserves a torque-free
// body's angular momentum exactly.
#pragma once

#include <vector>

#include "core/control/drag_spring.h"
#include "core/world/world_data.h"

namespace grasplab {

// Velocity bodies from the current poses: positions, inverse mass and world
// inverse inertia (zero, at rest, for static bodies); the velocities of
// dynamic bodies are left for the caller.
void LoadVelocityBodies(const WorldModel& model, const WorldState& state, std::vector<VelocityBody>* bodies);

// LoadVelocityBodies, then v* from gravity and the gyroscopic term (header),
// then the drag spring's impulse (if drag->body >= 0).
void ExternalImpulses(const WorldModel& model, const WorldState& state, double h, StepScratch* scratch, DragSpring* drag);

}  // namespace grasplab
