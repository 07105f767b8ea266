// Distances, normals and penetration for every convex shape pair, with
// analytic answers (core/collision/gjk, epa, narrow_phase).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/collision/epa.h"
#include "core/collision/gjk.h"
#include "core/collision/narrow_phase.h"
#include "core/geometry/convex_hull.h"

using namespace grasplab;

namespace {

constexpr double kPi = 3.14159265358979323846;

Pose At(double x, double y, double z, const Quat& q = Quat::Identity()) { return Pose{Vec3(x, y, z), q}; }
Quat AboutX(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitX())); }
Quat AboutY(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitY())); }
Quat AboutZ(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitZ())); }

// Signed distance and normal (from B to A) of the pair through the full
// narrow phase, with a large margin so separated pairs report a contact.
struct Query {
  double separation;
  Vec3 n;
  std::vector<Contact> contacts;
};
Query Collide(const Shape& A, const Pose& XA, const Shape& B, const Pose& XB) {
  NarrowPhaseSettings s;
  s.margin = 10.0;
  Query q;
  CollideShapes(0, A, XA, 1, B, XB, s, &q.contacts);
  REQUIRE(!q.contacts.empty());
  q.separation = q.contacts[0].separation;
  for (const Contact& c : q.contacts) q.separation = std::min(q.separation, c.separation);
  q.n = q.contacts[0].n_W;
  return q;
}

const BoxShape kCube{Vec3(0.1, 0.1, 0.1)};

}  // namespace

TEST_CASE("Sphere-sphere distance and normal", "[collision][gjk]") {
  // GJK on point cores, and the analytic fast path.
  const SphereShape a{0.1}, b{0.25};
  const Pose XA = At(1.0, 2.0, 3.0), XB = At(1.3, 2.4, 3.0);
  const GjkResult g = GjkDistance(a, XA, b, XB);
  CHECK_FALSE(g.overlap);
  CHECK(g.core_distance == Approx(0.5).epsilon(1e-12));
  const Query q = Collide(a, XA, b, XB);
  CHECK(q.separation == Approx(0.5 - 0.35).epsilon(1e-12));
  CHECK(q.n.isApprox(Vec3(-0.6, -0.8, 0.0), 1e-12));
  CHECK(q.contacts.size() == 1);
}

TEST_CASE("Box-box distance, rotated and corner-first", "[collision][gjk]") {
  const BoxShape a{Vec3(0.1, 0.2, 0.3)};
  // B rotated about the separating axis: its x extent is unchanged.
  Query q = Collide(a, At(0, 0, 0), kCube, At(1.0, 0.05, 0.0, AboutX(kPi / 6)));
  CHECK(q.separation == Approx(0.8).epsilon(1e-12));
  CHECK(q.n.isApprox(-Vec3::UnitX(), 1e-12));
  // B turned 45 degrees about z presents an edge: extent 0.1 sqrt 2 along x.
  q = Collide(a, At(0, 0, 0), kCube, At(1.0, 0.0, 0.0, AboutZ(kPi / 4)));
  CHECK(q.separation == Approx(1.0 - 0.1 - 0.1 * std::sqrt(2.0)).epsilon(1e-12));
  CHECK(q.n.isApprox(-Vec3::UnitX(), 1e-9));
  // Diagonal offset: closest features are two corners.
  q = Collide(kCube, At(0, 0, 0), kCube, At(0.5, 0.5, 0.5));
  CHECK(q.separation == Approx(std::sqrt(3.0) * 0.3).epsilon(1e-12));
  CHECK(q.n.isApprox(-Vec3(1, 1, 1).normalized(), 1e-12));
}

TEST_CASE("Capsule-capsule parallel and crossing", "[collision][gjk]") {
  const CapsuleShape a{0.05, 0.4}, b{0.07, 0.3};
  Query q = Collide(a, At(0, 0, 0), b, At(0.5, 0.0, 0.1));
  CHECK(q.separation == Approx(0.5 - 0.12).epsilon(1e-12));
  CHECK(q.n.isApprox(-Vec3::UnitX(), 1e-12));
  // B along x (rotated about y), 0.3 above A's top segment end... crossing in y.
  q = Collide(a, At(0, 0, 0), b, At(0.0, 0.3, 0.0, AboutY(kPi / 2)));
  CHECK(q.separation == Approx(0.3 - 0.12).epsilon(1e-12));
  CHECK(q.n.isApprox(-Vec3::UnitY(), 1e-12));
  CHECK(q.contacts.size() == 1);  // crossing segments touch at one point
}

TEST_CASE("Cylinder against box and sphere in three orientations", "[collision][gjk]") {
  const CylinderShape c{0.1, 0.4};
  CHECK(Collide(c, At(0, 0, 0), kCube, At(0.5, 0, 0)).separation == Approx(0.3).epsilon(1e-12));
  CHECK(Collide(c, At(0, 0, 0, AboutX(kPi / 2)), kCube, At(0.5, 0, 0)).separation == Approx(0.3).epsilon(1e-12));
  CHECK(Collide(c, At(0, 0, 0, AboutY(kPi / 2)), kCube, At(0.5, 0, 0)).separation == Approx(0.2).epsilon(1e-12));
  // Sphere above the rim edge, diagonally: distance to the rim circle.
  const Query q = Collide(c, At(0, 0, 0), SphereShape{0.05}, At(0.3, 0.0, 0.4));
  CHECK(q.separation == Approx(std::hypot(0.2, 0.2) - 0.05).epsilon(1e-12));
}

TEST_CASE("Nearly parallel faces give the lowest corner's distance", "[collision][gjk]") {
  const double tilt = 1e-6;
  const Query q = Collide(kCube, At(0, 0, 0.2 + 1e-3, AboutX(tilt)), kCube, At(0, 0, 0));
  const double expected = 1e-3 - 0.1 * (std::cos(tilt) + std::sin(tilt) - 1.0);
  CHECK(q.separation == Approx(expected).epsilon(1e-9));
  CHECK(q.n.z() == Approx(1.0).epsilon(1e-9));
  CHECK(q.contacts.size() == 4);  // within the feature tolerance: still a face
}

TEST_CASE("Penetration depth and normal by EPA", "[collision][epa]") {
  // Box into box by 1 cm along z.
  Query q = Collide(kCube, At(0.02, -0.03, 0.19), kCube, At(0, 0, 0));
  CHECK(q.separation == Approx(-0.01).epsilon(1e-9));
  CHECK(q.n.isApprox(Vec3::UnitZ(), 1e-9));
  // Sphere into box by 5 cm.
  q = Collide(SphereShape{0.1}, At(0.0, 0.0, 0.15), kCube, At(0, 0, 0));
  CHECK(q.separation == Approx(-0.05).epsilon(1e-6));
  CHECK(q.n.isApprox(Vec3::UnitZ(), 1e-6));
  // Capsule lying into a box by 2 cm.
  q = Collide(CapsuleShape{0.05, 0.1}, At(0.0, 0.0, 0.13, AboutX(kPi / 2)), kCube, At(0, 0, 0));
  CHECK(q.separation == Approx(-0.02).epsilon(1e-6));
  CHECK(q.n.isApprox(Vec3::UnitZ(), 1e-6));
}

TEST_CASE("Huge coordinates keep the same distances", "[collision][degenerate]") {
  const Vec3 far(1e6, -1e6, 1e5);
  const Query near_q = Collide(kCube, At(0, 0, 0.2003), kCube, At(0, 0, 0));
  const Query far_q =
      Collide(kCube, At(far.x(), far.y(), far.z() + 0.2003), kCube, At(far.x(), far.y(), far.z()));
  CHECK(far_q.separation == Approx(near_q.separation).margin(1e-9));
  CHECK(far_q.n.isApprox(near_q.n, 1e-9));
  CHECK(far_q.contacts.size() == 4);
}

TEST_CASE("Coincident shapes give a finite way out", "[collision][degenerate]") {
  for (const Shape& s : {Shape(kCube), Shape(SphereShape{0.1}), Shape(CapsuleShape{0.05, 0.2}),
                         Shape(CylinderShape{0.1, 0.2})}) {
    const Query q = Collide(s, At(0.3, 0.2, 0.1), s, At(0.3, 0.2, 0.1));
    for (const Contact& c : q.contacts) {
      CHECK(IsFinite(c.p_W));
      CHECK(IsFinite(c.n_W));
      CHECK(c.n_W.norm() == Approx(1.0));
      CHECK(c.separation <= 0.0);
    }
  }
  // A cube sits in itself 0.2 deep whichever face it leaves by.
  CHECK(Collide(kCube, At(0, 0, 0), kCube, At(0, 0, 0)).separation == Approx(-0.2).epsilon(1e-9));
}

TEST_CASE("Every convex shape pair: analytic distance along x, plain and rotated about x", "[collision][gjk]") {
  // Each shape's half-extent along x is known and unchanged by rotations
  // about x (the capsule's and cylinder's axes stay in the y-z plane), so the
  // gap between A at +d x and B at the origin is d - eA - eB, normal +x
  // (from B to A).
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) corners.push_back(Vec3((i & 1) ? 0.04 : -0.04, (i & 2) ? 0.03 : -0.03, (i & 4) ? 0.05 : -0.05));
  const auto hull = BuildConvexHull(corners, "box-hull").value();
  struct S {
    const char* name;
    Shape shape;
    double ex;
  };
  const S shapes[] = {
      {"sphere", SphereShape{0.05}, 0.05},
      {"box", BoxShape{Vec3(0.06, 0.02, 0.03)}, 0.06},
      {"capsule", CapsuleShape{0.03, 0.1}, 0.03},
      {"cylinder", CylinderShape{0.045, 0.08}, 0.045},
      {"convex", ConvexShape{hull}, 0.04},
  };
  for (const S& a : shapes) {
    for (const S& b : shapes) {
      for (double angle : {0.0, 0.7}) {
        INFO(a.name << " vs " << b.name << ", rotated " << angle);
        const double d = 0.3;
        const Query q = Collide(a.shape, At(d, 0.0, 0.0, AboutX(angle)), b.shape, At(0, 0, 0, AboutX(-angle)));
        CHECK(q.separation == Approx(d - a.ex - b.ex).epsilon(1e-9));
        // GJK stops when the distance is known to 1e-12 relative; along a
        // curved side facing a flat face the normal converges as the square
        // root of that (about 1e-6 rad).
        CHECK(q.n.isApprox(Vec3::UnitX(), 2e-6));
      }
    }
  }
}
