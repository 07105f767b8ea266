// Contact models side by side (docs/benchmarks.md, docs/contact-models.md):
//
// 1. Collision groups (Chardonnet et al., Figure 2): k = 1..30 cubes resting
//    on the floor, 4 contacts each, solved by the exact-cone Gauss-Seidel
//    (a) with every cube its own collision group (island) and (b) with all
//    cubes forced into one group (WorldSettings::single_island). The paper:
//    (a) grows like k m^2, (b) like (m k)^2.
// 2. The same scenes with the Lemke LCP, for the ratio between the two
//    solvers in one run.
//
//   build/native/grasplab_bench_contact_models [--quick]
#include <chrono>
#include <cstdio>
#include <cstring>

#include "core/base/heap.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

// Mean time (microseconds) of the solve stage per step, over `steps` steps
// after `warmup`, for k cubes 0.2 m apart on the floor.
struct Result {
  double solve_us = 0.0;
  double contacts = 0.0;
  double rows = 0.0;
  double sweeps = 0.0;
  int islands = 0;
};

Result Run(int k, ContactSolver solver, bool one_group, int warmup, int steps) {
  WorldSettings s;
  s.contact_solver = solver;
  s.single_island = one_group;
  World world(s);
  (void)world.AddBody(GroundPlane());
  for (int i = 0; i < k; ++i) {
    BodyDef b;
    b.name = "cube" + std::to_string(i);
    b.shape = BoxShape{Vec3::Constant(0.05)};
    b.mass = 1.0;
    b.X_WB.p = Vec3(0.2 * (i % 6), 0.2 * (i / 6), 0.05 + 5e-5);
    (void)world.AddBody(b);
  }
  for (int i = 0; i < warmup; ++i) (void)world.Step(0.0025);
  Result r;
  for (int i = 0; i < steps; ++i) {
    (void)world.Step(0.0025);
    const StepStats& st = world.stats();
    for (Stage stage : {Stage::kIslands, Stage::kAssembleRows, Stage::kSolveIslands, Stage::kStoreSolution}) {
      r.solve_us += 1e6 * st.stage_seconds[static_cast<int>(stage)];
    }
    r.contacts += st.contact_count;
    r.rows += st.lcp_size;
    r.sweeps += solver == ContactSolver::kPgs ? st.pgs_sweeps : st.lemke_pivots;
    r.islands = st.island_count;
  }
  r.solve_us /= steps;
  r.contacts /= steps;
  r.rows /= steps;
  r.sweeps /= steps;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int warmup = quick ? 20 : 100, steps = quick ? 50 : 400;
  std::printf("Solve stage per step (microseconds), k cubes on the floor, 4 contacts each, h = 2.5 ms,\n");
  std::printf("%d steps after %d of warm-up. pgs: exact-cone Gauss-Seidel; lcp: Lemke, 8-edge pyramid.\n\n", steps,
              warmup);
  std::printf("| k  | contacts | pgs, a group per cube | pgs, one group | one/per-cube | sweeps (one) | lcp, per cube | lcp, one group | one/per-cube |\n");
  std::printf("|---:|---------:|----------------------:|---------------:|-------------:|-------------:|--------------:|---------------:|-------------:|\n");
  for (int k : {1, 2, 5, 10, 15, 20, 25, 30}) {
    const Result pa = Run(k, ContactSolver::kPgs, false, warmup, steps);
    const Result pb = Run(k, ContactSolver::kPgs, true, warmup, steps);
    const Result la = Run(k, ContactSolver::kLcp, false, warmup, steps);
    std::printf("| %2d | %8.0f | %21.1f | %14.1f | %11.1fx | %12.1f | %13.1f |", k, pa.contacts, pa.solve_us,
                pb.solve_us, pb.solve_us / pa.solve_us, pb.sweeps, la.solve_us);
    if (k <= 15) {  // one dense LCP of 10 rows per contact: 31 ms per step at k = 15 already
      const Result lb = Run(k, ContactSolver::kLcp, true, warmup, quick ? 5 : 20);
      std::printf(" %14.1f | %11.1fx |\n", lb.solve_us, lb.solve_us / la.solve_us);
    } else {
      std::printf("              - |            - |\n");
    }
    std::fflush(stdout);
  }
  return 0;
}
