// Contact sets: the points bounding each contact region (Miller &
// Christensen, section 3.2), with their positions.
#include <catch2/catch.hpp>
#include <algorithm>
#include <vector>

#include "core/collision/narrow_phase.h"

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
