// Basic math types of the core. Double precision everywhere; world frame W is
// z-up, SI units. Frame notation follows Drake: X_WB is the pose of body frame
// B in W, p_WB its origin, q_WB its orientation, v_WB / w_WB the linear (of the
// centre of mass) and angular velocity of B measured and expressed in W.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace grasplab {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
// Unit quaternion. Eigen's constructor order is (w, x, y, z), the order of the
// scene format and of the Euler parameters q4..q7 in Miller & Christensen eq. 10.
using Quat = Eigen::Quaterniond;

// A rigid transform: x_W = q * x_B + p.
struct Pose {
  Vec3 p = Vec3::Zero();
  Quat q = Quat::Identity();

  Vec3 Apply(const Vec3& x_B) const { return q * x_B + p; }
  Vec3 ApplyInverse(const Vec3& x_W) const { return q.conjugate() * (x_W - p); }
};

inline bool IsFinite(double x) { return x - x == 0.0; }  // false for NaN and +-Inf
inline bool IsFinite(const Vec3& v) { return IsFinite(v.x()) && IsFinite(v.y()) && IsFinite(v.z()); }
// Lexicographic order by x, then y, then z: a fixed order for points
// (sorting, welding equal positions).
inline bool LexicographicLess(const Vec3& p, const Vec3& q) {
  return p.x() != q.x() ? p.x() < q.x() : p.y() != q.y() ? p.y() < q.y() : p.z() < q.z();
}
inline bool IsFinite(const Quat& q) {
  return IsFinite(q.w()) && IsFinite(q.x()) && IsFinite(q.y()) && IsFinite(q.z());
}
// A body's state (pose and velocities) all finite: x - x is 0 for a finite
// x and NaN otherwise, and a NaN survives the sum, so one test instead of
// thirteen short-circuited ones (World::QuarantineNonFinite runs it on every
// body every step).
inline bool IsFiniteState(const Vec3& p, const Quat& q, const Vec3& v, const Vec3& w) {
  double zero = (p.x() - p.x()) + (p.y() - p.y()) + (p.z() - p.z());
  zero += (q.w() - q.w()) + (q.x() - q.x()) + (q.y() - q.y()) + (q.z() - q.z());
  zero += (v.x() - v.x()) + (v.y() - v.y()) + (v.z() - v.z());
  zero += (w.x() - w.x()) + (w.y() - w.y()) + (w.z() - w.z());
  return zero == 0.0;
}
inline bool IsFinite(const Mat3& m) {
  for (int i = 0; i < 9; ++i) {
    if (!IsFinite(m.data()[i])) return false;
  }
  return true;
}

}  // namespace grasplab
