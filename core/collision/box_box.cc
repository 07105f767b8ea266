#include "core/collision/box_box.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/math/tangent_basis.h"

namespace grasplab {
namespace {

// Edge pairs whose directions are closer to parallel than this sine have no
// axis of their own: their cross product would be mostly rounding, and the
// face axes bound the Minkowski sliver they span to e * kMinEdgeSine.
constexpr double kMinEdgeSine = 1e-5;
// An edge axis must separate more than the best face axis by this (m): a
// micrometre, 1 % of the default contact threshold.
constexpr double kEdgeBias = 1e-6;
// A's faces must separate more than B's by this (m): ties (parallel faces)
// keep B as the reference.
constexpr double kFaceBias = 1e-9;
// Rounding allowance (m) when checking that the chosen axis's features face
// each other, i.e. that some pair of their points is s L apart.
constexpr double kRealizedTolerance = 1e-9;
// Sutherland-Hodgman clips a quadrilateral by 4 planes: at most 8 vertices
// for convex input; the buffers leave room for rounding.
constexpr int kMaxClip = 16;
constexpr double kInf = std::numeric_limits<double>::infinity();

double Sign(double x) { return x < 0.0 ? -1.0 : 1.0; }

// A box's support feature in direction d (box frame, unit) exactly as
// SupportFeature (geometry/support.cc) makes it: axes along which |d_i| is
// below the tolerance are free, so 0 free axes give a vertex, 1 an edge and
// 2 a face (its corners in cyclic order).
struct BoxFeature {
  std::array<Vec3, 4> p;
  int count = 0;
};

BoxFeature FeatureOfBox(const Vec3& e, const Vec3& d, double sin_tol) {
  BoxFeature f;
  int free_axes[3], n_free = 0;
  Vec3 base;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(d[i]) < sin_tol) {
      free_axes[n_free++] = i;
      base[i] = 0.0;
    } else {
      base[i] = Sign(d[i]) * e[i];
    }
  }
  if (n_free == 0) {
    f.p[0] = base;
    f.count = 1;
  } else if (n_free == 1) {
    f.p[0] = f.p[1] = base;
    f.p[0][free_axes[0]] = -e[free_axes[0]];
    f.p[1][free_axes[0]] = e[free_axes[0]];
    f.count = 2;
  } else {
    const int k = 3 - free_axes[0] - free_axes[1];
    const int u = (k + 1) % 3, v = (k + 2) % 3;
    const double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
    for (int i = 0; i < 4; ++i) {
      f.p[i] = base;
      f.p[i][u] = su[i] * e[u];
      f.p[i][v] = sv[i] * e[v];
    }
    f.count = 4;
  }
  return f;
}

// Where a point q lies relative to one side plane of the reference face,
// as an affine function c - w . q (>= 0 inside; see FaceContacts).
struct SidePlane {
  Vec3 w;
  double c;
  double Inside(const Vec3& q) const { return c - w.dot(q); }
};

// One Sutherland-Hodgman pass: the part of `in` (m points; a closed polygon
// when `closed`, else a segment) inside `plane`, into *out. Inside includes
// the plane, as ClipConvex (contact_region.cc) does.
int ClipByPlane(const Vec3* in, int m, bool closed, const SidePlane& plane, Vec3* out) {
  int n = 0;
  auto push = [&](const Vec3& q) {
    if (n < kMaxClip) out[n++] = q;
  };
  if (m == 1) {
    if (plane.Inside(in[0]) >= 0.0) push(in[0]);
    return n;
  }
  const int edges = closed ? m : m - 1;
  for (int i = 0; i < edges; ++i) {
    const Vec3& p = in[i];
    const Vec3& q = in[(i + 1) % m];
    const double sp = plane.Inside(p), sq = plane.Inside(q);
    if (sp >= 0.0) push(p);
    if ((sp >= 0.0) != (sq >= 0.0)) push(p + (q - p) * (sp / (sp - sq)));
    if (!closed && i + 1 == edges && sq >= 0.0) push(q);
  }
  return n;
}

// The reference box R's face normal to its axis k, on side sk (+1 or -1),
// is R's support feature along the contact normal; n_R (R's frame, unit)
// points from R towards the incident box I, at (R_RI, p_RI) in R's frame.
// Appends to *region (world points, through R_WR and p_WR) the points of I's
// support feature along -n_R, clipped to the face as seen along n_R, within
// the margin, not yet reduced.
//
// A point q of I (R's frame) lifted along n_R onto the face's plane
// sk x_k = eR_k is q - t n_R with t = (sk q_k - eR_k) / (sk n_R,k); t is the
// separation n . (p_A - p_B) whether R is B (n = n_R, p_A = q) or A
// (n = -n_R, p_B = q), and the contact point is q - (t / 2) n_R. The lifted
// point's coordinate along a face axis a != k is q_a - r_a (q_k - sk eR_k),
// r_a = n_R,a / n_R,k: affine in q, so the side planes |lifted_a| <= eR_a
// clip I's feature in 3-D by Sutherland-Hodgman and the crossings
// interpolate. On a face axis n_R = sk e_k, r = 0, and the side planes are
// the face's own.
//
// Returns the smallest separation among the clipped points, the realized
// gap (+inf when the feature's projection misses the face). `witness`
// (the edge axis's closest points) is the point emitted then, or, when
// null, the feature's lowest point.
double FaceContacts(const Vec3& eR, int k, double sk, const Vec3& n_R, const Vec3& eI, const Mat3& R_RI,
                    const Vec3& p_RI, const Mat3& R_WR, const Vec3& p_WR, double margin, double sin_tol,
                    const ContactPoint* witness, std::vector<ContactPoint>* region) {
  const int u = (k + 1) % 3, v = (k + 2) % 3;
  const double inv_nk = 1.0 / n_R[k];
  const BoxFeature f = FeatureOfBox(eI, -(R_RI.transpose() * n_R), sin_tol);
  auto separation = [&](const Vec3& q) { return (q[k] - sk * eR[k]) * inv_nk; };
  auto emit = [&](const Vec3& q, double sep) {
    if (sep < margin) region->push_back({p_WR + R_WR * (q - (0.5 * sep) * n_R), sep});
  };
  Vec3 buffers[2][kMaxClip];
  Vec3* poly = buffers[0];
  Vec3* next = buffers[1];
  for (int i = 0; i < f.count; ++i) poly[i] = R_RI * f.p[i] + p_RI;
  SidePlane planes[4];
  for (int side = 0; side < 4; ++side) {
    const int a = side < 2 ? u : v;
    const double sigma = side % 2 == 0 ? 1.0 : -1.0;
    const double r_a = n_R[a] * inv_nk;
    // sigma (q_a - r_a (q_k - sk eR_k)) <= eR_a
    planes[side].w = Vec3::Zero();
    planes[side].w[a] = sigma;
    planes[side].w[k] = -sigma * r_a;
    planes[side].c = eR[a] - sigma * r_a * sk * eR[k];
  }
  if (f.count == 1) {
    // A vertex: the general path's witness pair, the vertex and the point
    // of the face's plane below it.
    const double sep = separation(poly[0]);
    emit(poly[0], sep);
    bool over_face = true;
    for (const SidePlane& plane : planes) over_face = over_face && plane.Inside(poly[0]) >= -kRealizedTolerance;
    return over_face ? sep : kInf;
  }
  const bool closed = f.count >= 3;
  int m = f.count;
  for (int side = 0; side < 4 && m > 0; ++side) {
    m = ClipByPlane(poly, m, closed, planes[side], next);
    std::swap(poly, next);
  }
  if (m == 0) {
    // The projections miss each other (an axis chosen by the bias, or boxes
    // apart, which GJK then takes): one point, as the general path's
    // witness pair.
    if (witness) {
      if (witness->separation < margin) region->push_back(*witness);
      return kInf;
    }
    Vec3 lowest = R_RI * f.p[0] + p_RI;
    for (int i = 1; i < f.count; ++i) {
      const Vec3 q = R_RI * f.p[i] + p_RI;
      if (separation(q) < separation(lowest)) lowest = q;
    }
    emit(lowest, separation(lowest));
    return kInf;
  }
  double realized = kInf;
  for (int i = 0; i < m; ++i) {
    const double sep = separation(poly[i]);
    realized = std::min(realized, sep);
    emit(poly[i], sep);
  }
  return realized;
}

// ReduceToPlanarHull (contact_region.h) for a region whose points are the
// vertices of a convex polygon in cyclic order, as clipping leaves them (a
// subset of a convex polygon's vertices stays convex): rather than sorting
// and building the hull, orient the cycle counter-clockwise about n, drop
// points within eps of their successor (keeping the deeper) and turns below
// eps (straight, or reflex by rounding), and start at the lowest (t1, t2),
// with ReduceToPlanarHull's basis, eps and grid. A polygon that is nearly a
// segment, where the cycle's orientation is rounding, goes to
// ReduceToPlanarHull itself.
void ReduceCyclicPolygon(const Vec3& n, std::vector<ContactPoint>* points, ContactRegionScratch* scratch) {
  using Vec2 = Eigen::Vector2d;
  std::vector<ContactPoint>& pts = *points;
  const int m = static_cast<int>(pts.size());
  if (m <= 1) return;
  if (m > kMaxClip) {
    ReduceToPlanarHull(n, points, scratch);
    return;
  }
  Vec3 t1, t2;
  TangentBasis(n, &t1, &t2);
  const Vec3 origin = pts[0].p_W;
  Vec2 q[kMaxClip];
  double extent = 0.0;
  for (int i = 0; i < m; ++i) {
    q[i] = Vec2((pts[i].p_W - origin).dot(t1), (pts[i].p_W - origin).dot(t2));
    extent = std::max(extent, q[i].cwiseAbs().maxCoeff());
  }
  const double eps = 1e-9 * std::max(extent, 1e-6);
  auto cross = [](const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); };
  // Which of two points ReduceToPlanarHull keeps when they coincide: the
  // deeper, then the first.
  auto first = [&](int a, int b) { return pts[a].separation < pts[b].separation || (pts[a].separation == pts[b].separation && a < b); };
  int idx[kMaxClip];
  int k = m;
  for (int i = 0; i < m; ++i) idx[i] = i;
  if (m >= 3) {
    double area2 = 0.0;
    for (int i = 0; i < m; ++i) area2 += cross(q[i], q[(i + 1) % m]);
    if (std::abs(area2) <= 1e-6 * extent * extent) {
      ReduceToPlanarHull(n, points, scratch);
      return;
    }
    if (area2 < 0.0) std::reverse(idx, idx + m);
    for (bool changed = true; changed && k >= 2;) {
      changed = false;
      for (int i = 0; i < k && k >= 2; ++i) {
        const int a = idx[i], b = idx[(i + 1) % k];
        const Vec2 d = q[b] - q[a];
        if (std::abs(d.x()) <= eps && std::abs(d.y()) <= eps) {
          const int drop = first(a, b) ? (i + 1) % k : i;
          std::copy(idx + drop + 1, idx + k, idx + drop);
          --k;
          changed = true;
          break;
        }
        if (k < 3) continue;
        const Vec2 e = q[idx[(i + k - 1) % k]];
        const Vec2 in = q[a] - e, out = d;
        if (cross(in, out) <= eps * (in.norm() + out.norm())) {
          std::copy(idx + i + 1, idx + k, idx + i);
          --k;
          changed = true;
          break;
        }
      }
    }
  } else {
    const Vec2 d = q[1] - q[0];
    if (std::abs(d.x()) <= eps && std::abs(d.y()) <= eps) {
      k = 1;
      idx[0] = first(0, 1) ? 0 : 1;
    }
  }
  // Start at the lowest point on ReduceToPlanarHull's grid (ties: the
  // deeper, then the first).
  auto lower = [&](int a, int b) {
    const double ax = std::nearbyint(q[a].x() / eps), bx = std::nearbyint(q[b].x() / eps);
    if (ax != bx) return ax < bx;
    const double ay = std::nearbyint(q[a].y() / eps), by = std::nearbyint(q[b].y() / eps);
    if (ay != by) return ay < by;
    return first(a, b);
  };
  int start = 0;
  for (int i = 1; i < k; ++i) {
    if (lower(idx[i], idx[start])) start = i;
  }
  ContactPoint out[kMaxClip];
  for (int i = 0; i < k; ++i) out[i] = pts[idx[(start + i) % k]];
  pts.assign(out, out + k);
}

// The face axis of a box feature that is a face: the one non-free axis.
int FaceAxis(const Vec3& d, double sin_tol) {
  int k = 0;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(d[i]) >= sin_tol) k = i;
  }
  return k;
}

// The pair in B's frame, shared by the axis cases below.
struct BoxPair {
  Vec3 eA, eB;           // half extents (m)
  Mat3 R_WA, R_WB;       // orientations
  Vec3 p_WA, p_WB;       // origins (world)
  Mat3 R_BA;             // A's axes (columns) in B's frame
  Vec3 p_BA;             // A's origin in B's frame
  double margin, sin_tol;
};

// Edge axis L (B's frame, unit) of B's edge direction i and A's j, with gap
// s: fills *r and appends the region's points (unreduced). Returns the
// realized gap: the closest points' separation when they lie within both
// edges, else +inf.
double EdgeAxisContacts(const BoxPair& P, int i, int j, const Vec3& L, double s, BoxBoxResult* r,
                        std::vector<ContactPoint>* region) {
  const Vec3 n_B = Sign(P.p_BA.dot(L)) * L;
  r->axis = BoxBoxAxis::kEdges;
  r->index = 3 * i + j;
  r->separation = s;
  r->n_BA = P.R_WB * n_B;
  // The two edges the axis selects: A's edge along u_A,j on A's side towards
  // B, B's along u_B,i towards A (B's frame). Closest points of the two lines
  // (Ericson 5.1.9), clamped to the segments.
  const Vec3 dA = P.R_BA.col(j);
  Vec3 cA = P.p_BA, cB = Vec3::Zero();
  for (int m = 0; m < 3; ++m) {
    if (m != j) cA += Sign(-n_B.dot(P.R_BA.col(m))) * P.eA[m] * P.R_BA.col(m);
    if (m != i) cB[m] = Sign(n_B[m]) * P.eB[m];
  }
  const Vec3 w = cA - cB;
  const double b = dA[i], c = dA.dot(w), f = w[i];
  const double denom = 1.0 - b * b;  // |u_B,i x u_A,j|^2 >= kMinEdgeSine^2
  const double s_line = (b * f - c) / denom, u_line = f + s_line * b;
  const bool inside = std::abs(s_line) <= P.eA[j] + kRealizedTolerance && std::abs(u_line) <= P.eB[i] + kRealizedTolerance;
  double s_seg = std::clamp(s_line, -P.eA[j], P.eA[j]);
  const double u_seg = std::clamp(f + s_seg * b, -P.eB[i], P.eB[i]);
  s_seg = std::clamp(u_seg * b - c, -P.eA[j], P.eA[j]);
  const Vec3 pA = cA + s_seg * dA;
  Vec3 pB = cB;
  pB[i] += u_seg;
  const double sep = n_B.dot(pA - pB);
  const Vec3 d_A = -(P.R_BA.transpose() * n_B);  // A's support direction, A's frame
  const BoxFeature fA = FeatureOfBox(P.eA, d_A, P.sin_tol);
  const BoxFeature fB = FeatureOfBox(P.eB, n_B, P.sin_tol);
  const ContactPoint witness{P.p_WB + P.R_WB * (0.5 * (pA + pB)), sep};
  if (fA.count == 2 && fB.count == 2) {
    // Two crossing edges: one point, as the general path's witness pair.
    if (sep < P.margin) region->push_back(witness);
  } else if (fB.count == 4) {
    // The axis is within the angle tolerance of a face normal of B (boxes
    // stacked with a turn): B's face is the reference, seen along n.
    const int k = FaceAxis(n_B, P.sin_tol);
    FaceContacts(P.eB, k, Sign(n_B[k]), n_B, P.eA, P.R_BA, P.p_BA, P.R_WB, P.p_WB, P.margin, P.sin_tol, &witness,
                 region);
  } else {
    // ... or of A's, with B's feature its edge.
    const int k = FaceAxis(d_A, P.sin_tol);
    const Mat3 R_AB = P.R_BA.transpose();
    FaceContacts(P.eA, k, Sign(d_A[k]), d_A, P.eB, R_AB, -(R_AB * P.p_BA), P.R_WA, P.p_WA, P.margin, P.sin_tol,
                 &witness, region);
  }
  return inside ? sep : kInf;
}

// Face axis k of B (`of_B`) or of A, with gap s: fills *r and appends the
// region's points (unreduced). Returns the realized gap (FaceContacts).
double FaceAxisContacts(const BoxPair& P, bool of_B, int k, double s, BoxBoxResult* r,
                        std::vector<ContactPoint>* region) {
  r->index = k;
  r->separation = s;
  if (of_B) {
    const double sk = Sign(P.p_BA[k]);
    r->axis = BoxBoxAxis::kFaceB;
    r->n_BA = sk * P.R_WB.col(k);
    return FaceContacts(P.eB, k, sk, sk * Vec3::Unit(k), P.eA, P.R_BA, P.p_BA, P.R_WB, P.p_WB, P.margin, P.sin_tol,
                        nullptr, region);
  }
  // A is the reference: B's pose in A's frame; the face of A facing B has
  // outward normal -Sign(u_A,k . p_BA) u_A,k.
  const double sk = -Sign(P.R_BA.col(k).dot(P.p_BA));
  const Mat3 R_AB = P.R_BA.transpose();
  r->axis = BoxBoxAxis::kFaceA;
  r->n_BA = -sk * P.R_WA.col(k);
  return FaceContacts(P.eA, k, sk, sk * Vec3::Unit(k), P.eB, R_AB, -(R_AB * P.p_BA), P.R_WA, P.p_WA, P.margin,
                      P.sin_tol, nullptr, region);
}

}  // namespace

BoxBoxResult CollideBoxes(const BoxShape& A, const Pose& X_WA, const BoxShape& B, const Pose& X_WB, double margin,
                          double sin_tol, std::vector<ContactPoint>* region, ContactRegionScratch* scratch) {
  region->clear();
  BoxPair P;
  P.eA = A.half_extents;
  P.eB = B.half_extents;
  P.R_WA = X_WA.q.toRotationMatrix();
  P.R_WB = X_WB.q.toRotationMatrix();
  P.p_WA = X_WA.p;
  P.p_WB = X_WB.p;
  // The offset is taken before rotating, so boxes far from the world origin
  // keep their precision.
  P.R_BA = P.R_WB.transpose() * P.R_WA;
  P.p_BA = P.R_WB.transpose() * (X_WA.p - X_WB.p);
  P.margin = margin;
  P.sin_tol = sin_tol;
  const Vec3& eA = P.eA;
  const Vec3& eB = P.eB;
  const Mat3& R_BA = P.R_BA;
  const Vec3& p_BA = P.p_BA;
  const Mat3 absR = R_BA.cwiseAbs();

  BoxBoxResult apart;
  apart.decided = true;

  // B's face axes, then A's: s = |L . p_BA| - r_A(L) - r_B(L).
  double best_B = -kInf, best_A = -kInf;
  int index_B = 0, index_A = 0;
  for (int i = 0; i < 3; ++i) {
    const double s = std::abs(p_BA[i]) - eA.dot(absR.row(i).transpose()) - eB[i];
    if (s >= margin) return apart;
    if (s > best_B) best_B = s, index_B = i;
  }
  for (int j = 0; j < 3; ++j) {
    const double s = std::abs(R_BA.col(j).dot(p_BA)) - eA[j] - eB.dot(absR.col(j));
    if (s >= margin) return apart;
    if (s > best_A) best_A = s, index_A = j;
  }
  // Edge axes L = u_B,i x u_A,j (B's frame), |L| = sine of the edges' angle.
  // With (i1, i2) and (j1, j2) the cyclic successors of i and j, L has
  // components L_i1 = -R_i2j, L_i2 = R_i1j, and u_A,m . L = e_i . (u_A,j x
  // u_A,m) is R_ij2 for m = j1 and -R_ij1 for m = j2, so
  //   r_A = eA_j1 |R_ij2| + eA_j2 |R_ij1|,  r_B = eB_i1 |R_i2j| + eB_i2 |R_i1j|.
  double best_E = -kInf;
  int index_E = 0;
  Vec3 L_E = Vec3::Zero();
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double len = std::sqrt(R_BA(i1, j) * R_BA(i1, j) + R_BA(i2, j) * R_BA(i2, j));
      if (len < kMinEdgeSine) continue;
      const double r_A = eA[j1] * absR(i, j2) + eA[j2] * absR(i, j1);
      const double r_B = eB[i1] * absR(i2, j) + eB[i2] * absR(i1, j);
      const double tL = p_BA[i2] * R_BA(i1, j) - p_BA[i1] * R_BA(i2, j);
      const double s = (std::abs(tL) - r_A - r_B) / len;
      if (s >= margin) return apart;
      if (s > best_E) {
        best_E = s, index_E = 3 * i + j;
        L_E = Vec3::Zero();
        L_E[i1] = -R_BA(i2, j) / len;
        L_E[i2] = R_BA(i1, j) / len;
      }
    }
  }

  BoxBoxResult r;
  const bool face_B = !(best_A > best_B + kFaceBias);
  const double best_face = face_B ? best_B : best_A;
  const bool edge = best_E > best_face + kEdgeBias;
  double realized = edge ? EdgeAxisContacts(P, index_E / 3, index_E % 3, L_E, best_E, &r, region)
                         : FaceAxisContacts(P, face_B, face_B ? index_B : index_A, best_face, &r, region);
  r.face_by_bias = !edge && best_E > best_face;
  auto unrealized = [&] { return r.separation > 0.0 && !(realized <= r.separation + kRealizedTolerance); };
  if (unrealized() && !edge && best_E > 0.0) {
    // Apart, and the face's features do not face each other: the edge pair
    // the bias passed over may (its gap is then the distance, above the
    // face's).
    region->clear();
    r.face_by_bias = false;
    realized = EdgeAxisContacts(P, index_E / 3, index_E % 3, L_E, best_E, &r, region);
  }
  if (unrealized()) {
    // Apart within the margin, but the gap is only a lower bound of the
    // distance: GJK measures it.
    region->clear();
    r.decided = false;
    return r;
  }
  ReduceCyclicPolygon(r.n_BA, region, scratch);
  return r;
}

}  // namespace grasplab
