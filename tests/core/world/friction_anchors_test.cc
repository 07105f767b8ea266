// Friction anchors (world/friction_anchors.h) against what Coulomb's law
// says: a block on a slope gentler than its friction angle does not move at
// all, a ball rolling without slip is not slowed, a block past its friction
// angle still slides at g (sin - mu cos), and every bundled grasp holds its
// object still in the palm (issue: "a held ball creeps").
#include <catch2/catch.hpp>
#include <cmath>

#include "core/scene/scene_json.h"
#include "core/world/world.h"
#include "tests/core/bundled_scene.h"
#include "tests/core/sliding_box.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kH = 0.0025, kPi = 3.14159265358979323846;

// A 1 kg, 10 cm block on a plane tilted by theta (gravity tilted), the
// default material (mu_s 0.5, mu_k 0.4).
struct Slope {
  World world;
  BodyId block = -1;
  Slope(double theta, bool anchors) {
    WorldSettings s;
    s.gravity = Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta));
    s.friction_anchors = anchors;
    world = World(s);
    REQUIRE(world.AddBody(GroundPlane()).ok());
    block = world.AddBody(UnitCube(Vec3(0, 0, kUnitCubeHalf + 5e-5))).value();
  }
  double x() const { return world.pose(block).p.x(); }
};

}  // namespace

TEST_CASE("Friction anchors: a block below its friction angle stays put (Coulomb: zero displacement)", "[anchors][friction]") {
  // The default material: mu_s = mu_k = 0.5 would let it slide at
  // tan(theta) = 0.5; 0.4 is 80 % of the cone.
  const double theta = std::atan(0.4);
  Slope held(theta, true);
  for (int k = 0; k < 400; ++k) REQUIRE(held.world.Step(kH).ok());  // settled
  const double x1 = held.x();
  for (int k = 0; k < 4000; ++k) REQUIRE(held.world.Step(kH).ok());  // 10 s
  INFO("drift with anchors " << held.x() - x1 << " m");
  CHECK(std::abs(held.x() - x1) < 1e-9);
  // The cause, for the record: without anchors the regularisation's slip
  // accumulates (the LCP holds the velocity to eps D f per step, nothing
  // holds the position): 8.5e-8 m over these 10 s with the regularised
  // LCP's exact split of the friction force over three pyramid edges (the
  // warm start's repair finds it), above 1e-7 m with Lemke's single-edge
  // vertex; either is two orders above the anchored bound.
  Slope creeping(theta, false);
  for (int k = 0; k < 400; ++k) REQUIRE(creeping.world.Step(kH).ok());
  const double y1 = creeping.x();
  for (int k = 0; k < 4000; ++k) REQUIRE(creeping.world.Step(kH).ok());
  INFO("drift without " << creeping.x() - y1 << " m");
  CHECK(creeping.x() - y1 > 1e-8);
}

TEST_CASE("Friction anchors: past the friction angle the block still slides at g (sin - mu_k cos)", "[anchors][friction]") {
  const double theta = 35.0 * kPi / 180.0;
  Slope s(theta, true);
  const double mu = s.world.materials().material(0).kinetic_friction;
  for (int k = 0; k < 40; ++k) REQUIRE(s.world.Step(kH).ok());
  const double v1 = s.world.linear_velocity(s.block).x();
  for (int k = 0; k < 200; ++k) REQUIRE(s.world.Step(kH).ok());
  const double a = (s.world.linear_velocity(s.block).x() - v1) / (200 * kH);
  const double expected = kG * (std::sin(theta) - mu * std::cos(theta));
  INFO("a = " << a << ", Coulomb " << expected);
  // Sliding along x, one of the pyramid's 8 edges: the cone's mu.
  CHECK(a == Approx(expected).epsilon(1e-3));
}

TEST_CASE("Friction anchors: a box sliding to rest stops where Coulomb's law puts it and stays there", "[anchors][friction]") {
  // v0 = 2 mm/s on mu = 0.001 (tests/core/sliding_box.h): Coulomb's stop
  // at 0.2039 mm. Its slip falls under the slip threshold (1 mm/s) 51 um
  // before it stops, still sliding; an anchor set there and held pulled
  // the stopped box back toward it (to 0.155 mm in 1 s). A contact sliding
  // away from its anchor faster than s_t / 10 is anchored anew where it is
  // (header).
  WorldSettings on, off;
  off.friction_anchors = false;
  const SlideToRest with = SlideBoxToRest(on), without = SlideBoxToRest(off);
  const double expected = CoulombSlideStop(kG);
  INFO("with anchors: " << with.at_stop << " m at 0.5 s, " << with.later << " m at 1.5 s; without: " << without.at_stop
                        << ", " << without.later << "; Coulomb " << expected << " m");
  CHECK(std::abs(with.at_stop - expected) < 0.02 * expected);  // the step's first-order integration
  CHECK(std::abs(with.later - with.at_stop) < 1e-6);            // not pulled back
  // Where the box without anchors stops, to the last anchor's bound (0.76
  // um) and a step (measured 0.78 um; 51 um before anchors followed).
  CHECK(std::abs(with.later - without.later) < 2e-6);
}

TEST_CASE("Friction anchors: a ball rolling without slip keeps its speed", "[anchors][friction]") {
  // Rolling without slip on a plane needs no friction force: the speed stays
  // v0. The anchors move apart on the ball as it rolls (s^3 / (6 r^2)) and
  // are renewed every 0.5 mm; they must not brake it.
  const double v0 = 0.05, r = 0.03;  // m/s, m: 1.25 mm per 10 steps
  auto roll = [&](bool anchors, double* x) {
    WorldSettings settings;
    settings.friction_anchors = anchors;
    World world(settings);
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef ball;
    ball.name = "ball";
    ball.shape = SphereShape{r};
    ball.mass = 0.2;
    ball.X_WB.p = Vec3(0, 0, r + 5e-5);
    ball.v_WB = Vec3(v0, 0, 0);
    ball.w_WB = Vec3(0, v0 / r, 0);
    const BodyId id = world.AddBody(ball).value();
    for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s, 5 cm
    *x = world.pose(id).p.x();
    return world.linear_velocity(id).x();
  };
  double x = 0.0, x_free = 0.0;
  const double v = roll(true, &x), v_free = roll(false, &x_free);
  INFO("speed " << v << " (without anchors " << v_free << ")");
  CHECK(v == Approx(v0).epsilon(1e-3));  // the 50 um settling bump moves it 2e-4
  CHECK(x == Approx(v0 * 400 * kH).epsilon(1e-3));
  CHECK(std::abs(v - v_free) < 1e-5 * v0);  // measured 4.4e-6: the renewed anchors brake it that little
}

TEST_CASE("Every bundled grasp holds its object still in the palm: under 0.1 um/s over a 30 s hold", "[anchors][grasp]") {
  // barrett-bunny is not here: its grasp holds only through a start in
  // overlap (initial_overlaps_test.cc) and slides at 49 um/s; see the issue.
  for (const Formulation f : {Formulation::kReduced, Formulation::kMaximal})
  for (const char* name : {"three-finger-sphere", "parallel-jaw-cube", "two-finger-cylinder", "barrett-handset"}) {
    Scene s = BundledScene(name);
    s.world.set_formulation(f);
    INFO(FormulationName(f));
    REQUIRE(s.grasp.has_value());
    const BodyId object = s.grasp->object;
    const BodyId palm = s.robots[s.grasp->robot].robot.root_body;
    double end = 0.0;
    for (const SceneAction& a : s.actions) end = std::max(end, a.at + a.duration);
    while (s.world.time() < end + 1.0) REQUIRE(StepScene(&s, s.timestep).ok());
    auto in_palm = [&] { return s.world.pose(palm).ApplyInverse(s.world.pose(object).p); };
    // The hold starts once the grasp has settled: the object moved under
    // 1 um in the palm over the last 0.5 s. (In the reduced formulation the
    // two-finger cylinder rolls 9 mm in the palm for about 1.5 s after its
    // lift before its contacts stick; the maximal one's had settled by then.)
    const int half_second = static_cast<int>(0.5 / s.timestep + 0.5);
    for (int tries = 0;; ++tries) {
      REQUIRE(tries < 10);  // settled within 5 s
      const Vec3 before = in_palm();
      for (int k = 0; k < half_second; ++k) REQUIRE(StepScene(&s, s.timestep).ok());
      if ((in_palm() - before).norm() < 1e-6) break;
    }
    const Vec3 p0 = in_palm();
    const double z0 = s.world.pose(object).p.z();
    for (int k = 0; k < 12000; ++k) REQUIRE(StepScene(&s, s.timestep).ok());  // 30 s
    const double speed = (in_palm() - p0).norm() / 30.0;
    INFO(name << ": " << speed * 1e6 << " um/s in the palm");
    CHECK(speed < 1e-7);
    CHECK(std::abs(s.world.pose(object).p.z() - z0) < 1e-6);  // still held where it was
    CHECK(s.world.stats().lcp_failures == 0);
  }
}
