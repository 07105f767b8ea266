#include "core/multibody/operational_inertia.h"

#include <algorithm>

#include "core/multibody/kinematics.h"
#include "core/multibody/ltdl.h"

namespace grasplab {

void InverseInertiaLtdl(const ArticulatedModel& model, const ArticulatedData& data, std::span<const TreeRow> rows,
                        std::vector<double>* Y_out, std::vector<double>* G_out) {
  const int n = model.dof();
  const int m = static_cast<int>(rows.size());
  std::vector<double>& Y = *Y_out;
  std::vector<double>& G = *G_out;
  Y.assign(static_cast<std::size_t>(m) * n, 0.0);
  G.assign(static_cast<std::size_t>(m) * m, 0.0);
  for (int k = 0; k < m; ++k) {
    double* y = &Y[static_cast<std::size_t>(k) * n];
    AddJointSpaceWrench(model, data, rows[k].body, rows[k].F_W, y);
    ApplyLtdlInverseTranspose(model, data, y);
  }
  for (int i = 0; i < m; ++i) {
    const double* yi = &Y[static_cast<std::size_t>(i) * n];
    for (int k = 0; k <= i; ++k) {
      const double* yk = &Y[static_cast<std::size_t>(k) * n];
      double s = 0.0;
      for (int j = 0; j < n; ++j) s += yi[j] * yk[j] / data.ltdl[static_cast<std::size_t>(j) * n + j];
      G[static_cast<std::size_t>(i) * m + k] = s;
      G[static_cast<std::size_t>(k) * m + i] = s;
    }
  }
}

void InverseInertiaAba(const ArticulatedModel& model, ArticulatedData* data, std::span<const TreeRow> rows,
                       std::vector<SpatialMatrix>* omega_out, std::vector<double>* G_out) {
  ArticulatedData& d = *data;
  const int n = model.dof();
  const int m = static_cast<int>(rows.size());
  // The contacting bodies, ascending (a fixed order).
  int nc = 0;
  std::vector<double>& marks = d.y;  // per body: its index among the contacting bodies + 1, or 0
  std::fill(marks.begin(), marks.end(), 0.0);
  for (const TreeRow& r : rows) marks[r.body] = 1.0;
  for (int i = 0; i < n; ++i) {
    if (marks[i] != 0.0) marks[i] = static_cast<double>(++nc);
  }
  std::vector<SpatialMatrix>& omega = *omega_out;  // omega[a * nc + b]: accel of a per unit wrench on b (world)
  omega.resize(static_cast<std::size_t>(nc) * nc);
  for (int b = 0; b < n; ++b) {
    if (marks[b] == 0.0) continue;
    const int cb = static_cast<int>(marks[b]) - 1;
    for (int unit = 0; unit < 6; ++unit) {
      // Second recursion, bias only: a unit wrench on b (world) in b's frame.
      SpatialVector e = SpatialVector::Zero();
      e[unit] = 1.0;
      for (int i = 0; i < n; ++i) d.pA[i].setZero();
      d.pA[b] = -d.X_W[b].ApplyForce(e);
      std::fill(d.x.begin(), d.x.end(), 0.0);  // 1 on b's chain to the base
      for (int i = b; i >= 0; i = model.parent(i)) {
        d.x[i] = 1.0;
        d.u[i] = -model.MotionSubspace(i).dot(d.pA[i]);
        const int p = model.parent(i);
        if (p >= 0) d.pA[p] += d.X_up[i].TransposeForce(d.pA[i] + d.U[i] * (d.u[i] / d.d[i]));
      }
      // Third recursion from a base at rest; u_i = 0 off b's chain.
      for (int i = 0; i < n; ++i) {
        const int p = model.parent(i);
        const double ui = d.x[i] != 0.0 ? d.u[i] : 0.0;
        const SpatialVector a = p < 0 ? SpatialVector::Zero() : d.X_up[i].ApplyMotion(d.a[p]);
        const double qdd = (ui - d.U[i].dot(a)) / d.d[i];
        d.a[i] = a + model.MotionSubspace(i) * qdd;
      }
      for (int a = 0; a < n; ++a) {
        if (marks[a] == 0.0) continue;
        const int ca = static_cast<int>(marks[a]) - 1;
        omega[static_cast<std::size_t>(ca) * nc + cb].col(unit) = d.X_W[a].InverseMotion(d.a[a]);
      }
    }
  }
  std::vector<double>& G = *G_out;
  G.assign(static_cast<std::size_t>(m) * m, 0.0);
  for (int i = 0; i < m; ++i) {
    const int ca = static_cast<int>(marks[rows[i].body]) - 1;
    for (int k = 0; k <= i; ++k) {
      const int cb = static_cast<int>(marks[rows[k].body]) - 1;
      const double s = rows[i].F_W.dot(omega[static_cast<std::size_t>(ca) * nc + cb] * rows[k].F_W);
      G[static_cast<std::size_t>(i) * m + k] = s;
      G[static_cast<std::size_t>(k) * m + i] = s;
    }
  }
}

}  // namespace grasplab
