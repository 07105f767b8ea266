#include "core/contact/pad_pressure.h"

#include <algorithm>
#include <cmath>

namespace grasplab {

const char* PadSolverName(PadSolver solver) {
  switch (solver) {
    case PadSolver::kAuto: return "auto";
    case PadSolver::kLemke: return "lemke";
    case PadSolver::kGaussSeidel: return "gauss-seidel";
    case PadSolver::kActiveSet: return "active-set";
  }
  return "auto";
}

PadPressureSolver::PadPressureSolver(const PadMaterial& material, const PadGrid& grid, PadSolver solver)
    : material_(material), grid_(grid), solver_(solver) {
  BuildPadCompliance(material_, grid_, &C_);
  Init();
}

PadPressureSolver::PadPressureSolver(const PadMaterial& material, const PadGrid& grid, std::vector<double> C,
                                     PadSolver solver)
    : material_(material), grid_(grid), solver_(solver), C_(std::move(C)) {
  Init();
}

void PadPressureSolver::Init() {
  const int n = grid_.node_count();
  c00_ = C_[0];
  M_.resize(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) M_(i, j) = C_[static_cast<std::size_t>(i) * n + j] / c00_;
  }
  q_.resize(n);
  z_.resize(n);
}

double PadPressureSolver::TotalForce(const std::vector<double>& p) const {
  double sum = 0.0;
  for (double pk : p) sum += pk;
  return sum * grid_.element_area();
}

PadSolveStats PadPressureSolver::GaussSeidel(const std::vector<double>& s, std::vector<double>* p, int max_sweeps) {
  // z = C_00 p; w = M z + s. Sweep k: z_k = max(0, z_k - w_k) (unit diagonal).
  const int n = grid_.node_count();
  PadSolveStats st;
  double scale = 0.0;
  for (double v : s) scale = std::max(scale, std::abs(v));
  const double tol = 1e-12 * (scale > 0.0 ? scale : 1.0);
  for (int k = 0; k < n; ++k) z_[k] = (*p)[k] * c00_;
  for (int sweep = 0; sweep < max_sweeps; ++sweep) {
    ++st.sweeps;
    for (int k = 0; k < n; ++k) {
      double w = s[k];
      for (int j = 0; j < n; ++j) w += M_(k, j) * z_[j];
      z_[k] = std::max(0.0, z_[k] - w);
    }
    if (sweep % 8 != 7 && sweep + 1 < max_sweeps) continue;  // the residual costs a sweep: every 8th
    double res = 0.0;
    for (int k = 0; k < n; ++k) {
      double w = s[k];
      for (int j = 0; j < n; ++j) w += M_(k, j) * z_[j];
      res = std::max(res, std::abs(std::min(z_[k], w)));
    }
    st.residual = res;
    if (res <= tol) break;
  }
  st.ok = st.residual <= tol;
  for (int k = 0; k < n; ++k) (*p)[k] = z_[k] / c00_;
  return st;
}

PadSolveStats PadPressureSolver::SolveScaled(const std::vector<double>& s, std::vector<double>* p) {
  const int n = grid_.node_count();
  if (p->size() != static_cast<std::size_t>(n)) p->assign(n, 0.0);
  PadSolveStats st;
  if (material_.model == PadModel::kWinkler) {
    for (int k = 0; k < n; ++k) (*p)[k] = s[k] < 0.0 ? -s[k] / c00_ : 0.0;
  } else {
    bool any = false;
    for (int k = 0; k < n; ++k) any = any || s[k] < 0.0;
    if (!any) {
      std::fill(p->begin(), p->end(), 0.0);
    } else if (solver_ == PadSolver::kActiveSet || solver_ == PadSolver::kAuto) {
      for (int k = 0; k < n; ++k) q_[k] = s[k];
      // From the last solve's active set (the last step's, the last Newton
      // iterate's); cold: the overlap set.
      if (!warm_) active_prev_.clear();
      const ActiveSetResult r = active_set_.Solve(M_, q_, &z_, active_prev_, &active_prev_);
      st.factorizations = r.factorizations;
      st.residual = r.residual;
      st.ok = r.ok;
      for (int k = 0; k < n; ++k) (*p)[k] = z_[k] / c00_;
      if (!st.ok) {  // never seen; Gauss-Seidel from the active set's point
        active_prev_.clear();
        const PadSolveStats g = GaussSeidel(s, p, 10000);
        st.sweeps = g.sweeps, st.residual = g.residual, st.ok = g.ok;
      }
    } else if (solver_ == PadSolver::kGaussSeidel) {
      // From the pressures passed in (the last step's, the last Newton
      // iterate's): their patch is usually close.
      for (double& v : *p) v = std::isfinite(v) && v > 0.0 ? v : 0.0;
      st = GaussSeidel(s, p, 100000);
    } else {
      for (int k = 0; k < n; ++k) q_[k] = s[k];
      // From the last solve's basis when there is one (the next Newton
      // iterate, the next step's pad): a few pivots instead of one per
      // contacting node. A failed warm path falls back to the cold start.
      LcpResult r;
      bool warm = false;
      if (warm_ && basis_.size() == static_cast<std::size_t>(n)) {
        start_ = basis_;
        r = lemke_.SolveFrom(M_, q_, z_, lemke_settings_, start_, &basis_);
        warm = r.status == LcpStatus::kSolved;
      }
      if (!warm) r = lemke_.Solve(M_, q_, z_, lemke_settings_, &basis_);
      st.pivots += r.pivots;
      st.residual = r.residual;
      st.ok = r.status == LcpStatus::kSolved;
      for (int k = 0; k < n; ++k) (*p)[k] = std::max(0.0, z_[k]) / c00_;
      if (!st.ok) {  // Gauss-Seidel from Lemke's last point
        const PadSolveStats g = GaussSeidel(s, p, 10000);
        st.sweeps = g.sweeps, st.residual = g.residual;
      }
    }
  }
  for (int k = 0; k < n; ++k) st.active += (*p)[k] > 0.0 ? 1 : 0;
  return st;
}

PadSolveStats PadPressureSolver::SolveDisplacement(const std::vector<double>& s, std::vector<double>* p) {
  return SolveScaled(s, p);
}

double PadPressureSolver::TangentStiffness(const std::vector<double>& p) {
  // F'(delta) = A 1^T C_SS^-1 1 over the active set S (header).
  const int n = grid_.node_count();
  active_.clear();
  for (int k = 0; k < n; ++k) {
    if (p[k] > 0.0) active_.push_back(k);
  }
  const int m = static_cast<int>(active_.size());
  if (m == 0) return 0.0;
  // The active-set solve's last factor is M_SS = C_SS / C_00 when its set
  // is S: C_SS^-1 1 = M_SS^-1 1 / C_00, without a second factorisation.
  rhs_.assign(m, 1.0);
  if (active_set_.SolveWithLastFactor(active_, &rhs_)) {
    double sum = 0.0;
    for (double v : rhs_) sum += v;
    return grid_.element_area() * sum / c00_;
  }
  sub_.resize(static_cast<std::size_t>(m) * m);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < m; ++j) {
      sub_[static_cast<std::size_t>(i) * m + j] = C_[static_cast<std::size_t>(active_[i]) * n + active_[j]];
    }
  }
  if (!lu_.Factor(sub_, m)) return 0.0;
  rhs_.assign(m, 1.0);
  lu_.Solve(rhs_.data());
  double sum = 0.0;
  for (double v : rhs_) sum += v;
  return grid_.element_area() * sum;
}

PadSolveStats PadPressureSolver::SolveLoad(const std::vector<double>& s0, double F, std::vector<double>* p,
                                           double* delta) {
  const int n = grid_.node_count();
  p->assign(n, 0.0);
  double s_min = s0[0];
  for (double v : s0) s_min = std::min(s_min, v);
  *delta = s_min;
  PadSolveStats total;
  if (!(F > 0.0)) return total;
  s_work_.resize(n);
  auto solve_at = [&](double d) {
    for (int k = 0; k < n; ++k) s_work_[k] = s0[k] - d;
    const PadSolveStats st = SolveScaled(s_work_, p);
    total.pivots += st.pivots, total.sweeps += st.sweeps, total.factorizations += st.factorizations;
    total.ok = total.ok && st.ok;
    total.active = st.active, total.residual = st.residual;
    return TotalForce(*p);
  };
  // Start: the deepest node alone carrying F would sink F C_00 / A; the
  // true approach is less (the load spreads) but of that order, so Newton
  // starts with nodes in contact. With none, the approach doubles.
  double d = s_min + F * c00_ / grid_.element_area();
  double f = solve_at(d);
  for (int k = 0; k < 200 && total.active == 0; ++k) {
    d = s_min + 2.0 * (d - s_min);
    f = solve_at(d);
  }
  for (int it = 0; it < 100; ++it) {
    ++total.newton;
    const double slope = TangentStiffness(*p);
    if (!(slope > 0.0)) break;
    const double step = (F - f) / slope;
    const double d_next = d + step;
    if (d_next == d) break;
    d = d_next;
    f = solve_at(d);
    if (std::abs(F - f) <= 1e-13 * F) break;
  }
  *delta = d;
  return total;
}

}  // namespace grasplab
