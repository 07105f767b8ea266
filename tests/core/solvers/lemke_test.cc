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

TEST_CASE("Lemke from a start basis: the unique solution of a P-matrix LCP from every start", "[lcp][lemke][warm]") {
  // M positive definite, so LCP(M, q) has exactly one solution: z = (1, 0, 2),
  // w = (0, 3, 0). Lemke from any of the 8 complementary bases (each a
  // principal pivot transform of a P-matrix, itself a P-matrix) must reach it.
  MatrixXd M(3, 3);
  M << 4, 1, 0, 1, 3, 1, 0, 1, 2;
  const Eigen::Vector3d z_true(1, 0, 2), w_true(0, 3, 0);
  const VectorXd q = w_true - M * z_true;
  LemkeSolver solver;
  for (int mask = 0; mask < 8; ++mask) {
    const std::vector<std::uint8_t> start{static_cast<std::uint8_t>(mask & 1), static_cast<std::uint8_t>((mask >> 1) & 1),
                                          static_cast<std::uint8_t>((mask >> 2) & 1)};
    VectorXd z = VectorXd::Zero(3);
    std::vector<std::uint8_t> basic;
    const LcpResult r = solver.SolveFrom(M, q, z, {}, start, &basic);
    INFO("start mask " << mask << ": " << LcpStatusName(r.status) << ", " << r.pivots << " pivots");
    REQUIRE(r.status == LcpStatus::kSolved);
    CHECK((z - z_true).cwiseAbs().maxCoeff() < 1e-14);
    CHECK(r.residual < 1e-14);
    CHECK(basic == std::vector<std::uint8_t>{1, 0, 1});
    if (mask == 5) CHECK(r.pivots == 0);  // the solution's own basis
  }
  // A singular start (M_SS with a zero pivot) is reported, not divided by.
  MatrixXd S = M;
  S(1, 1) = 0.0;
  VectorXd z = VectorXd::Zero(3);
  CHECK(solver.SolveFrom(S, q, z, {}, {0, 1, 0}).status == LcpStatus::kSingularStart);
  CHECK(z.isZero(0.0));
  CHECK(solver.SolveFrom(M, q, z, {}, {1, 0}).status == LcpStatus::kSingularStart);  // wrong size
}

TEST_CASE("Lemke from a start basis: random positive definite LCPs, starts near and far", "[lcp][lemke][warm]") {
  // M = A A^T + n I/10 + (S - S^T)/2: positive definite, one solution per q.
  // From the solution's basis with k entries flipped, Lemke must reach that
  // solution; near starts (1 flip) take fewer pivots than z = 0 does (Lemke
  // from all-w pivots roughly once per active unknown).
  std::mt19937 rng(23);
  std::normal_distribution<double> g;
  std::uniform_int_distribution<int> pick(0, 1 << 30);
  double near_pivots = 0.0, cold_pivots = 0.0;
  int near_count = 0, cold_count = 0;
  LemkeSolver solver;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 10 + trial * 3;
    MatrixXd A(n, n), S(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) A(i, j) = g(rng), S(i, j) = g(rng);
    }
    const MatrixXd M = A * A.transpose() + 0.1 * n * MatrixXd::Identity(n, n) + 0.5 * (S - S.transpose());
    VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = 5.0 * g(rng);
    VectorXd z_cold = VectorXd::Zero(n);
    std::vector<std::uint8_t> solution_basis;
    const LcpResult cold = solver.Solve(M, q, z_cold, {}, &solution_basis);
    REQUIRE(cold.status == LcpStatus::kSolved);
    cold_pivots += cold.pivots;
    ++cold_count;
    const double scale = 1.0 + q.cwiseAbs().maxCoeff();
    for (int flips : {1, 2, n / 4, n}) {
      std::vector<std::uint8_t> start = solution_basis;
      for (int f = 0; f < flips; ++f) start[pick(rng) % n] ^= 1u;
      VectorXd z = VectorXd::Zero(n);
      const LcpResult r = solver.SolveFrom(M, q, z, {}, start);
      INFO("n = " << n << ", " << flips << " flips: " << LcpStatusName(r.status));
      REQUIRE(r.status == LcpStatus::kSolved);
      CHECK(r.residual <= 1e-9 * scale);
      CHECK((z - z_cold).cwiseAbs().maxCoeff() <= 1e-8 * (1.0 + z_cold.cwiseAbs().maxCoeff()));
      if (flips == 1) near_pivots += r.pivots, ++near_count;
    }
  }
  near_pivots /= near_count;
  cold_pivots /= cold_count;
  INFO("mean pivots: from one flip " << near_pivots << ", from z = 0 " << cold_pivots);
  CHECK(near_pivots * 4 < cold_pivots);
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
