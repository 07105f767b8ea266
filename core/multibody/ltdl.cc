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

}  // namespace grasplab
