#include "core/control/trajectory.h"

#include <algorithm>
#include <cmath>

#include "core/math/det_math.h"

namespace grasplab {

void QuinticScaling(double tau, double* s, double* ds, double* dds) {
  tau = std::clamp(tau, 0.0, 1.0);
  const double t2 = tau * tau, t3 = t2 * tau;
  *s = t3 * (10.0 - 15.0 * tau + 6.0 * t2);
  *ds = 30.0 * t2 * (1.0 - 2.0 * tau + t2);
  *dds = 60.0 * tau * (1.0 - 3.0 * tau + 2.0 * t2);
}

void JointTrajectory::Sample(double t, double* q, double* qdot) const {
  double s, ds, dds;
  const double tau = (t - t0) / duration;
  QuinticScaling(tau, &s, &ds, &dds);
  *q = q0 + (q1 - q0) * s;
  *qdot = (tau >= 0.0 && tau <= 1.0) ? (q1 - q0) * ds / duration : 0.0;
}

void PoseTrajectory::Sample(double t, Pose* X, Vec3* v, Vec3* w) const {
  double s, ds, dds;
  const double tau = (t - t0) / duration;
  QuinticScaling(tau, &s, &ds, &dds);
  const double rate = (tau >= 0.0 && tau <= 1.0) ? ds / duration : 0.0;
  X->p = from.p + (to.p - from.p) * s;
  *v = (to.p - from.p) * rate;
  // Relative rotation from -> to as axis * angle (shortest way).
  Quat d = to.q * from.q.conjugate();
  if (d.w() < 0.0) d.coeffs() = -d.coeffs();
  const double sin_half = d.vec().norm();
  const double angle = 2.0 * DetAtan2(sin_half, d.w());
  const Vec3 axis = sin_half > 1e-12 ? Vec3(d.vec() / sin_half) : Vec3::UnitZ();
  double sh, ch;
  DetSinCos(0.5 * angle * s, &sh, &ch);
  X->q = (Quat(ch, sh * axis.x(), sh * axis.y(), sh * axis.z()) * from.q).normalized();
  *w = axis * (angle * rate);
}

}  // namespace grasplab
