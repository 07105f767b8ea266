#include "core/contact/pad_compliance.h"

#include <cmath>

#include "core/base/format.h"
#include "core/contact/pad_fe_layer.h"
#include "core/math/det_math.h"

namespace grasplab {

const char* PadModelName(PadModel model) {
  switch (model) {
    case PadModel::kHalfSpace: return "halfspace";
    case PadModel::kWinkler: return "winkler";
    case PadModel::kFiniteElement: return "fe";
  }
  return "halfspace";
}

Status ValidatePad(const PadMaterial& m, const PadGrid& g, const std::string& field) {
  auto in = [](double v, double lo, double hi) { return std::isfinite(v) && v > lo && v <= hi; };
  if (!in(m.thickness, 0.0, 1.0)) {
    return Status::Error(field + ".thickness: must be a finite number > 0 and <= 1 (m), got " + FormatNumber(m.thickness));
  }
  if (!in(m.young_modulus, 0.0, 1e12)) {
    return Status::Error(field + ".youngModulus: must be a finite number > 0 and <= 1e12 (Pa), got " +
                         FormatNumber(m.young_modulus));
  }
  const bool incompressible_ok = m.model == PadModel::kHalfSpace;
  const double nu_max = incompressible_ok ? 0.5 : 0.499;
  if (!std::isfinite(m.poisson) || m.poisson < 0.0 || m.poisson > nu_max) {
    const char* why = m.model == PadModel::kWinkler         ? " (Winkler's confined layer is rigid at 0.5)"
                      : m.model == PadModel::kFiniteElement ? " (the finite-element layer's lambda is infinite at 0.5)"
                                                            : "";
    return Status::Error(field + ".poisson: must be in [0, " + FormatNumber(nu_max) + "]" + why + ", got " +
                         FormatNumber(m.poisson));
  }
  if (!in(g.size_x, 0.0, 10.0) || !in(g.size_y, 0.0, 10.0)) {
    return Status::Error(field + ".size: each must be a finite number > 0 and <= 10 (m)");
  }
  if (g.rows < 1 || g.rows > 64 || g.cols < 1 || g.cols > 64) {
    return Status::Error(field + ".grid: [cols, rows] each a whole number in [1, 64], got [" + std::to_string(g.cols) +
                         ", " + std::to_string(g.rows) + "]");
  }
  if (m.model == PadModel::kFiniteElement && g.rows * g.cols > kFeMaxNodes) {
    return Status::Error(field + ".grid: a finite-element (\"fe\") pad has at most " + std::to_string(kFeMaxNodes) +
                         " nodes (cols x rows), got " + std::to_string(g.rows * g.cols) +
                         " (its compliance is built at load; use \"halfspace\" for finer grids)");
  }
  return Status::Ok();
}

double ContactModulus(const PadMaterial& m) { return m.young_modulus / (1.0 - m.poisson * m.poisson); }

double WinklerStiffness(const PadMaterial& m) {
  const double nu = m.poisson;
  return m.young_modulus * (1.0 - nu) / ((1.0 + nu) * (1.0 - 2.0 * nu) * m.thickness);
}

namespace {

// xi ln(eta + r) + eta ln(xi + r): the antiderivative of 1/r in xi and eta.
// Where eta + r (or xi + r) cancels (eta < 0, |xi| << |eta|), it is
// written as xi^2 / (r - eta), which has no cancellation; a zero factor in
// front of a log of zero is the term's limit, 0.
double CornerTerm(double xi, double eta) {
  const double r = std::sqrt(xi * xi + eta * eta);
  auto log_sum = [r](double a, double b) {  // ln(a + r) with b the other coordinate
    return a >= 0.0 ? DetLog(a + r) : DetLog(b * b / (r - a));
  };
  double t = 0.0;
  if (xi != 0.0) t += xi * log_sum(eta, xi);
  if (eta != 0.0) t += eta * log_sum(xi, eta);
  return t;
}

}  // namespace

double HalfSpaceRectangleDeflection(double x, double y, double x1, double x2, double y1, double y2, double e_star) {
  const double a1 = x1 - x, a2 = x2 - x, b1 = y1 - y, b2 = y2 - y;
  const double F = CornerTerm(a2, b2) - CornerTerm(a1, b2) - CornerTerm(a2, b1) + CornerTerm(a1, b1);
  return F / (kPi * e_star);
}

void BuildPadCompliance(const PadMaterial& m, const PadGrid& g, std::vector<double>* C) {
  const int n = g.node_count();
  C->assign(static_cast<std::size_t>(n) * n, 0.0);
  if (m.model == PadModel::kWinkler) {
    const double c = 1.0 / WinklerStiffness(m);
    for (int i = 0; i < n; ++i) (*C)[static_cast<std::size_t>(i) * n + i] = c;
    return;
  }
  if (m.model == PadModel::kFiniteElement) {
    BuildFeLayerCompliance(m, g, FeLayerMesh{}, C);
    return;
  }
  const double e_star = ContactModulus(m);
  const double hx = 0.5 * g.dx(), hy = 0.5 * g.dy();
  // Equal elements: the entry depends only on the offset (dc, dr) up to its
  // signs, so one table over offsets fills C exactly symmetric.
  std::vector<double> by_offset(static_cast<std::size_t>(g.rows) * g.cols);
  for (int dr = 0; dr < g.rows; ++dr) {
    for (int dc = 0; dc < g.cols; ++dc) {
      const double ox = dc * g.dx(), oy = dr * g.dy();
      by_offset[static_cast<std::size_t>(dr) * g.cols + dc] =
          HalfSpaceRectangleDeflection(0.0, 0.0, ox - hx, ox + hx, oy - hy, oy + hy, e_star);
    }
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const int dr = std::abs(i / g.cols - j / g.cols), dc = std::abs(i % g.cols - j % g.cols);
      (*C)[static_cast<std::size_t>(i) * n + j] = by_offset[static_cast<std::size_t>(dr) * g.cols + dc];
    }
  }
}

}  // namespace grasplab
