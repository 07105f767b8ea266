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
  std::int64_t steps = 0, failures = 0, nonfinite = 0, misses = 0, repaired = 0, polished = 0;
  int runs = 0;
  std::printf("%-22s %9s %6s %9s %9s %7s %8s %8s\n", "scene", "placement", "steps", "failures", "nonfinite", "misses",
              "repaired", "polished");
  for (int placement = 0; steps < target; ++placement) {
    for (const char* name : kGraspScenes) {
      const PlacementRun r = RunGraspPlacement(name, placement);
      std::printf("%-22s %9d %6lld %9lld %9lld %7lld %8lld %8lld\n", name, placement, static_cast<long long>(r.steps),
                  static_cast<long long>(r.lcp_failures), static_cast<long long>(r.nonfinite),
                  static_cast<long long>(r.misses), static_cast<long long>(r.repaired), static_cast<long long>(r.polished));
      std::fflush(stdout);
      steps += r.steps, failures += r.lcp_failures, nonfinite += r.nonfinite, ++runs;
      misses += r.misses, repaired += r.repaired, polished += r.polished;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("total: %lld steps in %d runs, %lld Lemke failures (fallbacks), %lld non-finite events, %.1f s wall\n",
              static_cast<long long>(steps), runs, static_cast<long long>(failures), static_cast<long long>(nonfinite),
              wall);
  std::printf("warm-start misses: %lld, %lld repaired by Lemke from the last basis; %lld islands where every Lemke "
              "attempt failed were solved by Lemke from the Gauss-Seidel answer's support\n",
              static_cast<long long>(misses), static_cast<long long>(repaired), static_cast<long long>(polished));
  return 0;
}
