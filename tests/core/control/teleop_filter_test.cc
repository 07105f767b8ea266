// The teleoperation command filter (core/control/teleop_filter.h) against
// closed forms: the first-order step and ramp responses of the exact
// discretisation, the workspace clamp, the speed caps and the orientation
// integration.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/control/teleop_filter.h"

using namespace grasplab;

namespace {
TeleopLimits Limits(double tau) {
  TeleopLimits l;
  l.lo = Vec3(-0.1, -0.2, 0.05);
  l.hi = Vec3(0.1, 0.2, 0.3);
  l.max_speed = 10.0;
  l.max_angular_speed = 100.0;
  l.time_constant = tau;
  return l;
}
}  // namespace

TEST_CASE("Teleop filter gain is 1 - exp(-h/tau), 1 without a time constant", "[teleop]") {
  CHECK(TeleopFilterGain(0.0025, 0.08) == Approx(1.0 - std::exp(-0.0025 / 0.08)).epsilon(1e-14));
  CHECK(TeleopFilterGain(0.001, 0.5) == Approx(1.0 - std::exp(-0.002)).epsilon(1e-14));
  CHECK(TeleopFilterGain(0.0025, 0.0) == 1.0);
}

TEST_CASE("Teleop filter step response equals 1 - exp(-t/tau) at every sample", "[teleop]") {
  // Closure is a bounded scalar channel: a step 0 -> 1 at n = 0.
  const double h = 0.0025, tau = 0.08;
  const TeleopLimits l = Limits(tau);
  TeleopFilterState s = StartTeleopFilter(Pose{Vec3(0, 0, 0.1), Quat::Identity()}, 0.0, l);
  TeleopInput in;
  in.closure = 1.0;
  double worst = 0.0;
  for (int n = 1; n <= 400; ++n) {  // 1 s = 12.5 tau
    AdvanceTeleopFilter(in, l, h, &s);
    worst = std::max(worst, std::abs(s.closure_f - (1.0 - std::exp(-n * h / tau))));
    REQUIRE(s.closure_c == 1.0);
  }
  CHECK(worst < 1e-13);
  // After 3 tau the response has reached 1 - e^-3 = 95.0 %.
  TeleopFilterState t = StartTeleopFilter(Pose{}, 0.0, Limits(0.1));
  for (int n = 0; n < 120; ++n) AdvanceTeleopFilter(in, Limits(0.1), h, &t);
  CHECK(t.closure_f == Approx(1.0 - std::exp(-3.0)).epsilon(1e-12));
}

TEST_CASE("Teleop filter ramp response: the discrete closed form, lag -> v tau", "[teleop]") {
  // x_c^n = c n (c = v h) through x^{n} = (1 - a) x^{n-1} + a x_c^n gives
  // x^n = c [n - (1 - a)/a (1 - (1 - a)^n)]; the lag c (1 - a)/a -> v tau as h -> 0.
  const double h = 0.0025, tau = 0.05, v = 0.04;
  const TeleopLimits l = Limits(tau);
  const Vec3 start(-0.09, 0.0, 0.1);
  TeleopFilterState s = StartTeleopFilter(Pose{start, Quat::Identity()}, 0.0, l);
  TeleopInput in;
  in.v_W = Vec3(v, 0, 0);
  const double a = TeleopFilterGain(h, tau), c = v * h;
  double worst = 0.0;
  for (int n = 1; n <= 800; ++n) {  // 2 s, 8 cm: still inside the box's 20 cm
    AdvanceTeleopFilter(in, l, h, &s);
    const double expected = c * (n - (1.0 - a) / a * (1.0 - std::pow(1.0 - a, n)));
    worst = std::max(worst, std::abs(s.X_f.p.x() - start.x() - expected));
    REQUIRE(s.X_c.p.x() - start.x() == Approx(c * n).margin(1e-15 * n + 1e-16));
  }
  CHECK(worst < 1e-12);
  const double lag = s.X_c.p.x() - s.X_f.p.x();
  CHECK(lag == Approx(c * (1.0 - a) / a).epsilon(1e-9));
  CHECK(lag == Approx(v * tau).epsilon(0.03));  // (1 - a)/a h = tau - h/2 + O(h^2): 2.5 % low at h/tau = 0.05
}

TEST_CASE("Teleop workspace clamp: the command stops at the wall and the filtered pose never leaves the box", "[teleop]") {
  const TeleopLimits l = Limits(0.08);
  CHECK(ClampToBox(Vec3(0.5, -0.5, 0.2), l.lo, l.hi) == Vec3(0.1, -0.2, 0.2));
  CHECK(ClampToBox(Vec3(0.0, 0.1, 0.0), l.lo, l.hi) == Vec3(0.0, 0.1, 0.05));
  CHECK(ClampToBox(Vec3(0.01, 0.02, 0.03 + 0.05), l.lo, l.hi) == Vec3(0.01, 0.02, 0.08));
  // A start outside is clamped in.
  CHECK(StartTeleopFilter(Pose{Vec3(1, 1, 1), Quat::Identity()}, 2.0, l).X_f.p == Vec3(0.1, 0.2, 0.3));
  CHECK(StartTeleopFilter(Pose{}, 2.0, l).closure_f == 1.0);

  TeleopFilterState s = StartTeleopFilter(Pose{Vec3(0, 0, 0.1), Quat::Identity()}, 0.0, l);
  TeleopInput in;
  in.v_W = Vec3(1.0, -2.0, -0.5);  // out through three walls
  bool inside = true;
  for (int n = 0; n < 2000; ++n) {
    AdvanceTeleopFilter(in, l, 0.0025, &s);
    for (int k = 0; k < 3; ++k) inside = inside && s.X_f.p[k] >= l.lo[k] && s.X_f.p[k] <= l.hi[k];
  }
  CHECK(inside);
  CHECK(s.X_c.p == Vec3(0.1, -0.2, 0.05));  // no wind-up: exactly on the walls
  // Reversing leaves the wall at once (the command did not run on past it).
  in.v_W = Vec3(-0.4, 0, 0);
  AdvanceTeleopFilter(in, l, 0.0025, &s);
  CHECK(s.X_c.p.x() == Approx(0.1 - 0.001).margin(1e-16));
}

TEST_CASE("Teleop speed caps scale the velocity to its limit, keeping its direction", "[teleop]") {
  TeleopLimits l = Limits(0.0);
  l.max_speed = 0.5;
  TeleopFilterState s = StartTeleopFilter(Pose{Vec3(0, 0, 0.1), Quat::Identity()}, 0.0, l);
  TeleopInput in;
  in.v_W = Vec3(3.0, 4.0, 0.0);  // |v| = 5 -> 0.5
  AdvanceTeleopFilter(in, l, 0.01, &s);
  CHECK(s.X_f.p.x() == Approx(0.003).margin(1e-17));
  CHECK(s.X_f.p.y() == Approx(0.004).margin(1e-17));
  // Below the cap, unchanged.
  in.v_W = Vec3(0.0, 0.1, 0.0);
  AdvanceTeleopFilter(in, l, 0.01, &s);
  CHECK(s.X_f.p.y() == Approx(0.005).margin(1e-17));
}

TEST_CASE("Teleop angular velocity turns the wrist by w t; the filtered orientation lags and catches up", "[teleop]") {
  const double h = 0.0025, w = 0.8, tau = 0.05;
  TeleopLimits l = Limits(tau);
  TeleopFilterState s = StartTeleopFilter(Pose{Vec3(0, 0, 0.1), Quat::Identity()}, 0.0, l);
  TeleopInput in;
  in.w_W = Vec3(0, 0, w);
  for (int n = 0; n < 400; ++n) AdvanceTeleopFilter(in, l, h, &s);  // 1 s
  const double angle_c = 2.0 * std::atan2(s.X_c.q.z(), s.X_c.q.w());
  CHECK(angle_c == Approx(w * 1.0).epsilon(1e-5));  // eq. 12's first-order rotation, renormalised
  CHECK(s.X_c.q.x() == Approx(0.0).margin(1e-15));
  in.w_W = Vec3::Zero();
  for (int n = 0; n < 400; ++n) AdvanceTeleopFilter(in, l, h, &s);  // 20 tau later: at the command
  CHECK(std::abs(s.X_f.q.coeffs().dot(s.X_c.q.coeffs())) == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("Teleop limits are checked with their field names", "[teleop]") {
  TeleopLimits l = Limits(0.1);
  CHECK(ValidateTeleopLimits(l, "teleop").ok());
  l.hi.y() = -0.3;
  CHECK(ValidateTeleopLimits(l, "teleop").message() ==
        "teleop.workspace.max[1]: must be >= workspace.min[1] (-0.2), got -0.3");
  l = Limits(-1.0);
  CHECK(ValidateTeleopLimits(l, "teleop").message() == "teleop.timeConstant: must be in [0, 10] s");
}
