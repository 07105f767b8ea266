// The operational-space inverse inertia between constraint rows on one tree:
// the Delassus block G = J H^-1 J^T that the contact solvers need
// (Chardonnet et al., seed 003, eq. 2's Lambda^-1, there between contact
// points; here between any rows, each a wrench on a body). Two routes:
//
//   LTDL (Featherstone 2005, "the efficient calculation of J H^-1 J^T"):
//     g_k = J^T F_k along the body's ancestors, y_k = L^-T g_k (nonzero only
//     on those ancestors), G_ik = sum_j y_ij y_kj / D_j.
//   ABA (seed 003, section 3.1 eq. 5, "Chardonnet et al."'s route with the
//     new method's reuse): with the articulated inertias of the free-
//     acceleration pass kept, the second and third recursions run again
//     with qd = 0, tau = 0, g = 0 and a unit spatial force on each
//     contacting body, six times per body; the six resulting accelerations
//     of every other contacting body are the columns of Omega (eq. 3),
//     and G_ik = F_i^T Omega F_k (eq. 4).
//
// Rows are wrenches F_W = [n; f] in world coordinates about the world
// origin: a row whose rate is a . v_p (v_p the velocity of point p of the
// body) is F_W = [p x a; a]; an angular row b . w is [b; 0]. The rate of a
// row is F_W . V_W, V_W the body's spatial velocity in the world.
// bench/dynamics_bench.cc times both on the bundled hands.
#pragma once

#include <span>
#include <vector>

#include "core/multibody/articulated_data.h"

namespace grasplab {

struct TreeRow {
  int body = -1;
  SpatialVector F_W = SpatialVector::Zero();
};

// G (m x m, row-major) by the LTDL route, after ComputeMassMatrix and
// FactorLtdl. Y (m x n) holds L^-T J^T on return.
void InverseInertiaLtdl(const ArticulatedModel& model, const ArticulatedData& data, std::span<const TreeRow> rows,
                        std::vector<double>* Y, std::vector<double>* G);

// G by the seed-003 route, after ForwardDynamics (its articulated
// inertias). `omega` is scratch (6x6 per ordered pair of contacting bodies).
void InverseInertiaAba(const ArticulatedModel& model, ArticulatedData* data, std::span<const TreeRow> rows,
                       std::vector<SpatialMatrix>* omega, std::vector<double>* G);

}  // namespace grasplab
