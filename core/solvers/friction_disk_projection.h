// The friction disk projection of the exact-cone Gauss-Seidel
// (solvers/pgs_cone_solver.h), part of stage kSolveIslands: a sliding
// contact's tangential impulse is the point of the disk |x| <= L nearest to
// the sticking impulse s in the metric of the contact's 2x2 tangential
// Delassus block T = [a b; b d] (symmetric positive definite):
//
//   x* = argmin (x - s)^T T (x - s)  subject to  |x| <= L,   |s| > L > 0.
//
// KKT: T (x - s) + k x = 0 with k >= 0 and |x| = L, i.e. the slip velocity
// left, T (x - s) = -k x, opposes the friction impulse (maximal dissipation,
// the Coulomb law at a sliding contact). So x(k) = (T + k I)^-1 c with
// c = T s, and k is the root of the secular equation |x(k)| = L. With T's
// eigenvalues l1 >= l2 > 0 and c's components c1', c2' on its eigenvectors,
//
//   |x(k)|^2 = c1'^2 / (l1 + k)^2 + c2'^2 / (l2 + k)^2,
//
// a rational function with two poles left of 0. As in More and Sorensen's
// trust-region step (Nocedal and Wright, Numerical Optimization, 2nd ed.,
// section 4.3, algorithm 4.3), Newton's method is run on
//
//   phi(k) = 1 / |x(k)| - 1 / L,   phi'(k) = x^T (T + k I)^-1 x / |x|^3,
//
// which is increasing and concave in k (1/|x(k)| is a power mean of exponent
// -2 of the affine (l_i + k) / |c_i'|), and exactly linear when T is
// isotropic (l1 = l2): one step solves that case. From a start left of the
// root, the tangent of a concave increasing function lies above it, so every
// Newton iterate stays left of the root and they increase monotonically to
// it, quadratically. The start is the bracket's lower end: since
// |c| / (l1 + k) <= |x(k)| <= |c| / (l2 + k),
//
//   max(0, |c| / L - l1) <= k* <= |c| / L - l2.
//
// The iteration stops when |x(k)| <= L (1 + 4 eps) (the root to rounding:
// closer, the steps only creep by ulps of k) or k stops increasing; then
// x(k) is scaled onto the circle |x| = L exactly.
// Units: T in (m/s)/(N s) (its metric's units cancel), s, L, x in N s.
//
// Determinism: plain arithmetic and std::sqrt (IEEE correctly rounded) only,
// so native and WASM give the same bits.
#pragma once

namespace grasplab {

struct DiskProjection {
  double x1 = 0.0, x2 = 0.0;  // the projected impulse, |x| = L (N s)
  double k = 0.0;             // the multiplier of |x| <= L (1 / (m/s per N s) units of T)
  int iterations = 0;         // Newton steps taken
};

// Newton's method on the secular equation (above). Requires a > 0,
// a d - b^2 > 0, L > 0 and |s| > L (the caller has tested the sticking
// impulse against the disk).
DiskProjection ProjectOntoFrictionDisk(double a, double b, double d, double s1, double s2, double L);

}  // namespace grasplab
