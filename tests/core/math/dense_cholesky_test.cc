// Cholesky (core/math/dense_cholesky) on systems with known solutions.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
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
