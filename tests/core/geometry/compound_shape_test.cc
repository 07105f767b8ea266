// Compound shapes: mass properties against analytic answers and resting
// contact on a plane piece by piece.
#include <catch2/catch.hpp>
#include <memory>

#include "core/geometry/shape.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

Shape Compound(std::vector<CompoundPiece> pieces) {
  return CompoundShape{std::make_shared<const std::vector<CompoundPiece>>(std::move(pieces))};
}

Pose At(const Vec3& p) { return {p, Quat::Identity()}; }

}  // namespace

TEST_CASE("Two boxes side by side have the inertia of the one box they make", "[compound]") {
  const Shape two = Compound({{BoxShape{Vec3(0.05, 0.02, 0.01)}, At(Vec3(-0.05, 0, 0))},
                              {BoxShape{Vec3(0.05, 0.02, 0.01)}, At(Vec3(0.05, 0, 0))}});
  REQUIRE(ValidateShape(two, "shape").ok());
  const Mat3 expected = SolidInertia(BoxShape{Vec3(0.1, 0.02, 0.01)}, 2.0);
  CHECK((SolidInertia(two, 2.0) - expected).norm() < 1e-15);
  CHECK(ShapeVolume(two) == Approx(8.0 * 0.1 * 0.02 * 0.01).epsilon(1e-14));
  CHECK(ShapeCentroid(two).norm() < 1e-17);
  CHECK(BoundingRadius(two) == Approx(0.05 + Vec3(0.05, 0.02, 0.01).norm()).epsilon(1e-14));
}

TEST_CASE("A compound's inertia is about its volume centroid (parallel axis)", "[compound]") {
  // A 1 kg sphere of radius r at x = 0 and one of radius r at x = d: the
  // centroid is at d/2; I_yy = 2 (2/5 m r^2) + 2 m (d/2)^2 with m = 0.5.
  const double r = 0.01, d = 0.1;
  const Shape s = Compound({{SphereShape{r}, At(Vec3::Zero())}, {SphereShape{r}, At(Vec3(d, 0, 0))}});
  CHECK(ShapeCentroid(s).x() == Approx(d / 2));
  const Mat3 I = SolidInertia(s, 1.0);
  CHECK(I(0, 0) == Approx(2 * 0.4 * 0.5 * r * r).epsilon(1e-12));
  CHECK(I(1, 1) == Approx(2 * 0.4 * 0.5 * r * r + 2 * 0.5 * (d / 2) * (d / 2)).epsilon(1e-12));
  CHECK(I(2, 2) == Approx(I(1, 1)).epsilon(1e-12));
}

TEST_CASE("Compound validation names the bad piece", "[compound]") {
  const Shape bad = Compound({{SphereShape{0.01}, At(Vec3::Zero())}, {BoxShape{Vec3(0.1, -1, 0.1)}, At(Vec3::Zero())}});
  const Status st = ValidateShape(bad, "bodies[1].shape");
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() == "bodies[1].shape.pieces[1].shape.size[1]: must be a finite number > 0 and <= 10000 m, got -2");
  const Status plane = ValidateShape(Compound({{PlaneShape{}, At(Vec3::Zero())}}), "s");
  CHECK_THAT(plane.message(), Catch::Contains("s.pieces[0].shape.type: a compound piece must be"));
}

TEST_CASE("A table of five boxes rests on its four legs at the right height", "[compound]") {
  // Top 0.4 x 0.4 x 0.02 at z = 0.11 (body frame), legs 0.02 x 0.02 x 0.1
  // under the corners: the lowest point is at z = 0 in the body frame.
  std::vector<CompoundPiece> p{{BoxShape{Vec3(0.2, 0.2, 0.01)}, At(Vec3(0, 0, 0.11))}};
  for (double x : {-0.19, 0.19}) {
    for (double y : {-0.19, 0.19}) p.push_back({BoxShape{Vec3(0.01, 0.01, 0.05)}, At(Vec3(x, y, 0.05))});
  }
  const Shape table = Compound(p);
  const Vec3 c = ShapeCentroid(table);
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyDef b;
  b.name = "table";
  // The body frame sits at the centroid: move the pieces by -c.
  for (CompoundPiece& piece : p) piece.X_BS.p -= c;
  b.shape = Compound(p);
  b.mass = 5.0;
  b.X_WB.p = c + Vec3(0, 0, 2e-5);
  const BodyId id = world.AddBody(b).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(0.0025).ok());
  CHECK(world.pose(id).p.z() == Approx(c.z()).margin(1e-4));
  CHECK(world.linear_velocity(id).norm() < 1e-3);
  CHECK(world.contacts().size() == 16);  // 4 corners of each leg's foot
  double normal = 0.0;
  for (const Contact& ct : world.contacts()) normal += ct.normal_impulse;
  CHECK(normal / 0.0025 == Approx(5.0 * 9.81).epsilon(1e-3));
}
