#include "core/contact/pad_fe_layer.h"

#include <Eigen/Core>
#include <Eigen/OrderingMethods>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>

namespace grasplab {

std::vector<double> FeLayerThicknesses(const PadMaterial& m, const PadGrid& g, const FeLayerMesh& mesh) {
  const double t = m.thickness;
  if (mesh.layers > 0) return std::vector<double>(mesh.layers, t / mesh.layers);
  const double h0 = 0.5 * std::min(g.dx() / mesh.sub, g.dy() / mesh.sub);
  double ratio = std::max(1.0, mesh.grading);
  auto geometric_sum = [h0](double r, int n) {
    double sum = 0.0, h = h0;
    for (int i = 0; i < n; ++i) sum += h, h *= r;
    return sum;
  };
  int n = 2;
  while (n < kFeMaxLayers && geometric_sum(ratio, n) < t) ++n;
  if (geometric_sum(ratio, n) < t) {
    // Too thick for kFeMaxLayers at this ratio: the ratio that reaches t
    // (bisection on a monotone sum, a fixed 100 halvings: deterministic).
    double lo = ratio, hi = ratio;
    while (geometric_sum(hi, n) < t) hi *= 2.0;
    for (int it = 0; it < 100; ++it) {
      const double mid = 0.5 * (lo + hi);
      (geometric_sum(mid, n) < t ? lo : hi) = mid;
    }
    ratio = hi;
  }
  std::vector<double> h(n);
  double sum = 0.0, layer = h0;
  for (int i = 0; i < n; ++i) h[i] = layer, sum += layer, layer *= ratio;
  for (double& v : h) v *= t / sum;
  return h;
}

void HexStiffness(double ax, double ay, double az, double E, double nu, double Ke[24 * 24]) {
  const double lambda = E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu));
  const double mu = E / (2.0 * (1.0 + nu));
  const double half[3] = {0.5 * ax, 0.5 * ay, 0.5 * az};
  const double det_j = half[0] * half[1] * half[2];  // the box's Jacobian is diag(half)
  // dN_a/dx_d at the natural point xi: N_a = prod_d (1 + xi_d s_ad) / 8.
  auto gradients = [&](const double xi[3], double dN[8][3]) {
    for (int a = 0; a < 8; ++a) {
      const double s[3] = {(a & 1) ? 1.0 : -1.0, (a & 2) ? 1.0 : -1.0, (a & 4) ? 1.0 : -1.0};
      const double f[3] = {1.0 + xi[0] * s[0], 1.0 + xi[1] * s[1], 1.0 + xi[2] * s[2]};
      dN[a][0] = 0.125 * s[0] * f[1] * f[2] / half[0];
      dN[a][1] = 0.125 * f[0] * s[1] * f[2] / half[1];
      dN[a][2] = 0.125 * f[0] * f[1] * s[2] / half[2];
    }
  };
  std::fill(Ke, Ke + 24 * 24, 0.0);
  // K_ab^de = int mu (delta_de grad N_a . grad N_b + dN_a/dx_e dN_b/dx_d)   (2 x 2 x 2 points, weight 1)
  //         + int lambda dN_a/dx_d dN_b/dx_e                                 (centre, weight 8)
  const double gp = 1.0 / std::sqrt(3.0);
  double dN[8][3];
  for (int q = 0; q < 8; ++q) {
    const double xi[3] = {(q & 1) ? gp : -gp, (q & 2) ? gp : -gp, (q & 4) ? gp : -gp};
    gradients(xi, dN);
    for (int a = 0; a < 8; ++a) {
      for (int b = 0; b < 8; ++b) {
        const double dot = dN[a][0] * dN[b][0] + dN[a][1] * dN[b][1] + dN[a][2] * dN[b][2];
        for (int d = 0; d < 3; ++d) {
          for (int e = 0; e < 3; ++e) {
            const double v = mu * ((d == e ? dot : 0.0) + dN[a][e] * dN[b][d]);
            Ke[(3 * a + d) * 24 + 3 * b + e] += v * det_j;
          }
        }
      }
    }
  }
  const double centre[3] = {0.0, 0.0, 0.0};
  gradients(centre, dN);
  for (int a = 0; a < 8; ++a) {
    for (int b = 0; b < 8; ++b) {
      for (int d = 0; d < 3; ++d) {
        for (int e = 0; e < 3; ++e) Ke[(3 * a + d) * 24 + 3 * b + e] += lambda * dN[a][d] * dN[b][e] * 8.0 * det_j;
      }
    }
  }
}

void BuildFeLayerCompliance(const PadMaterial& m, const PadGrid& g, const FeLayerMesh& mesh, std::vector<double>* C,
                            FeLayerStats* stats) {
  using SpMat = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;
  const int sub = std::max(1, mesh.sub);
  const std::vector<double> h = FeLayerThicknesses(m, g, mesh);
  const int nz = static_cast<int>(h.size());
  const int nx = g.cols * sub, ny = g.rows * sub;  // hexahedra along x and y
  const double ax = g.size_x / nx, ay = g.size_y / ny;
  // Node (ix, iy, iz), iz = 0 at the surface, nz at the fixed base.
  auto node = [&](int ix, int iy, int iz) { return (iz * (ny + 1) + iy) * (nx + 1) + ix; };
  const int nodes = (nx + 1) * (ny + 1) * (nz + 1);
  const int surface = (nx + 1) * (ny + 1);  // surface node s = node(ix, iy, 0) = iy (nx + 1) + ix
  // Numbering: the interior DOFs (every free DOF but the surface normals)
  // 0 .. ni-1, then surface node s's z DOF at ni + s.
  std::vector<int> dof(static_cast<std::size_t>(nodes) * 3, -1);
  int ni = 0;
  for (int iz = 0; iz < nz; ++iz) {
    for (int iy = 0; iy <= ny; ++iy) {
      for (int ix = 0; ix <= nx; ++ix) {
        const bool x_side = ix == 0 || ix == nx, y_side = iy == 0 || iy == ny;
        for (int d = 0; d < 3; ++d) {
          if (mesh.confined_sides && ((d == 0 && x_side) || (d == 1 && y_side))) continue;
          if (iz == 0 && d == 2) continue;
          dof[static_cast<std::size_t>(node(ix, iy, iz)) * 3 + d] = ni++;
        }
      }
    }
  }
  for (int s = 0; s < surface; ++s) dof[static_cast<std::size_t>(s) * 3 + 2] = ni + s;
  const int free_dofs = ni + surface;
  // Assembly, element by element in a fixed order (setFromTriplets sums
  // duplicates in insertion order).
  std::vector<Eigen::Triplet<double, int>> triplets;
  triplets.reserve(static_cast<std::size_t>(nx) * ny * nz * 24 * 24);
  double Ke[24 * 24];
  int corner_dof[24];
  for (int ez = 0; ez < nz; ++ez) {
    HexStiffness(ax, ay, h[ez], m.young_modulus, m.poisson, Ke);  // every hexahedron of a layer is the same box
    for (int ey = 0; ey < ny; ++ey) {
      for (int ex = 0; ex < nx; ++ex) {
        for (int a = 0; a < 8; ++a) {
          // Corner a: k = 0 is the element's lower face, node layer ez + 1.
          const int id = node(ex + (a & 1), ey + ((a >> 1) & 1), ez + ((a & 4) ? 0 : 1));
          for (int d = 0; d < 3; ++d) corner_dof[3 * a + d] = dof[static_cast<std::size_t>(id) * 3 + d];
        }
        for (int r = 0; r < 24; ++r) {
          if (corner_dof[r] < 0) continue;
          for (int c = 0; c < 24; ++c) {
            if (corner_dof[c] >= 0) triplets.emplace_back(corner_dof[r], corner_dof[c], Ke[r * 24 + c]);
          }
        }
      }
    }
  }
  // The interior block's fill-reducing order (AMD on its pattern); the
  // surface normals stay last, in node order.
  std::vector<int> order(free_dofs);  // new index of each DOF
  {
    std::vector<Eigen::Triplet<double, int>> interior;
    for (const auto& t : triplets) {
      if (t.row() < ni && t.col() < ni) interior.push_back(t);
    }
    SpMat Kii(ni, ni);
    Kii.setFromTriplets(interior.begin(), interior.end());
    Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> pinv;
    Eigen::AMDOrdering<int>()(Kii, pinv);  // as SimplicialLLT: factor P K_ii P^T with P = pinv^-1
    const Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> P = pinv.inverse();
    for (int i = 0; i < ni; ++i) order[i] = P.indices()[i];
    for (int s = 0; s < surface; ++s) order[ni + s] = ni + s;
  }
  for (auto& t : triplets) t = Eigen::Triplet<double, int>(order[t.row()], order[t.col()], t.value());
  SpMat K(free_dofs, free_dofs);
  K.setFromTriplets(triplets.begin(), triplets.end());
  triplets = {};
  Eigen::SimplicialLLT<SpMat, Eigen::Lower, Eigen::NaturalOrdering<int>> llt(K);
  // L_ss: the factor's last `surface` rows and columns (dense, row-major).
  const SpMat& L = llt.matrixL().nestedExpression();
  std::vector<double> Lss(static_cast<std::size_t>(surface) * surface, 0.0);
  for (int c = ni; c < free_dofs; ++c) {
    for (SpMat::InnerIterator it(L, c); it; ++it) {
      if (it.row() >= ni) Lss[static_cast<std::size_t>(it.row() - ni) * surface + (c - ni)] = it.value();
    }
  }
  // Z = L_ss^-1 W, column j of W with 1 / (4 sub^2) at each corner of
  // element j's surface faces (the -z sign of g cancels in Z^T Z).
  const int n = g.node_count();
  std::vector<double> Z(static_cast<std::size_t>(n) * surface, 0.0);  // column-major: column j at j * surface
  const double w = 1.0 / (4.0 * sub * sub);
  for (int j = 0; j < n; ++j) {
    double* zj = &Z[static_cast<std::size_t>(j) * surface];
    const int row = j / g.cols, col = j % g.cols;
    int first = surface;
    for (int fy = 0; fy < sub; ++fy) {
      for (int fx = 0; fx < sub; ++fx) {
        for (int a = 0; a < 4; ++a) {
          const int s = node(col * sub + fx + (a & 1), row * sub + fy + (a >> 1), 0);
          zj[s] += w;
          first = std::min(first, s);
        }
      }
    }
    for (int i = first; i < surface; ++i) {  // forward substitution from the first nonzero
      const double* Li = &Lss[static_cast<std::size_t>(i) * surface];
      double v = zj[i];
      for (int k = first; k < i; ++k) v -= Li[k] * zj[k];
      zj[i] = v / Li[i];
    }
  }
  // C = A Z^T Z, each entry one dot product in row order; the upper
  // triangle mirrors the lower, so C is exactly symmetric.
  const double A = g.element_area();
  C->assign(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) {
    const double* zi = &Z[static_cast<std::size_t>(i) * surface];
    for (int j = 0; j <= i; ++j) {
      const double* zj = &Z[static_cast<std::size_t>(j) * surface];
      double sum = 0.0;
      for (int r = 0; r < surface; ++r) sum += zi[r] * zj[r];
      (*C)[static_cast<std::size_t>(i) * n + j] = (*C)[static_cast<std::size_t>(j) * n + i] = A * sum;
    }
  }
  if (stats) {
    stats->layers = nz;
    stats->free_dofs = free_dofs;
    stats->factor_nonzeros = static_cast<long long>(L.nonZeros());
  }
}

}  // namespace grasplab
