// A solid ball (r = 5 cm, 0.5 kg by default) released at rest, 20 um deep
// (no fall), on a slope tilted so that it rolls without slipping at
// a = 5/7 g sin(theta): gravity tilted by theta in the x-z plane, the ground
// plane level. Shared by the tests that need a slow, known rolling start
// (world/contact_reuse_test.cc, world/island_sleep_test.cc).
#pragma once

#include <catch2/catch.hpp>
#include <cmath>

#include "core/scene/scene_json.h"
#include "core/world/world.h"

namespace grasplab {

struct RollingSlope {
  World world;
  BodyId ball = -1;
};

// `settings` with its gravity replaced by the tilted one (g = 9.81 m/s^2).
inline RollingSlope MakeRollingSlope(WorldSettings settings, double a, double r = 0.05, double mass = 0.5) {
  constexpr double g = 9.81;
  const double theta = std::asin(a / (5.0 / 7.0 * g));
  settings.gravity = Vec3(g * std::sin(theta), 0.0, -g * std::cos(theta));
  RollingSlope s{World(settings)};
  REQUIRE(s.world.AddBody(GroundPlane()).ok());
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{r};
  ball.mass = mass;
  ball.X_WB.p = Vec3(0.0, 0.0, r - 2e-5);
  s.ball = s.world.AddBody(ball).value();
  return s;
}

}  // namespace grasplab
