// The grasp step's CPU time natively (not a test), measured the way
// tests/bench/wasm_profile.mjs measures the WASM module's: each scene file
// is stepped once untimed, then R runs of N steps from load (StepScene, as
// the module's Simulation::step does), and the minimum of the runs' CPU
// time of this thread per step is printed as JSON {file: us}. CPU time,
// not wall time: on a shared machine it is the figure that other
// processes move least (docs/benchmarks.md).
//
//   build/native/grasplab_bench_grasp_cpu [--steps N] [--runs R] [--stage-timing on|off] SCENE.json...
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

using namespace grasplab;

namespace {

double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One run of `steps` from load; CPU seconds of the stepping loop.
double Run(const std::string& file, int steps, bool stage_timing) {
  StatusOr<Scene> loaded = LoadSceneFile(file);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(), loaded.status().message().c_str());
    std::exit(2);
  }
  Scene scene = std::move(loaded).value();
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

}  // namespace

int main(int argc, char** argv) {
  int steps = 2000, runs = 5;
  bool stage_timing = true;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--steps" && i + 1 < argc) steps = std::atoi(argv[++i]);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (a == "--stage-timing" && i + 1 < argc) stage_timing = std::string(argv[++i]) != "off";
    else files.push_back(a);
  }
  if (files.empty() || steps <= 0 || runs <= 0) {
    std::fprintf(stderr, "usage: grasplab_bench_grasp_cpu [--steps N] [--runs R] [--stage-timing on|off] SCENE.json...\n");
    return 2;
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
