// What every velocity-level island solver shares (Miller & Christensen eqs.
// 18-21): the joint equalities J v^{l+1} = e_j are eliminated once through
// S = J W J^T (W = M^-1), leaving the velocity as an affine function of the
// impulses z along the solver's own rows H (limits, contact normals and
// tangents, bounded rows):
//   v^{l+1} = v_c + A H^T z,   v_c = v* + W J^T S^-1 (e_j - J v*),
//   A = W - W J^T S^-1 J W.
// The Lemke LCP (lcp_solver.h) and the exact-cone Gauss-Seidel
// (pgs_cone_solver.h) differ only in their rows and in how they find z.
//
// Redundant joint rows (closed chains) make S singular; its Cholesky
// factorisation skips pivots below 1e-12 of the largest diagonal, which
// drops the redundant rows' impulses (they are implied by the others).
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/jacobian_row.h"
#include "core/solvers/block_gram.h"
#include "core/solvers/lcp_solver.h"

namespace grasplab {

// Entry i of one of IslandSystem's optional per-row vectors (friction
// targets, compliances), 0 where it is shorter or empty.
inline double OptionalEntry(const std::vector<double>& v, int i) {
  return i < static_cast<int>(v.size()) ? v[i] : 0.0;
}

// Row . (island velocity vector, 6 per body, dense).
double RowDot(const JacobianRow& r, const double* v);
inline double RowDot(const JacobianRow& r, const std::vector<double>& v) { return RowDot(r, v.data()); }

// Adds s * W row^T into the dense island vector v (6 per body).
void AddWRowT(const std::vector<VelocityBody*>& bodies, const JacobianRow& r, double s, double* v);

// The rate of contact c's relative velocity along d: (v_a + w_a x r_a -
// v_b - w_b x r_b) . d.
JacobianRow ContactRow(const IslandSystem& sys, int c, const Vec3& d);

// rho (w_a - w_b) . n: the spin at contact c, as a velocity at radius rho.
JacobianRow TorsionRow(const IslandSystem& sys, int c, double rho);

// (w_a - w_b) . t: contact c's rolling about the tangent t (rad/s; the
// rolling resistance rows, solvers/pgs_cone_solver.h).
JacobianRow RollingRow(const IslandSystem& sys, int c, const Vec3& t);

// With S = L L^T (Cholesky) and Y = L^-1 J W (mj x N), A = W - Y^T Y, so
// the rows' coupling is
//   G = H A H^T = H W H^T - Z^T Z,   Z = Y H^T (mj x mh),
// where H W H^T is sparse (rows meet only on shared bodies, 12 flops per
// pair) and Z costs 12 mj per row. Forming Y once (mj^2 N / 2) replaces a
// Cholesky solve per row (mj^2 each): on the Barrett hand and arm
// (mj = 89 joint rows, N = 90, mh = 82) 0.74 Mflop instead of 1.4.
struct ReducedIsland {
  int N = 0;                    // 6 per body
  int mh = 0;                   // rows of H
  std::vector<double> v_free;   // v*, dense
  std::vector<double> v_c;      // the velocity with z = 0
  std::vector<double> G;        // H A H^T, mh x mh, row-major
  std::vector<double> Y;        // L^-1 J W, mj x N, row-major
  std::vector<double> Z;        // Y H^T, mh x mj (row r: Y h_r)
  std::vector<double> L;        // Cholesky factor of S (lower), mj x mj
  std::vector<char> active;     // S's non-redundant rows

  // Working memory of ReduceIsland and FinishIsland, kept with the results
  // so that a reused ReducedIsland allocates nothing once it has seen the
  // largest island.
  struct Scratch {
    std::vector<Vec6> WH;
    std::vector<double> t, Zt, ZZ, WHz, v, u, y;
    std::vector<int> nz;
    std::vector<std::uint64_t> body_sets;
    BlockGramScratch gram;
  };
  Scratch scratch;

  // The reduced formulation (IslandSystem::trees non-empty): generalized
  // velocities are the free bodies' 6-vectors (N entries, zero on tree
  // bodies) followed by the trees' joint rates (nq), and the inverse inertia
  // A0 is W on free bodies and H^-1 on each tree. Rows split into their free
  // blocks (Hf) and their joint-space image J^T F on the trees (Hq, nq
  // each); Yh = L^-T Hq per tree, so the trees' part of G is Yh D^-1 Yh^T.
  struct Trees {
    int nq = 0;
    std::vector<int> offset;          // per tree: its first joint rate
    std::vector<JacobianRow> Hf, Jf;  // H's and J's rows restricted to free bodies
    std::vector<double> Hq, Yh;       // mh x nq
    std::vector<double> YhT;          // nq x mh (Yh transposed)
    std::vector<double> Jq, Yj;       // mj x nq
    std::vector<double> Dinv;         // nq
    std::vector<double> U;            // mj x (N + nq): A0 J^T, then L^-1 of it (the generalized Y)
    std::vector<double> vfree, vc;    // N + nq
    std::vector<double> delta, tq;    // N + nq, nq
  };
  Trees trees;

  // (H A H^T)_{ik}: row i's rate per unit impulse along row k.
  double Coupling(int i, int k) const { return G[static_cast<std::size_t>(i) * mh + k]; }

};

// Builds v*, v_c, G, Y, Z and S's factor for the rows H.
void ReduceIsland(const IslandSystem& sys, const std::vector<JacobianRow>& H, ReducedIsland* out);

// Writes v^{l+1} = v_c + A H^T z into the bodies and the joint impulses
// c_j = S^-1 (e - J v* - J W H^T z) (N s) into joint_impulses.
void FinishIsland(IslandSystem* sys, const std::vector<JacobianRow>& H, ReducedIsland* red, const double* z,
                  std::vector<double>* joint_impulses);

}  // namespace grasplab
