// Convex polyhedra, their clipping, and the overlap quantities of the
// penalty model (geometry/convex_polyhedron.h, collision/overlap_volume.h)
// against closed-form volumes, centroids and gradients.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/collision/overlap_volume.h"
#include "core/geometry/convex_polyhedron.h"

using namespace grasplab;

namespace {

constexpr double kPi = 3.14159265358979323846;

ConvexPolyhedron Placed(const Shape& shape, const Pose& X, int origin) {
  ConvexPolyhedron local = PolyhedronOfShape(shape, origin).value();
  ConvexPolyhedron out;
  TransformPolyhedron(local, X, &out);
  return out;
}

Pose At(const Vec3& p, const Quat& q = Quat::Identity()) { return {p, q}; }

}  // namespace

TEST_CASE("Polyhedra of shapes have the shapes' volumes", "[polyhedron]") {
  double v;
  Vec3 c;
  PolyhedronVolume(PolyhedronOfShape(BoxShape{Vec3(0.01, 0.02, 0.03)}, 0).value(), &v, &c);
  CHECK(v == Approx(0.02 * 0.04 * 0.06).epsilon(1e-14));
  CHECK(c.norm() < 1e-17);
  PolyhedronVolume(PolyhedronOfShape(SphereShape{0.03}, 0).value(), &v, &c);
  CHECK(v == Approx(4.0 / 3.0 * kPi * 0.03 * 0.03 * 0.03).epsilon(1e-12));  // scaled to the sphere's volume
  PolyhedronVolume(PolyhedronOfShape(CylinderShape{0.02, 0.05}, 0).value(), &v, &c);
  // A 32-gon prism inscribed in the circle: (32/2) sin(2 pi/32) r^2 L.
  CHECK(v == Approx(16.0 * std::sin(2.0 * kPi / 32.0) * 0.02 * 0.02 * 0.05).epsilon(1e-12));
  CHECK_FALSE(PolyhedronOfShape(PlaneShape{}, 0).ok());
}

TEST_CASE("Overlap of two offset boxes: volume, centroid and gradient in closed form", "[polyhedron]") {
  const BoxShape box{Vec3::Constant(0.025)};
  // A above B by 0.05 - 2e-4, shifted 1 cm in x: a 4 x 5 cm slab 0.2 mm thick.
  const ConvexPolyhedron a = Placed(box, At(Vec3(0.01, 0, 0.05 - 2e-4)), 0);
  const ConvexPolyhedron b = Placed(box, At(Vec3::Zero()), 1);
  OverlapScratch scratch;
  Overlap o;
  REQUIRE(ConvexOverlap(a, b, &scratch, &o));
  // To 1e-6: cutting planes sit 0.1 nm out (kCoplanar, overlap_volume.cc).
  CHECK(o.volume == Approx(0.04 * 0.05 * 2e-4).epsilon(1e-6));
  CHECK(o.centroid.x() == Approx(0.005).epsilon(1e-6));
  CHECK(o.centroid.z() == Approx(0.025 - 1e-4).epsilon(1e-6));
  // -dv/dx_A: the slab's top-bottom area along +z, and its 0.2 mm x 5 cm end along +x.
  CHECK(o.gradient.z() == Approx(0.04 * 0.05).epsilon(1e-6));
  CHECK(o.gradient.x() == Approx(2e-4 * 0.05).epsilon(1e-6));
  CHECK(std::abs(o.gradient.y()) < 1e-15);
  CHECK(o.area == Approx(0.04 * 0.05).epsilon(1e-4));  // the gradient tilts 5 mrad towards +x
  // The same overlap seen from B: same volume and centroid, opposite gradient.
  ConvexPolyhedron a1 = a, b0 = b;
  for (auto& f : a1.faces) f.origin = 1;
  for (auto& f : b0.faces) f.origin = 0;
  Overlap r;
  REQUIRE(ConvexOverlap(b0, a1, &scratch, &r));
  CHECK(r.volume == Approx(o.volume).epsilon(1e-6));
  CHECK((r.centroid - o.centroid).norm() < 1e-9);
  CHECK((r.gradient + o.gradient).norm() < 1e-6 * o.gradient.norm());
  // Apart by 1 um: no overlap.
  const ConvexPolyhedron far = Placed(box, At(Vec3(0.01, 0, 0.05 + 1e-6)), 0);
  CHECK_FALSE(ConvexOverlap(far, b, &scratch, &o));
}

TEST_CASE("Overlap with a half-space: a box corner and a sphere cap", "[polyhedron]") {
  OverlapScratch scratch;
  Overlap o;
  // A cube balanced on a corner (body diagonal vertical), 1 mm deep: a
  // tetrahedral corner of volume d^3 sqrt(3)/2, centroid 3d/4 above the tip.
  const double d = 1e-3, h = 0.025;
  const Quat q = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), Vec3(0, 0, -1));
  const ConvexPolyhedron corner = Placed(BoxShape{Vec3::Constant(h)}, At(Vec3(0, 0, h * std::sqrt(3.0) - d), q), 0);
  REQUIRE(HalfSpaceOverlap(corner, Vec3::UnitZ(), 0.0, &scratch, &o));
  CHECK(o.volume == Approx(d * d * d * std::sqrt(3.0) / 2.0).epsilon(1e-9));
  CHECK(o.centroid.z() == Approx(-0.25 * d).epsilon(1e-9));
  CHECK(o.gradient.normalized().z() == Approx(1.0).epsilon(1e-12));
  // The sphere polyhedron 1 mm deep: within its faceting of the cap pi d^2 (3r - d)/3.
  const double r = 0.03;
  const ConvexPolyhedron ball = Placed(SphereShape{r}, At(Vec3(0, 0, r - d)), 0);
  REQUIRE(HalfSpaceOverlap(ball, Vec3::UnitZ(), 0.0, &scratch, &o));
  const double cap = kPi * d * d * (3 * r - d) / 3.0;
  CHECK(o.volume > 0.3 * cap);
  CHECK(o.volume < 3.0 * cap);
  CHECK(o.gradient.normalized().z() > 0.999);
}

TEST_CASE("Eq. 3 taken literally turns sideways on a flat overlap at a 10 microradian tilt, the volume gradient does not",
          "[polyhedron]") {
  // A 5 cm cube resting 26.5 um deep (0.2 kg on the default stiffness), tilted 10 urad about y.
  const double h = 0.025, depth = 2.65e-5, tilt = 1e-5;
  const Quat q(Eigen::AngleAxisd(tilt, Vec3::UnitY()));
  const ConvexPolyhedron cube = Placed(BoxShape{Vec3::Constant(h)}, At(Vec3(0, 0, h - depth), q), 0);
  OverlapScratch scratch;
  Overlap o;
  REQUIRE(HalfSpaceOverlap(cube, Vec3::UnitZ(), 0.0, &scratch, &o));
  const double literal = std::acos(std::min(1.0, o.direction.normalized().z()));
  const double gradient = std::acos(std::min(1.0, o.gradient.normalized().z()));
  INFO("eq. 3 direction " << o.direction.transpose() << ", gradient " << o.gradient.transpose());
  CHECK(literal > 1.0);        // more than 57 degrees off vertical (71: along -y, across the tilt)
  CHECK(gradient < 1e-12);     // the floor's normal
}
