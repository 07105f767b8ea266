// The grasp step's CPU time natively (not a test), measured the way
// tests/bench/wasm_profile.mjs measures the WASM module's: each scene file
// is stepped once untimed, then R runs of N steps from load (StepScene, as
// the module's Simulation::step does), and the minimum of the runs' CPU
// time of this thread per step is printed as JSON {file: us}. CPU time,
// not wall time: on a shared machine it is the figure that other
// processes move least (docs/benchmarks.md).
//
//   build/native/grasplab_bench_grasp_cpu [--steps N] [--runs R] [--stage-timing on|off] SCENE.json...
//   build/native/grasplab_bench_grasp_cpu --misses [--steps N] [--runs R] SCENE.json...
//
// --stage-timing off stops the world's per-stage clock (natively on by
// default, ~25 clock reads a step; the WASM module has it off unless the
// page asks), so both sides run the same code.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "tests/bench/cpu_seconds.h"

using namespace grasplab;

namespace {

// The scene in `file`, or exit 2 with the loader's message.
Scene LoadOrExit(const std::string& file) {
  StatusOr<Scene> loaded = LoadSceneFile(file);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(), loaded.status().message().c_str());
    std::exit(2);
  }
  return std::move(loaded).value();
}

// One run of `steps` from load; CPU seconds of the stepping loop.
double Run(const std::string& file, int steps, bool stage_timing) {
  Scene scene = LoadOrExit(file);
  if (!stage_timing) scene.world.set_stage_timing_period(0);
  const double t0 = ThreadCpuSeconds();
  for (int k = 0; k < steps; ++k) {
    if (Status s = StepScene(&scene, scene.timestep); !s.ok()) {
      std::fprintf(stderr, "%s: %s\n", file.c_str(), s.message().c_str());
      std::exit(1);
    }
  }
  return ThreadCpuSeconds() - t0;
}

// One run of `steps` from load, the steps' CPU time split by the warm
// start's outcome (--misses): 0 every island hit, 1 a miss without Lemke
// pivots, 2 a miss with.
struct MissSplit {
  double seconds[3] = {0, 0, 0};
  int steps[3] = {0, 0, 0};
  long pivots = 0;
  double total() const { return seconds[0] + seconds[1] + seconds[2]; }
};

MissSplit RunMisses(const std::string& file, int steps) {
  Scene scene = LoadOrExit(file);
  scene.world.set_stage_timing_period(0);
  MissSplit m;
  for (int k = 0; k < steps; ++k) {
    const double t0 = ThreadCpuSeconds();
    (void)StepScene(&scene, scene.timestep);
    const double dt = ThreadCpuSeconds() - t0;
    const StepStats& st = scene.world.stats();
    const int c = st.lcp_warm_islands >= st.lcp_islands ? 0 : st.lemke_pivots == 0 ? 1 : 2;
    m.seconds[c] += dt;
    m.steps[c] += 1;
    if (c == 2) m.pivots += st.lemke_pivots;
  }
  return m;
}

void Misses(const std::vector<std::string>& files, int steps, int runs) {
  std::printf("| scene (%d steps, fastest of %d) | us/step | hit: steps, us | miss, no Lemke pivot: steps, us | miss, Lemke: steps, us, pivots | misses' share of the time |\n", steps, runs);
  std::printf("|---|---:|---:|---:|---:|---:|\n");
  for (const std::string& file : files) {
    (void)RunMisses(file, steps);
    MissSplit best;
    for (int r = 0; r < runs; ++r) {
      MissSplit m = RunMisses(file, steps);
      if (r == 0 || m.total() < best.total()) best = m;
    }
    auto us = [&](int c) { return best.steps[c] ? 1e6 * best.seconds[c] / best.steps[c] : 0.0; };
    std::printf("| %s | %.2f | %d, %.1f | %d, %.1f | %d, %.1f, %.1f | %.0f %% |\n", file.c_str(), 1e6 * best.total() / steps,
                best.steps[0], us(0), best.steps[1], us(1), best.steps[2], us(2),
                best.steps[2] ? static_cast<double>(best.pivots) / best.steps[2] : 0.0,
                100.0 * (best.seconds[1] + best.seconds[2]) / best.total());
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int steps = 2000, runs = 5;
  bool stage_timing = true, misses = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--steps" && i + 1 < argc) steps = std::atoi(argv[++i]);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (a == "--misses") misses = true;
    else if (a == "--stage-timing" && i + 1 < argc) stage_timing = std::string(argv[++i]) != "off";
    else files.push_back(a);
  }
  if (files.empty() || steps <= 0 || runs <= 0) {
    std::fprintf(stderr, "usage: grasplab_bench_grasp_cpu [--misses] [--steps N] [--runs R] [--stage-timing on|off] SCENE.json...\n");
    return 2;
  }
  if (misses) {
    Misses(files, steps, runs);
    return 0;
  }
  std::printf("{");
  for (std::size_t f = 0; f < files.size(); ++f) {
    (void)Run(files[f], steps, stage_timing);
    double best = 1e30;
    for (int r = 0; r < runs; ++r) best = std::min(best, Run(files[f], steps, stage_timing));
    std::printf("%s\"%s\": %.2f", f ? ", " : "", files[f].c_str(), 1e6 * best / steps);
    std::fflush(stdout);
  }
  std::printf("}\n");
  return 0;
}
