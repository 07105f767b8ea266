// Input checks at the API edge (core/dynamics/body, core/geometry/shape).
#include <catch2/catch.hpp>
#include <limits>

#include "core/world/world.h"

using namespace grasplab;

namespace {
BodyDef Ball() {
  BodyDef d;
  d.name = "ball";
  d.shape = SphereShape{0.05};
  d.mass = 0.2;
  return d;
}
}  // namespace

TEST_CASE("Bad body definitions are rejected with the field named", "[body]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  World world;
  BodyDef d = Ball();
  d.X_WB.p.y() = nan;
  auto r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[0].position: must be finite, got [0, nan, 0]");

  d = Ball();
  d.shape = SphereShape{-1.0};
  r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[0].shape.radius: must be a finite number > 0 and <= 10000 m, got -1");

  d = Ball();
  d.mass = 0.0;
  r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[0].mass: must be a finite number > 0, got 0");

  d = Ball();
  d.X_WB.q = Quat(0.0, 0.0, 0.0, 0.0);
  r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[0].orientation: quaternion [w, x, y, z] cannot be normalised (norm 0)");

  d = Ball();
  d.inertia = Mat3::Identity() * -1.0;
  r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message().rfind("bodies[0].inertia: must be positive definite", 0) == 0);

  d = Ball();
  d.shape = PlaneShape{};
  r = world.AddBody(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[0].shape: a plane can only belong to a static body");

  CHECK(world.body_count() == 0);  // nothing half-added
}

TEST_CASE("Quaternions are normalised on insertion", "[body]") {
  World world;
  BodyDef d = Ball();
  d.X_WB.q = Quat(2.0, 0.0, 0.0, 0.0);
  auto r = world.AddBody(d);
  REQUIRE(r.ok());
  CHECK(world.pose(r.value()).q.w() == 1.0);
}

TEST_CASE("Solid sphere inertia is 2/5 m r^2", "[shape]") {
  const Mat3 I = SolidInertia(SphereShape{0.1}, 2.0);
  CHECK(I(0, 0) == Approx(0.008));
  CHECK(I(1, 1) == Approx(0.008));
  CHECK(I(2, 2) == Approx(0.008));
  CHECK(I(0, 1) == 0.0);
}
