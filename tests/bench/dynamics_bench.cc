// Dynamics benchmark (not a test): time per step by stage, LCP size and
// Lemke pivots, for the scenes of the dynamics issue. Results go to
// docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_dynamics [--sleep]   (--sleep: only the sleeping islands table)
//   build/native/grasplab_bench_dynamics --pile N [--seconds T] [--sweeps S] [--sleep on|off] [--torsion R] [--rolling MU] [--slop S] [--hertz F] [--zeta Z] [--substeps N] [--h H] [--threads K] [--seed S]
//       (N mixed bodies into a bin, below; R the torsional friction radius, MU the rolling resistance, S the contact slop, m;
//       K worker threads, World::SetThreads, 0: one per hardware thread)
//   build/native/grasplab_bench_dynamics --write-pile-scene N FILE   (the pile as a scene file: assets/benchmarks/pile-1000.json)
//   build/native/grasplab_bench_dynamics --scene FILE [--steps N] (any scene file: us/step by stage)
//   build/native/grasplab_bench_dynamics --sweeps-accuracy [--pile N] [--seconds T]   (drift against sweeps, JSON lines)
#include <algorithm>
#include <array>
#include <chrono>
#include <vector>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/base/heap.h"
#include <nlohmann/json.hpp>
#include <variant>
#include "core/geometry/convex_hull.h"
#include <cstring>
#include <ctime>
#include <random>
#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "core/world/world_settings.h"

#include "core/math/det_math.h"
#include "core/multibody/aba.h"
#include "core/multibody/crba.h"
#include "core/multibody/kinematics.h"
#include "core/multibody/ltdl.h"
#include "core/multibody/operational_inertia.h"
#include "core/multibody/rnea.h"
#include "core/robot/urdf.h"
#include "core/robot/urdf_tree.h"
#include "tests/bench/pile_scene.h"
#include "tests/bench/cpu_seconds.h"
#include "tests/core/bundled_scene.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kH = 0.0025;

// CPU seconds of this process (user + system): on a shared machine the
// figure to compare, where wall time also counts the other processes.
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

// Median over 5 batches of the time per call of f (us).
template <typename F>
double MedianMicros(int reps, F&& f) {
  double t[5];
  for (double& ti : t) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < reps; ++k) f();
    ti = 1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / reps;
  }
  std::sort(t, t + 5);
  return t[2];
}

// The tree algorithms (core/multibody) on the bundled robots: what the
// reduced formulation's step will pay per tree, and the two routes to the
// contact Delassus block (operational_inertia.h), for two contact points
// (3 rows each: normal and two tangents) on every leaf body.
void TreeKernels() {
  std::printf("\n| robot        | dof | leaves | rows | kinematics | CRBA + LTDL | RNEA | ABA  | Lambda^-1 LTDL | Lambda^-1 ABA (seed 003) |\n");
  std::printf("|--------------|----:|-------:|-----:|-----------:|------------:|-----:|-----:|---------------:|-------------------------:|\n");
  for (const char* name : {"barrett", "three-finger", "parallel-jaw", "two-finger", "puma"}) {
    const std::string dir = std::string(GRASPLAB_ASSETS_DIR) + "/robots";
    auto rm = LoadUrdfFile(dir + "/" + name + ".urdf", {dir, GRASPLAB_ASSETS_DIR});
    if (!rm.ok()) continue;
    auto tree = BuildArticulatedModel(rm.value());
    if (!tree.ok()) {
      std::printf("| %-12s | %s |\n", name, tree.status().message().c_str());
      continue;
    }
    const ArticulatedModel& m = tree.value();
    const int n = m.dof();
    ArticulatedData d(m);
    std::vector<double> q(n), qd(n), qdd(n, 0.0), tau(n, 0.0), out(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 0.3 + 0.05 * i;
      qd[i] = 0.2 - 0.03 * i;
    }
    std::vector<char> leaf(n, 1);
    for (int i = 0; i < n; ++i) {
      if (m.parent(i) >= 0) leaf[m.parent(i)] = 0;
    }
    UpdateKinematics(m, q.data(), qd.data(), Pose{}, SpatialVector::Zero(), &d);
    std::vector<TreeRow> rows;
    int leaves = 0;
    for (int i = 0; i < n; ++i) {
      if (!leaf[i]) continue;
      ++leaves;
      for (int p = 0; p < 2; ++p) {
        const Vec3 point = BodyPoseWorld(d, i).Apply(Vec3(0.01, 0.005 * p, 0.02));
        for (const Vec3& a : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)}) rows.push_back({i, MakeSpatial(point.cross(a), a)});
      }
    }
    const SpatialVector a0 = BaseAcceleration(d, Vec3(0, 0, -9.81));
    std::vector<double> Y, G;
    std::vector<SpatialMatrix> omega;
    const double t_kin = MedianMicros(20000, [&] { UpdateKinematics(m, q.data(), qd.data(), Pose{}, SpatialVector::Zero(), &d); });
    const double t_crba = MedianMicros(20000, [&] {
      ComputeMassMatrix(m, &d);
      (void)FactorLtdl(m, &d);
    });
    const double t_rnea = MedianMicros(20000, [&] { InverseDynamics(m, &d, qdd.data(), a0, nullptr, out.data()); });
    const double t_aba = MedianMicros(20000, [&] { ForwardDynamics(m, &d, tau.data(), a0, nullptr, out.data()); });
    const double t_ltdl = MedianMicros(5000, [&] { InverseInertiaLtdl(m, d, rows, &Y, &G); });
    ForwardDynamics(m, &d, tau.data(), a0, nullptr, out.data());
    const double t_abaops = MedianMicros(5000, [&] { InverseInertiaAba(m, &d, rows, &omega, &G); });
    std::printf("| %-12s | %3d | %6d | %4d | %10.2f | %11.2f | %4.2f | %4.2f | %14.2f | %24.2f |\n", name, n, leaves,
                static_cast<int>(rows.size()), t_kin, t_crba, t_rnea, t_aba, t_ltdl, t_abaops);
  }
}

// The grasp scenes in both formulations, side by side in one run: the
// step as StepScene runs it (controllers and actions included), the
// median of 3 runs of 5 s, and where the grasped object ends.
void Formulations() {
  std::printf("\n| scene (5 s, h = 2.5 ms) | maximal (us/step) | reduced (us/step) | reduced / maximal | pivots/step max, red | object end apart (mm) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|\n");
  for (const char* name : {"barrett-handset", "barrett-bunny", "three-finger-sphere", "parallel-jaw-cube",
                           "two-finger-cylinder", "arm-hand", "finger-squeeze"}) {
    double us[2] = {0, 0}, pivots[2] = {0, 0};
    Vec3 end[2];
    for (int f = 0; f < 2; ++f) {
      std::vector<double> runs;
      for (int r = 0; r < 3; ++r) {
        Scene scene = BundledScene(name);
        scene.world.set_formulation(f == 0 ? Formulation::kMaximal : Formulation::kReduced);
        const int steps = static_cast<int>(5.0 / scene.timestep + 0.5);
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < steps; ++k) (void)StepScene(&scene, scene.timestep);
        runs.push_back(1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / steps);
        pivots[f] = static_cast<double>(scene.world.stats().lemke_pivots_total) / steps;
        const BodyId object = scene.grasp ? scene.grasp->object : 1;
        end[f] = scene.world.pose(object).p;
      }
      std::sort(runs.begin(), runs.end());
      us[f] = runs[1];
    }
    std::printf("| %s | %.1f | %.1f | %.2fx | %.2f, %.2f | %.3f |\n", name, us[0], us[1], us[1] / us[0], pivots[0], pivots[1],
                1e3 * (end[1] - end[0]).norm());
  }
}

// Sleeping islands off and on, side by side in one run, on the 100 box
// stacks (assets/scenes/box-stacks.json, which turns sleep on): the median
// of 3 runs of 800 steps after 200 untimed ones (0.5 s; the stacks fall
// asleep at about 0.6 s), the stages, and how far any box moved from its
// start (mm).
void SleepSideBySide() {
  std::printf("\n| 100 boxes, 25 stacks of 4 (GS), 800 steps after 200 | sleep | us/step | collide | solve (islands..store) | sleeping bodies at end | largest box move (mm) |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|\n");
  for (bool on : {false, true}) {
    std::vector<double> runs;
    double collide = 0, solve = 0, move = 0;
    int sleeping = 0;
    for (int r = 0; r < 3; ++r) {
      Scene scene = LoadSceneFile("assets/scenes/box-stacks.json").value();
      World& world = scene.world;
      SleepSettings sleep = world.settings().sleep;
      sleep.enabled = on;
      (void)world.SetSleep(sleep);
      for (int k = 0; k < 200; ++k) (void)world.Step(kH);
      double stage[static_cast<int>(Stage::kCount)] = {};
      const auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < 800; ++k) {
        (void)world.Step(kH);
        for (int i = 0; i < static_cast<int>(Stage::kCount); ++i) stage[i] += world.stats().stage_seconds[i];
      }
      runs.push_back(1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 800);
      auto us = [&](Stage st) { return 1e6 * stage[static_cast<int>(st)] / 800; };
      collide = us(Stage::kBroadPhase) + us(Stage::kNarrowPhase);
      solve = us(Stage::kIslands) + us(Stage::kAssembleRows) + us(Stage::kSolveIslands) + us(Stage::kStoreSolution);
      sleeping = world.stats().sleeping_bodies;
      move = 0;
      for (BodyId b = 0; b < world.body_count(); ++b) move = std::max(move, (world.pose(b).p - world.body_def(b).X_WB.p).norm());
    }
    std::sort(runs.begin(), runs.end());
    std::printf("| box-stacks | %s | %.1f | %.1f | %.1f | %d | %.4f |\n", on ? "on" : "off", runs[1], collide, solve, sleeping,
                1e3 * move);
  }
}

void PileBench(int n, double seconds, int sweeps, int sleep_modes, PileContact contact, double h, int threads,
               std::uint32_t seed) {
  std::printf("## %d mixed bodies into a bin (seed %u, Gauss-Seidel, at most %d sweeps, h = %g ms, torsional radius %g m, rolling resistance %g m, slop %g m, contacts %s, %d substep%s, %d thread%s)\n\n",
              n, static_cast<unsigned>(seed), sweeps, 1e3 * h, contact.torsional_radius, contact.rolling_resistance,
              contact.slop,
              contact.hertz > 0.0 ? ("soft " + std::to_string(contact.hertz) + " Hz, zeta " + std::to_string(contact.damping_ratio)).c_str() : "rigid",
              contact.substeps, contact.substeps == 1 ? "" : "s", threads, threads == 1 ? "" : "s");
  std::printf("| sleep | window (s) | us/step | CPU us/step | sim s / CPU s | integrate | broad | narrow | extern | islands | assemble | solve | store | contacts | awake bodies | sweeps |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (bool sleep : {false, true}) {
    if (!(sleep_modes & (sleep ? 2 : 1))) continue;
    World world = Pile(n, sleep, seed, sweeps, 1e-7, contact);
    world.SetThreads(threads);
    double asleep_at = -1.0;  // s: the end of the first step after which every body slept
    const int total_steps = static_cast<int>(std::lround(seconds / h));
    // [0, 1 s) falling, [1 s, 2 s) piling, then windows of 2 s (where a
    // pile that settles falls asleep).
    const int second = static_cast<int>(std::lround(1.0 / h));
    std::vector<std::array<int, 2>> windows = {{0, std::min(second, total_steps)}, {second, std::min(2 * second, total_steps)}};
    for (int k = 2 * second; k < total_steps; k += 2 * second) windows.push_back({k, std::min(k + 2 * second, total_steps)});
    double all_wall = 0.0, all_cpu = 0.0;
    for (const auto& w : windows) {
      if (w[1] <= w[0]) continue;
      double stage[kStageCount] = {};
      double contacts = 0, sweeps = 0;
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = ProcessCpuSeconds();
      for (int k = w[0]; k < w[1]; ++k) {
        if (const Status status = world.Step(h); !status.ok()) {
          std::fprintf(stderr, "pile: step %d failed: %s\n", k, status.message().c_str());
          std::exit(1);
        }
        const StepStats& st = world.stats();
        if (asleep_at < 0.0 && st.awake_bodies == 0) asleep_at = (k + 1) * h;
        for (int i = 0; i < kStageCount; ++i) stage[i] += st.stage_seconds[i];
        contacts += st.contact_count;
        sweeps += st.pgs_sweeps;
      }
      const double cpu = ProcessCpuSeconds() - c0;
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      all_wall += wall;
      all_cpu += cpu;
      const int steps = w[1] - w[0];
      auto us = [&](Stage s) { return 1e6 * stage[static_cast<int>(s)] / steps; };
      std::printf("| %s | %.1f-%.1f | %.0f | %.0f | %.2f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %d | %.0f |\n",
                  sleep ? "on" : "off", w[0] * h, w[1] * h, 1e6 * wall / steps, 1e6 * cpu / steps, steps * h / cpu,
                  us(Stage::kIntegratePositions), us(Stage::kBroadPhase), us(Stage::kNarrowPhase),
                  us(Stage::kExternalImpulses) + us(Stage::kJointForces), us(Stage::kIslands), us(Stage::kAssembleRows),
                  us(Stage::kSolveIslands), us(Stage::kStoreSolution), contacts / steps, world.stats().awake_bodies,
                  sweeps / steps);
      std::fflush(stdout);
    }
    // Where the pile ended: the lowest and highest centre, and the fastest body.
    double zmin = 1e300, zmax = -1e300, vmax = 0.0;
    for (BodyId b = 0; b < world.body_count(); ++b) {
      if (world.body_def(b).is_static) continue;
      zmin = std::min(zmin, world.pose(b).p.z());
      zmax = std::max(zmax, world.pose(b).p.z());
      vmax = std::max(vmax, world.linear_velocity(b).norm());
    }
    char asleep[64] = "";
    if (asleep_at >= 0.0) std::snprintf(asleep, sizeof asleep, " (all from %.3f s)", asleep_at);
    std::printf("| %s | 0-%.1f | %.0f | %.0f | %.2f | end: centres z %.3f-%.3f m, fastest %.2g m/s, %d asleep%s, state hash %016llx |||||||||||\n",
                sleep ? "on" : "off", seconds, 1e6 * all_wall / total_steps, 1e6 * all_cpu / total_steps,
                seconds / all_cpu, zmin, zmax, vmax, world.stats().sleeping_bodies, asleep,
                static_cast<unsigned long long>(world.StateHash()));
    std::fflush(stdout);
  }
}

// Gauss-Seidel's accuracy against its cost (issue 19): the 100 box stacks
// (assets/scenes/box-stacks.json, sleep off) and a pile of n mixed bodies
// (Pile, sleep off) at a fixed number of sweeps (tolerance 0) and at the
// default tolerance 1e-7 (at most 200 sweeps), for `seconds` of simulation.
// Drift: the stacks' top boxes' mean sink rate over [0.5 s, end] (mm/s; at
// rest it is 0) and the largest distance any box moved from its start
// (mm); the pile's mean body speed over the last 0.5 s (mm/s; a settled
// pile is still). Cost: CPU us per step. One JSON object per line on
// stdout (scripts/plot-pgs-sweeps.mjs reads them).
void SweepsAccuracy(int pile_n, double seconds) {
  const int sweep_counts[] = {5, 10, 20, 40, 80, 0};  // 0: the tolerance 1e-7, at most 200
  const std::string text = [] {
    std::FILE* f = std::fopen("assets/scenes/box-stacks.json", "rb");
    std::string t;
    if (!f) return t;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) t.append(buf, n);
    std::fclose(f);
    return t;
  }();
  const int steps = static_cast<int>(std::lround(seconds / kH)), settle = 200, tail = 200;
  for (int sweeps : sweep_counts) {
    const int cap = sweeps > 0 ? sweeps : 200;
    const double tol = sweeps > 0 ? 0.0 : 1e-7;
    // Box stacks.
    std::string scene_text = text;
    const std::string solver = "\"solver\": {\"type\": \"pgs\"}";
    const std::size_t at = scene_text.find(solver);
    if (at == std::string::npos) {
      std::fprintf(stderr, "box-stacks.json: no %s\n", solver.c_str());
      std::exit(1);
    }
    char repl[160];
    std::snprintf(repl, sizeof repl, "\"solver\": {\"type\": \"pgs\", \"iterations\": %d, \"tolerance\": %.17g}", cap, tol);
    scene_text.replace(at, solver.size(), repl);
    Scene scene = LoadSceneJson(scene_text).value();
    World& world = scene.world;
    SleepSettings sleep = world.settings().sleep;
    sleep.enabled = false;
    (void)world.SetSleep(sleep);
    std::vector<BodyId> tops;
    for (BodyId b = 0; b < world.body_count(); ++b) {
      if (!world.body_def(b).is_static && world.body_def(b).X_WB.p.z() > 0.3) tops.push_back(b);
    }
    double z_settled = 0.0, total_sweeps = 0.0;
    const double c0 = ProcessCpuSeconds();
    for (int k = 0; k < steps; ++k) {
      if (k == settle) {
        for (BodyId b : tops) z_settled += world.pose(b).p.z() / tops.size();
      }
      (void)world.Step(kH);
      total_sweeps += world.stats().pgs_sweeps;
    }
    const double cpu = ProcessCpuSeconds() - c0;
    double z_end = 0.0, moved = 0.0;
    for (BodyId b : tops) z_end += world.pose(b).p.z() / tops.size();
    for (BodyId b = 0; b < world.body_count(); ++b) moved = std::max(moved, (world.pose(b).p - world.body_def(b).X_WB.p).norm());
    std::printf("{\"scene\": \"box-stacks\", \"sweeps\": %d, \"cpuUsPerStep\": %.1f, \"sweepsPerStep\": %.1f, "
                "\"topSinkMmPerS\": %.6g, \"largestMoveMm\": %.6g}\n",
                sweeps, 1e6 * cpu / steps, total_sweeps / steps, 1e3 * (z_settled - z_end) / ((steps - settle) * kH), 1e3 * moved);
    std::fflush(stdout);
    if (pile_n <= 0) continue;
    // The pile.
    World pile = Pile(pile_n, false, 1, cap, tol);
    double speed = 0.0;
    total_sweeps = 0.0;
    const double p0 = ProcessCpuSeconds();
    for (int k = 0; k < steps; ++k) {
      (void)pile.Step(kH);
      total_sweeps += pile.stats().pgs_sweeps;
      if (k < steps - tail) continue;
      double sum = 0.0;
      int n = 0;
      for (BodyId b = 0; b < pile.body_count(); ++b) {
        if (pile.body_def(b).is_static) continue;
        sum += pile.linear_velocity(b).norm();
        ++n;
      }
      speed += sum / n / tail;
    }
    const double pile_cpu = ProcessCpuSeconds() - p0;
    std::printf("{\"scene\": \"pile-%d\", \"sweeps\": %d, \"cpuUsPerStep\": %.1f, \"sweepsPerStep\": %.1f, "
                "\"meanSpeedMmPerS\": %.6g}\n",
                pile_n, sweeps, 1e6 * pile_cpu / steps, total_sweeps / steps, 1e3 * speed);
    std::fflush(stdout);
  }
}

// Any scene file: us/step by stage over N steps (from its start).
void SceneBench(const char* file, int steps) {
  auto loaded = LoadSceneFile(file);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status().message().c_str());
    std::exit(1);
  }
  Scene scene = std::move(loaded).value();
  std::printf("| scene                          | step (us) | integrate | collide | extern | solve  | contacts | LCP n  | max n | pivots  | fails |\n");
  std::printf("|--------------------------------|----------:|----------:|--------:|-------:|-------:|---------:|-------:|------:|--------:|------:|\n");
  Report(scene.name.c_str(), scene.world, 0, steps);
  std::printf("\nawake bodies at the end: %d, sleeping: %d\n", scene.world.stats().awake_bodies,
              scene.world.stats().sleeping_bodies);
}

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

// Writes Pile(n, seed 1) as a scene file (assets/benchmarks/pile-1000.json):
// the same shapes, masses and poses (a hull by its vertices about its
// centroid), the bin's static boxes, Gauss-Seidel at the pile's settings.
// Numbers are written to round-trip exactly. The scene is then what users
// run (`grasplab run`, Python); its own trajectory, pinned by
// tests/core/scene/pile_scene_file_test.cc, is a draw of the same chaotic
// pile, not Pile's bits (the loader re-normalises orientations and
// re-centres hulls).
int WritePileScene(int n, const PileContact& contact, int sweeps, const char* file) {
  World world = Pile(n, /*sleep=*/true, 1, sweeps, 1e-7, contact);
  using Json = nlohmann::ordered_json;
  auto vec = [](const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); };
  std::FILE* out = std::fopen(file, "w");
  if (!out) {
    std::fprintf(stderr, "--write-pile-scene: cannot write %s\n", file);
    return 1;
  }
  Json head;
  head["format"] = "grasplab-scene";
  head["version"] = 1;
  head["name"] = "pile-" + std::to_string(n);
  head["timestep"] = kH;
  head["solver"] = Json{{"type", "pgs"},
                        {"iterations", sweeps},
                        {"tolerance", 1e-7},
                        {"torsionalFrictionRadius", contact.torsional_radius},
                        {"rollingResistance", contact.rolling_resistance}};
  head["sleep"] = Json{{"enabled", true}};
  std::string text = head.dump(2);
  text.resize(text.size() - 2);  // drop the closing "\n}"
  text += ",\n  \"bodies\": [\n";
  for (BodyId b = 0; b < world.body_count(); ++b) {
    const BodyDef& d = world.body_def(b);
    Json body;
    body["name"] = d.is_static ? d.name + std::to_string(b) : d.name + std::to_string(b - 5);
    if (d.is_static) body["static"] = true;
    else body["mass"] = d.mass;
    Json shape;
    if (const auto* box = std::get_if<BoxShape>(&d.shape)) {
      shape = Json{{"type", "box"}, {"size", vec(2.0 * box->half_extents)}};
    } else if (const auto* sphere = std::get_if<SphereShape>(&d.shape)) {
      shape = Json{{"type", "sphere"}, {"radius", sphere->radius}};
    } else if (const auto* cyl = std::get_if<CylinderShape>(&d.shape)) {
      shape = Json{{"type", "cylinder"}, {"radius", cyl->radius}, {"length", cyl->length}};
    } else if (const auto* cap = std::get_if<CapsuleShape>(&d.shape)) {
      shape = Json{{"type", "capsule"}, {"radius", cap->radius}, {"length", cap->length}};
    } else if (const auto* hull = std::get_if<ConvexShape>(&d.shape)) {
      Json points = Json::array();
      for (const Vec3& v : hull->hull->vertices) points.push_back(vec(v));
      shape = Json{{"type", "convex"}, {"points", points}};
    } else {
      std::fprintf(stderr, "--write-pile-scene: body %d has a shape the writer does not know\n", b);
      return 1;
    }
    body["shape"] = shape;
    body["position"] = vec(d.X_WB.p);
    const Quat& q = d.X_WB.q;
    if (!d.is_static) body["orientation"] = Json::array({q.w(), q.x(), q.y(), q.z()});
    text += "    " + body.dump() + (b + 1 < world.body_count() ? ",\n" : "\n");
  }
  text += "  ]\n}\n";
  const bool ok = std::fputs(text.c_str(), out) >= 0;
  return std::fclose(out) == 0 && ok ? 0 : 1;
}

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
  if (argc > 1 && std::string(argv[1]) == "--sleep") {  // only the sleeping islands table
    SleepSideBySide();
    return 0;
  }
  if (argc > 3 && std::string(argv[1]) == "--write-pile-scene") {
    return WritePileScene(std::atoi(argv[2]), PileContact{0.005, 1e-4, 0.0}, 200, argv[3]);
  }
  if (argc > 2 && std::string(argv[1]) == "--pile") {
    double seconds = 4.0;
    int sweeps = 200;  // the scene default
    int sleep_modes = 3;  // bit 0: off, bit 1: on
    double h = kH;        // s: --h, the step (issue 19's larger steps; speculative_points.h)
    int threads = 1;      // --threads: World::SetThreads (0: the machine's)
    std::uint32_t seed = 1;  // --seed: Pile's draw (the sleeping time of a chaotic pile is one draw's)
    PileContact contact;
    for (int i = 3; i + 1 < argc; i += 2) {
      if (std::string(argv[i]) == "--torsion") contact.torsional_radius = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--rolling") contact.rolling_resistance = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--hertz") contact.hertz = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--zeta") contact.damping_ratio = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--substeps") contact.substeps = std::atoi(argv[i + 1]);
      if (std::string(argv[i]) == "--slop") contact.slop = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--seconds") seconds = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--sweeps") sweeps = std::atoi(argv[i + 1]);
      if (std::string(argv[i]) == "--sleep") sleep_modes = std::string(argv[i + 1]) == "on" ? 2 : 1;
      if (std::string(argv[i]) == "--h") h = std::atof(argv[i + 1]);
      if (std::string(argv[i]) == "--threads") threads = std::atoi(argv[i + 1]);
      if (std::string(argv[i]) == "--seed") seed = static_cast<std::uint32_t>(std::strtoul(argv[i + 1], nullptr, 10));
    }
    if (!(h > 0.0 && h <= 0.1)) {
      std::fprintf(stderr, "--h: the step must be in (0, 0.1] s\n");
      return 2;
    }
    PileBench(std::atoi(argv[2]), seconds, sweeps, sleep_modes, contact, h, threads, seed);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "--sweeps-accuracy") {
    int pile_n = 250;
    double seconds = 2.5;
    for (int i = 2; i + 1 < argc; i += 2) {
      if (std::string(argv[i]) == "--pile") pile_n = std::atoi(argv[i + 1]);
      if (std::string(argv[i]) == "--seconds") seconds = std::atof(argv[i + 1]);
    }
    SweepsAccuracy(pile_n, seconds);
    return 0;
  }
  if (argc > 2 && std::string(argv[1]) == "--scene") {
    SceneBench(argv[2], (argc > 4 && std::string(argv[3]) == "--steps") ? std::atoi(argv[4]) : 800);
    return 0;
  }
  std::printf("| scene                          | step (us) | integrate | collide | extern | solve  | contacts | LCP n  | max n | pivots  | fails |\n");
  std::printf("|--------------------------------|----------:|----------:|--------:|-------:|-------:|---------:|-------:|------:|--------:|------:|\n");
  // Built-in scenes (core/scene/builtin_scenes.cc), shared with the tests and the page.
  Both("3-finger squeeze (ball)", [] { return BundledScene("finger-squeeze"); }, 400, 2000);
  Both("3-finger hand on a prism", [] { return BundledScene("finger-prism"); }, 400, 2000);
  Both("20 boxes (4 stacks of 5)", [] { return Stacks(); }, 200, 400);
  Both("6-joint arm + hand", [] { return BundledScene("arm-hand"); }, 400, 2000);
  // A scene file (run from the repository root), shared with the page and the peer benchmark.
  // Sleep off here (the scene turns it on): SleepSideBySide compares.
  Both("100 boxes, 25 stacks of 4 (GS)", [] {
    Scene scene = LoadSceneFile("assets/scenes/box-stacks.json").value();
    (void)scene.world.SetSleep(SleepSettings{});
    return scene;
  }, 200, 800);
  SleepSideBySide();
  Formulations();
  TreeKernels();
  return 0;
}
