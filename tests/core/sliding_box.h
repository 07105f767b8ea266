// A box sliding to rest by friction: a 1 kg, 10 cm cube lands on the ground
// plane (mu_s = mu_k = 0.001) and is then given v0 = 2 mm/s along x. By
// Coulomb's law it decelerates at mu g = 9.81 mm/s^2 and stops after
// v0^2 / (2 mu g) = 0.2039 mm, at 0.204 s; it moves 5 um a step at first.
// Shared by the tests that need a slow slide to a known stop
// (world/friction_anchors_test.cc, world/contact_reuse_test.cc).
#pragma once

#include <catch2/catch.hpp>

#include "core/world/world.h"
#include "tests/core/unit_cube.h"

namespace grasplab {

inline constexpr double kSlideSpeed = 0.002;     // m/s
inline constexpr double kSlideFriction = 0.001;  // mu_s = mu_k

// Coulomb's stopping distance, v0^2 / (2 mu g) (m).
inline double CoulombSlideStop(double g = 9.81) { return kSlideSpeed * kSlideSpeed / (2.0 * kSlideFriction * g); }

struct SlideToRest {
  double at_stop = 0.0;  // m along x from where it was pushed, 0.5 s later (stopped)
  double later = 0.0;    // the same, 1 s after that
};

inline SlideToRest SlideBoxToRest(const WorldSettings& settings) {
  constexpr double h = 0.0025;
  World world(settings);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = world.AddBody(UnitCube(Vec3(0.0, 0.0, kUnitCubeHalf + 5e-5))).value();
  REQUIRE(world.SetMaterialFriction(0, kSlideFriction, kSlideFriction).ok());
  for (int k = 0; k < 40; ++k) REQUIRE(world.Step(h).ok());  // landed, at rest
  const double x0 = world.pose(id).p.x();
  REQUIRE(world.SetBodyVelocity(id, Vec3(kSlideSpeed, 0.0, 0.0), Vec3::Zero()).ok());
  SlideToRest out;
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(h).ok());  // 0.5 s: stopped
  out.at_stop = world.pose(id).p.x() - x0;
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(h).ok());  // 1 s more
  out.later = world.pose(id).p.x() - x0;
  return out;
}

}  // namespace grasplab
