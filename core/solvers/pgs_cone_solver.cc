#include "core/solvers/pgs_cone_solver.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

#include "core/solvers/contact_target.h"
#include "core/solvers/friction_directions.h"
#include "core/solvers/reduced_island.h"

namespace grasplab {
namespace {

using Mat3d = Eigen::Matrix3d;
using Vec3d = Eigen::Vector3d;

// |(x, y)| with sqrt only: std::hypot differs in the last bit between
// glibc and the WASM libc, which would break native/WASM bit equality.
double Norm2(double x, double y) { return std::sqrt(x * x + y * y); }

// One contact's update given the others (header): the normal impulse
// first, then the tangential one projected onto the disk
// |lambda_t| <= mu lambda_n in the metric of the tangential block. z: the old (lambda_n, lambda_t1, lambda_t2), w
// the block's current velocities, G its Delassus block.
Vec3d UpdateContact(const Vec3d& z, const Vec3d& w, const Mat3d& G, double mu) {
  Vec3d out = z;
  out[0] = G(0, 0) > 0.0 ? std::max(0.0, z[0] - w[0] / G(0, 0)) : 0.0;
  // The tangential velocities after the normal change, then the 2x2 solve.
  const double dn = out[0] - z[0];
  const double w1 = w[1] + G(1, 0) * dn, w2 = w[2] + G(2, 0) * dn;
  const double a = G(1, 1), b = G(1, 2), d = G(2, 2), det = a * d - b * b;
  if (!(det > 0.0)) return Vec3d(out[0], 0.0, 0.0);
  // The sticking impulse, which stops the contact's tangential motion.
  const double s1 = z[1] - (d * w1 - b * w2) / det;
  const double s2 = z[2] - (a * w2 - b * w1) / det;
  const double limit = mu * out[0];
  if (Norm2(s1, s2) <= limit) {
    out[1] = s1;
    out[2] = s2;
    return out;
  }
  if (!(limit > 0.0)) return Vec3d(out[0], 0.0, 0.0);
  // Sliding: the point of the disk nearest to the sticking impulse in the
  // metric of G_tt, min (x - s)^T T (x - s) over |x| <= limit. Its KKT
  // condition T (x - s) + k x = 0 (k >= 0) says the slip velocity left,
  // T (x - s) = -k x, is opposite to the friction impulse: maximal
  // dissipation. x(k) = (T + k I)^-1 T s; |x(k)| falls with k from |s| to 0,
  // so k is found by bisection on [0, |T s| / limit] (60 halvings).
  const double c1 = a * s1 + b * s2, c2 = b * s1 + d * s2;
  auto x_of = [&](double k, double* x1, double* x2) {
    const double det_k = (a + k) * (d + k) - b * b;
    *x1 = ((d + k) * c1 - b * c2) / det_k;
    *x2 = ((a + k) * c2 - b * c1) / det_k;
  };
  double lo = 0.0, hi = Norm2(c1, c2) / limit, x1 = 0.0, x2 = 0.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    x_of(mid, &x1, &x2);
    if (Norm2(x1, x2) > limit) lo = mid;
    else hi = mid;
  }
  x_of(hi, &x1, &x2);
  const double scale = limit / std::max(Norm2(x1, x2), 1e-300);  // onto the circle exactly
  out[1] = x1 * scale;
  out[2] = x2 * scale;
  return out;
}

}  // namespace

PgsStats SolveIslandPgs(IslandSystem* sys, const PgsSettings& st, std::vector<double>* joint_impulses,
                        std::vector<double>* limit_impulses, std::vector<double>* friction_impulses) {
  const int p = static_cast<int>(sys->limit_rows.size());
  const int q = static_cast<int>(sys->contacts.size());
  const int f = static_cast<int>(sys->friction_rows.size());
  const bool torsion = st.torsional_radius > 0.0;
  const int per_contact = torsion ? 4 : 3;

  // Rows: limits, then per contact n, t1, t2 (and the spin), then bounded rows.
  std::vector<JacobianRow> H;
  std::vector<double> target;  // each row's target velocity (b = H v_c - target)
  H.reserve(p + per_contact * q + f);
  for (int i = 0; i < p; ++i) {
    H.push_back(sys->limit_rows[i]);
    target.push_back(sys->limit_targets[i]);
  }
  std::vector<Vec3> dirs, t1(q), t2(q);
  for (int c = 0; c < q; ++c) {
    const Contact& ct = *sys->contacts[c];
    dirs.clear();
    FrictionDirections(ct.n_W, st.friction_directions, &dirs);
    t1[c] = dirs[0];
    t2[c] = ct.n_W.cross(dirs[0]);
    H.push_back(ContactRow(*sys, c, ct.n_W));
    target.push_back(ContactTargetVelocity(ct.separation, st.h, st.threshold, st.error_reduction));
    H.push_back(ContactRow(*sys, c, t1[c]));
    target.push_back(0.0);
    H.push_back(ContactRow(*sys, c, t2[c]));
    target.push_back(0.0);
    if (torsion) {
      H.push_back(TorsionRow(*sys, c, st.torsional_radius));
      target.push_back(0.0);
    }
  }
  for (int i = 0; i < f; ++i) {
    H.push_back(sys->friction_rows[i]);
    target.push_back(OptionalEntry(sys->friction_targets, i));
  }
  const int m = static_cast<int>(H.size());
  const int contact0 = p, bounded0 = p + per_contact * q;

  ReducedIsland red;
  ReduceIsland(*sys, H, &red);
  // The Delassus operator G = H A H^T (row-major) and b.
  std::vector<double> G(static_cast<std::size_t>(m) * m);
  std::vector<double> b(m);
  double max_diag = 0.0;
  for (int i = 0; i < m; ++i) {
    for (int k = 0; k < m; ++k) G[static_cast<std::size_t>(i) * m + k] = red.Coupling(i, k);
    b[i] = RowDot(H[i], red.v_c) - target[i];
    max_diag = std::max(max_diag, G[static_cast<std::size_t>(i) * m + i]);
  }
  for (int i = 0; i < m; ++i) G[static_cast<std::size_t>(i) * m + i] += st.regularization * max_diag;
  for (int i = 0; i < f; ++i) {
    const int r = bounded0 + i;
    G[static_cast<std::size_t>(r) * m + r] += OptionalEntry(sys->friction_compliance, i);
  }
  auto g = [&](int i, int k) { return G[static_cast<std::size_t>(i) * m + k]; };

  // Warm start from the contacts' impulses on entry.
  std::vector<double> z(m, 0.0);
  for (int c = 0; c < q; ++c) {
    const Contact& ct = *sys->contacts[c];
    const int r = contact0 + per_contact * c;
    z[r] = std::max(0.0, ct.normal_impulse);
    z[r + 1] = ct.friction_impulse.dot(t1[c]);
    z[r + 2] = ct.friction_impulse.dot(t2[c]);
    const double t = Norm2(z[r + 1], z[r + 2]), limit = ct.friction * z[r];
    if (t > limit) {
      const double s = t > 0.0 ? limit / t : 0.0;
      z[r + 1] *= s;
      z[r + 2] *= s;
    }
  }
  // G is exactly symmetric (ReduceIsland mirrors its triangle; the
  // regularisation and compliances are diagonal), so column k is read as
  // the contiguous row k.
  std::vector<double> w = b;  // w = G z + b
  for (int k = 0; k < m; ++k) {
    if (z[k] == 0.0) continue;
    const double* gk = &G[static_cast<std::size_t>(k) * m];
    for (int i = 0; i < m; ++i) w[i] += gk[i] * z[k];
  }
  double largest_change = 0.0;
  auto update = [&](int k, double value) {
    const double dz = value - z[k];
    if (dz == 0.0) return;
    z[k] = value;
    largest_change = std::max(largest_change, std::abs(dz));
    const double* gk = &G[static_cast<std::size_t>(k) * m];
    for (int i = 0; i < m; ++i) w[i] += gk[i] * dz;
  };
  // Contact blocks and their inverses, fixed for the step.
  std::vector<Mat3d> block(q);
  for (int c = 0; c < q; ++c) {
    const int r = contact0 + per_contact * c;
    for (int i = 0; i < 3; ++i) {
      for (int k = 0; k < 3; ++k) block[c](i, k) = g(r + i, r + k);
    }
  }

  PgsStats stats;
  stats.size = m;
  for (int sweep = 0; sweep < st.max_iterations; ++sweep) {
    largest_change = 0.0;
    for (int i = 0; i < p; ++i) {
      if (g(i, i) > 0.0) update(i, std::max(0.0, z[i] - w[i] / g(i, i)));
    }
    for (int c = 0; c < q; ++c) {
      const int r = contact0 + per_contact * c;
      const double mu = sys->contacts[c]->friction;
      const Vec3d zc(z[r], z[r + 1], z[r + 2]), wc(w[r], w[r + 1], w[r + 2]);
      const Vec3d next = UpdateContact(zc, wc, block[c], mu);
      for (int k = 0; k < 3; ++k) update(r + k, next[k]);
      if (torsion && g(r + 3, r + 3) > 0.0) {
        const double limit = mu * z[r];  // a torque of at most mu z_n rho
        update(r + 3, std::clamp(z[r + 3] - w[r + 3] / g(r + 3, r + 3), -limit, limit));
      }
    }
    for (int i = 0; i < f; ++i) {
      const int r = bounded0 + i;
      const double limit = sys->friction_limits[i];
      if (g(r, r) > 0.0) update(r, std::clamp(z[r] - w[r] / g(r, r), -limit, limit));
    }
    stats.iterations = sweep + 1;
    stats.residual = largest_change;
    double largest = 0.0;
    for (double x : z) largest = std::max(largest, std::abs(x));
    if (largest_change <= st.tolerance * (1.0 + largest)) {
      stats.converged = true;
      break;
    }
  }
  for (double& x : z) {
    if (!(x - x == 0.0)) x = 0.0;  // never propagate a non-finite impulse
  }

  FinishIsland(sys, H, red, z.data(), joint_impulses);
  limit_impulses->assign(z.begin(), z.begin() + p);
  if (friction_impulses) friction_impulses->assign(z.begin() + bounded0, z.end());
  for (int c = 0; c < q; ++c) {
    Contact& ct = *sys->contacts[c];
    const int r = contact0 + per_contact * c;
    ct.normal_impulse = z[r];
    ct.friction_impulse = z[r + 1] * t1[c] + z[r + 2] * t2[c];
    ct.torsional_impulse = torsion ? st.torsional_radius * z[r + 3] : 0.0;
  }
  return stats;
}

}  // namespace grasplab
