// The kinetic-energy ratio of Zechmair & Morel (section 5) against its
// closed forms: 1 for rigid co-motion, 0 for an object left behind, k^2 for
// an object moving k times as fast, undefined for a gripper at rest.
#include <catch2/catch.hpp>

#include "core/grasp/kinetic_energy_ratio.h"

using namespace grasplab;

namespace {

BodyId Add(World* w, const char* name, const Vec3& p, const Vec3& v, const Vec3& omega) {
  BodyDef b;
  b.name = name;
  b.shape = BoxShape{Vec3(0.03, 0.02, 0.01)};
  b.mass = 0.3;
  b.X_WB.p = p;
  b.X_WB.q = Quat(Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()));
  b.v_WB = v;
  b.w_WB = omega;
  return w->AddBody(b).value();
}

}  // namespace

TEST_CASE("The kinetic-energy ratio is 1 for rigid co-motion with the gripper", "[ke_ratio]") {
  WorldSettings s;
  s.gravity = Vec3::Zero();
  World world(s);
  const Vec3 v_r(0.1, -0.2, 0.05), w_r(0.3, 1.0, -0.5), x_r(0, 0, 0.5), x_o(0.04, 0.01, 0.42);
  const BodyId palm = Add(&world, "palm", x_r, v_r, w_r);
  const BodyId obj = Add(&world, "object", x_o, v_r + w_r.cross(x_o - x_r), w_r);
  const KineticEnergyRatio k = ComputeKineticEnergyRatio(world, obj, palm);
  REQUIRE(k.defined);
  CHECK(k.ratio == Approx(1.0).epsilon(1e-12));
  const Mat3 I = world.InertiaWorld(obj);
  const Vec3 v_o = v_r + w_r.cross(x_o - x_r);
  CHECK(k.actual == Approx(0.5 * 0.3 * v_o.squaredNorm() + 0.5 * w_r.dot(I * w_r)).epsilon(1e-12));
}

TEST_CASE("The kinetic-energy ratio is k squared for k times the gripper's translation, 0 at rest", "[ke_ratio]") {
  WorldSettings s;
  s.gravity = Vec3::Zero();
  World world(s);
  const Vec3 v(0.2, 0.0, 0.1);
  const BodyId palm = Add(&world, "palm", Vec3(0, 0, 1), v, Vec3::Zero());
  const BodyId fast = Add(&world, "fast", Vec3(0.1, 0, 1), 3.0 * v, Vec3::Zero());
  const BodyId still = Add(&world, "still", Vec3(0.2, 0, 1), Vec3::Zero(), Vec3::Zero());
  CHECK(ComputeKineticEnergyRatio(world, fast, palm).ratio == Approx(9.0).epsilon(1e-12));
  const KineticEnergyRatio k = ComputeKineticEnergyRatio(world, still, palm);
  CHECK(k.defined);
  CHECK(k.ratio == 0.0);
  // The gripper at rest: no expected energy, so no ratio.
  const KineticEnergyRatio u = ComputeKineticEnergyRatio(world, fast, still);
  CHECK(!u.defined);
  CHECK(u.actual > 0.0);
}
