// Forward dynamics by the articulated-body algorithm (Featherstone 2008,
// Table 7.1), O(n): the joint accelerations qdd = H^-1 (tau - C + J^T f_ext),
// Chardonnet et al. (seed 003) eq. 1's free acceleration when f_ext holds no
// contact forces. Gravity and the base's motion enter through a_base as in
// rnea.h.
#pragma once

#include "core/multibody/articulated_data.h"

namespace grasplab {

// After UpdateKinematics. Fills the articulated inertias (IA, U, d) that the
// seed-003 operational-space recursions reuse (operational_inertia.h).
void ForwardDynamics(const ArticulatedModel& model, ArticulatedData* data, const double* tau,
                     const SpatialVector& a_base, const SpatialVector* f_ext, double* qdd);

}  // namespace grasplab
