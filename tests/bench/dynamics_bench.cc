// Dynamics benchmark (not a test): time per step by stage, LCP size and
// Lemke pivots, for the scenes of the dynamics issue. Results go to
// docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_dynamics
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/base/heap.h"
#include "core/scene/scene.h"
#include "core/scene/scene_json.h"

#include "core/math/det_math.h"
#include "tests/core/bundled_scene.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kH = 0.0025;

void Report(const char* name, World& world, int warmup, int steps) {
  for (int k = 0; k < warmup; ++k) (void)world.Step(kH);
  double stage[static_cast<int>(Stage::kCount)] = {};
  double lcp = 0, pivots = 0, contacts = 0;
  int max_lcp = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < steps; ++k) {
    (void)world.Step(kH);
    const StepStats& s = world.stats();
    for (int i = 0; i < static_cast<int>(Stage::kCount); ++i) stage[i] += s.stage_seconds[i];
    lcp += s.lcp_size;
    pivots += s.lemke_pivots;
    contacts += s.contact_count;
    max_lcp = std::max(max_lcp, s.lcp_max_size);
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto us = [&](Stage st) { return 1e6 * stage[static_cast<int>(st)] / steps; };
  std::printf("| %-30s | %8.1f | %7.1f | %7.1f | %6.1f | %7.1f | %6.1f | %6.1f | %5d | %7.1f | %5lld |\n", name,
              1e6 * total / steps, us(Stage::kIntegratePositions), us(Stage::kBroadPhase) + us(Stage::kNarrowPhase),
              us(Stage::kExternalImpulses) + us(Stage::kJointForces),
              us(Stage::kIslands) + us(Stage::kAssembleRows) + us(Stage::kSolveIslands) + us(Stage::kStoreSolution),
              contacts / steps, lcp / steps, max_lcp,
              pivots / steps, static_cast<long long>(world.stats().lcp_failures));
}

World Stacks() {
  World world;
  BodyDef g;
  g.name = "ground";
  g.shape = PlaneShape{};
  g.is_static = true;
  (void)world.AddBody(g);
  for (int c = 0; c < 4; ++c) {
    for (int i = 0; i < 5; ++i) {
      BodyDef b;
      b.name = "box";
      b.shape = BoxShape{Vec3::Constant(0.05)};
      b.mass = 1.0;
      b.X_WB.p = Vec3(0.3 * c, 0, 0.05 + 5e-5 + i * (0.1 + 5e-5));
      (void)world.AddBody(b);
    }
  }
  return world;
}

World& WorldOf(Scene& scene) { return scene.world; }
World& WorldOf(World& world) { return world; }

}  // namespace

// Each scene twice in the same run: the warm start off (every Lemke solve
// from z = 0, the paper's method) and on (the default).
template <typename Make>
void Both(const char* name, Make make, int warmup, int steps) {
  for (bool warm : {false, true}) {
    auto subject = make();
    World& world = WorldOf(subject);
    world.SetWarmStart(warm);
    const std::string label = std::string(name) + (warm ? ", warm" : ", cold");
    Report(label.c_str(), world, warmup, steps);
  }
}

int main() {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
  std::printf("| scene                          | step (us) | integrate | collide | extern | solve  | contacts | LCP n  | max n | pivots  | fails |\n");
  std::printf("|--------------------------------|----------:|----------:|--------:|-------:|-------:|---------:|-------:|------:|--------:|------:|\n");
  // Built-in scenes (core/scene/builtin_scenes.cc), shared with the tests and the page.
  Both("3-finger squeeze (ball)", [] { return BundledScene("finger-squeeze"); }, 400, 2000);
  Both("3-finger hand on a prism", [] { return BundledScene("finger-prism"); }, 400, 2000);
  Both("20 boxes (4 stacks of 5)", [] { return Stacks(); }, 200, 400);
  Both("6-joint arm + hand", [] { return BundledScene("arm-hand"); }, 400, 2000);
  // A scene file (run from the repository root), shared with the page and the peer benchmark.
  Both("100 boxes, 25 stacks of 4 (GS)", [] { return LoadSceneFile("assets/scenes/box-stacks.json").value(); }, 200, 800);
  return 0;
}
