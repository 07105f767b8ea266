// The columns of D in the polyhedral friction cone of Miller & Christensen
// eq. 4: u unit directions spaced evenly in the tangent plane,
//     d_k = cos(2 pi k / u) t1 + sin(2 pi k / u) t2,   k = 0 .. u-1,
// so -d is a column whenever d is (u even). The cone it describes is the
// polygon inscribed in the Coulomb circle of radius mu c_n, with vertices
// on the d_k: in the worst direction (between two edges) the friction limit
// is mu cos(pi / u), i.e. anisotropy of
//     u = 4: 29.3 %   u = 6: 13.4 %   u = 8: 7.6 %   u = 12: 3.4 %   u = 16: 1.9 %
// weaker than mu, best along the edges. Default u = 8 (the paper's
// "configurable number of edges"; 4 is allowed).
#pragma once

#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

// u must be 4, 6, 8, 12 or 16 (their cosines and sines come from sqrt
// only, so the directions are bit-identical on every platform).
Status ValidateFrictionDirections(int u, const std::string& field);

// Appends the u directions for unit normal n.
void FrictionDirections(const Vec3& n, int u, std::vector<Vec3>* out);

// d_k's coordinates in the tangent basis (TangentBasis(n): t1, t2):
// d_k = cos_k t1 + sin_k t2, the very numbers FrictionDirections uses.
void FrictionDirectionCoefficients(int u, int k, double* cos_k, double* sin_k);

// All u of them at once: cos_k = cos[k], sin_k = sin[k] for k < u, the
// same numbers (static storage; u valid as above).
void FrictionDirectionTable(int u, const double** cos, const double** sin);

// mu cos(pi / u) / mu: the weakest fraction of the Coulomb limit.
double FrictionConeInscribedRatio(int u);

}  // namespace grasplab
