// Compliant pads (issue 21): the pressure LCP's cost and Hertz error per
// grid and solver, and the haptic-rate check: the parallel-jaw hand holding
// the cube on two pads, stepped at h = 1 ms. Results go to
// docs/benchmarks.md with commit and machine (timings are wall clock on a
// shared machine: run it a few times).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/contact/pad_fe_layer.h"
#include "core/contact/pad_pressure.h"
#include "core/math/det_math.h"
#include "core/math/state_hash.h"
#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_parse.h"
#include "tests/bench/cpu_seconds.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;
using Clock = std::chrono::steady_clock;

namespace {

void HertzTable() {
  const double R = 0.01, F = 1.0;
  PadMaterial m;
  m.young_modulus = 1e6, m.poisson = 0.5;
  const double e_star = ContactModulus(m);
  const double a = std::cbrt(3 * F * R / (4 * e_star)), p0 = 3 * F / (2 * kPi * a * a), d0 = a * a / R;
  std::printf("Hertz: sphere R = 10 mm, F = 1 N, E* = %.4g Pa: a = %.4f mm, p0 = %.4g Pa, delta = %.4f mm\n", e_star,
              a * 1e3, p0, d0 * 1e3);
  std::printf("| grid | nodes | a/dx | solver | a err (area) | p0 err | delta err | sum pA - F | pivots | sweeps | factorisations | ms per load solve |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int n : {7, 11, 15, 21, 31}) {
    for (PadSolver solver : {PadSolver::kLemke, PadSolver::kGaussSeidel, PadSolver::kActiveSet}) {
      PadGrid g;
      g.size_x = g.size_y = 3 * a, g.rows = g.cols = n;
      PadPressureSolver pad(m, g, solver);
      std::vector<double> s0(g.node_count()), p;
      for (int k = 0; k < g.node_count(); ++k) {
        const double x = g.node_x(k), y = g.node_y(k);
        s0[k] = (x * x + y * y) / (2 * R);
      }
      double delta = 0;
      const auto t0 = Clock::now();
      const PadSolveStats st = pad.SolveLoad(s0, F, &p, &delta);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      const double pmax = *std::max_element(p.begin(), p.end());
      const double a_area = std::sqrt(st.active * g.element_area() / kPi);
      std::printf("| %dx%d | %d | %.1f | %s | %+.2f %% | %+.2f %% | %+.2f %% | %.1e | %d | %d | %d | %.1f |\n", n, n,
                  n * n, a / g.dx(), PadSolverName(solver), 100 * (a_area / a - 1), 100 * (pmax / p0 - 1),
                  100 * (delta / d0 - 1), std::abs(pad.TotalForce(p) - F) / F, st.pivots, st.sweeps,
                  st.factorizations, ms);
    }
  }
}

// The three pad models under one indenter (docs/contact-models.md,
// "Compliant pads"): a sphere R = 10 mm pressed with F = 1 N into a rubber
// pad (E = 1 MPa, nu = 0.45, t = 3 mm) 4a square with 20 x 20 nodes,
// against Hertz. Optionally writes every node's pressure per model as JSON
// (scripts/pad-pictures.mjs draws docs/images/ from it).
void ModelComparison(const char* json_path) {
  const double R = 0.01, F = 1.0;
  PadMaterial m;
  m.young_modulus = 1e6, m.poisson = 0.45, m.thickness = 0.003;
  const double e_star = ContactModulus(m);
  const double a = std::cbrt(3 * F * R / (4 * e_star)), p0 = 3 * F / (2 * kPi * a * a), d0 = a * a / R;
  PadGrid g;
  g.size_x = g.size_y = 4 * a, g.rows = g.cols = 20;
  std::vector<double> s0(g.node_count());
  for (int k = 0; k < g.node_count(); ++k) {
    const double x = g.node_x(k), y = g.node_y(k);
    s0[k] = (x * x + y * y) / (2 * R);
  }
  std::printf("\nModels: sphere R = 10 mm, F = 1 N, E = 1 MPa, nu = 0.45, t = 3 mm (%.2f a), pad %.2f mm square, 20 x 20;"
              " Hertz a = %.3f mm, p0 = %.4g Pa, delta = %.4f mm\n",
              m.thickness / a, g.size_x * 1e3, a * 1e3, p0, d0 * 1e3);
  std::printf("| model | contact radius (area) | peak pressure | approach | build C | load solve (active set) |\n");
  std::printf("|---|---|---|---|---|---|\n");
  std::FILE* json = json_path ? std::fopen(json_path, "w") : nullptr;
  if (json) {
    std::fprintf(json, "{\"R\": %.17g, \"F\": %.17g, \"E\": %.17g, \"poisson\": %.17g, \"thickness\": %.17g,\n", R, F,
                 m.young_modulus, m.poisson, m.thickness);
    std::fprintf(json, " \"hertz\": {\"a\": %.17g, \"p0\": %.17g, \"delta\": %.17g},\n", a, p0, d0);
    std::fprintf(json, " \"grid\": {\"size\": %.17g, \"n\": %d},\n \"models\": [", g.size_x, g.cols);
  }
  bool first = true;
  for (PadModel model : {PadModel::kHalfSpace, PadModel::kFiniteElement, PadModel::kWinkler}) {
    m.model = model;
    const auto t0 = Clock::now();
    PadPressureSolver pad(m, g, PadSolver::kActiveSet);
    const double build_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::vector<double> p;
    double delta = 0.0;
    PadSolveStats st;
    double best = 1e300;
    for (int rep = 0; rep < 5; ++rep) {  // the fastest of 5 cold solves
      PadPressureSolver fresh(m, g, pad.compliance(), PadSolver::kActiveSet);
      const auto t1 = Clock::now();
      st = fresh.SolveLoad(s0, F, &p, &delta);
      best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t1).count());
    }
    const double pmax = *std::max_element(p.begin(), p.end());
    const double a_area = std::sqrt(st.active * g.element_area() / kPi);
    std::printf("| %s | %.3f mm (%+.1f %%) | %.4g Pa (%+.1f %%) | %.4f mm (%+.1f %%) | %.1f ms | %.2f ms |\n",
                PadModelName(model), a_area * 1e3, 100 * (a_area / a - 1), pmax, 100 * (pmax / p0 - 1), delta * 1e3,
                100 * (delta / d0 - 1), build_ms, best);
    if (json) {
      std::fprintf(json, "%s\n  {\"model\": \"%s\", \"delta\": %.17g, \"pressure\": [", first ? "" : ",",
                   PadModelName(model), delta);
      for (int k = 0; k < g.node_count(); ++k) std::fprintf(json, "%s%.9g", k ? ", " : "", p[k]);
      std::fprintf(json, "]}");
    }
    first = false;
  }
  if (json) {
    std::fprintf(json, "\n ]}\n");
    std::fclose(json);
    std::printf("(pressures written to %s)\n", json_path);
  }
}

// The finite-element pad's build time and size per grid (the scene loads it once).
void FeBuildTable() {
  PadMaterial m;
  m.model = PadModel::kFiniteElement;
  m.young_modulus = 1e6, m.poisson = 0.45, m.thickness = 0.003;
  std::printf("\nFE build: t = 3 mm, pad 20 mm square (the jaw's 25 x 80 mm at 5 x 16 last)\n");
  std::printf("| grid | nodes | layers | free DOFs | nonzeros in L | build ms |\n|---|---|---|---|---|---|\n");
  for (int n : {8, 12, 16, 20, 0}) {
    PadGrid g;
    if (n > 0) {
      g.size_x = g.size_y = 0.02, g.rows = g.cols = n;
    } else {
      g.size_x = 0.025, g.size_y = 0.08, g.cols = 5, g.rows = 16;
    }
    std::vector<double> C;
    FeLayerStats stats;
    const auto t0 = Clock::now();
    BuildFeLayerCompliance(m, g, FeLayerMesh{}, &C, &stats);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::printf("| %dx%d | %d | %d | %d | %lld | %.0f |\n", g.cols, g.rows, g.node_count(), stats.layers, stats.free_dofs,
                stats.factor_nonzeros, ms);
  }
}

// The bundled scene with its pads' model and solver replaced (empty: as bundled).
Scene HapticScene(const std::string& model, const std::string& solver) {
  const std::string path = std::string(GRASPLAB_ASSETS_DIR) + "/scenes/parallel-jaw-cube-pads.json";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string json = text.str();
  const std::string key = "\"model\": \"halfspace\"";
  std::string with = "\"model\": \"" + (model.empty() ? std::string("halfspace") : model) + "\"";
  if (!solver.empty()) with += ", \"solver\": \"" + solver + "\"";
  for (std::size_t at = json.find(key); at != std::string::npos; at = json.find(key, at + with.size())) {
    json.replace(at, key.size(), with);
  }
  SceneLoadOptions options;
  options.asset_root = GRASPLAB_ASSETS_DIR;
  auto scene = LoadSceneJson(json, options);
  if (!scene.ok()) {
    std::fprintf(stderr, "%s\n", scene.status().message().c_str());
    std::abort();
  }
  return std::move(scene).value();
}

void HapticRate(double h, double seconds, const std::string& model, const std::string& solver) {
  Scene s = HapticScene(model, solver);
  const int steps = static_cast<int>(std::lround(seconds / h));
  std::vector<double> dt, cpu;
  dt.reserve(steps);
  cpu.reserve(steps);
  double pads_seconds = 0.0, pads_max = 0.0;
  int pivots_max = 0, sweeps_max = 0;
  for (int k = 0; k < steps; ++k) {
    const double c0 = ThreadCpuSeconds();
    const auto t0 = Clock::now();
    if (!StepScene(&s, h).ok()) {
      std::printf("step failed\n");
      return;
    }
    dt.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    cpu.push_back(ThreadCpuSeconds() - c0);
    const double pads = s.world.stats().stage_seconds[static_cast<int>(Stage::kPads)];
    pads_seconds += pads;
    pads_max = std::max(pads_max, pads);
    for (int i = 0; i < s.world.pad_count(); ++i) {
      const PadContact& pc = s.world.pad_contact(i);
      pivots_max = std::max(pivots_max, pc.pivots);
      sweeps_max = std::max(sweeps_max, pc.sweeps);
    }
  }
  std::vector<double> sorted = dt, cpu_sorted = cpu;
  std::sort(sorted.begin(), sorted.end());
  std::sort(cpu_sorted.begin(), cpu_sorted.end());
  double sum = 0;
  for (double x : dt) sum += x;
  const double mean = sum / steps;
  int over = 0, cpu_over = 0;
  for (double x : dt) over += x > h ? 1 : 0;
  for (double x : cpu) cpu_over += x > h ? 1 : 0;
  std::printf("parallel-jaw-cube-pads (model %s, solver %s), h = %g ms, %g s simulated (%d steps): mean %.1f us/step, median %.1f, p99 %.1f, max %.1f us; "
              "kPads %.1f %% of the step (max %.1f us); max Lemke pivots %d, Gauss-Seidel sweeps %d per pad solve; "
              "steps over h: %d; %.0f steps/s = %.1fx real time\n",
              model.empty() ? "halfspace" : model.c_str(), solver.empty() ? "auto" : solver.c_str(), h * 1e3, seconds,
              steps, mean * 1e6, sorted[steps / 2] * 1e6, sorted[steps * 99 / 100] * 1e6,
              sorted.back() * 1e6, 100 * pads_seconds / sum, pads_max * 1e6, pivots_max, sweeps_max, over, 1.0 / mean,
              h / mean);
  std::printf("  thread CPU time per step (what the step itself costs; the wall clock adds the time slices the shared "
              "machine gives to others): median %.1f us, p99 %.1f, max %.1f us; steps over h: %d; state hash %s\n",
              cpu_sorted[steps / 2] * 1e6, cpu_sorted[steps * 99 / 100] * 1e6, cpu_sorted.back() * 1e6, cpu_over,
              HashToHex(s.world.StateHash()).c_str());
}

}  // namespace

// grasplab_bench_pads [--haptic [--pad-model M] [--pad-solver S]] [--models]
// [--json FILE]: no option runs everything; --json writes the model
// comparison's pressures; --pad-model/--pad-solver replace the haptic
// scene's pads' "model" and "solver" (e.g. lemke, to see the old spikes).
int main(int argc, char** argv) {
  bool haptic = false, models = false;
  const char* json = nullptr;
  std::string pad_model, pad_solver;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--haptic") {
      haptic = true;
    } else if (arg == "--pad-model" && i + 1 < argc) {
      pad_model = argv[++i];
    } else if (arg == "--pad-solver" && i + 1 < argc) {
      pad_solver = argv[++i];
    } else if (arg == "--models") {
      models = true;
    } else if (arg == "--json" && i + 1 < argc) {
      json = argv[++i];
      models = true;
    } else {
      std::fprintf(stderr, "usage: grasplab_bench_pads [--haptic [--pad-model M] [--pad-solver S]] [--models] [--json FILE]\n");
      return 2;
    }
  }
  const bool all = !haptic && !models;
  if (all) HertzTable();
  if (all || models) ModelComparison(json);
  if (all) FeBuildTable();
  if (all || haptic) {
    for (int run = 0; run < 3; ++run) HapticRate(0.001, 6.0, pad_model, pad_solver);
  }
  return 0;
}
