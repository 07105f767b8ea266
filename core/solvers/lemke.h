// Lemke's complementary pivoting algorithm for the linear complementarity
// problem LCP(M, q): find z with
//     w = M z + q,   z >= 0,   w >= 0,   z^T w = 0.
// (Cottle, Pang & Stone 1992, section 4.4; the solver of Miller &
// Christensen eq. 21 and of Golle et al.'s eq. 5.)
//
// The system w - M z - d z0 = q is augmented by an artificial variable z0
// with covering vector d = 1. Starting from the basis of all w, z0 enters
// and the most negative q_i leaves, which makes the basic solution
// feasible; then the complement of each leaving variable enters, with the
// leaving row chosen by the minimum ratio test, until z0 leaves (a
// solution) or no row limits the entering column (ray termination: no
// solution along this path, possible when M is not copositive-plus).
//
// Degeneracy: ties in the ratio test are broken lexicographically on the
// rows of B^-1 (divided by the pivot column), which prevents cycling; a tie
// involving z0's row lets z0 leave at once.
//
// Representation: the basis inverse B^-1 (n x n) and the basic values are
// updated in place at each pivot (O(n^2)); at the end one step of iterative
// refinement, x_B += B^-1 (q - B x_B), removes most of the rounding
// accumulated by the updates. All loops are plain, in a fixed order, so the
// result is bit-identical native and in WASM (our own code rather than a
// library's for that reason).
//
// Memory: a LemkeSolver keeps its tableau between solves (std::vector never
// gives capacity back), so once it has solved the largest LCP of a scene,
// solving allocates nothing: the step's solver owns one.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/math/dense_lu.h"

namespace grasplab {

enum class LcpStatus {
  kSolved,          // z0 left the basis: z solves the LCP
  kRayTermination,  // the entering column has no positive entry
  kMaxPivots,       // the pivot cap was reached
  kNonFinite,       // the input or an update was not finite
  kInaccurate,      // set by callers: pivoting ended but the residual is too large
  kSingularStart,   // SolveFrom: the start basis is singular (M_SS has no LU)
};
const char* LcpStatusName(LcpStatus status);

struct LemkeSettings {
  int max_pivots = 0;              // 0: 50 n + 100
  // Covering vector d (all entries > 0); empty (or of another size than
  // the LCP) means d = 1.
  std::vector<double> covering;
  // Entries of the entering column at or below this (relative to its largest
  // entry) cannot pivot. Degenerate contact LCPs (many coplanar contacts)
  // leave rounding debris of ~1e-10 relative in columns that should be zero;
  // pivoting on it wrecks B^-1, so the default is 1e-8.
  double pivot_tolerance = 1e-8;
};

struct LcpResult {
  LcpStatus status = LcpStatus::kSolved;
  int pivots = 0;
  double residual = 0.0;  // max_i |min(z_i, w_i)|, the natural residual (see below)
};

// The solver with its working memory (the tableau, the refinement's and the
// final-basis refresh's vectors), reused from solve to solve.
class LemkeSolver {
 public:
  // As SolveLcpLemke; z must already have q's size.
  LcpResult Solve(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                  Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings,
                  std::vector<std::uint8_t>* basic = nullptr);
  // Lemke from a complementary start basis instead of all w: z_j basic
  // where start[j] != 0 (the set S, e.g. the previous step's basis), w_i
  // elsewhere. This is Lemke's method on the principal pivot transform of
  // LCP(M, q) on S (Cottle, Pang & Stone 1992, sections 2.3 and 4.4): the
  // same complementary path, from a corner that is usually a few pivots
  // from the solution instead of one pivot per active unknown. The
  // covering vector d' (settings.covering, or 1) is given in the start
  // basis: z0's column is -d' there, i.e. d = B0 d' in the original
  // tableau. The termination guarantees are those of Lemke's method for
  // the transformed matrix, which keeps P and positive semidefinite
  // matrices but not every class the cold start processes: callers fall
  // back to Solve when this ends without a solution. kSingularStart when
  // M_SS has no LU (the start cannot be a basis).
  LcpResult SolveFrom(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                      Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings,
                      const std::vector<std::uint8_t>& start, std::vector<std::uint8_t>* basic = nullptr);

 private:
  LcpResult Run(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings, const std::vector<std::uint8_t>* start,
                std::vector<std::uint8_t>* basic);
  bool StartFrom(const std::vector<std::uint8_t>& start);
  // One Solve's tableau [I, -M, -d | q] (lemke.cc).
  void EnteringColumn(int e);
  int Pivot(int row, int e);
  int RatioTest() const;
  void Refine();
  void ReadZ(Eigen::Ref<Eigen::VectorXd> z) const;
  void ResolveBasis(Eigen::Ref<Eigen::VectorXd> z, double* residual);
  void ReadBasic(std::vector<std::uint8_t>* basic) const;
  double d(int i) const { return custom_d_ ? settings_->covering[i] : 1.0; }
  // Entry (i, k) of B^-1; a unit column's entries are not stored.
  double binv(int i, int k) const {
    if (unit_col_[k]) return i == k ? 1.0 : 0.0;
    return Binv_[static_cast<std::size_t>(k) * n_ + i];
  }

  // Valid during Solve only.
  const double* M_ = nullptr;  // column-major, column stride ldm_
  Eigen::Index ldm_ = 0;
  const double* q_ = nullptr;
  const LemkeSettings* settings_ = nullptr;
  int n_ = 0;
  bool custom_d_ = false;
  double m(int i, int j) const { return M_[static_cast<std::size_t>(j) * ldm_ + i]; }

  // Variables: w_i = i, z_j = n + j, z0 = 2n.
  std::vector<int> basis_;
  // B^-1 column-major (entry (i, k) at k n + i), and the basic values x_B.
  // Column-major so that B^-1 a_e and the rank-one update run down
  // contiguous columns; every entry still sees the same operations in the
  // same order as with row-major dot products (bit-identical results).
  std::vector<double> Binv_;
  // unit_col_[k]: column k of B^-1 is exactly e_k (a w basic since the
  // start and never pivoted on); Pivot, EnteringColumn and Refine skip the
  // arithmetic such a column cannot change. Such a column is not stored:
  // its Binv_ entries are stale until Pivot writes e_k there, the first
  // time column k is pivoted on (a start costs n k instead of n^2 zeros).
  std::vector<std::uint8_t> unit_col_;
  std::vector<double> x_;
  std::vector<double> col_;
  std::vector<double> factor_;  // a pivot's multiples of its row
  std::vector<double> res_, dx_, B_, xb_, saved_x_, w_, unit_;
  std::vector<int> S_;  // SolveFrom: the start's basic z
  DenseLu lu_;
};

// Solves LCP(M, q) into *z (resized to n). On any status other than kSolved
// *z holds zeros (never NaN) and the caller falls back to another answer.
// If `basic` is given and the status is kSolved, it is set to the final
// basis: (*basic)[j] = 1 where z_j is basic (possibly at value 0 in a
// degenerate solution), for the next step's warm start
// (solvers/lcp_warm_start.h).
LcpResult SolveLcpLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Eigen::VectorXd* z,
                        const LemkeSettings& settings = {}, std::vector<std::uint8_t>* basic = nullptr);

// Natural residual max_i |min(z_i, (M z + q)_i)|: zero exactly at a solution
// (z >= 0, w >= 0, z^T w = 0); its size measures violation in the units of q.
double LcpResidual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z);
// The same with the caller's scratch for w (no allocation once it is large enough).
double LcpResidual(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                   Eigen::Ref<const Eigen::VectorXd> z, std::vector<double>* w);

}  // namespace grasplab
