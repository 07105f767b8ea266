// The 10 cm, 1 kg cube (half size 5 cm, default material) that the tests of
// resting, stacking, sliding and sleeping put on the ground plane, at p with
// velocity v. One definition for them all (world/, dynamics/, solvers/
// tests and tests/core/sliding_box.h).
#pragma once

#include "core/world/world.h"

namespace grasplab {

inline constexpr double kUnitCubeHalf = 0.05;  // m
inline constexpr double kUnitCubeMass = 1.0;   // kg

inline BodyDef UnitCube(const Vec3& p, const Vec3& v = Vec3::Zero()) {
  BodyDef b;
  b.name = "cube";
  b.shape = BoxShape{Vec3::Constant(kUnitCubeHalf)};
  b.mass = kUnitCubeMass;
  b.X_WB.p = p;
  b.v_WB = v;
  return b;
}

}  // namespace grasplab
