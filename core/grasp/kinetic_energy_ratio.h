// The kinetic-energy ratio of Zechmair & Morel (section 5, Figures 5-6): the
// kinetic energy of a grasped object from its simulated velocities, over the
// kinetic energy it would have moving rigidly with the gripper (no relative
// motion between object and gripper):
//   T      = 1/2 m |v|^2 + 1/2 w^T I_W w                       (simulated)
//   T_grip = 1/2 m |v_r + w_r x (x - x_r)|^2 + 1/2 w_r^T I_W w_r
// with (v_r, w_r) the twist of the reference body r (the gripper's palm: a
// robot's root link) at its centre x_r, and x, I_W the object's centre and
// world inertia. 1 is ideal; above 1 is parasitic motion ("wobble creep",
// jitter) the contact model adds. Undefined (defined = false) while the
// gripper is nearly at rest, T_grip <= min_expected.
#pragma once

#include "core/world/world.h"

namespace grasplab {

struct KineticEnergyRatio {
  double actual = 0.0;    // J, T
  double expected = 0.0;  // J, T_grip
  bool defined = false;
  double ratio = 0.0;     // T / T_grip when defined, else 0
};

KineticEnergyRatio ComputeKineticEnergyRatio(const World& world, BodyId object, BodyId reference,
                                             double min_expected = 1e-9);

}  // namespace grasplab
