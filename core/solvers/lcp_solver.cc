#include "core/solvers/lcp_solver.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/solvers/contact_target.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

// W = M^-1 applied to a 6-vector [f; tau] of body x.
Vec6 ApplyW(const VelocityBody& body, const Vec6& j) {
  Vec6 out;
  out.head<3>() = body.inv_mass * j.head<3>();
  out.tail<3>() = body.inv_I_W * j.tail<3>();
  return out;
}

Vec6 Velocity(const VelocityBody& body) {
  Vec6 v;
  v << body.v_W, body.w_W;
  return v;
}

// Row . (island velocity vector, 6 per body, dense).
double RowDot(const JacobianRow& r, const double* v) {
  double s = 0.0;
  for (int b = 0; b < r.count; ++b) {
    const double* vb = v + 6 * r.body[b];
    for (int k = 0; k < 6; ++k) s += r.J[b][k] * vb[k];
  }
  return s;
}
double RowDot(const JacobianRow& r, const std::vector<double>& v) { return RowDot(r, v.data()); }

// Adds s * W row^T into the dense island vector v (6 per body).
void AddWRowT(const std::vector<VelocityBody*>& bodies, const JacobianRow& r, double s, double* v) {
  for (int b = 0; b < r.count; ++b) {
    const Vec6 w = ApplyW(*bodies[r.body[b]], r.J[b]);
    for (int k = 0; k < 6; ++k) v[6 * r.body[b] + k] += s * w[k];
  }
}

// Cholesky S = L L^T in place (lower triangle), skipping pivots below
// `floor` (redundant rows): their column of L is zeroed and `active` false.
void Cholesky(std::vector<double>* S, int n, std::vector<char>* active) {
  std::vector<double>& a = *S;
  double max_diag = 0.0;
  for (int i = 0; i < n; ++i) max_diag = std::max(max_diag, a[i * n + i]);
  const double floor = 1e-12 * std::max(max_diag, 1e-300);
  active->assign(n, 1);
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > floor)) {
      (*active)[j] = 0;
      for (int i = j; i < n; ++i) a[i * n + j] = 0.0;
      continue;
    }
    const double l = std::sqrt(d);
    a[j * n + j] = l;
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / l;
    }
  }
}

// Solves L L^T x = b in place, with inactive (redundant) rows set to 0.
void CholeskySolve(const std::vector<double>& L, int n, const std::vector<char>& active, std::vector<double>* b) {
  std::vector<double>& x = *b;
  for (int i = 0; i < n; ++i) {
    if (!active[i]) {
      x[i] = 0.0;
      continue;
    }
    double s = x[i];
    for (int k = 0; k < i; ++k) s -= L[i * n + k] * x[k];
    x[i] = s / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    if (!active[i]) {
      x[i] = 0.0;
      continue;
    }
    double s = x[i];
    for (int k = i + 1; k < n; ++k) s -= L[k * n + i] * x[k];
    x[i] = s / L[i * n + i];
  }
}

// The rate of contact c's relative velocity along d: (v_a + w_a x r_a -
// v_b - w_b x r_b) . d.
JacobianRow ContactRow(const IslandSystem& sys, int c, const Vec3& d) {
  const Contact& ct = *sys.contacts[c];
  const auto [a, b] = sys.contact_bodies[c];
  JacobianRow r;
  if (a >= 0) {
    Vec6 j;
    j << d, (ct.p_W - sys.bodies[a]->p_W).cross(d);
    r.Add(a, j);
  }
  if (b >= 0) {
    Vec6 j;
    j << -d, -(ct.p_W - sys.bodies[b]->p_W).cross(d);
    r.Add(b, j);
  }
  return r;
}

// rho (w_a - w_b) . n: the spin at contact c, as a velocity at radius rho.
JacobianRow TorsionRow(const IslandSystem& sys, int c, double rho) {
  const Vec3& n = sys.contacts[c]->n_W;
  const auto [a, b] = sys.contact_bodies[c];
  JacobianRow r;
  Vec6 j;
  j << Vec3::Zero(), rho * n;
  r.Add(a, j);
  r.Add(b, -j);
  return r;
}

}  // namespace

LcpSolveStats SolveIslandLcp(IslandSystem* sys, const LcpSolverSettings& st, std::vector<double>* joint_impulses,
                             std::vector<double>* limit_impulses, std::vector<double>* friction_impulses) {
  const int nb = static_cast<int>(sys->bodies.size());
  const int N = 6 * nb;
  const int mj = static_cast<int>(sys->joint_rows.size());
  const int p = static_cast<int>(sys->limit_rows.size());
  const int q = static_cast<int>(sys->contacts.size());
  // Friction columns per contact: u tangential, plus 2 torsional.
  const int ut = st.friction_directions;
  const int u = ut + (st.torsional_radius > 0.0 ? 2 : 0);
  const int f = static_cast<int>(sys->friction_rows.size());

  // H rows: limits, normals, friction directions (eq. 18's l, n, D), and
  // their right-hand sides b (the LCP's q entries without H v_c).
  std::vector<JacobianRow> H;
  std::vector<double> rhs;
  H.reserve(p + q * (1 + u));
  for (int i = 0; i < p; ++i) {
    H.push_back(sys->limit_rows[i]);
    rhs.push_back(-sys->limit_targets[i]);
  }
  std::vector<Vec3> dirs;
  for (int c = 0; c < q; ++c) {
    const Contact& ct = *sys->contacts[c];
    H.push_back(ContactRow(*sys, c, ct.n_W));
    rhs.push_back(-ContactTargetVelocity(ct.separation, st.h, st.threshold, st.error_reduction));
  }
  for (int c = 0; c < q; ++c) {
    dirs.clear();
    FrictionDirections(sys->contacts[c]->n_W, ut, &dirs);
    for (const Vec3& d : dirs) {
      H.push_back(ContactRow(*sys, c, d));
      rhs.push_back(0.0);
    }
    if (u > ut) {
      for (double sign : {1.0, -1.0}) {
        H.push_back(TorsionRow(*sys, c, sign * st.torsional_radius));
        rhs.push_back(0.0);
      }
    }
  }
  auto entry = [](const std::vector<double>& v, int i) { return i < static_cast<int>(v.size()) ? v[i] : 0.0; };
  for (int i = 0; i < f; ++i) {
    for (double sign : {1.0, -1.0}) {
      JacobianRow r = sys->friction_rows[i];
      for (int b = 0; b < r.count; ++b) r.J[b] *= sign;
      H.push_back(r);
      rhs.push_back(-sign * entry(sys->friction_targets, i));
    }
  }
  const int mh = static_cast<int>(H.size());

  // Free velocities, dense.
  std::vector<double> v_free(N);
  for (int i = 0; i < nb; ++i) {
    const Vec6 v = Velocity(*sys->bodies[i]);
    for (int k = 0; k < 6; ++k) v_free[6 * i + k] = v[k];
  }

  // A_H = A H^T (N x mh, column-major), and v_c.
  std::vector<double> AH(static_cast<std::size_t>(N) * mh, 0.0);
  for (int r = 0; r < mh; ++r) AddWRowT(sys->bodies, H[r], 1.0, &AH[static_cast<std::size_t>(r) * N]);
  std::vector<double> v_c = v_free;
  std::vector<double> L;
  std::vector<char> active;
  if (mj > 0) {
    // S = J W J^T.
    std::vector<std::vector<double>> WJt(mj, std::vector<double>(N, 0.0));
    for (int i = 0; i < mj; ++i) AddWRowT(sys->bodies, sys->joint_rows[i], 1.0, WJt[i].data());
    L.assign(static_cast<std::size_t>(mj) * mj, 0.0);
    for (int i = 0; i < mj; ++i) {
      for (int k = 0; k <= i; ++k) {
        const double s = RowDot(sys->joint_rows[i], WJt[k]);
        L[i * mj + k] = s;
        L[k * mj + i] = s;
      }
    }
    Cholesky(&L, mj, &active);
    // v_c = v* + W J^T S^-1 (e - J v*).
    std::vector<double> y(mj);
    for (int i = 0; i < mj; ++i) y[i] = sys->joint_targets[i] - RowDot(sys->joint_rows[i], v_free);
    CholeskySolve(L, mj, active, &y);
    for (int i = 0; i < mj; ++i) {
      for (int k = 0; k < N; ++k) v_c[k] += WJt[i][k] * y[i];
    }
    // Each column of A_H: W h_r - W J^T S^-1 (J W h_r).
    std::vector<double> x(mj);
    for (int r = 0; r < mh; ++r) {
      double* col = &AH[static_cast<std::size_t>(r) * N];
      for (int i = 0; i < mj; ++i) x[i] = RowDot(sys->joint_rows[i], col);
      CholeskySolve(L, mj, active, &x);
      for (int i = 0; i < mj; ++i) {
        if (x[i] == 0.0) continue;
        for (int k = 0; k < N; ++k) col[k] -= WJt[i][k] * x[i];
      }
    }
  }

  // The LCP of eq. 21: variables [c_l (p), c_n (q), beta (q u), joint
  // friction beta+- (2 f), lambda (q), joint friction lambda (f)].
  const int n = mh + q + f;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd qv = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < mh; ++i) {
    for (int k = 0; k < mh; ++k) M(i, k) = RowDot(H[i], &AH[static_cast<std::size_t>(k) * N]);
    qv[i] = RowDot(H[i], v_c) + rhs[i];
  }
  double max_diag = 0.0;
  for (int i = 0; i < mh; ++i) max_diag = std::max(max_diag, M(i, i));
  for (int i = 0; i < mh; ++i) M(i, i) += st.regularization * max_diag;
  const int beta0 = p + q, lambda0 = p + q + q * u + 2 * f;
  const int jbeta0 = p + q + q * u, jlambda0 = lambda0 + q;
  for (int i = 0; i < f; ++i) {
    for (int k = 0; k < 2; ++k) {
      M(jbeta0 + 2 * i + k, jlambda0 + i) = 1.0;
      M(jlambda0 + i, jbeta0 + 2 * i + k) = -1.0;
    }
    qv[jlambda0 + i] = sys->friction_limits[i];
    // The compliance c couples the pair through f = beta+ - beta-.
    const double c = entry(sys->friction_compliance, i);
    const int bp = jbeta0 + 2 * i;
    M(bp, bp) += c;
    M(bp, bp + 1) -= c;
    M(bp + 1, bp) -= c;
    M(bp + 1, bp + 1) += c;
  }
  for (int c = 0; c < q; ++c) {
    const double mu = sys->contacts[c]->friction;
    M(lambda0 + c, p + c) = mu;
    for (int k = 0; k < u; ++k) {
      M(beta0 + c * u + k, lambda0 + c) = 1.0;
      M(lambda0 + c, beta0 + c * u + k) = -1.0;
    }
  }

  LcpSolveStats stats;
  stats.lcp_size = n;
  Eigen::VectorXd z;
  auto solve = [&](const LemkeSettings& ls) {
    LcpResult r = SolveLcpLemke(M, qv, &z, ls);
    const double q_max = n > 0 ? qv.cwiseAbs().maxCoeff() : 0.0;
    if (r.status == LcpStatus::kSolved && r.residual > st.max_relative_residual * (1.0 + q_max)) {
      r.status = LcpStatus::kInaccurate;
    }
    return r;
  };
  // Retries before the fallback, with a finer then a coarser pivot
  // tolerance: a degenerate problem can need either (a legitimately small
  // pivot, or debris that must not be pivoted on).
  // Covering vector: 1 on the impulse rows, 0.1 on the lambda rows (whose q
  // entries are all zero). With d = 1 throughout, the lambda rows tie
  // exactly and Lemke's path can end in a ray on grasps that are solvable
  // (measured: a hand on a prism failed 95 % of steps with d = 1; any
  // non-uniform d solved them). Retries use an irregular d (golden-ratio
  // sequence) with the same pivot tolerance, then finer and coarser ones.
  LemkeSettings first = st.lemke;
  if (first.covering.size() != n) {
    first.covering = Eigen::VectorXd::Ones(n);
    for (int i = mh; i < n; ++i) first.covering[i] = 0.1;
  }
  LcpResult res = solve(first);
  int attempt = 0;
  // Measured on grasps squeezed by effort-limited PD rows (a parallel jaw on
  // a cube, 83 unknowns): Lemke ray-terminates for about 70 % of irregular
  // covering vectors at the 1e-6 regularisation, 25 % at 1e-5 and 15 % at
  // 1e-4. So each retry changes the covering vector, and the later ones
  // also raise the regularisation (a compliance still far below a micron
  // per step), before the pivot tolerance changes.
  const double t0 = st.lemke.pivot_tolerance;
  struct Retry {
    double tolerance, regularization;
  };
  const double r0 = st.regularization;
  const Retry retries[] = {{t0, r0},       {t0, r0},       {t0, 10 * r0},    {t0, 10 * r0},
                           {t0, 100 * r0}, {t0, 100 * r0}, {1e-12, 100 * r0}, {1e-6, 100 * r0}};
  double current_regularization = r0;
  for (const Retry& retry : retries) {
    ++attempt;
    if (res.status == LcpStatus::kSolved) continue;
    if (retry.regularization != current_regularization) {
      for (int i = 0; i < mh; ++i) M(i, i) += (retry.regularization - current_regularization) * max_diag;
      current_regularization = retry.regularization;
    }
    const double retry_tolerance = retry.tolerance;
    LemkeSettings other = first;
    for (int i = 0; i < n; ++i) {
      const double g = (i + 1) * 0.6180339887498949 * attempt;
      other.covering[i] *= 0.5 + (g - std::floor(g));
    }
    other.pivot_tolerance = retry_tolerance;
    const int earlier_pivots = res.pivots;
    Eigen::VectorXd earlier_z = z;
    const LcpResult earlier = res;
    res = solve(other);
    res.pivots += earlier_pivots;
    // Both inaccurate: keep the better of the two.
    if (res.status == LcpStatus::kInaccurate && earlier.status == LcpStatus::kInaccurate &&
        earlier.residual < res.residual) {
      z = earlier_z;
      res.residual = earlier.residual;
    }
  }
  if (const char* dump = std::getenv("GRASPLAB_DUMP_LCP"); dump && res.status != LcpStatus::kSolved) {
    if (FILE* f = std::fopen(dump, "w")) {
      std::fprintf(f, "%d\n", n);
      for (int i = 0; i < n; ++i) {
        for (int k = 0; k < n; ++k) std::fprintf(f, "%.17g ", M(i, k));
        std::fprintf(f, "\n");
      }
      for (int i = 0; i < n; ++i) std::fprintf(f, "%.17g ", qv[i]);
      std::fclose(f);
    }
  }
  stats.status = res.status;
  stats.pivots = res.pivots;
  stats.residual = res.residual;
  if (res.status != LcpStatus::kSolved) {
    // Fallback: projected Gauss-Seidel on the H rows (header comment).
    stats.fell_back = true;
    z = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd w = qv;
    auto update = [&](int i, double zi) {
      const double dz = zi - z[i];
      if (dz == 0.0) return;
      z[i] = zi;
      for (int k = 0; k < n; ++k) w[k] += M(k, i) * dz;
    };
    for (int sweep = 0; sweep < 100; ++sweep) {
      for (int i = 0; i < p + q; ++i) {
        if (M(i, i) > 0.0) update(i, std::max(0.0, z[i] - w[i] / M(i, i)));
      }
      for (int c = 0; c < q; ++c) {
        double sum = 0.0;
        for (int k = 0; k < u; ++k) {
          const int i = beta0 + c * u + k;
          if (M(i, i) > 0.0) update(i, std::max(0.0, z[i] - (w[i] - M(i, lambda0 + c) * z[lambda0 + c]) / M(i, i)));
          sum += z[i];
        }
        const double limit = sys->contacts[c]->friction * z[p + c];
        if (sum > limit) {
          const double scale = sum > 0.0 ? limit / sum : 0.0;
          for (int k = 0; k < u; ++k) update(beta0 + c * u + k, z[beta0 + c * u + k] * scale);
        }
      }
      for (int i = 0; i < f; ++i) {
        for (int k = 0; k < 2; ++k) {
          const int r = jbeta0 + 2 * i + k;
          if (M(r, r) > 0.0) update(r, std::clamp(z[r] - (w[r] - z[jlambda0 + i]) / M(r, r), 0.0, sys->friction_limits[i]));
        }
      }
    }
    for (int i = 0; i < n; ++i) {
      if (!(z[i] - z[i] == 0.0)) z[i] = 0.0;
    }
  }

  // v^{l+1} = v_c + A H^T z.
  std::vector<double> v = v_c;
  for (int r = 0; r < mh; ++r) {
    if (z[r] == 0.0) continue;
    const double* col = &AH[static_cast<std::size_t>(r) * N];
    for (int k = 0; k < N; ++k) v[k] += col[k] * z[r];
  }
  for (int i = 0; i < nb; ++i) {
    sys->bodies[i]->v_W = Vec3(v[6 * i], v[6 * i + 1], v[6 * i + 2]);
    sys->bodies[i]->w_W = Vec3(v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]);
  }
  limit_impulses->assign(z.data(), z.data() + p);
  if (friction_impulses) {
    friction_impulses->assign(f, 0.0);
    for (int i = 0; i < f; ++i) (*friction_impulses)[i] = z[jbeta0 + 2 * i] - z[jbeta0 + 2 * i + 1];
  }
  for (int c = 0; c < q; ++c) {
    Contact& ct = *sys->contacts[c];
    ct.normal_impulse = z[p + c];
    dirs.clear();
    FrictionDirections(ct.n_W, ut, &dirs);
    ct.friction_impulse.setZero();
    for (int k = 0; k < ut; ++k) ct.friction_impulse += z[beta0 + c * u + k] * dirs[k];
    ct.torsional_impulse = u > ut ? st.torsional_radius * (z[beta0 + c * u + ut] - z[beta0 + c * u + ut + 1]) : 0.0;
  }
  // Joint impulses: c_j = S^-1 (e - J v* - J W H^T z) = S^-1 (J v_c - J v*) + ... computed
  // from the final velocity: J v^{l+1} = e holds, and M (v - v*) = J^T c_j + H^T z.
  joint_impulses->assign(mj, 0.0);
  if (mj > 0) {
    std::vector<double> WHz(N, 0.0);
    for (int r = 0; r < mh; ++r) {
      if (z[r] != 0.0) AddWRowT(sys->bodies, H[r], z[r], WHz.data());
    }
    std::vector<double> y(mj);
    for (int i = 0; i < mj; ++i) {
      y[i] = sys->joint_targets[i] - RowDot(sys->joint_rows[i], v_free) - RowDot(sys->joint_rows[i], WHz);
    }
    CholeskySolve(L, mj, active, &y);
    *joint_impulses = y;
  }
  return stats;
}

}  // namespace grasplab
