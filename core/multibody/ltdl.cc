#include "core/multibody/ltdl.h"

#include <algorithm>

namespace grasplab {

int FactorLtdl(const ArticulatedModel& model, ArticulatedData* data) {
  ArticulatedData& d = *data;
  const int n = model.dof();
  std::vector<double>& A = d.ltdl;
  A = d.H;  // same size: no allocation
  double max_diag = 0.0;
  for (int i = 0; i < n; ++i) max_diag = std::max(max_diag, A[static_cast<std::size_t>(i) * n + i]);
  const double floor = 1e-12 * std::max(max_diag, 1e-300);
  for (int k = n - 1; k >= 0; --k) {
    const double hkk = A[static_cast<std::size_t>(k) * n + k];
    if (!(hkk > floor)) return k;
    for (int i = model.parent(k); i >= 0; i = model.parent(i)) {
      const double a = A[static_cast<std::size_t>(k) * n + i] / hkk;
      for (int j = i; j >= 0; j = model.parent(j)) {
        A[static_cast<std::size_t>(i) * n + j] -= a * A[static_cast<std::size_t>(k) * n + j];
      }
      A[static_cast<std::size_t>(k) * n + i] = a;
    }
  }
  return -1;
}

void ApplyLtdlInverseTranspose(const ArticulatedModel& model, const ArticulatedData& data, double* x) {
  const int n = model.dof();
  for (int i = n - 1; i >= 0; --i) {
    const double xi = x[i];
    if (xi == 0.0) continue;  // subtracting +-0 products changes nothing
    for (int j = model.parent(i); j >= 0; j = model.parent(j)) x[j] -= data.ltdl[static_cast<std::size_t>(i) * n + j] * xi;
  }
}

void ApplyDInverse(const ArticulatedData& data, double* x) {
  const int n = data.n;
  for (int i = 0; i < n; ++i) x[i] /= data.ltdl[static_cast<std::size_t>(i) * n + i];
}

void ApplyLtdlInverse(const ArticulatedModel& model, const ArticulatedData& data, double* x) {
  const int n = model.dof();
  // x_i is held in a register along its ancestor chain (the ancestors j <
  // i are already final): the same subtractions in the same order, without
  // a store and reload of x_i per ancestor (x may alias ltdl for all the
  // compiler knows).
  for (int i = 0; i < n; ++i) {
    double xi = x[i];
    for (int j = model.parent(i); j >= 0; j = model.parent(j)) xi -= data.ltdl[static_cast<std::size_t>(i) * n + j] * x[j];
    x[i] = xi;
  }
}

void SolveLtdl(const ArticulatedModel& model, const ArticulatedData& data, double* x) {
  ApplyLtdlInverseTranspose(model, data, x);
  ApplyDInverse(data, x);
  ApplyLtdlInverse(model, data, x);
}

double InverseInertiaDiagonal(const ArticulatedModel& model, const ArticulatedData& data, int i, double* chain) {
  const int n = model.dof();
  // chain: x on i's chain, nearest first: chain[0] = x_i, chain[a] = x of
  // the a-th ancestor. Every other entry of the full solve's x is 0 after
  // L^-T and D^-1, and x_i after L^-1 reads only ancestors.
  int node[64];
  int m = 0;
  for (int k = i; k >= 0 && m < 64; k = model.parent(k)) node[m++] = k;
  if (m == 64) {  // deeper than any hand: the full solve
    std::fill(chain, chain + n, 0.0);
    chain[i] = 1.0;
    SolveLtdl(model, data, chain);
    return chain[i];
  }
  const double* L = data.ltdl.data();
  for (int a = 0; a < m; ++a) chain[a] = a == 0 ? 1.0 : 0.0;
  // L^-T: k = node[a] in decreasing index order, its ancestors node[a + 1..] nearest first.
  for (int a = 0; a < m; ++a) {
    const double xk = chain[a];
    if (xk == 0.0) continue;
    const std::size_t row = static_cast<std::size_t>(node[a]) * n;
    for (int b = a + 1; b < m; ++b) chain[b] -= L[row + node[b]] * xk;
  }
  // D^-1.
  for (int a = 0; a < m; ++a) chain[a] /= L[static_cast<std::size_t>(node[a]) * n + node[a]];
  // L^-1: increasing index order (the root-most first), ancestors nearest first.
  for (int a = m - 1; a >= 0; --a) {
    double xk = chain[a];
    const std::size_t row = static_cast<std::size_t>(node[a]) * n;
    for (int b = a + 1; b < m; ++b) xk -= L[row + node[b]] * chain[b];
    chain[a] = xk;
  }
  return chain[0];
}

}  // namespace grasplab
