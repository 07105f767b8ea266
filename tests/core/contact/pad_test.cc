// The pad's compliance and contact solve (core/contact/) against closed
// forms: Love's uniformly loaded rectangle, Hertz's sphere on an elastic
// half-space, and a sphere on a Winkler foundation.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/contact/pad_pressure.h"
#include "core/math/det_math.h"

using namespace grasplab;

namespace {

struct HertzCase {
  double R = 0.01, F = 1.0;
  PadMaterial material;
  double a = 0.0, p0 = 0.0, delta = 0.0;  // Hertz: contact radius, peak pressure, approach
  HertzCase() {
    material.young_modulus = 1e6;
    material.poisson = 0.5;
    const double e_star = ContactModulus(material);
    a = std::cbrt(3.0 * F * R / (4.0 * e_star));
    p0 = 3.0 * F / (2.0 * kPi * a * a);
    delta = a * a / R;
  }
  // A square pad 3a wide, n x n nodes, with the sphere's (parabolic) profile
  // s0 = r^2 / (2R) centred on it.
  PadGrid Grid(int n) const {
    PadGrid g;
    g.size_x = g.size_y = 3.0 * a;
    g.rows = g.cols = n;
    return g;
  }
  std::vector<double> Shape(const PadGrid& g) const {
    std::vector<double> s0(g.node_count());
    for (int k = 0; k < g.node_count(); ++k) {
      const double x = g.node_x(k), y = g.node_y(k);
      s0[k] = (x * x + y * y) / (2.0 * R);
    }
    return s0;
  }
};

struct HertzResult {
  std::vector<double> p;
  double delta = 0.0, force = 0.0, a_area = 0.0, p_peak = 0.0;
  PadSolveStats stats;
};

HertzResult SolveHertz(const HertzCase& h, int n, PadSolver solver) {
  const PadGrid g = h.Grid(n);
  PadPressureSolver pad(h.material, g, solver);
  HertzResult r;
  r.stats = pad.SolveLoad(h.Shape(g), h.F, &r.p, &r.delta);
  r.force = pad.TotalForce(r.p);
  for (double v : r.p) r.p_peak = std::max(r.p_peak, v);
  // The contact radius from the contact area: the circle of the area of the
  // elements in contact.
  r.a_area = std::sqrt(r.stats.active * g.element_area() / kPi);
  return r;
}

}  // namespace

TEST_CASE("Pad: Love's uniformly loaded rectangle on the half-space", "[pad]") {
  // Square of side 2b under p = 1 Pa: the centre sinks 8 b ln(1 + sqrt 2) / (pi E*),
  // a corner half of that; far away it acts as the point load p (2b)^2.
  const double b = 0.001, e_star = 2e6;
  const double centre = HalfSpaceRectangleDeflection(0, 0, -b, b, -b, b, e_star);
  CHECK(centre == Approx(8.0 * b * std::log(1.0 + std::sqrt(2.0)) / (kPi * e_star)).epsilon(1e-13));
  const double corner = HalfSpaceRectangleDeflection(b, b, -b, b, -b, b, e_star);
  CHECK(corner == Approx(0.5 * centre).epsilon(1e-13));
  const double d = 1.0;  // 500 half-widths away
  const double far = HalfSpaceRectangleDeflection(d, 0, -b, b, -b, b, e_star);
  CHECK(far == Approx(4.0 * b * b / (kPi * e_star * d)).epsilon(1e-6));
  // Mirror images agree (negative offsets take the cancellation-free branch);
  // 10 half-widths away, to 1e-12 (at 500 the corner terms' difference
  // loses ~1e-12 relative to cancellation).
  const double near = HalfSpaceRectangleDeflection(0.01, 0, -b, b, -b, b, e_star);
  CHECK(HalfSpaceRectangleDeflection(-0.01, 0, -b, b, -b, b, e_star) == Approx(near).epsilon(1e-12));
  CHECK(HalfSpaceRectangleDeflection(0, -0.01, -b, b, -b, b, e_star) == Approx(near).epsilon(1e-12));
}

TEST_CASE("Pad: the half-space compliance is symmetric with a dominant diagonal", "[pad]") {
  PadMaterial m;
  PadGrid g;
  g.size_x = 0.01, g.size_y = 0.006, g.rows = 5, g.cols = 7;
  std::vector<double> C;
  BuildPadCompliance(m, g, &C);
  const int n = g.node_count();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      CHECK(C[i * n + j] == C[j * n + i]);
      CHECK(C[i * n + j] > 0.0);
      if (i != j) CHECK(C[i * n + j] < C[i * n + i]);
    }
  }
  // Entry (0, 1) is the deflection at node 0 of a unit pressure on element 1.
  const double dx = g.dx(), dy = g.dy();
  CHECK(C[1] == Approx(HalfSpaceRectangleDeflection(g.node_x(0), g.node_y(0), g.node_x(1) - dx / 2, g.node_x(1) + dx / 2,
                                                    g.node_y(1) - dy / 2, g.node_y(1) + dy / 2, ContactModulus(m)))
                    .epsilon(1e-13));
}

TEST_CASE("Pad: a sphere on the half-space pad gives Hertz's contact (Lemke, 11 x 11)", "[pad][hertz]") {
  const HertzCase h;
  const HertzResult r = SolveHertz(h, 11, PadSolver::kLemke);
  REQUIRE(r.stats.ok);
  // The load balance holds to rounding (the mixed LCP's equation).
  CHECK(std::abs(r.force - h.F) <= 1e-9 * h.F);
  // Measured: a +3.2 %, p0 +0.3 %, approach -0.4 %.
  CHECK(r.a_area == Approx(h.a).epsilon(0.05));
  CHECK(r.p_peak == Approx(h.p0).epsilon(0.05));
  CHECK(r.delta == Approx(h.delta).epsilon(0.01));
}

TEST_CASE("Pad: Hertz at 21 x 21 (Gauss-Seidel): profile, symmetry and convergence", "[pad][hertz]") {
  const HertzCase h;
  const HertzResult coarse = SolveHertz(h, 11, PadSolver::kLemke);
  const HertzResult r = SolveHertz(h, 21, PadSolver::kGaussSeidel);
  REQUIRE(r.stats.ok);
  CHECK(r.stats.sweeps > 0);
  CHECK(std::abs(r.force - h.F) <= 1e-9 * h.F);
  // Measured: a +2.3 %, p0 +0.17 %, approach -0.01 %.
  CHECK(r.a_area == Approx(h.a).epsilon(0.05));
  CHECK(r.p_peak == Approx(h.p0).epsilon(0.05));
  CHECK(r.delta == Approx(h.delta).epsilon(0.01));
  // Refinement: every error shrinks from 11 x 11 to 21 x 21.
  CHECK(std::abs(r.a_area / h.a - 1) < std::abs(coarse.a_area / h.a - 1));
  CHECK(std::abs(r.p_peak / h.p0 - 1) < std::abs(coarse.p_peak / h.p0 - 1));
  CHECK(std::abs(r.delta / h.delta - 1) < std::abs(coarse.delta / h.delta - 1));
  // Hertz's profile p(r) = p0 sqrt(1 - r^2/a^2) inside 0.8 a, within 5 % of p0
  // (the rim, where the discrete patch's edge is a cell wide, is left out).
  const PadGrid g = h.Grid(21);
  int sampled = 0;
  for (int k = 0; k < g.node_count(); ++k) {
    const double x = g.node_x(k), y = g.node_y(k), rr = std::sqrt(x * x + y * y);
    if (rr > 0.8 * h.a) continue;
    ++sampled;
    CHECK(std::abs(r.p[k] - h.p0 * std::sqrt(1.0 - rr * rr / (h.a * h.a))) <= 0.05 * h.p0);
  }
  CHECK(sampled > 50);
  // Symmetry of a centred sphere: the eight mirror images of every node.
  const int n = 21;
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const double v = r.p[row * n + col];
      CHECK(std::abs(r.p[row * n + (n - 1 - col)] - v) <= 1e-9 * h.p0);
      CHECK(std::abs(r.p[(n - 1 - row) * n + col] - v) <= 1e-9 * h.p0);
      CHECK(std::abs(r.p[col * n + row] - v) <= 1e-9 * h.p0);
    }
  }
}

TEST_CASE("Pad: Lemke and Gauss-Seidel solve the same displacement-controlled LCP", "[pad]") {
  const HertzCase h;
  const PadGrid g = h.Grid(9);
  std::vector<double> s = h.Shape(g);
  for (double& v : s) v -= 0.8 * h.delta;  // the sphere pushed in by 0.8 of Hertz's approach
  PadPressureSolver lemke(h.material, g, PadSolver::kLemke), gs(h.material, g, PadSolver::kGaussSeidel);
  std::vector<double> p1, p2;
  REQUIRE(lemke.SolveDisplacement(s, &p1).ok);
  REQUIRE(gs.SolveDisplacement(s, &p2).ok);
  double pmax = 0;
  for (double v : p1) pmax = std::max(pmax, v);
  REQUIRE(pmax > 0.0);
  for (int k = 0; k < g.node_count(); ++k) CHECK(std::abs(p1[k] - p2[k]) <= 1e-8 * pmax);
  // Complementarity: g = s + C p >= 0 everywhere, and 0 where p > 0.
  const std::vector<double>& C = lemke.compliance();
  const int n = g.node_count();
  for (int i = 0; i < n; ++i) {
    double gap = s[i];
    for (int j = 0; j < n; ++j) gap += C[i * n + j] * p1[j];
    CHECK(gap >= -1e-12 * h.delta);
    if (p1[i] > 0.0) CHECK(std::abs(gap) <= 1e-12 * h.delta);
  }
  // Nothing pressed: no pressure.
  for (double& v : s) v += 10.0 * h.delta;
  REQUIRE(lemke.SolveDisplacement(s, &p1).ok);
  for (double v : p1) CHECK(v == 0.0);
}

TEST_CASE("Pad: a sphere on a Winkler foundation against its closed form", "[pad][winkler]") {
  // Each node springs alone: p = k max(0, delta - r^2/(2R)), so the contact
  // radius is sqrt(2 R delta) and the force pi k R delta^2 (the integral).
  PadMaterial m;
  m.model = PadModel::kWinkler;
  m.young_modulus = 1e6, m.poisson = 0.3, m.thickness = 0.002;
  const double k = WinklerStiffness(m);
  CHECK(k == Approx(1e6 * 0.7 / (1.3 * 0.4 * 0.002)).epsilon(1e-15));
  const double R = 0.01, delta = 1e-4, a = std::sqrt(2 * R * delta);
  PadGrid g;
  g.size_x = g.size_y = 3.0 * a, g.rows = g.cols = 41;
  PadPressureSolver pad(m, g);
  std::vector<double> s(g.node_count()), p;
  for (int i = 0; i < g.node_count(); ++i) {
    const double x = g.node_x(i), y = g.node_y(i);
    s[i] = (x * x + y * y) / (2 * R) - delta;
  }
  REQUIRE(pad.SolveDisplacement(s, &p).ok);
  for (int i = 0; i < g.node_count(); ++i) CHECK(p[i] == Approx(k * std::max(0.0, -s[i])).margin(1e-9 * k * delta));
  const double F = kPi * k * R * delta * delta;
  CHECK(pad.TotalForce(p) == Approx(F).epsilon(0.01));  // the Riemann sum of the integral: 0.2 % measured
  // Load-controlled: the approach that carries F, and the balance to 1e-9.
  std::vector<double> s0(g.node_count());
  for (int i = 0; i < g.node_count(); ++i) s0[i] = s[i] + delta;
  double d = 0;
  const PadSolveStats st = pad.SolveLoad(s0, F, &p, &d);
  REQUIRE(st.ok);
  CHECK(std::abs(pad.TotalForce(p) - F) <= 1e-9 * F);
  CHECK(d == Approx(delta).epsilon(0.01));
}

TEST_CASE("Pad: bad materials and grids are rejected naming the field", "[pad]") {
  PadMaterial m;
  PadGrid g;
  g.size_x = g.size_y = 0.01, g.rows = g.cols = 4;
  CHECK(ValidatePad(m, g, "pads[0]").ok());
  PadMaterial bad = m;
  bad.young_modulus = -1;
  CHECK(ValidatePad(bad, g, "pads[0]").message().find("pads[0].youngModulus") != std::string::npos);
  bad = m, bad.poisson = 0.6;
  CHECK(ValidatePad(bad, g, "pads[0]").message().find("pads[0].poisson") != std::string::npos);
  bad = m, bad.model = PadModel::kWinkler, bad.poisson = 0.5;
  CHECK(ValidatePad(bad, g, "pads[0]").message().find("pads[0].poisson") != std::string::npos);
  bad = m, bad.thickness = std::nan("");
  CHECK(ValidatePad(bad, g, "pads[0]").message().find("pads[0].thickness") != std::string::npos);
  PadGrid gg = g;
  gg.rows = 0;
  CHECK(ValidatePad(m, gg, "pads[0]").message().find("pads[0].grid") != std::string::npos);
}
