// The six-axis force/torque sensor (stage kSensors, world/sensor_suite.h):
// the wrench that the bodies below a sensor (its body and everything jointed
// below it) exert on what holds them, as a strain-gauge sensor between a
// robot's wrist and its hand measures it.
//
// It is computed from the momentum balance of those bodies over the step,
// not from the solver's rows, so it is the same formula for both
// formulations and every contact model. With B the bodies below the sensor,
// m_i, x_i, v_i, L_i = I_W(q) w_i each body's mass, centre of mass,
// velocity and angular momentum (the step's q^{l+1}; primes after the step,
// plain before), and p the sensor origin, the impulse J, K (about p) that
// the holder gave B over the step h is
//
//   J = sum_i m_i (v_i' - v_i) - h sum_i m_i g - sum_c f_c - h f_drag
//   K = sum_i [L_i' - L_i + (x_i - p) x m_i (v_i' - v_i)]
//       - h sum_i (x_i - p) x m_i g - sum_c [(p_c - p) x f_c + n_c tau_c] - h (x_d - p) x f_drag
//
// with f_c, tau_c the impulses of the step's contacts between a body of B
// and a body outside it (contacts within B cancel), applied at p_c, and
// the drag spring's force when it pulls a body of B at x_d. In the maximal
// formulation this is the solver's own equation M (v' - v) = h k + J^T
// lambda summed over B, so J and K are exactly the impulses of the rows of
// the joint that holds B (its constraint, limit and motor rows together)
// plus any constant effort on it. In the reduced formulation it is the
// discrete balance of the trees' continuous dynamics: exact at rest, within
// O(h) of the joint's wrench while accelerating.
//
// The reading is what B exerts on its holder, the opposite of what the
// holder exerts on B:
//
//   F = -J / h (N),   T = -K / h (N m),
//
// so a hand hanging still from the sensor reads its weight, F = m g (pointing
// down in the world, along the sensor's -z when the sensor's z points up),
// plus the weight of what it holds. With gravity compensation the weight of
// B itself, sum_i m_i g at x_i, is subtracted: a tared sensor that reads
// the payload and the accelerations.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/control/drag_spring.h"
#include "core/world/world_data.h"

namespace grasplab {

// The body and every body jointed below it (following joints from parent
// to child, repeatedly), in index order; in_below[i] = 1 for those.
std::vector<BodyId> BodiesBelow(const WorldModel& model, BodyId body, std::vector<std::uint8_t>* in_below);

// Linear momentum m v (kg m/s) and angular momentum about the centre of
// mass I_W(q) w (kg m^2/s) of one body.
struct BodyMomentum {
  Vec3 P = Vec3::Zero();
  Vec3 L = Vec3::Zero();
};
BodyMomentum Momentum(const WorldModel& model, const WorldState& state, BodyId body);

struct WrenchW {
  Vec3 force = Vec3::Zero();   // N, world axes
  Vec3 torque = Vec3::Zero();  // N m, world axes, about the sensor origin
};

// F and T of the header, in world axes, for the step of length h just taken,
// from the momenta `before` (indexed by body) and the state after it.
WrenchW SensorWrench(const WorldModel& model, const WorldState& state, std::span<const BodyId> below,
                     std::span<const std::uint8_t> in_below, std::span<const BodyMomentum> before,
                     const DragSpring& drag, double h, const Vec3& p_W, bool gravity_compensation);

}  // namespace grasplab
