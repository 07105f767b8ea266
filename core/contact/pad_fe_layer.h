// The compliant pad as a finite-element layer (Golle, Ulbrich & Pfeiffer,
// section 2, Fig. 1c, eq. 6): a linear-elastic layer of thickness t bonded
// to a rigid base, discretised with 8-node hexahedra, its stiffness K
// condensed onto the pad's surface elements to give the compliance C
// (m/Pa) the pressure LCP (contact/pad_pressure.h) uses, like the
// half-space and Winkler models of contact/pad_compliance.h. Built once,
// when the scene is loaded.
//
// Mesh (frame P of the pad: surface at z = 0, the layer in -t <= z <= 0):
//   laterally  each of the pad's rows x cols surface elements (dx x dy) is
//              split into sub x sub hexahedra (FeLayerMesh::sub, default 1);
//   in depth   `layers` layers, thinnest at the surface (where the pressure
//              varies) and growing by `grading` downwards: the top one is
//              min(dx, dy) / 2 thick (auto), the count the smallest >= 2
//              whose geometric sum reaches t, then all scaled to sum to t
//              exactly; at most kFeMaxLayers (the ratio grows to fit).
//   supports   the bottom nodes (z = -t) are fixed (bonded to the rigid
//              finger); the sides are free, or, with confined_sides, on
//              rollers (u_x = 0 on x = +-size_x/2, u_y = 0 on y = +-size_y/2:
//              the laterally confined layer of Winkler's oedometric modulus).
// Element: trilinear hexahedron on the box ax x ay x az, selective reduced
// integration (Hughes 1980; Hughes, The Finite Element Method, 2000,
// section 4.5): the shear (mu) part of D = lambda m m^T + mu diag(2,2,2,1,1,1)
// with 2 x 2 x 2 Gauss points, the volumetric (lambda) part with the one
// point at the centre, so the layer does not lock volumetrically as nu
// approaches 1/2 (the rubber pads' 0.45-0.49). nu = 1/2 itself is not
// allowed (lambda infinite). Voigt order xx, yy, zz, xy, yz, zx.
//
// Condensation (eq. 6's K_ff u_f = C_nf p with the free nodes' u_f; the
// contact nodes' displacements as a linear map of p). For pad element j
// let g_j be the vector over the free DOFs with 1 / (4 sub^2) on the -z
// DOF of each corner of each of its sub^2 surface faces (summed where
// faces share a corner). Then
//   loads:          a pressure p_j on element j is the nodal force A p_j g_j
//                   (a uniform pressure on a bilinear face puts a quarter of
//                   the face's force on each corner: the consistent load);
//   displacements:  u_k = g_k^T u, the mean displacement of element k into
//                   the pad (-z); with sub = 1 it is the mean of the face's
//                   four corners, which is the bilinear surface's value at
//                   the element centre, where the half-space model
//                   evaluates its deflection;
// so  C_kj = A g_k^T K^-1 g_j  (C = A G^T K^-1 G, G = [g_j]).
// The g_j live on the m surface nodes' z DOFs only, so with those DOFs
// numbered last (the others first, in AMD order) the sparse Cholesky
// K = L L^T ends in the dense m x m block L_ss, and
//   (K^-1)_ss = S^-1,  S = K_ss - K_si K_ii^-1 K_is = L_ss L_ss^T
// (S the static condensation of K onto the surface normals, eq. 6's K
// condensed to the contact nodes), hence
//   C = A Z^T Z,   Z = L_ss^-1 W,
// W (m x n) the g_j restricted to the surface normals: one dense m x m
// triangular solve instead of a sparse solve per element.
// C is symmetric positive definite (K is, and the g_j are independent).
// Units: A (m^2), K (N/m), g dimensionless, C (m/Pa).
//
// Determinism: Eigen's AMDOrdering and SimplicialLLT are sequential scalar
// code (the build defines EIGEN_DONT_VECTORIZE, EIGEN_DONT_PARALLELIZE): the
// ordering is a deterministic graph algorithm and the factor's loops run in
// a fixed order, so C is bit-identical natively and in WASM; the assembly,
// the triangular solve and Z^T Z are plain loops here.
// Cost: grows as the free DOFs (3 (cols sub + 1)(rows sub + 1) layers)
// times n^2 for Z^T Z; ValidatePad bounds the node count (kFeMaxNodes) so a
// scene cannot ask for minutes of build (grasplab_bench_pads measures it).
#pragma once

#include <vector>

#include "core/contact/pad_compliance.h"

namespace grasplab {

inline constexpr int kFeMaxLayers = 24;

struct FeLayerMesh {
  int sub = 1;                  // hexahedra per pad element, along x and along y (>= 1)
  int layers = 0;               // through the thickness; 0: automatic (header)
  double grading = 1.5;         // automatic layers: thickness ratio of consecutive layers (>= 1)
  bool confined_sides = false;  // rollers on the sides instead of free sides
};

struct FeLayerStats {
  int layers = 0;
  int free_dofs = 0;
  long long factor_nonzeros = 0;  // in the Cholesky factor L
};

// The layer thicknesses (m), top first, summing to t (header).
std::vector<double> FeLayerThicknesses(const PadMaterial& material, const PadGrid& grid, const FeLayerMesh& mesh);

// The 24 x 24 stiffness (N/m) of one hexahedron ax x ay x az (m), row-major,
// DOF 3 a + d of corner a = i + 2 j + 4 k at (x, y, z) = ((i - 1/2) ax,
// (j - 1/2) ay, (k - 1/2) az) about its centre, d the axis.
void HexStiffness(double ax, double ay, double az, double young_modulus, double poisson, double Ke[24 * 24]);

// C (n x n, row-major, m/Pa), as BuildPadCompliance; material.poisson < 1/2.
void BuildFeLayerCompliance(const PadMaterial& material, const PadGrid& grid, const FeLayerMesh& mesh,
                            std::vector<double>* C, FeLayerStats* stats = nullptr);

}  // namespace grasplab
