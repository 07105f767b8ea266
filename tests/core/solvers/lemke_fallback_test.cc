// Lemke without fallbacks: on every bundled grasp scene, as bundled and in
// two seeded placements of its object (tests/core/grasp_placements.h),
// every step's LCP is solved by Lemke (solver.lcpFailures = 0: the
// Gauss-Seidel fallback never answers). The 100,000-step run is the
// benchmark build/native/grasplab_bench_lemke_fallbacks.
#include <catch2/catch.hpp>

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
