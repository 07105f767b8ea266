#include "core/grasp/grasp_quality.h"

#include <cmath>

#include <Eigen/Eigenvalues>

#include "core/grasp/convex_hull_nd.h"
#include "core/math/tangent_basis.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

void PushWrench(const Vec3& f, const Vec3& tau, GraspSpace space, std::vector<double>* out) {
  if (space == GraspSpace::kPlanar) {
    out->insert(out->end(), {f.x(), f.y(), tau.z()});
  } else {
    out->insert(out->end(), {f.x(), f.y(), f.z(), tau.x(), tau.y(), tau.z()});
  }
}

// Origin depth with the force-closure decision: strictly inside by more than
// the hull's tolerance.
double Epsilon(const HullNd& hull) {
  const double depth = OriginDepth(hull);
  return depth > 100.0 * hull.tolerance ? depth : 0.0;
}

// GraspQuality::weakest for a hull that built: the facet nearest the origin
// (largest offset, OriginDepth's facet).
void WeakestFromHull(const HullNd& hull, GraspQuality* q) {
  const HullFacet* nearest = &hull.facets[0];
  for (const HullFacet& f : hull.facets) {
    if (f.offset > nearest->offset) nearest = &f;
  }
  for (int k = 0; k < hull.dim; ++k) q->weakest[k] = nearest->normal[k];
  q->weakest_margin = -nearest->offset;
  q->has_weakest = true;
}

// GraspQuality::weakest for wrenches spanning fewer than dim dimensions: the
// unit normal v of their affine hull, the eigenvector of the centred
// generators' scatter matrix sum (w_i - m)(w_i - m)^T with the least
// eigenvalue (Eigen's SelfAdjointEigenSolver on a fixed 6x6 matrix:
// deterministic, and small in the WASM module), signed so that every
// generator has w . v <= 0 up to rounding: the hand cannot push along v.
void WeakestFromFlat(const std::vector<double>& w, int dim, GraspQuality* q) {
  const int n = static_cast<int>(w.size()) / dim;
  Eigen::Matrix<double, 6, 1> mean = Eigen::Matrix<double, 6, 1>::Zero();
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < dim; ++k) mean[k] += w[i * dim + k] / n;
  }
  // Unused dimensions (planar: dim 3) get an identity block, so their
  // eigenvalues (1) never come before the flat direction's (about 0).
  Eigen::Matrix<double, 6, 6> scatter = Eigen::Matrix<double, 6, 6>::Zero();
  for (int k = dim; k < 6; ++k) scatter(k, k) = 1.0;
  for (int i = 0; i < n; ++i) {
    Eigen::Matrix<double, 6, 1> d = Eigen::Matrix<double, 6, 1>::Zero();
    for (int k = 0; k < dim; ++k) d[k] = w[i * dim + k] - mean[k];
    scatter.topLeftCorner(dim, dim) += d.head(dim) * d.head(dim).transpose();
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(scatter);
  Eigen::Matrix<double, 6, 1> v = eig.eigenvectors().col(0);  // eigenvalues ascending
  double c = mean.head(dim).dot(v.head(dim));  // every generator's component along v (the hull is flat)
  if (c > 0.0) {
    v = -v;
    c = -c;
  }
  for (int k = 0; k < dim; ++k) q->weakest[k] = v[k];
  q->weakest_margin = c;
  q->has_weakest = true;
}

}  // namespace

const char* GraspContactModelName(GraspContactModel model) {
  switch (model) {
    case GraspContactModel::kFrictionless: return "frictionless";
    case GraspContactModel::kPointContact: return "point";
    case GraspContactModel::kSoftFinger: return "soft-finger";
  }
  return "?";
}

bool GraspContactModelFromName(std::string_view name, GraspContactModel* out) {
  for (GraspContactModel m : {GraspContactModel::kFrictionless, GraspContactModel::kPointContact, GraspContactModel::kSoftFinger}) {
    if (name == GraspContactModelName(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

void AppendContactWrenches(const GraspContact& c, const Vec3& center_W, double rho, const GraspQualitySettings& st,
                           std::vector<double>* out) {
  const Vec3 r = (c.p_W - center_W) / rho;
  const bool friction = st.model != GraspContactModel::kFrictionless && c.friction > 0.0;
  // A soft finger by the settings, or by its own physics (a pad's torsion).
  const bool own = c.torsional_radius > 0.0;
  const bool soft = st.model == GraspContactModel::kSoftFinger || own;
  const double r_t = own ? c.torsional_radius : st.torsional_radius;
  if (st.space == GraspSpace::kPlanar) {
    const Vec3 n(c.n_W.x(), c.n_W.y(), 0.0);
    const Vec3 t(-n.y(), n.x(), 0.0);
    if (!friction) {
      PushWrench(n, r.cross(n), st.space, out);
      return;
    }
    for (double s : {1.0, -1.0}) {
      const Vec3 f = n + s * c.friction * t;
      PushWrench(f, r.cross(f), st.space, out);
    }
    if (soft) {
      for (double s : {1.0, -1.0}) {
        PushWrench(n, r.cross(n) + s * c.friction * r_t / rho * Vec3::UnitZ(), st.space, out);
      }
    }
    return;
  }
  const Vec3& n = c.n_W;
  if (!friction) {
    PushWrench(n, r.cross(n), st.space, out);
    return;
  }
  std::vector<Vec3> dirs;
  FrictionDirections(n, st.friction_edges, &dirs);
  for (const Vec3& d : dirs) {
    const Vec3 f = n + c.friction * d;
    PushWrench(f, r.cross(f), st.space, out);
  }
  if (soft) {
    for (double s : {1.0, -1.0}) {
      PushWrench(n, r.cross(n) + s * c.friction * r_t / rho * n, st.space, out);
    }
  }
}

GraspQuality EvaluateGrasp(std::span<const GraspContact> contacts, const Vec3& center_W, double torque_scale,
                           const GraspQualitySettings& st) {
  GraspQuality q;
  q.contact_count = static_cast<int>(contacts.size());
  q.torque_scale = torque_scale;
  if (!(torque_scale > 0.0) || !IsFinite(torque_scale) || !IsFinite(center_W)) {
    q.note = "torque scale must be finite and > 0";
    return q;
  }
  if (st.space == GraspSpace::kSpatial && !ValidateFrictionDirections(st.friction_edges, "friction_edges").ok()) {
    q.note = "friction edges must be 4, 6, 8, 12 or 16";
    return q;
  }
  for (const GraspContact& c : contacts) {
    if (!IsFinite(c.p_W) || !IsFinite(c.n_W) || !IsFinite(c.friction) || c.friction < 0.0 ||
        !IsFinite(c.torsional_radius) || c.torsional_radius < 0.0 || std::abs(c.n_W.norm() - 1.0) > 1e-6) {
      q.note = "a contact has a non-finite entry, a negative friction or torsional radius, or a non-unit normal";
      return q;
    }
  }
  const int dim = st.space == GraspSpace::kPlanar ? 3 : 6;
  std::vector<double> w;
  for (const GraspContact& c : contacts) AppendContactWrenches(c, center_W, torque_scale, st, &w);
  q.wrench_count = static_cast<int>(w.size()) / dim;
  if (q.wrench_count == 0) {
    q.note = "no contacts";
    return q;
  }
  q.generators = w;
  const HullNd l1 = ConvexHullNd(w, dim);
  q.rank = l1.rank;
  q.joggle = l1.joggle;
  if (l1.status != HullStatus::kOk) {
    q.note = "L1 wrench space: " + l1.message;
    if (l1.status == HullStatus::kDegenerate) WeakestFromFlat(w, dim, &q);
    return q;
  }
  WeakestFromHull(l1, &q);
  q.volume_l1 = l1.volume;
  q.epsilon_l1 = Epsilon(l1);
  q.force_closure = q.epsilon_l1 > 0.0;
  if (!q.force_closure) q.note = "the origin is not inside the wrench space";
  if (!st.compute_linf) return q;

  // L-infinity: Minkowski sum, pruned to hull vertices contact by contact.
  std::vector<double> sum(dim, 0.0);  // starts as {0}
  std::vector<double> mine, next;
  for (const GraspContact& c : contacts) {
    mine.assign(dim, 0.0);
    AppendContactWrenches(c, center_W, torque_scale, st, &mine);
    const std::size_t ns = sum.size() / dim, nm = mine.size() / dim;
    if (ns * nm > static_cast<std::size_t>(st.max_linf_points)) {
      q.note = "L-infinity wrench space skipped: " + std::to_string(ns * nm) + " candidate points, the bound is " +
               std::to_string(st.max_linf_points);
      return q;
    }
    next.clear();
    next.reserve(ns * nm * dim);
    for (std::size_t a = 0; a < ns; ++a) {
      for (std::size_t b = 0; b < nm; ++b) {
        for (int k = 0; k < dim; ++k) next.push_back(sum[a * dim + k] + mine[b * dim + k]);
      }
    }
    const HullNd h = ConvexHullNd(next, dim);
    if (h.status == HullStatus::kOk) {
      sum.clear();
      for (int v : h.vertices) sum.insert(sum.end(), next.begin() + v * dim, next.begin() + (v + 1) * dim);
    } else {
      sum.swap(next);  // still flat: keep every point
    }
  }
  const HullNd linf = ConvexHullNd(sum, dim);
  if (linf.status == HullStatus::kDegenerate) {  // flat: no volume, no closure
    q.has_linf = true;
    return q;
  }
  if (linf.status != HullStatus::kOk) {
    q.note = "L-infinity wrench space: " + linf.message;
    return q;
  }
  q.has_linf = true;
  q.volume_linf = linf.volume;
  q.epsilon_linf = q.force_closure ? Epsilon(linf) : 0.0;
  return q;
}

}  // namespace grasplab
