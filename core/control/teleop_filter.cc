#include "core/control/teleop_filter.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/format.h"
#include "core/dynamics/integrate_pose.h"
#include "core/math/det_math.h"

namespace grasplab {

double TeleopFilterGain(double h, double tau) {
  if (!(tau > 0.0)) return 1.0;
  return 1.0 - DetExp(-h / tau);
}

Vec3 ClampToBox(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  return Vec3(std::min(std::max(p.x(), lo.x()), hi.x()), std::min(std::max(p.y(), lo.y()), hi.y()),
              std::min(std::max(p.z(), lo.z()), hi.z()));
}

TeleopFilterState StartTeleopFilter(const Pose& X_WR, double closure, const TeleopLimits& limits) {
  TeleopFilterState s;
  s.X_c = X_WR;
  s.X_c.p = ClampToBox(X_WR.p, limits.lo, limits.hi);
  s.X_f = s.X_c;
  s.closure_c = s.closure_f = std::min(std::max(closure, 0.0), 1.0);
  return s;
}

namespace {

// v scaled to norm at most `cap` (same direction); zero stays zero.
Vec3 CapNorm(const Vec3& v, double cap) {
  const double n2 = v.squaredNorm();
  if (n2 <= cap * cap) return v;
  return v * (cap / std::sqrt(n2));
}

}  // namespace

void AdvanceTeleopFilter(const TeleopInput& input, const TeleopLimits& limits, double h, TeleopFilterState* s) {
  // Commanded pose: position integrated then clamped into the box (so
  // pushing against a wall does not wind up), orientation by eq. 12.
  const Vec3 v = CapNorm(input.v_W, limits.max_speed);
  const Vec3 w = CapNorm(input.w_W, limits.max_angular_speed);
  Pose next = s->X_c;
  AdvancePose(h, Vec3::Zero(), w, &next);
  next.p = ClampToBox(s->X_c.p + h * v, limits.lo, limits.hi);
  s->X_c = next;
  s->closure_c = std::min(std::max(input.closure, 0.0), 1.0);

  const double a = TeleopFilterGain(h, limits.time_constant);
  s->X_f.p += a * (s->X_c.p - s->X_f.p);
  s->closure_f += a * (s->closure_c - s->closure_f);
  // Normalised lerp towards q_c on q_f's side of the sphere (q and -q are
  // the same rotation): only + - * / sqrt, unlike slerp's acos and sin.
  Eigen::Vector4d qf = s->X_f.q.coeffs(), qc = s->X_c.q.coeffs();
  if (qf.dot(qc) < 0.0) qc = -qc;
  qf += a * (qc - qf);
  s->X_f.q = Quat(qf(3), qf(0), qf(1), qf(2)).normalized();
}

Status ValidateTeleopLimits(const TeleopLimits& l, const std::string& field) {
  if (!IsFinite(l.lo)) return Status::Error(field + ".workspace.min: must be finite");
  if (!IsFinite(l.hi)) return Status::Error(field + ".workspace.max: must be finite");
  for (int k = 0; k < 3; ++k) {
    if (!(l.lo[k] <= l.hi[k])) {
      return Status::Error(field + ".workspace.max[" + std::to_string(k) + "]: must be >= workspace.min[" +
                           std::to_string(k) + "] (" + FormatNumber(l.lo[k]) + "), got " + FormatNumber(l.hi[k]));
    }
  }
  if (!(l.max_speed > 0.0 && l.max_speed <= 10.0)) return Status::Error(field + ".maxSpeed: must be in (0, 10] m/s");
  if (!(l.max_angular_speed > 0.0 && l.max_angular_speed <= 100.0)) {
    return Status::Error(field + ".maxAngularSpeed: must be in (0, 100] rad/s");
  }
  if (!(l.time_constant >= 0.0 && l.time_constant <= 10.0)) {
    return Status::Error(field + ".timeConstant: must be in [0, 10] s");
  }
  return Status::Ok();
}

}  // namespace grasplab
