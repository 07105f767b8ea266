// The tree-sparse factorisation H = L^T D L of the joint-space inertia
// (Featherstone, "Efficient factorization of the joint-space inertia matrix
// for branched kinematic trees", IJRR 24(6), 2005; Rigid Body Dynamics
// Algorithms Table 6.3). With parent(i) < i, L (unit lower triangular) has
// the sparsity of H's lower triangle: no fill-in, O(n d) work for depth d.
// Solves run along the ancestor chains:
//   L^-T x: for i = n-1..0, for j ancestor of i: x_j -= L_ij x_i
//   L^-1 x: for i = 0..n-1, for j ancestor of i: x_i -= L_ij x_j
// Written here (not Eigen's dense LDLT): the sparsity is the tree's, and the
// operation order must be fixed for native = WASM.
#pragma once

#include "core/multibody/articulated_data.h"

namespace grasplab {

// Factors data->H into data->ltdl. Returns -1, or the first body (from the
// leaves) whose pivot D_kk is not above 1e-12 of H's largest diagonal entry
// (a massless subtree): H is then singular and the factor unusable.
int FactorLtdl(const ArticulatedModel& model, ArticulatedData* data);

// x <- L^-T x, D^-1 x, L^-1 x, and H^-1 x = L^-1 D^-1 L^-T x (n entries).
void ApplyLtdlInverseTranspose(const ArticulatedModel& model, const ArticulatedData& data, double* x);
void ApplyDInverse(const ArticulatedData& data, double* x);
void ApplyLtdlInverse(const ArticulatedModel& model, const ArticulatedData& data, double* x);
void SolveLtdl(const ArticulatedModel& model, const ArticulatedData& data, double* x);

// (H^-1)_ii, the response of qd_i to a unit impulse on joint i alone
// ((rad/s)/(N m s) or (m/s)/(N s)): SolveLtdl of the unit vector e_i, read
// at i, but only along i's ancestor chain (the only entries that reach x_i),
// O(d^2) instead of O(n d). The same operations in the same order as the
// full solve on those entries, so the same bits. `chain` holds n doubles.
double InverseInertiaDiagonal(const ArticulatedModel& model, const ArticulatedData& data, int i, double* chain);

}  // namespace grasplab
