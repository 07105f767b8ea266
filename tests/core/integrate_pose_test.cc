// Tests of eqs. 10-12 (core/dynamics/integrate_pose).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/dynamics/integrate_pose.h"

using namespace grasplab;

TEST_CASE("B of eq. 10 equals 1/2 e * (0, w_B)", "[integrate_pose]") {
  const Quat e = Quat(0.3, -0.5, 0.7, 0.4).normalized();
  const Vec3 w_B(0.2, -1.3, 2.1);
  const Eigen::Vector4d e_dot = EulerParameterRateMatrix(e) * w_B;
  const Quat ref = e * Quat(0.0, w_B.x(), w_B.y(), w_B.z());
  CHECK(e_dot(0) == Approx(0.5 * ref.w()).margin(1e-15));
  CHECK(e_dot(1) == Approx(0.5 * ref.x()).margin(1e-15));
  CHECK(e_dot(2) == Approx(0.5 * ref.y()).margin(1e-15));
  CHECK(e_dot(3) == Approx(0.5 * ref.z()).margin(1e-15));
  // The rate is tangent to the unit sphere: d|e|^2/dt = 2 e . e_dot = 0.
  CHECK(std::abs(Eigen::Vector4d(e.w(), e.x(), e.y(), e.z()).dot(e_dot)) < 1e-15);
}

TEST_CASE("G of eq. 11 maps a world velocity to the pose rate", "[integrate_pose]") {
  const Quat e = Quat(0.9, 0.1, -0.2, 0.3).normalized();
  Eigen::Matrix<double, 6, 1> v;
  v << 1.0, -2.0, 0.5, 0.4, 0.0, -0.7;
  const Eigen::Matrix<double, 7, 1> q_dot = PoseRateMatrix(e) * v;
  CHECK(q_dot.head<3>().isApprox(v.head<3>()));
  // World angular velocity w gives e_dot = 1/2 (0, w) * e.
  const Quat ref = Quat(0.0, v(3), v(4), v(5)) * e;
  CHECK(q_dot(3) == Approx(0.5 * ref.w()).margin(1e-15));
  CHECK(q_dot(4) == Approx(0.5 * ref.x()).margin(1e-15));
  CHECK(q_dot(5) == Approx(0.5 * ref.y()).margin(1e-15));
  CHECK(q_dot(6) == Approx(0.5 * ref.z()).margin(1e-15));
}

TEST_CASE("Constant spin about a fixed axis turns by |w| t", "[integrate_pose]") {
  // The renormalised Euler step turns by 2 atan(h|w|/2) per step instead of
  // h|w|: an error of (h|w|)^3 / 12 per step, 1.3e-8 rad here over 400 steps.
  const double h = 0.0025, w = 2.0;
  const Vec3 axis = Vec3(1.0, 2.0, -2.0).normalized();
  Pose X;
  for (int k = 0; k < 400; ++k) AdvancePose(h, Vec3::Zero(), w * axis, &X);
  const Eigen::AngleAxisd aa(X.q);
  const double expected = 400 * 2.0 * std::atan(h * w / 2.0);
  CHECK(aa.angle() == Approx(expected).margin(1e-12));
  CHECK(aa.angle() == Approx(w * 1.0).margin(1e-5));
  CHECK(aa.axis().isApprox(axis, 1e-12));
  CHECK(X.q.norm() == Approx(1.0).margin(1e-15));
}
