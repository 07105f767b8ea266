// Partial-pivoting LU (core/math/dense_lu) on systems with known solutions.
#include <catch2/catch.hpp>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/math/dense_lu.h"

using namespace grasplab;

namespace {

// L U x = b by the textbook substitutions on a row-major n x n factor (unit
// L below the diagonal, U on and above it), row by row: the reference the
// tests hold DenseLu::Solve's bits against. The back substitution's sum
// sum_{j>i} U_ij x_j runs in four partial sums by (j - i - 1) mod 4 over the
// leading multiple of 4, combined (s0 + s1) + (s2 + s3), then the rest in
// increasing j (DenseLu::Solve's defined order, core/math/dot4.h).
std::vector<double> TextbookSubstitution(const std::vector<double>& LU, int n, std::vector<double> b) {
  for (int k = 0; k + 1 < n; ++k) {
    for (int i = k + 1; i < n; ++i) b[i] -= LU[i * n + k] * b[k];
  }
  for (int i = n - 1; i >= 0; --i) {
    const int m = n - i - 1, whole = m - m % 4;
    double part[4] = {0.0, 0.0, 0.0, 0.0};
    for (int t = 0; t < whole; ++t) part[t % 4] += LU[i * n + i + 1 + t] * b[i + 1 + t];
    double s = (part[0] + part[1]) + (part[2] + part[3]);
    for (int t = whole; t < m; ++t) s += LU[i * n + i + 1 + t] * b[i + 1 + t];
    b[i] = (b[i] - s) * (1.0 / LU[i * n + i]);
  }
  return b;
}

}  // namespace

TEST_CASE("LU solves a system that needs pivoting, to rounding", "[lu]") {
  // A zero leading pivot: only a row swap makes this factorable.
  const std::vector<double> A = {0, 2, 1,   //
                                 1, 1, 1,   //
                                 4, -1, 3};
  const double x_true[3] = {1.5, -2.0, 0.25};
  std::vector<double> b(3, 0.0);
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) b[i] += A[3 * i + k] * x_true[k];
  }
  DenseLu lu;
  REQUIRE(lu.Factor(A, 3));
  lu.Solve(b.data());
  for (int i = 0; i < 3; ++i) CHECK(b[i] == Approx(x_true[i]).margin(1e-14));
}

TEST_CASE("LU solves the Hilbert matrix of order 6 to its conditioning", "[lu]") {
  const int n = 6;
  std::vector<double> H(n * n), b(n, 0.0);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) H[i * n + k] = 1.0 / (i + k + 1);
  }
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) b[i] += H[i * n + k];  // x = ones
  }
  DenseLu lu;
  REQUIRE(lu.Factor(H, n));
  lu.Solve(b.data());
  // cond(H6) is about 1.5e7: 1e-8 relative is what double precision allows.
  for (int i = 0; i < n; ++i) CHECK(b[i] == Approx(1.0).epsilon(1e-8));
}

TEST_CASE("LU refuses singular and non-finite matrices", "[lu]") {
  DenseLu lu;
  CHECK_FALSE(lu.Factor({1, 2, 2, 4}, 2));
  CHECK_FALSE(lu.Factor({1, 0, 0, std::numeric_limits<double>::quiet_NaN()}, 2));
}

TEST_CASE("LU of a matrix given by columns has the bits of LU by rows", "[lu]") {
  // Random non-symmetric matrices (a transposed read would solve A^T x = b
  // instead), with zero entries so that the skipped zero multipliers occur.
  std::mt19937 rng(18);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int n : {1, 2, 9, 14}) {
    INFO("n = " << n);
    std::vector<double> A(static_cast<std::size_t>(n) * n), At(A.size()), b(n);
    for (double& x : A) x = u(rng) < -0.6 ? 0.0 : u(rng);
    for (int i = 0; i < n; ++i) A[i * n + i] += 2.0;
    for (double& x : b) x = u(rng);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) At[static_cast<std::size_t>(j) * n + i] = A[i * n + j];
    }
    DenseLu by_rows, by_cols;
    REQUIRE(by_rows.Factor(A, n));
    REQUIRE(by_cols.FactorColumns(At.data(), n));
    std::vector<double> x_rows = b, x_cols = b;
    by_rows.Solve(x_rows.data());
    by_cols.Solve(x_cols.data());
    for (int i = 0; i < n; ++i) {
      CHECK(std::bit_cast<std::uint64_t>(x_cols[i]) == std::bit_cast<std::uint64_t>(x_rows[i]));
      double r = -b[i];
      for (int j = 0; j < n; ++j) r += A[i * n + j] * x_cols[j];
      CHECK(std::abs(r) < 1e-12 * n);
    }
  }
}

TEST_CASE("LU solves right-hand sides with leading zeros with the bits of the full substitution", "[lu]") {
  // Solve skips the forward sweep's leading +0 entries; the reference
  // below sweeps them all (a row swap of b first, as Solve's pivots do, is
  // avoided by a diagonally dominant A: no pivoting). Unit vectors, and a
  // vector with a -0 among the zeros (where skipping would be visible).
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = 11;
  std::vector<double> A(n * n);
  for (double& x : A) x = u(rng);
  for (int i = 0; i < n; ++i) A[i * n + i] = 20.0;  // |a_ii| largest in its column: no swaps
  DenseLu lu;
  REQUIRE(lu.Factor(A, n));
  // The reference: Doolittle L U (unit L) by rows, the same operation
  // order as the right-looking elimination without swaps, then full
  // substitutions.
  std::vector<double> LU = A;
  for (int k = 0; k < n; ++k) {
    for (int i = k + 1; i < n; ++i) {
      const double f = LU[i * n + k] * (1.0 / LU[k * n + k]);  // the pivot's reciprocal, as dgetf2
      LU[i * n + k] = f;
      if (f == 0.0) continue;
      for (int j = k + 1; j < n; ++j) LU[i * n + j] -= f * LU[k * n + j];
    }
  }
  std::vector<std::vector<double>> rhs;
  for (int c = 0; c < n; ++c) {
    rhs.emplace_back(n, 0.0);
    rhs.back()[c] = 1.0;
  }
  rhs.emplace_back(n, 0.0);
  rhs.back()[4] = 0.5;
  rhs.back()[7] = -0.0;
  for (int z = 1; z < n; ++z) {  // a single -0: the zeros' signs are all the answer holds
    rhs.emplace_back(n, 0.0);
    rhs.back()[z] = -0.0;
  }
  for (const auto& b : rhs) {
    std::vector<double> x = b;
    lu.Solve(x.data());
    const std::vector<double> want = TextbookSubstitution(LU, n, b);
    for (int i = 0; i < n; ++i) CHECK(std::bit_cast<std::uint64_t>(x[i]) == std::bit_cast<std::uint64_t>(want[i]));
  }
}

TEST_CASE("LU's two-columns-at-a-time elimination has the bits of one column at a time, pivots included", "[lu]") {
  // The reference is the textbook right-looking elimination with partial
  // pivoting (largest magnitude, first on ties; a zero multiplier's row
  // skipped), then Solve's substitutions. Entries from a small set of
  // values make magnitude ties and zero multipliers common, and the
  // diagonal is not dominant, so rows are swapped; odd and even n cover the
  // blocked loop's last column. Holding the largest magnitude in the pivot
  // scan instead of rereading it must not change a pivot: picking the last
  // of equal magnitudes (>= for >) fails this test.
  std::mt19937 rng(19);
  const double values[] = {-2.0, -1.0, -0.5, 0.0, 0.0, 0.5, 1.0, 1.0, 3.0};
  std::uniform_int_distribution<int> pick(0, 8);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0, swapped = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + trial % 17;
    std::vector<double> A(static_cast<std::size_t>(n) * n);
    for (double& x : A) x = trial % 3 == 0 ? u(rng) : values[pick(rng)];
    // The reference factorisation.
    std::vector<double> R = A;
    std::vector<int> piv(n);
    bool ok = true;
    for (int k = 0; k < n && ok; ++k) {
      int p = k;
      for (int i = k + 1; i < n; ++i) {
        if (std::abs(R[i * n + k]) > std::abs(R[p * n + k])) p = i;
      }
      piv[k] = p;
      const double pivot = R[p * n + k];
      if (!(std::abs(pivot) > 0.0) || !std::isfinite(pivot)) {
        ok = false;
        break;
      }
      if (p != k) {
        ++swapped;
        for (int j = 0; j < n; ++j) std::swap(R[p * n + j], R[k * n + j]);
      }
      for (int i = k + 1; i < n; ++i) R[i * n + k] = R[i * n + k] * (1.0 / R[k * n + k]);
      for (int i = k + 1; i < n; ++i) {
        const double f = R[i * n + k];
        if (f == 0.0) continue;
        for (int j = k + 1; j < n; ++j) R[i * n + j] -= f * R[k * n + j];
      }
    }
    DenseLu lu;
    INFO("trial " << trial << ", n = " << n);
    REQUIRE(lu.Factor(A, n) == ok);
    if (!ok) continue;
    std::vector<double> b(n);
    for (double& x : b) x = u(rng);
    std::vector<double> want = b;
    for (int k = 0; k < n; ++k) std::swap(want[k], want[piv[k]]);
    want = TextbookSubstitution(R, n, want);
    std::vector<double> x = b;
    lu.Solve(x.data());
    for (int i = 0; i < n; ++i) CHECK(std::bit_cast<std::uint64_t>(x[i]) == std::bit_cast<std::uint64_t>(want[i]));
    ++compared;
  }
  // The draws must exercise what the test is about.
  CHECK(compared > 150);
  CHECK(swapped > 300);
}
