// The steady step allocates nothing (issue 18): every stage keeps its working
// memory between steps, so once a scene has met its largest island, contact
// region and LCP, stepping it makes no heap allocation. Heap traffic in the
// step cost the page-fault handling and memset that dominated `grasplab run`
// (docs/benchmarks.md).
//
// This binary replaces malloc, calloc and realloc (glibc lets a program
// interpose them; operator new and Eigen both come through malloc) with
// counting versions, and steps every scene of the golden file with each of
// its contact models:
//   - after the first quarter of the run, at most 3 % of the steps may
//     allocate, and fewer than one allocation per two steps on average: a
//     buffer that grows geometrically to a new largest case allocates on a
//     handful of steps in a run (before this work every step made 5 to 6,000
//     allocations);
//   - runs known to be steady (a held grasp, resting stacks) allocate nothing
//     at all over their last half.
// It is its own executable (not part of grasplab_tests) so that only these
// tests run with the counting allocator.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/scene/scene_json.h"
#include "tests/bench/pile_scene.h"
#include "tests/core/golden_runs.h"

extern "C" void* __libc_malloc(std::size_t);
extern "C" void* __libc_calloc(std::size_t, std::size_t);
extern "C" void* __libc_realloc(void*, std::size_t);

namespace {
// Atomic: with World::SetThreads the narrow phase's workers allocate too
// (their buffers, while they grow).
std::atomic<long> g_allocations{0};
}  // namespace

extern "C" void* malloc(std::size_t n) {
  ++g_allocations;
  return __libc_malloc(n);
}
extern "C" void* calloc(std::size_t count, std::size_t size) {
  ++g_allocations;
  return __libc_calloc(count, size);
}
extern "C" void* realloc(void* p, std::size_t n) {
  ++g_allocations;
  return __libc_realloc(p, n);
}

using namespace grasplab;

namespace {

// Allocations made by each of `steps` steps of the scene with `solver`
// ("scene": the file's own).
std::vector<long> AllocationsPerStep(const std::string& scene_name, const std::string& solver, int steps,
                                     const std::string& formulation = "scene", const GoldenRun* run = nullptr) {
  Scene s = GoldenRunScene(scene_name, solver, formulation);
  if (run) QueueGoldenTeleop(*run, &s);
  std::vector<long> per_step(steps, 0);
  for (int k = 0; k < steps; ++k) {
    const long before = g_allocations;
    const Status status = StepScene(&s, s.timestep);
    per_step[k] = g_allocations - before;
    REQUIRE(status.ok());
  }
  return per_step;
}

}  // namespace

TEST_CASE("The counting allocator sees vectors, strings and Eigen matrices", "[alloc]") {
  const long before = g_allocations;
  std::vector<double> v(1000, 1.0);
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(40, 40);
  std::string text(200, 'x');
  CHECK(g_allocations - before == 3);
  CHECK(v[999] + m(39, 39) + static_cast<double>(text.size()) == 201.0);
}

TEST_CASE("After its first steps a scene steps without allocating, in every contact model", "[alloc]") {
  const std::vector<GoldenRun> runs = GoldenRuns();
  REQUIRE(runs.size() >= 41);
  for (const GoldenRun& run : runs) {
    const int steps = run.steps;
    DYNAMIC_SECTION(run.scene << " (" << run.solver << ", " << run.formulation << ", " << steps << " steps)") {
      const std::vector<long> per_step = AllocationsPerStep(run.scene, run.solver, steps, run.formulation, &run);
      const int first = steps / 4;
      long total = 0;
      int allocating = 0;
      for (int k = first; k < steps; ++k) {
        total += per_step[k];
        allocating += per_step[k] > 0;
      }
      INFO("allocations in steps " << first << ".." << steps << ": " << total << " on " << allocating << " steps");
      CHECK(allocating <= (steps - first) * 3 / 100);
      CHECK(2 * total < steps - first);
    }
  }
}

TEST_CASE("A held grasp and resting stacks allocate nothing at all", "[alloc]") {
  struct Steady {
    const char* scene;
    const char* solver;
    int steps;  // the second half must make no allocation
  };
  const Steady runs[] = {
      {"barrett-handset", "scene", 800},   {"barrett-handset", "pgs", 800},  {"barrett-handset", "impulse", 800},
      {"three-finger-sphere", "pgs", 800}, {"box-stacks", "scene", 1000},     {"box-stacks", "pgs", 1000},
      {"falling-sphere", "penalty", 400},  {"finger-squeeze", "scene", 800},
  };
  for (const Steady& r : runs) {
    DYNAMIC_SECTION(r.scene << " (" << r.solver << ")") {
      const std::vector<long> per_step = AllocationsPerStep(r.scene, r.solver, r.steps);
      long total = 0;
      for (int k = r.steps / 2; k < r.steps; ++k) total += per_step[k];
      CHECK(total == 0);
    }
  }
}

TEST_CASE("A pile above the broad phase's tree threshold steps without allocating", "[alloc]") {
  // 200 bodies (the broad phase builds its AABB tree above 128) falling into
  // the bin of issue 19's pile (tests/bench/pile_scene.h), Gauss-Seidel at 10
  // sweeps, 1.5 s: the same bar as the bundled scenes over the last three
  // quarters. (Before the tree kept its arrays, its build and the split into
  // bounded and unbounded boxes allocated on every step.) On one thread and
  // on two, where the narrow phase's queries run on the worker pool
  // (base/worker_pool.h: the call hands the pool a reference, no copy).
  const int threads = GENERATE(1, 2);
  INFO("threads " << threads);
  World w = Pile(200, /*sleep=*/false, /*seed=*/1, /*sweeps=*/10);
  w.SetThreads(threads);
  REQUIRE(w.threads() == threads);
  const int steps = 600, first = steps / 4;
  long total = 0;
  int allocating = 0;
  for (int k = 0; k < steps; ++k) {
    const long before = g_allocations;
    const bool ok = w.Step(0.0025).ok();
    const long made = g_allocations - before;  // before REQUIRE, which allocates itself
    REQUIRE(ok);
    if (k >= first) {
      total += made;
      allocating += made > 0;
    }
  }
  INFO("allocations in steps " << first << ".." << steps << ": " << total << " on " << allocating << " steps");
  CHECK(allocating <= (steps - first) * 3 / 100);
  CHECK(2 * total < steps - first);
}
