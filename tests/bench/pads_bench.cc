// Compliant pads (issue 21): the pressure LCP's cost and Hertz error per
// grid and solver, and the haptic-rate check: the parallel-jaw hand holding
// the cube on two pads, stepped at h = 1 ms. Results go to
// docs/benchmarks.md with commit and machine (timings are wall clock on a
// shared machine: run it a few times).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/contact/pad_pressure.h"
#include "core/math/det_math.h"
#include "core/scene/scene.h"
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
  std::printf("| grid | nodes | a/dx | solver | a err (area) | p0 err | delta err | sum pA - F | pivots | sweeps | ms per load solve |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int n : {7, 11, 15, 21, 31}) {
    for (PadSolver solver : {PadSolver::kLemke, PadSolver::kGaussSeidel}) {
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
      std::printf("| %dx%d | %d | %.1f | %s | %+.2f %% | %+.2f %% | %+.2f %% | %.1e | %d | %d | %.1f |\n", n, n, n * n,
                  a / g.dx(), solver == PadSolver::kLemke ? "Lemke" : "Gauss-Seidel", 100 * (a_area / a - 1),
                  100 * (pmax / p0 - 1), 100 * (delta / d0 - 1), std::abs(pad.TotalForce(p) - F) / F, st.pivots,
                  st.sweeps, ms);
    }
  }
}

void HapticRate(double h, double seconds) {
  Scene s = BundledScene("parallel-jaw-cube-pads");
  const int steps = static_cast<int>(std::lround(seconds / h));
  std::vector<double> dt;
  dt.reserve(steps);
  double pads_seconds = 0.0;
  for (int k = 0; k < steps; ++k) {
    const auto t0 = Clock::now();
    if (!StepScene(&s, h).ok()) {
      std::printf("step failed\n");
      return;
    }
    dt.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    pads_seconds += s.world.stats().stage_seconds[static_cast<int>(Stage::kPads)];
  }
  std::vector<double> sorted = dt;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double x : dt) sum += x;
  const double mean = sum / steps;
  int over = 0;
  for (double x : dt) over += x > h ? 1 : 0;
  std::printf("parallel-jaw-cube-pads, h = %g ms, %g s simulated (%d steps): mean %.1f us/step, median %.1f, p99 %.1f, max %.1f us; "
              "kPads %.1f %% of the step; steps over h: %d; %.0f steps/s = %.1fx real time\n",
              h * 1e3, seconds, steps, mean * 1e6, sorted[steps / 2] * 1e6, sorted[steps * 99 / 100] * 1e6,
              sorted.back() * 1e6, 100 * pads_seconds / sum, over, 1.0 / mean, h / mean);
}

}  // namespace

int main() {
  HertzTable();
  for (int run = 0; run < 3; ++run) HapticRate(0.001, 6.0);
  return 0;
}
