#include "core/robot/inverse_kinematics.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/base/format.h"
#include "core/robot/robot.h"

namespace grasplab {
namespace {

// [p_t - p ; 2 vec(q_t q^-1)], shortest rotation.
std::array<double, 6> PoseError(const Pose& X, const Pose& T) {
  Quat d = T.q * X.q.conjugate();
  if (d.w() < 0.0) d.coeffs() = -d.coeffs();
  const Vec3 dp = T.p - X.p;
  return {dp.x(), dp.y(), dp.z(), 2.0 * d.x(), 2.0 * d.y(), 2.0 * d.z()};
}

// Sets URDF joint values from the driven ones, mimics following.
void Expand(const RobotModel& m, std::vector<double>* q) {
  for (std::size_t k = 0; k < m.joints.size(); ++k) {
    const UrdfJoint& j = m.joints[k];
    if (!j.mimic.empty()) (*q)[k] = j.mimic_multiplier * (*q)[m.FindJoint(j.mimic)] + j.mimic_offset;
  }
}

// Solves A x = b for a k x k system (k <= 6) by Gaussian elimination with
// partial pivoting; A is symmetric positive definite here.
void Solve(std::array<std::array<double, 6>, 6> A, std::array<double, 6>* b, int k) {
  for (int c = 0; c < k; ++c) {
    int piv = c;
    for (int r = c + 1; r < k; ++r) {
      if (std::abs(A[r][c]) > std::abs(A[piv][c])) piv = r;
    }
    std::swap(A[c], A[piv]);
    std::swap((*b)[c], (*b)[piv]);
    for (int r = c + 1; r < k; ++r) {
      const double f = A[r][c] / A[c][c];
      for (int j = c; j < k; ++j) A[r][j] -= f * A[c][j];
      (*b)[r] -= f * (*b)[c];
    }
  }
  for (int c = k - 1; c >= 0; --c) {
    double s = (*b)[c];
    for (int j = c + 1; j < k; ++j) s -= A[c][j] * (*b)[j];
    (*b)[c] = s / A[c][c];
  }
}

}  // namespace

IkResult SolveIk(const RobotModel& m, const Pose& X_WR, int link, const Pose& X_WT, const std::vector<double>& q_start,
                 const IkSettings& st) {
  IkResult r;
  r.q = q_start;
  r.q.resize(m.joints.size(), 0.0);
  if (link < 0 || link >= static_cast<int>(m.links.size())) {
    r.message = "no such link";
    return r;
  }
  // The driven joints on the chain from the root to the link.
  std::vector<int> chain;
  for (int up = m.ParentJoint(m.links[link].name); up >= 0; up = m.ParentJoint(m.joints[up].parent)) {
    const UrdfJoint& j = m.joints[up];
    if (j.type != UrdfJointType::kFixed) chain.push_back(j.mimic.empty() ? up : m.FindJoint(j.mimic));
  }
  std::sort(chain.begin(), chain.end());
  chain.erase(std::unique(chain.begin(), chain.end()), chain.end());
  const int rows = st.orientation ? 6 : 3;
  const int n = static_cast<int>(chain.size());
  if (n == 0) {
    r.message = "link \"" + m.links[link].name + "\" has no moving joint above it";
    return r;
  }
  auto clamp = [&](int k, double v) {
    const UrdfJoint& j = m.joints[k];
    return j.has_limits ? std::clamp(v, j.lower, j.upper) : v;
  };
  for (int k : chain) r.q[k] = clamp(k, r.q[k]);
  Expand(m, &r.q);
  std::vector<std::array<double, 6>> J(n);
  for (r.iterations = 0; r.iterations <= st.max_iterations; ++r.iterations) {
    const Pose X = ForwardKinematics(m, X_WR, r.q)[link];
    const std::array<double, 6> e = PoseError(X, X_WT);
    r.position_error = std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
    r.angle_error = std::sqrt(e[3] * e[3] + e[4] * e[4] + e[5] * e[5]);
    if (r.position_error <= st.position_tolerance && (!st.orientation || r.angle_error <= st.angle_tolerance)) {
      r.reached = true;
      return r;
    }
    if (r.iterations == st.max_iterations) break;
    // Jacobian columns by central differences.
    constexpr double kDelta = 1e-6;
    for (int c = 0; c < n; ++c) {
      std::vector<double> qp = r.q, qm = r.q;
      qp[chain[c]] += kDelta;
      qm[chain[c]] -= kDelta;
      Expand(m, &qp);
      Expand(m, &qm);
      const Pose Xp = ForwardKinematics(m, X_WR, qp)[link];
      const Pose Xm = ForwardKinematics(m, X_WR, qm)[link];
      const std::array<double, 6> ep = PoseError(Xp, X), em = PoseError(Xm, X);
      // PoseError(Xp, X) = -(motion); the column is the motion per radian.
      for (int i = 0; i < 6; ++i) J[c][i] = (em[i] - ep[i]) / (2.0 * kDelta);
    }
    // (J J^T + lambda^2 I) y = e ; dq = J^T y.
    std::array<std::array<double, 6>, 6> A{};
    std::array<double, 6> y{};
    for (int i = 0; i < rows; ++i) {
      for (int k = 0; k < rows; ++k) {
        double s = 0.0;
        for (int c = 0; c < n; ++c) s += J[c][i] * J[c][k];
        A[i][k] = s + (i == k ? st.damping * st.damping : 0.0);
      }
      y[i] = e[i];
    }
    Solve(A, &y, rows);
    for (int c = 0; c < n; ++c) {
      double dq = 0.0;
      for (int i = 0; i < rows; ++i) dq += J[c][i] * y[i];
      r.q[chain[c]] = clamp(chain[c], r.q[chain[c]] + dq);
    }
    Expand(m, &r.q);
  }
  r.message = "unreachable: after " + std::to_string(st.max_iterations) + " iterations the link is " +
              FormatNumber(r.position_error * 1000.0) + " mm and " + FormatNumber(r.angle_error) +
              " rad from the target";
  return r;
}

}  // namespace grasplab
