// Quintic time scaling (core/control/trajectory): s(0) = 0, s(1) = 1, zero
// velocity and acceleration at both ends, and the analytic peak speed 15/8.
#include <catch2/catch.hpp>

#include "core/control/trajectory.h"

using namespace grasplab;

TEST_CASE("Quintic scaling starts and ends at rest", "[trajectory]") {
  double s, ds, dds;
  QuinticScaling(0.0, &s, &ds, &dds);
  CHECK(s == 0.0);
  CHECK(ds == 0.0);
  CHECK(dds == 0.0);
  QuinticScaling(1.0, &s, &ds, &dds);
  CHECK(s == Approx(1.0).margin(1e-15));
  CHECK(ds == Approx(0.0).margin(1e-14));
  CHECK(dds == Approx(0.0).margin(1e-13));
  QuinticScaling(0.5, &s, &ds, &dds);
  CHECK(s == Approx(0.5).margin(1e-15));
  CHECK(ds == Approx(15.0 / 8.0).margin(1e-14));  // 30 tau^2 - 60 tau^3 + 30 tau^4 at 1/2
  CHECK(dds == Approx(0.0).margin(1e-13));
  QuinticScaling(2.0, &s, &ds, &dds);  // clamped
  CHECK(s == Approx(1.0).margin(1e-15));
}

TEST_CASE("A joint trajectory's rate is the derivative of its set point", "[trajectory]") {
  const JointTrajectory tr{0.5, 2.0, -0.3, 0.9};
  double q, qdot;
  tr.Sample(0.5, &q, &qdot);
  CHECK(q == Approx(-0.3).margin(1e-15));
  for (double t : {0.7, 1.3, 2.1}) {
    const double e = 1e-6;
    double qa, qb, dummy;
    tr.Sample(t - e, &qa, &dummy);
    tr.Sample(t + e, &qb, &dummy);
    tr.Sample(t, &q, &qdot);
    CHECK(qdot == Approx((qb - qa) / (2 * e)).epsilon(1e-6));
  }
  tr.Sample(3.0, &q, &qdot);
  CHECK(q == Approx(0.9).margin(1e-15));
  CHECK(qdot == 0.0);
  CHECK(tr.Finished(2.5));
  CHECK_FALSE(tr.Finished(2.49));
}
