// The joint-space inertia matrix H(q) by the composite rigid body algorithm
// (Featherstone 2008, Table 6.2): kinetic energy T = qd^T H qd / 2. H_ij is
// nonzero only when i and j lie on one branch (one is the other's ancestor).
#pragma once

#include "core/multibody/articulated_data.h"

namespace grasplab {

// H into data->H (after UpdateKinematics; uses X_up only). kg m^2, kg m or kg.
void ComputeMassMatrix(const ArticulatedModel& model, ArticulatedData* data);

}  // namespace grasplab
