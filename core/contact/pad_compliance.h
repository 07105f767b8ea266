// The compliant fingertip pad's surface compliance (Golle, Ulbrich &
// Pfeiffer, section 2, Fig. 1c): the quasi-static linear map from the
// pressures on the pad's surface elements to the normal displacements of
// its surface nodes, u = C p. The contact solve (contact/pad_pressure.h)
// and the step's pad stage (world/pad_stage.h) build on it.
//
// Geometry: the pad covers the rectangle |x| <= size_x/2, |y| <= size_y/2 of
// its frame P's xy plane; +z of P is the pad's outward normal. It is split
// into rows x cols equal rectangular elements of area A = dx dy; node k
// (row r, column c, k = r cols + c) sits at the element's centre
//   x_k = -size_x/2 + (c + 1/2) dx,   y_k = -size_y/2 + (r + 1/2) dy,
// and carries the element's uniform pressure p_k (Pa, >= 0 pushes into the
// pad). u_k (m) is the displacement of node k into the pad (along -z of P),
// so C's entries are in m/Pa and positive.
//
// Models (PadModel):
//   kHalfSpace  the elastic half-space (Boussinesq; Love 1929): the exact
//               deflection at (x, y) of a uniform pressure on the rectangle
//               [x1, x2] x [y1, y2], Boussinesq's point-load deflection
//               (1 - nu^2) P / (pi E r) integrated over the rectangle:
//                 u = (1 - nu^2) / (pi E) p F,
//                 F = [[ xi ln(eta + r) + eta ln(xi + r) ]],  r = sqrt(xi^2 + eta^2),
//               evaluated at the four corners (xi = x' - x, eta = y' - y
//               over the element) with the signs of a double integral. It
//               ignores the thickness (a layer much thicker than the contact
//               patch); it is what makes Hertz come out, and it is the
//               reference. C is dense, symmetric (equal elements) and
//               positive definite.
//   kWinkler    the elastic (Winkler) foundation of a thin layer bonded to a
//               rigid base, laterally confined (the "elastic foundation" of Johnson's Contact
//               Mechanics, with the layer's oedometric modulus):
//                 u_k = p_k / k,   k = E (1 - nu) / ((1 + nu) (1 - 2 nu) t)   (Pa/m),
//               so C = I / k: each node springs alone. Cheap (diagonal) but
//               without the spreading of the half-space; nu < 0.5 required.
//   kFiniteElement  a linear-elastic layer of thickness t bonded to a rigid
//               base, meshed with hexahedra and condensed onto the surface
//               elements (eq. 6's K condensed onto the contact nodes;
//               contact/pad_fe_layer.h): both the spreading of the
//               half-space and the finite thickness and width of the pad.
//               Dense, symmetric, positive definite; nu < 0.5 required; the
//               most expensive to build (once, at scene load: at most
//               kFeMaxNodes nodes).
// docs/contact-models.md, "Compliant pads", compares the three.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"

namespace grasplab {

enum class PadModel { kHalfSpace, kWinkler, kFiniteElement };
// "halfspace", "winkler", "fe".
const char* PadModelName(PadModel model);

struct PadMaterial {
  double thickness = 0.002;      // t (m), > 0 (Winkler's k; the half-space ignores it)
  double young_modulus = 1e6;    // E (Pa), > 0
  double poisson = 0.45;         // nu, in [0, 0.5) (0.5 allowed for the half-space)
  PadModel model = PadModel::kHalfSpace;
};

struct PadGrid {
  double size_x = 0.0, size_y = 0.0;  // m, > 0
  int rows = 0, cols = 0;             // along y and x, >= 1
  int node_count() const { return rows * cols; }
  double dx() const { return size_x / cols; }
  double dy() const { return size_y / rows; }
  double element_area() const { return dx() * dy(); }  // m^2
  double node_x(int k) const { return -0.5 * size_x + (k % cols + 0.5) * dx(); }
  double node_y(int k) const { return -0.5 * size_y + (k / cols + 0.5) * dy(); }
};

// A finite-element pad's largest node count (rows x cols): its C takes
// ~1 s to build at 16 x 16 and grows as n^2 times the mesh (docs/benchmarks.md).
inline constexpr int kFeMaxNodes = 400;

// Checks the material and the grid (rows and cols in [1, 64], sizes in
// (0, 10] m, E in (0, 1e12] Pa, t in (0, 1] m; a finite-element pad at most
// kFeMaxNodes nodes), messages naming `field`.
Status ValidatePad(const PadMaterial& material, const PadGrid& grid, const std::string& field);

// E* = E / (1 - nu^2) (Pa): the contact modulus against a rigid indenter.
double ContactModulus(const PadMaterial& material);

// Winkler's k (Pa/m), header.
double WinklerStiffness(const PadMaterial& material);

// The half-space deflection (m) at (x, y) under a unit pressure (1 Pa) on
// the rectangle [x1, x2] x [y1, y2] (header), for E* = E / (1 - nu^2).
double HalfSpaceRectangleDeflection(double x, double y, double x1, double x2, double y1, double y2, double e_star);

// C (n x n, row-major, n = grid.node_count(); m/Pa): entry (i, j) is u_i
// under a unit pressure on element j.
void BuildPadCompliance(const PadMaterial& material, const PadGrid& grid, std::vector<double>* C);

}  // namespace grasplab
