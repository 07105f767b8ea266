// A flat convex hull rests on a static box as it rests on the ground plane,
// under every velocity-level contact model. (Before the contact region took
// a polygon feature's plane from all its vertices, collision/contact_region,
// the bin-picking hull "hull50" rocked by +-2.5 mm on a box floor at up to
// 37 rad/s and walked off it under the LCP, while it rested on the plane.)
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/geometry/convex_hull.h"
#include "tests/core/hull50.h"
#include "core/world/world.h"

namespace grasplab {
namespace {

struct Rest {
  double height = 0.0;     // m: the hull's centre above the floor's top, at the end
  double max_dz = 0.0;     // m: vertical motion over the last 1.5 s
  double max_spin = 0.0;   // rad/s: over the last 1.5 s
};

Rest Drop(ContactSolver solver, bool box_floor) {
  WorldSettings ws;
  ws.contact_solver = solver;
  World w(ws);
  BodyDef floor;
  floor.name = "floor";
  floor.is_static = true;
  if (box_floor) {
    floor.shape = BoxShape{Vec3(0.22, 0.17, 0.01)};
    floor.X_WB.p = Vec3(0, 0, -0.01);  // top at z = 0
  } else {
    floor.shape = PlaneShape{};
  }
  REQUIRE(w.AddBody(floor).ok());
  const std::vector<Vec3> pts = Hull50Points();
  auto hull = BuildConvexHull(pts, "hull50");
  REQUIRE(hull.ok());
  BodyDef b;
  b.name = "hull50";
  b.shape = ConvexShape{hull.value()};
  b.mass = 0.139339;
  b.X_WB.p = Vec3(0.02, -0.01, 0.031);
  b.X_WB.q = Quat(0.392815, 0.235598, -0.114303, -0.881547).normalized();  // as in bin-picking.json
  auto id = w.AddBody(b);
  REQUIRE(id.ok());
  const double h = 0.0025;
  Rest r;
  double z_ref = 0.0;
  for (int k = 0; k < 1000; ++k) {  // 2.5 s: 1 s to land and settle, then 1.5 s at rest
    REQUIRE(w.Step(h).ok());
    const double z = w.pose(id.value()).p.z();
    if (k == 399) z_ref = z;
    if (k >= 400) {
      r.max_dz = std::max(r.max_dz, std::abs(z - z_ref));
      r.max_spin = std::max(r.max_spin, w.angular_velocity(id.value()).norm());
    }
    r.height = z;
  }
  return r;
}

}  // namespace

TEST_CASE("A flat hull rests on a static box as on the ground plane, in every velocity-level model", "[world][rest]") {
  for (ContactSolver solver : {ContactSolver::kLcp, ContactSolver::kPgs, ContactSolver::kImpulse}) {
    CAPTURE(static_cast<int>(solver));
    const Rest box = Drop(solver, true), plane = Drop(solver, false);
    CAPTURE(box.height, plane.height, box.max_dz, box.max_spin);
    // At rest: still to a micrometre and a micro-radian per second (before
    // the fix: 2.9 mm and 17-37 rad/s on the box).
    CHECK(box.max_dz < 1e-6);
    CHECK(box.max_spin < 1e-6);
    CHECK(plane.max_dz < 1e-6);
    // On the same face at the same height above the top as above the plane.
    CHECK(box.height == Approx(plane.height).margin(1e-6));
  }
}

}  // namespace grasplab
