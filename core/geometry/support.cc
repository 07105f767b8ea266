#include "core/geometry/support.h"

#include <algorithm>

#include "core/geometry/convex_hull.h"
#include "core/geometry/hull_support.h"
#include "core/geometry/planar_hull.h"
#include "core/math/tangent_basis.h"

#include <cmath>
#include <span>
#include <variant>

namespace grasplab {
namespace {

double Sign(double x) { return x < 0.0 ? -1.0 : 1.0; }


// The first vertex with the largest d . v (first: ties resolve by index).
Vec3 PointSetSupport(std::span<const Vec3> points, const Vec3& d) { return points[ScanSupportIndex(points, d)]; }

// Support feature of a polytope given by its vertices: those within the
// tolerance angle below the support plane, ordered counter-clockwise about d
// (their planar hull), or the extreme pair when they are collinear.
//
// `hull` (may be null) gives the points' adjacency: the support vertex is
// then climbed to and the candidates within the band walked to
// (hull_support.h), the same vertices in the same order as the scan.
void PointSetFeature(std::span<const Vec3> points, const ConvexHull* hull, const Vec3& d, double sin_tol,
                     double band, SupportFeatureScratch* scratch, std::vector<Vec3>* out) {
  const int top = hull ? HullSupportIndex(*hull, d) : ScanSupportIndex(points, d);
  const Vec3 s = points[top];
  std::vector<Vec3>& near = scratch->near;
  near.clear();
  const auto keep = [&](const Vec3& v) {
    const Vec3 r = v - s;
    const double depth = -d.dot(r);  // below the support plane, >= 0
    if (depth <= sin_tol * r.norm() && depth <= band) near.push_back(v);
  };
  if (hull && HullVerticesAbove(*hull, d, top, s.dot(d) - band, &scratch->walk, &scratch->candidates)) {
    for (int i : scratch->candidates) keep(points[i]);
  } else {
    for (const Vec3& v : points) keep(v);
  }
  if (near.size() <= 2) {
    out->assign(near.begin(), near.end());
    return;
  }
  // Ordered counter-clockwise about d by their planar hull.
  Vec3 t1, t2;
  TangentBasis(d, &t1, &t2);
  std::vector<Eigen::Vector2d>& q = scratch->projected;
  q.clear();
  double extent = 0.0;
  for (const Vec3& v : near) {
    q.emplace_back((v - s).dot(t1), (v - s).dot(t2));
    extent = std::max(extent, q.back().cwiseAbs().maxCoeff());
  }
  PlanarHull(q, 1e-12 * std::max(extent, 1e-9), &scratch->planar, &scratch->hull);
  out->clear();
  for (int h : scratch->hull) out->push_back(near[h]);
}

}  // namespace

void UnitCircle12(int k, double* c, double* s) {
  const double h = std::sqrt(3.0) / 2.0;
  static const double kCos[12] = {1.0, h, 0.5, 0.0, -0.5, -h, -1.0, -h, -0.5, 0.0, 0.5, h};
  *c = kCos[k % 12];
  *s = kCos[(k + 9) % 12];  // sin(a) = cos(a - 90 deg)
}

double CoreRadius(const Shape& shape) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return s->radius;
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) return c->radius;
  return 0.0;
}

Vec3 CoreSupport(const Shape& shape, const Vec3& d) {
  if (const auto* b = std::get_if<BoxShape>(&shape)) {
    const Vec3& e = b->half_extents;
    return Vec3(Sign(d.x()) * e.x(), Sign(d.y()) * e.y(), Sign(d.z()) * e.z());
  }
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) return Vec3(0.0, 0.0, Sign(d.z()) * 0.5 * c->length);
  if (const auto* c = std::get_if<CylinderShape>(&shape)) {
    const double rho = std::sqrt(d.x() * d.x() + d.y() * d.y());
    Vec3 p(0.0, 0.0, Sign(d.z()) * 0.5 * c->length);
    if (rho > 0.0) {
      p.x() = c->radius * d.x() / rho;
      p.y() = c->radius * d.y() / rho;
    }
    return p;
  }
  if (const auto* c = std::get_if<ConvexShape>(&shape)) return c->hull->vertices[HullSupportIndex(*c->hull, d)];
  if (const auto* t = std::get_if<TriangleShape>(&shape)) {
    const Vec3 tri[3] = {t->a, t->b, t->c};
    return PointSetSupport(tri, d);
  }
  return Vec3::Zero();  // sphere: the centre
}

Vec3 FullSupport(const Shape& shape, const Vec3& d) {
  const double r = CoreRadius(shape);
  Vec3 p = CoreSupport(shape, d);
  if (r > 0.0) p += r * d.normalized();
  return p;
}

std::vector<Vec3> SupportFeature(const Shape& shape, const Vec3& d, double sin_tol, double band) {
  SupportFeatureScratch scratch;
  std::vector<Vec3> out;
  SupportFeature(shape, d, sin_tol, band, &scratch, &out);
  return out;
}

void SupportFeature(const Shape& shape, const Vec3& d_in, double sin_tol, double band, SupportFeatureScratch* scratch,
                    std::vector<Vec3>* out_io) {
  const Vec3 d = d_in.normalized();
  std::vector<Vec3>& out = *out_io;
  out.clear();
  if (const auto* s = std::get_if<SphereShape>(&shape)) {
    out.push_back(s->radius * d);
  } else if (const auto* b = std::get_if<BoxShape>(&shape)) {
    const Vec3& e = b->half_extents;
    // Axes along which d is (nearly) perpendicular are free: both signs lie on the feature.
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
      out.push_back(base);
    } else if (n_free == 1) {
      Vec3 p = base, q = base;
      p[free_axes[0]] = -e[free_axes[0]];
      q[free_axes[0]] = e[free_axes[0]];
      out = {p, q};
    } else {
      // A face; its normal axis k is the non-free one. Walk the corners
      // counter-clockwise about d: (u, v) = (-,-), (+,-), (+,+), (-,+) in a
      // right-handed (u, v, k) order, flipped when d points along -k.
      const int k = 3 - free_axes[0] - free_axes[1];
      const int u = (k + 1) % 3, v = (k + 2) % 3;
      const double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
      for (int i = 0; i < 4; ++i) {
        const int j = d[k] > 0.0 ? i : 3 - i;
        Vec3 p = base;
        p[u] = su[j] * e[u];
        p[v] = sv[j] * e[v];
        out.push_back(p);
      }
    }
  } else if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    const double hl = 0.5 * c->length;
    if (std::abs(d.z()) < sin_tol && hl > 0.0) {
      out = {Vec3(0, 0, -hl) + c->radius * d, Vec3(0, 0, hl) + c->radius * d};
    } else {
      out.push_back(Vec3(0, 0, Sign(d.z()) * hl) + c->radius * d);
    }
  } else if (const auto* c = std::get_if<CylinderShape>(&shape)) {
    const double hl = 0.5 * c->length;
    const double rho = std::sqrt(d.x() * d.x() + d.y() * d.y());
    if (rho < sin_tol) {
      // Cap facing d: a 12-gon on the rim, counter-clockwise about d.
      const double z = Sign(d.z()) * hl;
      for (int k = 0; k < kCapVertices; ++k) {
        double cs, sn;
        UnitCircle12(d.z() > 0.0 ? k : kCapVertices - k, &cs, &sn);
        out.push_back(Vec3(c->radius * cs, c->radius * sn, z));
      }
    } else {
      const Vec3 radial(c->radius * d.x() / rho, c->radius * d.y() / rho, 0.0);
      if (std::abs(d.z()) < sin_tol) {
        out = {radial + Vec3(0, 0, -hl), radial + Vec3(0, 0, hl)};  // a line along the side
      } else {
        out.push_back(radial + Vec3(0, 0, Sign(d.z()) * hl));  // a point on the rim
      }
    }
  } else if (const auto* cv = std::get_if<ConvexShape>(&shape)) {
    PointSetFeature(cv->hull->vertices, cv->hull.get(), d, sin_tol, band, scratch, &out);
  } else if (const auto* t = std::get_if<TriangleShape>(&shape)) {
    const Vec3 tri[3] = {t->a, t->b, t->c};
    PointSetFeature(tri, nullptr, d, sin_tol, band, scratch, &out);
  }
}

}  // namespace grasplab
