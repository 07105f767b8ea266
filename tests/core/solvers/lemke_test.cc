// Lemke's algorithm on LCPs with known solutions, degenerate problems, and
// random monotone problems checked by the complementarity residual.
#include <catch2/catch.hpp>
#include <random>

#include "core/solvers/lemke.h"

using namespace grasplab;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
VectorXd V(std::initializer_list<double> xs) {
  VectorXd v(xs.size());
  int i = 0;
  for (double x : xs) v[i++] = x;
  return v;
}
}  // namespace

TEST_CASE("Lemke: hand-made LCPs with known solutions", "[lcp][lemke]") {
  VectorXd z;
  MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  // Both active: M z = -q.
  LcpResult r = SolveLcpLemke(M, V({-5, -6}), &z);
  REQUIRE(r.status == LcpStatus::kSolved);
  CHECK(z[0] == Approx(4.0 / 3.0).epsilon(1e-14));
  CHECK(z[1] == Approx(7.0 / 3.0).epsilon(1e-14));
  CHECK(r.residual < 1e-14);
  // q >= 0: z = 0 without a pivot.
  r = SolveLcpLemke(M, V({1, 0}), &z);
  CHECK(r.pivots == 0);
  CHECK(z.isZero());
  // One active: z = (1, 0), w = (0, 2).
  M << 1, 2, 0, 1;
  r = SolveLcpLemke(M, V({-1, 2}), &z);
  REQUIRE(r.status == LcpStatus::kSolved);
  CHECK(z[0] == Approx(1.0));
  CHECK(z[1] == 0.0);
}

TEST_CASE("Lemke: degenerate problems (ties, singular PSD)", "[lcp][lemke]") {
  VectorXd z;
  // Ties in q and a singular matrix: any z1 + z2 = 1, z >= 0 solves it.
  MatrixXd M(2, 2);
  M << 1, 1, 1, 1;
  LcpResult r = SolveLcpLemke(M, V({-1, -1}), &z);
  REQUIRE(r.status == LcpStatus::kSolved);
  CHECK(z.sum() == Approx(1.0).epsilon(1e-14));
  CHECK(r.residual < 1e-14);
  // Three-way tie with the identity.
  r = SolveLcpLemke(MatrixXd::Identity(3, 3), V({-1, -1, -1}), &z);
  REQUIRE(r.status == LcpStatus::kSolved);
  CHECK(z.isApprox(V({1, 1, 1})));
  // A degenerate vertex: q has a zero, the first ratio test ties.
  M = MatrixXd::Identity(3, 3);
  M(0, 1) = 1.0;
  r = SolveLcpLemke(M, V({-1, 0, -2}), &z);
  REQUIRE(r.status == LcpStatus::kSolved);
  CHECK(r.residual < 1e-14);
}

TEST_CASE("Lemke: random monotone LCPs are solved to 1e-9 relative", "[lcp][lemke]") {
  // M = A A^T + (S - S^T) is positive semidefinite (monotone): Lemke always
  // terminates with a solution. Some rows of A are zero, so M is singular.
  std::mt19937 rng(17);
  std::normal_distribution<double> g;
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 5 + trial * 2;
    MatrixXd A(n, n), S(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        A(i, j) = (i % 7 == 3) ? 0.0 : g(rng);
        S(i, j) = g(rng);
      }
    }
    MatrixXd M = A * A.transpose() + (S - S.transpose());
    VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = 5.0 * g(rng);
    // Keep the problem feasible where M has zero rows: q_i >= 0 there.
    for (int i = 0; i < n; ++i) {
      if (i % 7 == 3 && M.row(i).squaredNorm() < 1e-12) q[i] = std::abs(q[i]);
    }
    VectorXd z;
    const LcpResult r = SolveLcpLemke(M, q, &z);
    INFO("n = " << n);
    REQUIRE(r.status == LcpStatus::kSolved);
    CHECK(r.residual <= 1e-9 * (1.0 + q.cwiseAbs().maxCoeff()));
    CHECK(z.minCoeff() >= 0.0);
    const VectorXd w = M * z + q;
    CHECK(w.minCoeff() >= -1e-9 * (1.0 + q.cwiseAbs().maxCoeff()));
  }
}

TEST_CASE("Lemke: failures are reported, never NaN", "[lcp][lemke]") {
  VectorXd z;
  // w = -z - 1 >= 0 has no solution: ray termination.
  LcpResult r = SolveLcpLemke(-MatrixXd::Identity(2, 2), V({-1, -1}), &z);
  CHECK(r.status == LcpStatus::kRayTermination);
  CHECK(z.isZero());
  MatrixXd M = MatrixXd::Identity(2, 2);
  M(0, 0) = std::nan("");
  r = SolveLcpLemke(M, V({-1, -1}), &z);
  CHECK(r.status == LcpStatus::kNonFinite);
  CHECK(z.isZero());
  LemkeSettings s;
  s.max_pivots = 1;
  M << 2, 1, 1, 2;
  r = SolveLcpLemke(M, V({-5, -6}), &z, s);
  CHECK(r.status == LcpStatus::kMaxPivots);
  CHECK(z.isZero());
}
