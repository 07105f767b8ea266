// Cholesky (core/math/dense_cholesky) on systems with known solutions.
#include <catch2/catch.hpp>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/math/dense_cholesky.h"

using namespace grasplab;

TEST_CASE("Cholesky factors a known SPD matrix into its known factor and solves to rounding", "[cholesky]") {
  // A = L L^T with L = [[2, 0, 0], [1, 3, 0], [-1, 2, 1]].
  const std::vector<double> A = {4, 2, -2,   //
                                 2, 10, 5,   //
                                 -2, 5, 6};
  const double x_true[3] = {1.5, -2.0, 0.25};
  std::vector<double> b(3, 0.0);
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) b[i] += A[3 * i + k] * x_true[k];
  }
  DenseCholesky c;
  REQUIRE(c.Factor(A, 3));
  c.Solve(b.data());
  for (int i = 0; i < 3; ++i) CHECK(b[i] == Approx(x_true[i]).margin(1e-14));
}

TEST_CASE("Cholesky solves the Hilbert matrix of order 6 to its conditioning, reading the lower triangle only", "[cholesky]") {
  const int n = 6;
  std::vector<double> H(n * n), b(n, 0.0);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) H[i * n + k] = 1.0 / (i + k + 1);
  }
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) b[i] += H[i * n + k];  // x = ones
  }
  for (int i = 0; i < n; ++i) {
    for (int k = i + 1; k < n; ++k) H[i * n + k] = std::numeric_limits<double>::quiet_NaN();  // never read
  }
  DenseCholesky c;
  REQUIRE(c.Factor(H, n));
  c.Solve(b.data());
  // cond(H6) is about 1.5e7: 1e-8 relative is what double precision allows.
  for (int i = 0; i < n; ++i) CHECK(b[i] == Approx(1.0).epsilon(1e-8));
}

TEST_CASE("Cholesky refuses indefinite, singular and non-finite matrices", "[cholesky]") {
  DenseCholesky c;
  CHECK_FALSE(c.Factor({1, 2, 2, 1}, 2));  // eigenvalues 3 and -1
  CHECK_FALSE(c.Factor({1, 2, 2, 4}, 2));  // singular: the second pivot is 0
  CHECK_FALSE(c.Factor({1, 0, 0, std::numeric_limits<double>::quiet_NaN()}, 2));
}

namespace {

// The row-by-row (Banachiewicz) factor L_ij = (A_ij - sum_{m<j} L_im L_jm)
// / L_jj, subtractions in increasing m, and the substitutions in the order
// DenseCholesky::Solve documents: the bits Factor and FactorColumns promise.
std::vector<double> ReferenceSolve(const std::vector<double>& A, int n, std::vector<double> b) {
  std::vector<double> L(static_cast<std::size_t>(n) * n, 0.0);
  for (int j = 0; j < n; ++j) {
    for (int i = j; i < n; ++i) {
      double s = A[i * n + j];
      for (int m = 0; m < j; ++m) s -= L[i * n + m] * L[j * n + m];
      L[i * n + j] = i == j ? std::sqrt(s) : s * (1.0 / L[j * n + j]);  // the column scaled by 1 / L_jj
    }
  }
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= L[i * n + k] * b[k];
    b[i] = s * (1.0 / L[i * n + i]);
  }
  // L^T x = y: x_i = (y_i - sum_{k>i} L_ki x_k) / L_ii, the sum in four
  // partial sums by (k - i - 1) mod 4 over the leading multiple of 4,
  // combined (s0 + s1) + (s2 + s3), then the rest in increasing k.
  for (int i = n - 1; i >= 0; --i) {
    const int m = n - i - 1, whole = m - m % 4;
    double part[4] = {0.0, 0.0, 0.0, 0.0};
    for (int t = 0; t < whole; ++t) part[t % 4] += L[(i + 1 + t) * n + i] * b[i + 1 + t];
    double s = (part[0] + part[1]) + (part[2] + part[3]);
    for (int t = whole; t < m; ++t) s += L[(i + 1 + t) * n + i] * b[i + 1 + t];
    b[i] = (b[i] - s) * (1.0 / L[i * n + i]);
  }
  return b;
}

}  // namespace

TEST_CASE("Cholesky by rows and by columns both give the row-by-row factor's bits", "[cholesky]") {
  // Random SPD matrices B B^T + n I of even and odd order (the two-column
  // steps and the last odd column); the unread upper triangle of the
  // row-major copy (lower of the column copy) holds NaN.
  std::mt19937 rng(18);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int n : {1, 2, 7, 12, 13}) {
    INFO("n = " << n);
    std::vector<double> B(static_cast<std::size_t>(n) * n), A(static_cast<std::size_t>(n) * n, 0.0), b(n);
    for (double& x : B) x = u(rng);
    for (double& x : b) x = u(rng);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < n; ++k) {
        for (int m = 0; m < n; ++m) A[i * n + k] += B[i * n + m] * B[k * n + m];
      }
      A[i * n + i] += n;
    }
    const std::vector<double> want = ReferenceSolve(A, n, b);
    std::vector<double> rows = A, cols(static_cast<std::size_t>(n) * n);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < n; ++k) {
        cols[static_cast<std::size_t>(k) * n + i] = k <= i ? A[i * n + k] : std::numeric_limits<double>::quiet_NaN();
        if (k > i) rows[i * n + k] = std::numeric_limits<double>::quiet_NaN();
      }
    }
    DenseCholesky by_rows, by_cols;
    REQUIRE(by_rows.Factor(rows, n));
    REQUIRE(by_cols.FactorColumns(cols.data(), n));
    std::vector<double> x_rows = b, x_cols = b;
    by_rows.Solve(x_rows.data());
    by_cols.Solve(x_cols.data());
    for (int i = 0; i < n; ++i) {
      CHECK(std::bit_cast<std::uint64_t>(x_rows[i]) == std::bit_cast<std::uint64_t>(want[i]));
      CHECK(std::bit_cast<std::uint64_t>(x_cols[i]) == std::bit_cast<std::uint64_t>(want[i]));
    }
    // And it is the solution: A x = b to rounding.
    for (int i = 0; i < n; ++i) {
      double r = -b[i];
      for (int k = 0; k < n; ++k) r += A[i * n + k] * x_cols[k];
      CHECK(std::abs(r) < 1e-12 * n);
    }
  }
}
