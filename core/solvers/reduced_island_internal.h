// What solvers/reduced_island.cc and its reduced-formulation path,
// solvers/reduced_island_trees.cc, share: W applied to one body, the dense
// Cholesky factor of S with redundant rows skipped, and the tree path's two
// entry points. Not for other callers.
#pragma once

#include <vector>

#include "core/solvers/reduced_island.h"

namespace grasplab::internal {

// W = M^-1 applied to a 6-vector [f; tau] of the body.
Vec6 ApplyW(const VelocityBody& body, const Vec6& j);
// The body's velocity 6-vector [v; w].
Vec6 Velocity(const VelocityBody& body);
// S = L L^T in place (lower triangle), skipping pivots below 1e-12 of the
// largest diagonal entry (redundant rows: their column of L is zeroed and
// `active` false).
void Cholesky(std::vector<double>* S, int n, std::vector<char>* active, std::vector<int>* nz_scratch);
// Solves L L^T x = b in place, with inactive (redundant) rows set to 0.
void CholeskySolve(const std::vector<double>& L, int n, const std::vector<char>& active, std::vector<double>* b);

// G's upper triangle from its lower one (n x n, row-major): G is
// exactly symmetric, each pair of entries one number.
void MirrorLower(std::vector<double>* G, int n);

// ReduceIsland and FinishIsland when IslandSystem::trees is not empty.
void ReduceIslandTrees(const IslandSystem& sys, const std::vector<JacobianRow>& H, ReducedIsland* out);
void FinishIslandTrees(IslandSystem* sys, const std::vector<JacobianRow>& H, ReducedIsland* red, const double* z,
                       std::vector<double>* joint_impulses);

}  // namespace grasplab::internal
