// assets/scenes/bin-picking.json (issue 19's larger scene, written by
// scripts/make-bin-picking.mjs): the parallel-jaw gripper above an open bin
// of 60 mixed objects, Gauss-Seidel, sleeping on. The pile falls up to 0.15 m
// and must come to rest inside the bin without gaining energy.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "core/scene/initial_overlaps.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;

// The bin's objects: dynamic bodies that are not robot links ("gripper/...").
std::vector<BodyId> Objects(const World& w) {
  std::vector<BodyId> out;
  for (BodyId b = 0; b < w.body_count(); ++b) {
    if (!w.body_def(b).is_static && w.body_def(b).name.find('/') == std::string::npos) out.push_back(b);
  }
  return out;
}

double Kinetic(const World& w, BodyId b) {
  const Vec3 omega = w.angular_velocity(b);
  return 0.5 * w.body_def(b).mass * w.linear_velocity(b).squaredNorm() + 0.5 * omega.dot(w.InertiaWorld(b) * omega);
}

// Kinetic plus gravitational potential energy of the objects (J; z up).
double Energy(const World& w, const std::vector<BodyId>& objects) {
  double e = 0.0;
  for (BodyId b : objects) e += Kinetic(w, b) + w.body_def(b).mass * kG * w.pose(b).p.z();
  return e;
}

}  // namespace

TEST_CASE("bin-picking: 60 mixed objects start apart, settle inside the bin and lose energy", "[scene][bin]") {
  Scene scene = BundledScene("bin-picking");
  World& w = scene.world;
  REQUIRE(w.settings().sleep.enabled);
  const std::vector<BodyId> objects = Objects(w);
  REQUIRE(objects.size() == 60);
  // No object starts inside another, the bin or the gripper (0.1 mm, the
  // contact threshold), and the loader warned of nothing.
  CHECK(FindInitialOverlaps(w, 1e-4).empty());
  CHECK(scene.warnings.empty());

  const double e0 = Energy(w, objects);
  double e_max = e0;
  // Inner walls at x = +-0.2 m, y = +-0.15 m, 0.12 m high; floor z = 0.
  // 3 s: the pile is chaotic, and at 1.5 s one of its trajectories
  // (contact sets reused within 10 um, world/contact_finder.h) had a sphere
  // that had rolled across a box's top at 3 cm/s falling off it at 0.12 m/s;
  // every trajectory measured (reuse 0, 5, 10 and 20 um) was still by 2 s.
  // With speculative points (collision/speculative_points.h, stop 46) the
  // objects' landings change (corners held above the faces they fall
  // onto) and the pile settles otherwise: 10 of
  // the 60 objects were still awake at 2 and 2.5 s (one at 5 mm/s at 2 s),
  // all asleep at 2.75 s.
  for (int k = 0; k < 1200; ++k) {
    REQUIRE(StepScene(&scene, scene.timestep).ok());
    if (k % 20 == 19) e_max = std::max(e_max, Energy(w, objects));
  }
  const double e1 = Energy(w, objects);
  double kinetic = 0.0, v_max = 0.0;
  for (BodyId b : objects) {
    INFO(w.body_def(b).name);
    const Vec3 p = w.pose(b).p;
    CHECK(std::abs(p.x()) < 0.2);
    CHECK(std::abs(p.y()) < 0.15);
    CHECK(p.z() > 0.0);     // above the floor
    CHECK(p.z() < 0.12);    // below the walls' top
    kinetic += Kinetic(w, b);
    // Spheres and cylinders too: the scene's rolling resistance (0.1 mm)
    // stops them rolling (without it a sphere rolled on at up to 1.3 cm/s).
    v_max = std::max(v_max, w.linear_velocity(b).norm());
  }
  // Nothing sinks into the floor, the walls or another object: every
  // contact's penetration is under 1 mm.
  for (const Contact& c : w.contacts()) CHECK(c.separation > -1e-3);
  // Energy: the end is below the start by most of the fall's worth. On
  // the way (checked every 50 ms) it rose by 0.45 % of the start at most,
  // here and in the golden run: eq. 19's error correction (gamma = 0.2)
  // pushes the objects that impacts drove into each other apart, which adds
  // potential energy; 1 % is the bound.
  CHECK(e1 < e0 - 0.1);
  CHECK(e_max <= 1.01 * e0);
  // At rest: every centre under the sleep threshold, 1 mm/s, and a kinetic
  // energy under 1e-4 of the energy the fall released.
  CHECK(v_max < 1e-3);
  CHECK(kinetic < 1e-4 * (e0 - e1));
  // Sleeping: the pile is asleep by 3 s, all 60 objects measured (before
  // rolling resistance, 19-20 of 60: spheres and cylinders rolled on; the
  // count of a chaotic pile, not a conserved quantity, hence the 90 % bar).
  CHECK(w.stats().sleeping_bodies >= 54);
}
