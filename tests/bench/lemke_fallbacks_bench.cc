// How often Lemke's answer is refused and Gauss-Seidel answers instead
// (solver.lcpFailures), over at least 100,000 steps of the bundled grasp
// scenes: each as bundled, then seeded placements of its object (up to 5 mm
// sideways, 10 degrees of yaw; tests/core/grasp_placements.h) in turn until
// the steps are reached. Not a test: the test suite runs the first three
// placements (tests/core/solvers/lemke_fallback_test.cc). Results go to
// docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_lemke_fallbacks [--steps N]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/base/heap.h"
#include "tests/core/grasp_placements.h"

using namespace grasplab;

int main(int argc, char** argv) {
  KeepHeapWarm();  // as the CLI: core/base/heap.h
  std::int64_t target = 100000;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--steps") == 0) target = std::atoll(argv[i + 1]);
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::int64_t steps = 0, failures = 0, nonfinite = 0;
  int runs = 0;
  std::printf("%-22s %9s %6s %9s %9s\n", "scene", "placement", "steps", "failures", "nonfinite");
  for (int placement = 0; steps < target; ++placement) {
    for (const char* name : kGraspScenes) {
      const PlacementRun r = RunGraspPlacement(name, placement);
      std::printf("%-22s %9d %6lld %9lld %9lld\n", name, placement, static_cast<long long>(r.steps),
                  static_cast<long long>(r.lcp_failures), static_cast<long long>(r.nonfinite));
      std::fflush(stdout);
      steps += r.steps, failures += r.lcp_failures, nonfinite += r.nonfinite, ++runs;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("total: %lld steps in %d runs, %lld Lemke failures (fallbacks), %lld non-finite events, %.1f s wall\n",
              static_cast<long long>(steps), runs, static_cast<long long>(failures), static_cast<long long>(nonfinite),
              wall);
  return 0;
}
