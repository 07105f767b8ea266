// Contact sets: the points bounding each contact region (Miller &
// Christensen, section 3.2), with their positions.
#include <catch2/catch.hpp>
#include <algorithm>
#include <vector>

#include "core/collision/narrow_phase.h"
#include "core/geometry/convex_hull.h"
#include "tests/core/hull50.h"

using namespace grasplab;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kGap = 5e-5;  // a resting pair sits at half the 0.1 mm threshold

std::vector<Contact> Contacts(const Shape& A, const Pose& XA, const Shape& B, const Pose& XB) {
  NarrowPhaseSettings s;  // margin = 0.1 mm: true contacts only
  std::vector<Contact> out;
  CollideShapes(0, A, XA, 1, B, XB, s, &out);
  return out;
}

bool HasPointNear(const std::vector<Contact>& cs, const Vec3& p, double tol = 1e-9) {
  return std::any_of(cs.begin(), cs.end(), [&](const Contact& c) { return (c.p_W - p).norm() < tol; });
}

const Pose kGround{};
const BoxShape kCube{Vec3(0.1, 0.1, 0.1)};

}  // namespace

TEST_CASE("Box on a plane: its 4 bottom corners", "[collision][region]") {
  const auto cs = Contacts(kCube, Pose{Vec3(0.3, -0.2, 0.1 + kGap), Quat::Identity()}, PlaneShape{}, kGround);
  REQUIRE(cs.size() == 4);
  for (double sx : {-1.0, 1.0}) {
    for (double sy : {-1.0, 1.0}) CHECK(HasPointNear(cs, Vec3(0.3 + 0.1 * sx, -0.2 + 0.1 * sy, 0.5 * kGap)));
  }
  for (const Contact& c : cs) {
    CHECK(c.separation == Approx(kGap).epsilon(1e-9));
    CHECK(c.n_W.isApprox(Vec3::UnitZ()));
    CHECK(c.body_a == 0);
    CHECK(c.body_b == 1);
  }
}

TEST_CASE("Plane given first: bodies swap so the normal stays from B to A", "[collision][region]") {
  const auto cs = Contacts(PlaneShape{}, kGround, SphereShape{0.1}, Pose{Vec3(0, 0, 0.1 + kGap), Quat::Identity()});
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].body_a == 1);  // the sphere
  CHECK(cs[0].body_b == 0);  // the plane
  CHECK(cs[0].n_W.isApprox(Vec3::UnitZ()));
  CHECK(HasPointNear(cs, Vec3(0, 0, 0.5 * kGap)));
}

TEST_CASE("Box on an offset box: the 4 corners of the overlap rectangle", "[collision][region]") {
  const auto cs = Contacts(kCube, Pose{Vec3(0.05, 0.08, 0.2 + kGap), Quat::Identity()}, kCube, Pose{});
  REQUIRE(cs.size() == 4);
  const double z = 0.1 + 0.5 * kGap;
  CHECK(HasPointNear(cs, Vec3(-0.05, -0.02, z)));
  CHECK(HasPointNear(cs, Vec3(0.1, -0.02, z)));
  CHECK(HasPointNear(cs, Vec3(0.1, 0.1, z)));
  CHECK(HasPointNear(cs, Vec3(-0.05, 0.1, z)));
}

TEST_CASE("Box turned 45 degrees on a box: the octagon of the overlap", "[collision][region]") {
  const auto cs = Contacts(kCube, Pose{Vec3(0, 0, 0.2 + kGap), Quat(Eigen::AngleAxisd(kPi / 4, Vec3::UnitZ()))},
                           kCube, Pose{});
  CHECK(cs.size() == 8);
}

TEST_CASE("Cylinder and capsule on their sides give 2 points, a standing cylinder its rim", "[collision][region]") {
  const Quat side(Eigen::AngleAxisd(kPi / 2, Vec3::UnitY()));  // axis along x
  auto cs = Contacts(CylinderShape{0.05, 0.3}, Pose{Vec3(0, 0, 0.05 + kGap), side}, PlaneShape{}, kGround);
  REQUIRE(cs.size() == 2);
  CHECK(HasPointNear(cs, Vec3(-0.15, 0, 0.5 * kGap)));
  CHECK(HasPointNear(cs, Vec3(0.15, 0, 0.5 * kGap)));

  cs = Contacts(CapsuleShape{0.05, 0.3}, Pose{Vec3(0, 0, 0.05 + kGap), side}, PlaneShape{}, kGround);
  REQUIRE(cs.size() == 2);
  CHECK(HasPointNear(cs, Vec3(-0.15, 0, 0.5 * kGap)));
  CHECK(HasPointNear(cs, Vec3(0.15, 0, 0.5 * kGap)));

  cs = Contacts(CylinderShape{0.05, 0.3}, Pose{Vec3(0, 0, 0.15 + kGap), Quat::Identity()}, PlaneShape{}, kGround);
  CHECK(cs.size() == 12);
  for (const Contact& c : cs) CHECK(std::hypot(c.p_W.x(), c.p_W.y()) == Approx(0.05));

  // A cylinder on its side on a box: the line clipped to the box's face.
  cs = Contacts(CylinderShape{0.05, 0.6}, Pose{Vec3(0, 0, 0.15 + kGap), side}, kCube, Pose{});
  REQUIRE(cs.size() == 2);
  CHECK(HasPointNear(cs, Vec3(-0.1, 0, 0.1 + 0.5 * kGap)));
  CHECK(HasPointNear(cs, Vec3(0.1, 0, 0.1 + 0.5 * kGap)));
}

TEST_CASE("Sphere gives 1 point, box on an edge 2, box on a corner 1", "[collision][region]") {
  auto cs = Contacts(SphereShape{0.1}, Pose{Vec3(0, 0, 0.1 + kGap), Quat::Identity()}, PlaneShape{}, kGround);
  CHECK(cs.size() == 1);
  const Quat edge(Eigen::AngleAxisd(kPi / 4, Vec3::UnitX()));
  cs = Contacts(kCube, Pose{Vec3(0, 0, 0.1 * std::sqrt(2.0) + kGap), edge}, PlaneShape{}, kGround);
  REQUIRE(cs.size() == 2);
  CHECK(HasPointNear(cs, Vec3(-0.1, 0, 0.5 * kGap), 1e-8));
  CHECK(HasPointNear(cs, Vec3(0.1, 0, 0.5 * kGap), 1e-8));
  const Quat corner = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
  cs = Contacts(kCube, Pose{Vec3(0, 0, 0.1 * std::sqrt(3.0) + kGap), corner}, PlaneShape{}, kGround);
  CHECK(cs.size() == 1);
}

TEST_CASE("Pairs farther apart than the threshold have no contact", "[collision][region]") {
  CHECK(Contacts(kCube, Pose{Vec3(0, 0, 0.1 + 2e-4), Quat::Identity()}, PlaneShape{}, kGround).empty());
  CHECK(Contacts(kCube, Pose{Vec3(0, 0, 0.2 + 2e-4), Quat::Identity()}, kCube, Pose{}).empty());
}

// A convex hull's facing feature can be a face whose first three vertices
// are nearly collinear. Its plane must come from the whole polygon: from
// the first two edges it was noise, and a 14-point hull hovering 66 um
// above a box read a contact 5.5 mm deep (the bin-picking hull "hull50" at
// a pose recorded while it rocked on a box floor).
TEST_CASE("A hull's near-collinear face is lifted onto its true plane", "[collision][region]") {
  const std::vector<Vec3> pts = Hull50Points();
  auto hull = BuildConvexHull(pts, "hull");
  REQUIRE(hull.ok());
  const Pose X_hull{Vec3(0.023876883570965124, -0.010412107315491413, 0.0073476328201042152),
                    Quat(0.41554400714642031, 0.036895487141853776, 0.07032653648238435, -0.90609937612805624)};
  const Pose X_floor{Vec3(0, 0, -0.01), Quat::Identity()};  // a 0.44 x 0.34 x 0.02 m box, top at z = 0
  double lowest = 1.0;
  for (const Vec3& v : hull.value()->vertices) lowest = std::min(lowest, X_hull.Apply(v).z());
  REQUIRE(lowest > 0.0);  // the hull does not touch: its lowest vertex is above the top
  NarrowPhaseSettings s;
  s.margin = 2.5e-3;  // a speculative margin, as a falling or rocking body gets
  std::vector<Contact> cs;
  CollideShapes(0, BoxShape{Vec3(0.22, 0.17, 0.01)}, X_floor, 1, ConvexShape{hull.value()}, X_hull, s, &cs);
  REQUIRE(!cs.empty());
  double deepest = 1.0;
  for (const Contact& c : cs) {
    CAPTURE(c.p_W.transpose(), c.separation);
    CHECK(c.n_W.isApprox(-Vec3::UnitZ(), 1e-9));
    // Each point's separation is the hull surface's height above the top
    // there: never below the lowest vertex, and the midpoint halfway.
    CHECK(c.separation >= lowest - 1e-9);
    CHECK(c.p_W.z() == Approx(0.5 * c.separation).margin(1e-9));
    deepest = std::min(deepest, c.separation);
  }
  CHECK(deepest == Approx(lowest).margin(1e-9));
}
