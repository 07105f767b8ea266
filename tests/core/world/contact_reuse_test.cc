// Reused contact sets (world/contact_finder.h, WorldSettings::
// contact_reuse_distance): while a pair has moved relative to itself by at
// most delta since its contacts were found, they are placed at the current
// poses instead of collided again. These tests state what that placement
// keeps exact (the separation along the normal), what it bounds (every point
// within delta of a fresh query), when it stops (beyond delta, a fresh query
// bit for bit), and that a body sliding to rest by friction ends where the
// analytic answer and the every-step query put it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/scene/scene_json.h"
#include "core/world/world.h"
#include "tests/core/rolling_slope.h"
#include "tests/core/sliding_box.h"
#include "tests/core/unit_cube.h"

namespace grasplab {
namespace {

constexpr double kDelta = 1e-5;  // the default: a tenth of the 0.1 mm contact threshold

struct Resting {
  World world;
  BodyId box = -1;
};

// A 10 cm cube resting on the ground plane, its bottom face on z = 0.
Resting BoxOnPlane(double reuse, bool anchors = true) {
  WorldSettings ws;
  ws.contact_reuse_distance = reuse;
  ws.friction_anchors = anchors;
  Resting r{World(ws)};
  BodyDef ground;
  ground.name = "ground";
  ground.is_static = true;
  ground.shape = PlaneShape{};
  REQUIRE(r.world.AddBody(ground).ok());
  auto id = r.world.AddBody(UnitCube(Vec3(0.0, 0.0, kUnitCubeHalf)));
  REQUIRE(id.ok());
  r.box = id.value();
  return r;
}

void MoveTo(Resting* r, const Vec3& p, const Quat& q = Quat::Identity()) {
  Pose X;
  X.p = p;
  X.q = q;
  REQUIRE(r->world.SetBodyPose(r->box, X).ok());
  r->world.UpdateContacts();
}

// The largest distance from a contact of `a` to the nearest contact of `b`
// (m), and the largest separation difference between them (m).
struct Difference {
  double point = 0.0, separation = 0.0;
};
Difference Compare(const std::vector<Contact>& a, const std::vector<Contact>& b) {
  Difference d;
  for (const Contact& c : a) {
    double best = 1e9, sep = 0.0;
    for (const Contact& f : b) {
      const double dist = (c.p_W - f.p_W).norm();
      if (dist < best) {
        best = dist;
        sep = std::abs(c.separation - f.separation);
      }
    }
    d.point = std::max(d.point, best);
    d.separation = std::max(d.separation, sep);
  }
  return d;
}

}  // namespace

TEST_CASE("A reused contact set is exact along the normal and within the reuse distance elsewhere", "[contact][reuse]") {
  Resting r = BoxOnPlane(kDelta);
  r.world.UpdateContacts();
  REQUIRE(r.world.contacts().size() == 4);  // the bottom face's corners
  const std::vector<Contact> found = r.world.contacts();

  // Lifted 4 um (< delta): the set is reused, and a lift along the normal
  // moves each separation by exactly the lift, as a fresh query does.
  MoveTo(&r, Vec3(0.0, 0.0, 0.05 + 4e-6));
  REQUIRE(r.world.contacts().size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(std::abs(r.world.contacts()[k].separation - (found[k].separation + 4e-6)) < 1e-15);
  }
  Difference d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.separation < 1e-15);
  CHECK(d.point < 1e-15 + 2e-6);  // the midpoint rose by half the lift, the probe's too

  // Slid 6 um sideways as well (7.2 um from the query): still reused. The
  // plane's points stay where they were found and the box's corners move
  // with it, so each point (their midpoint) lags the fresh query's by half
  // the slide: not zero (the set was reused), and within delta.
  MoveTo(&r, Vec3(6e-6, 0.0, 0.05 + 4e-6));
  d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.separation < 1e-15);
  CHECK(std::abs(d.point - 3e-6) < 1e-12);
  CHECK(d.point <= kDelta);

  // Slid 12 um from the query: beyond delta, so collided again; the set is
  // then the fresh query's, point for point.
  MoveTo(&r, Vec3(12e-6, 0.0, 0.05 + 4e-6));
  d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.point < 1e-15);
  CHECK(d.separation < 1e-15);

  // A turn about the normal whose chord at the box's bounding radius
  // (0.0866 m) is 2 sin(theta / 2) r = 8.7 um: reused; at 17 um, queried.
  const double r_box = std::sqrt(3.0) * 0.05;
  const Vec3 at(12e-6, 0.0, 0.05 + 4e-6);
  MoveTo(&r, at, Quat(Eigen::AngleAxisd(8.7e-6 / r_box, Vec3::UnitZ())));
  d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.point > 1e-6);       // the corners turned by 4.3 um; the plane's points did not
  CHECK(d.point <= kDelta);
  MoveTo(&r, at, Quat(Eigen::AngleAxisd(17e-6 / r_box, Vec3::UnitZ())));
  d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.point < 1e-15);
}

TEST_CASE("With reuse distance 0 every pair is collided every call", "[contact][reuse]") {
  Resting r = BoxOnPlane(0.0);
  r.world.UpdateContacts();
  MoveTo(&r, Vec3(3e-6, 0.0, 0.05 + 1e-6));
  const Difference d = Compare(r.world.contacts(), r.world.ProbeContacts());
  CHECK(d.point < 1e-15);
  CHECK(d.separation < 1e-15);
}

TEST_CASE("A box sliding to rest by friction stops where Coulomb's law puts it, with or without reuse",
          "[contact][reuse]") {
  // v0 = 2 mm/s on mu = 0.001 (tests/core/sliding_box.h): Coulomb's stop
  // at 0.2039 mm. It moves 5 um a step at first, so most steps reuse the
  // set (delta = 10 um).
  auto slide = [](double reuse) {
    WorldSettings ws;
    ws.contact_reuse_distance = reuse;
    return SlideBoxToRest(ws).at_stop;
  };
  const double with = slide(kDelta), without = slide(0.0);
  const double expected = CoulombSlideStop();
  INFO("with reuse " << with << " m, without " << without << " m, Coulomb " << expected << " m");
  CHECK(std::abs(with - expected) < 0.02 * expected);  // the step's first-order integration
  CHECK(std::abs(with - without) < 1e-6);
}

TEST_CASE("A ball rolling down a shallow slope accelerates at 5/7 g sin(theta), with or without reuse",
          "[contact][reuse][rolling]") {
  // r = 5 cm, 0.5 kg, released at rest, slope for 1 mm/s^2: it moves
  // 0.125 um a step at first, so reuse would keep each set for many steps.
  // The point kept on the ball is a material point; the true contact point
  // rolls along the surface, so a kept point lags behind the centre and the
  // normal force through it drives the rolling (26 % faster, before pairs
  // with a curved surface were limited to 0.1 um of rolling: header).
  constexpr double a = 1e-3;
  auto roll = [&](double reuse) {
    WorldSettings s;
    s.contact_solver = ContactSolver::kPgs;
    s.contact_reuse_distance = reuse;
    RollingSlope slope = MakeRollingSlope(s, a);
    for (int k = 0; k < 400; ++k) REQUIRE(slope.world.Step(0.0025).ok());  // 1 s
    return std::pair{slope.world.linear_velocity(slope.ball).x(), slope.world.pose(slope.ball).p.x()};
  };
  const auto [v_with, x_with] = roll(kDelta);
  const auto [v_without, x_without] = roll(0.0);
  INFO("with reuse v = " << v_with << " m/s, x = " << x_with << " m; without " << v_without << ", " << x_without);
  CHECK(v_with == Approx(a * 1.0).epsilon(0.01));
  CHECK(x_with == Approx(0.5 * a * 1.0).epsilon(0.01));
  CHECK(std::abs(v_with - v_without) < 0.005 * a);
}

TEST_CASE("contact.reuseDistance reaches the world and is checked", "[contact][reuse][scene]") {
  const std::string body =
      R"("format": "grasplab-scene", "version": 1, "bodies": [{"name": "floor", "static": true, "shape": {"type": "plane"}}])";
  auto scene = LoadSceneJson(R"({"contact": {"reuseDistance": 2e-5}, )" + body + "}");
  REQUIRE(scene.ok());
  CHECK(scene.value().world.settings().contact_reuse_distance == 2e-5);
  auto zero = LoadSceneJson(R"({"contact": {"reuseDistance": 0}, )" + body + "}");
  REQUIRE(zero.ok());
  CHECK(zero.value().world.settings().contact_reuse_distance == 0.0);
  auto bad = LoadSceneJson(R"({"contact": {"reuseDistance": -1e-5}, )" + body + "}");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("contact.reuseDistance") == 0);
  auto big = LoadSceneJson(R"({"contact": {"reuseDistance": 0.5}, )" + body + "}");
  REQUIRE_FALSE(big.ok());
  CHECK(big.status().message().find("contact.reuseDistance") == 0);
  CHECK(WorldSettings{}.contact_reuse_distance == kDelta);
}

}  // namespace grasplab
