// Lemke without fallbacks: on every bundled grasp scene, as bundled and in
// two seeded placements of its object (tests/core/grasp_placements.h),
// every step's LCP is solved by Lemke (solver.lcpFailures = 0: the
// Gauss-Seidel fallback never answers). The 100,000-step run is the
// benchmark build/native/grasplab_bench_lemke_fallbacks. And when Lemke does
// fail, Lemke from the Gauss-Seidel answer's support still solves the island.
#include <catch2/catch.hpp>

#include <string>

#include "core/world/world.h"
#include "tests/core/grasp_placements.h"

using namespace grasplab;

TEST_CASE("Lemke solves every step of every bundled grasp, as bundled and with its object moved", "[lcp][lemke]") {
  for (const char* name : kGraspScenes) {
    for (int placement = 0; placement < 3; ++placement) {
      const PlacementRun r = RunGraspPlacement(name, placement);
      INFO(name << " placement " << placement << ": " << r.steps << " steps");
      CHECK(r.steps > 1000);
      CHECK(r.lcp_failures == 0);
      CHECK(r.nonfinite == 0);
    }
  }
}

namespace {

// A stack of three 10 cm, 1 kg cubes on the ground, settled for `steps`.
World CubeStack(const WorldSettings& settings, int steps) {
  World world(settings);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  for (int i = 0; i < 3; ++i) {
    BodyDef b;
    b.name = "cube" + std::to_string(i);
    b.shape = BoxShape{Vec3::Constant(0.05)};
    b.mass = 1.0;
    b.X_WB.p = Vec3(0, 0, 0.05 + 5e-5 + i * (0.1 + 5e-5));
    REQUIRE(world.AddBody(b).ok());
  }
  for (int k = 0; k < steps; ++k) REQUIRE(world.Step(0.0025).ok());
  return world;
}

}  // namespace

TEST_CASE("When every Lemke attempt fails, Lemke from the Gauss-Seidel answer's support solves the island", "[lcp][lemke]") {
  // A pivot cap of 2 makes Lemke from z = 0 and every retry stop short on
  // the stack's 48-unknown LCP, and with the warm start off every step
  // starts cold: each island goes to the Gauss-Seidel fallback, whose
  // support Lemke then pivots to the exact solution (with the default cap).
  WorldSettings capped;
  capped.lemke.max_pivots = 2;
  capped.warm_start = false;
  WorldSettings plain;
  plain.warm_start = false;
  const int steps = 200;
  const World a = CubeStack(capped, steps), b = CubeStack(plain, steps);
  const StepStats& s = a.stats();
  INFO("polished " << s.lcp_polished_total << " of " << s.lcp_islands_total << ", failures " << s.lcp_failures);
  CHECK(s.lcp_failures == 0);
  CHECK(s.lcp_polished_total == s.lcp_islands_total);
  CHECK(s.lcp_islands_total >= steps);
  // The bottom cube carries the stack: 3 m g through its ground contacts.
  double normal = 0.0;
  for (const Contact& c : a.contacts()) {
    if (c.body_a == 0 || c.body_b == 0) normal += c.normal_impulse / 0.0025;
  }
  CHECK(normal == Approx(3 * 9.81).epsilon(1e-6));
  // And the same motion as Lemke's own answer, to rounding.
  for (BodyId i = 1; i < a.body_count(); ++i) CHECK((a.pose(i).p - b.pose(i).p).norm() < 1e-9);
}
