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

TEST_CASE("Inertia must be one a mass distribution can have", "[body]") {
  World world;
  auto inertia_error = [&](const Vec3& principal) {
    BodyDef d;
    d.name = "box";
    d.shape = BoxShape{Vec3(0.05, 0.05, 0.05)};  // bounding radius sqrt(3) 0.05 m
    d.mass = 1.0;
    d.inertia = principal.asDiagonal().toDenseMatrix();
    auto r = world.AddBody(d);
    return r.ok() ? std::string() : r.status().message();
  };
  // The solid 10 cm cube of 1 kg: m (a^2 + b^2) / 12 = 1/600 kg m^2 about each axis.
  CHECK(inertia_error(Vec3::Constant(1.0 / 600.0)).empty());
  // A hollow shell and a thin plate (I_zz = I_xx + I_yy exactly) are still physical.
  CHECK(inertia_error(Vec3(1.0 / 360.0, 1.0 / 360.0, 1.0 / 360.0)).empty());
  CHECK(inertia_error(Vec3(1e-3, 1e-3, 2e-3)).empty());
  // The case: 1e300 kg m^2 on a 1 kg, 10 cm box.
  CHECK(inertia_error(Vec3(1e300, 1e300, 1e300)).rfind("bodies[3].inertia: largest principal moment 1e+300 kg m^2 exceeds 100 m r^2 = 0.75", 0) == 0);
  // I_zz > I_xx + I_yy: no mass distribution.
  CHECK(inertia_error(Vec3(1e-3, 1e-3, 3e-3)).find("break the triangle inequality") != std::string::npos);
  CHECK(inertia_error(Vec3(1e-12, 1e-3, 1e-3)).find("differ by more than 1e8") != std::string::npos);
  CHECK(world.body_count() == 3);
}

TEST_CASE("Positions and speeds have documented bounds, at load and in every setter", "[body]") {
  BodyDef b;
  b.name = "ball";
  b.shape = SphereShape{0.05};
  b.mass = 0.2;
  b.X_WB.p = Vec3(0, 2e4, 0);  // 20 km: finite, and past kMaxCoordinate
  auto r = ValidateBodyDef(b, "bodies[1]");
  REQUIRE_FALSE(r.ok());
  CHECK(r.message() == "bodies[1].position: each coordinate must be within +-10000 m, got [0, 20000, 0]");
  b.X_WB.p = Vec3(0, 0, 1);
  b.v_WB = Vec3(0, 0, -2e4);
  r = ValidateBodyDef(b, "bodies[1]");
  REQUIRE_FALSE(r.ok());
  CHECK(r.message() == "bodies[1].linearVelocity: must be finite and at most 10000 m/s, got [0, 0, -20000]");
  b.v_WB = Vec3::Zero();
  b.w_WB = Vec3(1e300, 0, 0);
  CHECK(ValidateBodyDef(b, "bodies[1]").message().rfind("bodies[1].angularVelocity: must be finite and at most", 0) == 0);
  b.w_WB = Vec3::Zero();
  World world;
  const BodyId id = world.AddBody(b).value();
  Pose far = world.pose(id);
  far.p.x() = -1e5;
  CHECK(world.SetBodyPose(id, far).message() == "bodies[0].position: must be finite, each coordinate within +-10000 m");
  CHECK(world.pose(id).p.x() == 0.0);  // nothing changed
}
