// The warm start's range-space block solve (solvers/support_range_solve.h)
// against the dense block solve (SolveLcpOnSupport) on LCPs built as the
// island solver builds them: a joint limit, two contacts with 8 pyramid
// edges and a torsional pair each, and a joint friction with compliance,
// on a random symmetric positive definite G over their 10 base rows. The
// LCP is made with a known solution z* (q = w* - M z*, z* > 0 on the
// support, w* > 0 off it), so both must return z* itself: on a support of
// sticking contacts (impulse rows only) and on one where a contact slides
// and the joint friction is at its limit (their lambdas in the support:
// the Schur complement on the lambda rows).
#include "core/solvers/support_range_solve.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "core/solvers/friction_directions.h"
#include "core/solvers/lcp_solver.h"
#include "core/solvers/lcp_warm_start.h"

namespace grasplab {
namespace {

constexpr double kEps = 1e-4;  // the regularisation on M's impulse diagonal (1e-6 of a max diag of 100)
constexpr double kCompliance = 0.3;

struct Problem {
  LcpLayout L;
  LcpRows rows;
  std::vector<Contact> contacts;
  IslandSystem sys;
  std::vector<double> G;  // mb x mb
  Eigen::MatrixXd M;
};

// The island solver's layout and T rows (lcp_solver.cc, MakeLayout and
// BuildRows) for p = 1, q = 2, u = 8 + 2, f = 1, and M = T G T^T + eps I on
// the impulse rows with the cone rows and the compliance (FillColumn).
void Build(Problem* pr, std::mt19937* rng) {
  LcpLayout& L = pr->L;
  L.p = 1;
  L.q = 2;
  L.ut = 8;
  L.u = 10;
  L.f = 1;
  L.mh = L.p + L.q * (1 + L.u) + 2 * L.f;
  L.n = L.mh + L.q + L.f;
  L.beta0 = L.p + L.q;
  L.jbeta0 = L.beta0 + L.q * L.u;
  L.lambda0 = L.jbeta0 + 2 * L.f;
  L.jlambda0 = L.lambda0 + L.q;
  std::vector<Combination>& T = pr->rows.T;
  FrictionDirectionTable(L.ut, &pr->rows.edge_cos, &pr->rows.edge_sin);
  int base = 0;
  T.push_back({base++});                                   // the limit
  for (int c = 0; c < L.q; ++c) T.push_back({base++});     // the normals
  for (int c = 0; c < L.q; ++c) {
    const int b1 = base;
    base += 2;
    for (int k = 0; k < L.ut; ++k) T.push_back({b1, b1 + 1, pr->rows.edge_cos[k], pr->rows.edge_sin[k]});
    const int bt = base++;
    T.push_back({bt, -1, 1.0});
    T.push_back({bt, -1, -1.0});
  }
  const int bf = base++;
  T.push_back({bf, -1, 1.0});
  T.push_back({bf, -1, -1.0});
  L.mb = base;
  REQUIRE(static_cast<int>(T.size()) == L.mh);

  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Eigen::MatrixXd A(L.mb, L.mb);
  for (int i = 0; i < L.mb; ++i) {
    for (int j = 0; j < L.mb; ++j) A(i, j) = unit(*rng);
  }
  const Eigen::MatrixXd Gm = A * A.transpose() + 0.5 * Eigen::MatrixXd::Identity(L.mb, L.mb);
  pr->G.resize(static_cast<std::size_t>(L.mb) * L.mb);
  for (int i = 0; i < L.mb; ++i) {
    for (int j = 0; j < L.mb; ++j) pr->G[static_cast<std::size_t>(i) * L.mb + j] = i <= j ? Gm(i, j) : Gm(j, i);
  }
  pr->contacts.resize(L.q);
  pr->contacts[0].friction = 0.5;
  pr->contacts[1].friction = 0.8;
  for (Contact& c : pr->contacts) pr->sys.contacts.push_back(&c);
  pr->sys.friction_compliance = {kCompliance};

  Eigen::MatrixXd Tm = Eigen::MatrixXd::Zero(L.mh, L.mb);
  for (int i = 0; i < L.mh; ++i) {
    Tm(i, T[i].a) += T[i].ca;
    if (T[i].b >= 0) Tm(i, T[i].b) += T[i].cb;
  }
  Eigen::MatrixXd Gs(L.mb, L.mb);
  for (int i = 0; i < L.mb; ++i) {
    for (int j = 0; j < L.mb; ++j) Gs(i, j) = pr->G[static_cast<std::size_t>(i) * L.mb + j];
  }
  Eigen::MatrixXd& M = pr->M;
  M = Eigen::MatrixXd::Zero(L.n, L.n);
  M.topLeftCorner(L.mh, L.mh) = Tm * Gs * Tm.transpose();
  for (int i = 0; i < L.mh; ++i) M(i, i) += kEps;
  for (int c = 0; c < L.q; ++c) {
    M(L.lambda0 + c, L.p + c) = pr->contacts[c].friction;
    for (int k = 0; k < L.u; ++k) {
      M(L.lambda0 + c, L.beta0 + c * L.u + k) = -1.0;
      M(L.beta0 + c * L.u + k, L.lambda0 + c) = 1.0;
    }
  }
  const int bp = L.jbeta0;
  M(L.jlambda0, bp) = M(L.jlambda0, bp + 1) = -1.0;
  M(bp, L.jlambda0) = M(bp + 1, L.jlambda0) = 1.0;
  M(bp, bp) += kCompliance;
  M(bp + 1, bp + 1) += kCompliance;
  M(bp, bp + 1) -= kCompliance;
  M(bp + 1, bp) -= kCompliance;
}

// The support: the limit, both normals, contact 0's edges 1-5 and one
// torsional edge, contact 1's edges 4-6, beta+ of the joint friction. 13
// unknowns on 9 coordinates (contact 0's five edges span its two tangent
// rows, contact 1's three edges too).
std::vector<std::uint8_t> Support(const LcpLayout& L) {
  std::vector<std::uint8_t> s(L.n, 0);
  s[0] = s[1] = s[2] = 1;
  for (int k = 1; k <= 5; ++k) s[L.beta0 + k] = 1;
  s[L.beta0 + 8] = 1;
  for (int k = 4; k <= 6; ++k) s[L.beta0 + L.u + k] = 1;
  s[L.jbeta0] = 1;
  return s;
}

}  // namespace

TEST_CASE("Range-space block solve: a known LCP solution on supports of sticking and sliding contacts, as the dense "
          "solve finds it",
          "[lcp][warm]") {
  std::mt19937 rng(20261127);
  for (int trial = 0; trial < 40; ++trial) {
    Problem pr;
    Build(&pr, &rng);
    const LcpLayout& L = pr.L;
    std::vector<std::uint8_t> support = Support(L);
    const bool sliding = trial % 2 == 1;
    if (sliding) support[L.lambda0 + 1] = support[L.jlambda0] = 1;
    std::uniform_real_distribution<double> positive(0.1, 1.0);
    Eigen::VectorXd z_star = Eigen::VectorXd::Zero(L.n), w_star = Eigen::VectorXd::Zero(L.n);
    for (int i = 0; i < L.n; ++i) {
      if (support[i]) {
        z_star[i] = positive(rng);
      } else {
        w_star[i] = positive(rng);
      }
    }
    const Eigen::VectorXd q = w_star - pr.M * z_star;

    std::vector<double> z(L.n, -1.0);
    double residual = -1.0;
    RangeSolveScratch scratch;
    const RangeSolveOutcome outcome = RangeSolveSupport(pr.sys, L, pr.rows, pr.G.data(), kEps, q.data(), support,
                                                        1e-10, z.data(), &residual, &scratch);
    REQUIRE(outcome == RangeSolveOutcome::kHit);
    Eigen::VectorXd zd(L.n);
    LcpResult dense;
    SupportSolveScratch dense_scratch;
    REQUIRE(SolveLcpOnSupport(pr.M, q, support, zd, &dense, 1e-10, &dense_scratch));
    const double q_max = q.cwiseAbs().maxCoeff();
    // cond(M_SS) ~ |G| / eps ~ 1e5: the forward error of either solve is ~1e-11.
    for (int i = 0; i < L.n; ++i) {
      CHECK(std::abs(z[i] - z_star[i]) <= 1e-9);
      CHECK(std::abs(zd[i] - z_star[i]) <= 1e-9);
    }
    CHECK(residual <= 1e-10 * (1.0 + q_max));
    // The impulse the bodies see, T^T z, agrees with the dense answer's far
    // closer than z itself (the two solves differ in the null space).
    for (int a = 0; a < L.mb; ++a) {
      double range_y = 0.0, dense_y = 0.0;
      for (int i = 0; i < L.mh; ++i) {
        const Combination& t = pr.rows.T[i];
        const double c = t.a == a ? t.ca : (t.b == a ? t.cb : 0.0);
        range_y += c * z[i];
        dense_y += c * zd[i];
      }
      CHECK(std::abs(range_y - dense_y) <= 1e-12 * (1.0 + std::abs(dense_y)));
    }
  }
}

TEST_CASE("Range-space block solve: a wrong support is a miss, and a support it cannot shrink or factor goes dense",
          "[lcp][warm]") {
  std::mt19937 rng(7);
  Problem pr;
  Build(&pr, &rng);
  const LcpLayout& L = pr.L;
  const std::vector<std::uint8_t> support = Support(L);
  Eigen::VectorXd z_star = Eigen::VectorXd::Zero(L.n), w_star = Eigen::VectorXd::Zero(L.n);
  for (int i = 0; i < L.n; ++i) (support[i] ? z_star : w_star)[i] = 0.5;
  // One unknown off the support is pushed below zero (w* < 0): the support
  // is not this LCP's, and both solves must say so.
  w_star[L.beta0 + L.u + 2] = -0.2;
  const Eigen::VectorXd q = w_star - pr.M * z_star;
  std::vector<double> z(L.n);
  double residual = 0.0;
  RangeSolveScratch scratch;
  CHECK(RangeSolveSupport(pr.sys, L, pr.rows, pr.G.data(), kEps, q.data(), support, 1e-10, z.data(), &residual,
                          &scratch) == RangeSolveOutcome::kMiss);
  Eigen::VectorXd zd(L.n);
  LcpResult dense;
  SupportSolveScratch dense_scratch;
  CHECK_FALSE(SolveLcpOnSupport(pr.M, q, support, zd, &dense, 1e-10, &dense_scratch));

  // A lambda whose contact has no weight in the support (contact 0's
  // weights dropped) makes the block singular: the dense path decides.
  std::vector<std::uint8_t> orphan = support;
  for (int k = 0; k < L.u; ++k) orphan[L.beta0 + k] = 0;
  orphan[L.lambda0] = 1;
  for (int k = 1; k <= 6; ++k) orphan[L.beta0 + L.u + k] = 1;  // still 4 to shrink, on contact 1
  CHECK(RangeSolveSupport(pr.sys, L, pr.rows, pr.G.data(), kEps, q.data(), orphan, 1e-10, z.data(), &residual,
                          &scratch) == RangeSolveOutcome::kNotApplicable);
  // One edge per contact: nothing to shrink (k = r).
  std::vector<std::uint8_t> thin(L.n, 0);
  thin[1] = thin[2] = thin[L.beta0 + 1] = thin[L.beta0 + L.u + 4] = 1;
  CHECK(RangeSolveSupport(pr.sys, L, pr.rows, pr.G.data(), kEps, q.data(), thin, 1e-10, z.data(), &residual,
                          &scratch) == RangeSolveOutcome::kNotApplicable);
}

}  // namespace grasplab
