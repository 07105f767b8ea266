// The pad's active-set LCP solver (core/contact/pad_active_set.h): the
// same unique solution as Lemke and Gauss-Seidel, the KKT conditions to
// rounding, and finite, short work on the degenerate flat contact that made
// Lemke slow (a face flat on the pad: every node at the same separation).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/contact/pad_pressure.h"

using namespace grasplab;

namespace {

PadMaterial Rubber() {
  PadMaterial m;
  m.young_modulus = 1e6, m.poisson = 0.45, m.thickness = 0.003;
  return m;
}

PadGrid JawPad() {  // the parallel jaw's pad: 25 x 80 mm, 5 x 16 nodes
  PadGrid g;
  g.size_x = 0.025, g.size_y = 0.08, g.cols = 5, g.rows = 16;
  return g;
}

// max_k over the KKT conditions of g = s + C p >= 0, p >= 0, p g = 0,
// with p measured as the displacement C_00 p (m).
double KktError(const std::vector<double>& C, const std::vector<double>& s, const std::vector<double>& p) {
  const int n = static_cast<int>(s.size());
  double err = 0.0;
  for (int i = 0; i < n; ++i) {
    double gap = s[i];
    for (int j = 0; j < n; ++j) gap += C[static_cast<std::size_t>(i) * n + j] * p[j];
    err = std::max(err, -gap);
    err = std::max(err, -p[i] * C[0]);
    err = std::max(err, std::min(std::abs(gap), std::abs(p[i] * C[0])));
  }
  return err;
}

}  // namespace

TEST_CASE("Pad active set: a face flat on the pad (all separations equal) in one factorisation warm", "[pad][active-set]") {
  const PadGrid g = JawPad();
  PadPressureSolver pad(Rubber(), g, PadSolver::kActiveSet);
  const int n = g.node_count();
  const double depth = 2e-4;
  std::vector<double> s(n, -depth), p;
  PadSolveStats st = pad.SolveDisplacement(s, &p);
  REQUIRE(st.ok);
  // A flat punch over the whole pad: every node presses (p = C^-1 depth 1 > 0),
  // the gap closes everywhere.
  CHECK(st.active == n);
  CHECK(KktError(pad.compliance(), s, p) <= 1e-12 * depth);
  CHECK(st.factorizations == 1);
  // The edge nodes carry more than the middle (the punch's edge singularity).
  CHECK(p[0] > p[(g.rows / 2) * g.cols + g.cols / 2]);
  // Tilted by a hair (the face rocking in the grip): the same support,
  // warm, one factorisation and one check.
  for (int k = 0; k < n; ++k) s[k] = -depth + 1e-7 * g.node_y(k) / g.size_y;
  st = pad.SolveDisplacement(s, &p);
  REQUIRE(st.ok);
  CHECK(st.factorizations == 1);
  CHECK(KktError(pad.compliance(), s, p) <= 1e-12 * depth);
}

TEST_CASE("Pad active set: agrees with Lemke and Gauss-Seidel on a tilted face in partial contact", "[pad][active-set]") {
  const PadGrid g = JawPad();
  const int n = g.node_count();
  // The face tilted so that it touches only the lower 40 % of the pad, with
  // plateaus of equal separation across each row (the degenerate ties).
  std::vector<double> s(n);
  for (int k = 0; k < n; ++k) s[k] = -1e-4 + 2.5e-3 * (g.node_y(k) / g.size_y + 0.5) * 1e-1;
  PadPressureSolver lemke(Rubber(), g, PadSolver::kLemke), gs(Rubber(), g, PadSolver::kGaussSeidel),
      as(Rubber(), g, PadSolver::kActiveSet);
  std::vector<double> p_l, p_g, p_a;
  REQUIRE(lemke.SolveDisplacement(s, &p_l).ok);
  REQUIRE(gs.SolveDisplacement(s, &p_g).ok);
  const PadSolveStats st = as.SolveDisplacement(s, &p_a);
  REQUIRE(st.ok);
  double pmax = 0.0;
  for (double v : p_a) pmax = std::max(pmax, v);
  REQUIRE(pmax > 0.0);
  CHECK(st.active > 0);
  CHECK(st.active < n);
  for (int k = 0; k < n; ++k) {
    CHECK(std::abs(p_a[k] - p_l[k]) <= 1e-9 * pmax);
    CHECK(std::abs(p_a[k] - p_g[k]) <= 1e-8 * pmax);
  }
  CHECK(KktError(as.compliance(), s, p_a) <= 1e-12 * 1e-4);
  // Each row of the pad has one separation: the pressure is mirror
  // symmetric across the pad's x axis to rounding.
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      CHECK(std::abs(p_a[r * g.cols + c] - p_a[r * g.cols + g.cols - 1 - c]) <= 1e-10 * pmax);
    }
  }
}

TEST_CASE("Pad active set: warm and cold solves give the same answer along a pressing sequence", "[pad][active-set]") {
  // A sphere pressed in and rolled across the pad, 60 steps: the warm
  // solver (from the last active set) and a cold one agree to rounding, and
  // the warm one needs few factorisations per step.
  PadGrid g;
  g.size_x = g.size_y = 0.01, g.rows = g.cols = 12;
  const int n = g.node_count();
  PadPressureSolver warm(Rubber(), g, PadSolver::kActiveSet), cold(Rubber(), g, PadSolver::kActiveSet);
  cold.set_warm_start(false);
  int warm_total = 0, cold_total = 0;
  std::vector<double> s(n), p_w, p_c;
  for (int step = 0; step < 60; ++step) {
    const double cx = -0.002 + 0.004 * step / 59.0, depth = 1e-4 + 2e-4 * step / 59.0, R = 0.01;
    for (int k = 0; k < n; ++k) {
      const double x = g.node_x(k) - cx, y = g.node_y(k);
      s[k] = (x * x + y * y) / (2 * R) - depth;
    }
    const PadSolveStats a = warm.SolveDisplacement(s, &p_w), b = cold.SolveDisplacement(s, &p_c);
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    warm_total += a.factorizations, cold_total += b.factorizations;
    double pmax = 0.0;
    for (double v : p_c) pmax = std::max(pmax, v);
    for (int k = 0; k < n; ++k) CHECK(std::abs(p_w[k] - p_c[k]) <= 1e-10 * pmax);
    CHECK(KktError(warm.compliance(), s, p_w) <= 1e-12 * depth);
  }
  std::printf("active set along 60 steps: %d factorisations warm, %d cold\n", warm_total, cold_total);
  CHECK(warm_total < cold_total);
  CHECK(warm_total <= 3 * 60);
}

TEST_CASE("Pad active set: \"auto\" is the active set, and it solves Hertz's load-controlled problem as Gauss-Seidel does",
          "[pad][active-set][hertz]") {
  // The sphere of pad_test.cc (R = 10 mm, F = 1 N, E* = 1.333 MPa) on a
  // 21 x 21 half-space pad 3a square.
  PadMaterial m;
  m.young_modulus = 1e6, m.poisson = 0.5;
  const double R = 0.01, F = 1.0, a = std::cbrt(3 * F * R / (4 * ContactModulus(m)));
  PadGrid g;
  g.size_x = g.size_y = 3 * a, g.rows = g.cols = 21;
  std::vector<double> s0(g.node_count());
  for (int k = 0; k < g.node_count(); ++k) {
    const double x = g.node_x(k), y = g.node_y(k);
    s0[k] = (x * x + y * y) / (2 * R);
  }
  PadPressureSolver automatic(m, g), gs(m, g, PadSolver::kGaussSeidel);
  std::vector<double> p_a, p_g;
  double d_a = 0.0, d_g = 0.0;
  const PadSolveStats st = automatic.SolveLoad(s0, F, &p_a, &d_a);
  REQUIRE(st.ok);
  REQUIRE(gs.SolveLoad(s0, F, &p_g, &d_g).ok);
  CHECK(st.factorizations > 0);
  CHECK(st.pivots == 0);
  CHECK(st.sweeps == 0);
  CHECK(std::abs(automatic.TotalForce(p_a) - F) <= 1e-9 * F);
  double pmax = 0.0;
  for (double v : p_g) pmax = std::max(pmax, v);
  for (int k = 0; k < g.node_count(); ++k) CHECK(std::abs(p_a[k] - p_g[k]) <= 1e-8 * pmax);
  CHECK(d_a == Approx(d_g).epsilon(1e-9));
}
