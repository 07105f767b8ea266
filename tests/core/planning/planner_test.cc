// The EigenGrasp planner (planning/planner.h) and the dynamic verification
// of its grasps (planning/grasp_verification.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "core/grasp/auto_grasp.h"
#include "core/math/state_hash.h"
#include "core/planning/grasp_verification.h"
#include "core/planning/planner.h"
#include "core/planning/planning_scene.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

namespace {

bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

PlannerSettings Fast() {
  PlannerSettings s;
  s.steps = 400;
  return s;
}

}  // namespace

TEST_CASE("Planning is deterministic from the seed, per grasp index, in any order", "[planning]") {
  const Scene scene = BundledScene("three-finger-sphere");
  auto a = GraspPlanner::Create(scene.spec, "hand", "object", Fast());
  auto b = GraspPlanner::Create(scene.spec, "hand", "object", Fast());
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  const auto g3 = a.value().Plan(3, 7);
  const auto g1 = a.value().Plan(1, 7);
  const auto g1b = b.value().Plan(1, 7);  // another planner, another order
  const auto g1c = b.value().Plan(1, 8);  // another seed
  REQUIRE(g1.ok());
  REQUIRE(g1b.ok());
  REQUIRE(g3.ok());
  for (int i = 0; i < 3; ++i) CHECK(SameBits(g1.value().X_WR.p[i], g1b.value().X_WR.p[i]));
  CHECK(SameBits(g1.value().X_WR.q.w(), g1b.value().X_WR.q.w()));
  CHECK(SameBits(g1.value().energy, g1b.value().energy));
  CHECK(g1.value().seed == PlanSeed(7, 1));
  CHECK(g1.value().seed != g3.value().seed);
  CHECK((g1.value().X_WR.p - g1c.value().X_WR.p).norm() > 0.0);
}

TEST_CASE("A planned grasp is what it says: its pre-grasp penetrates nothing and its closed grasp has its score",
          "[planning]") {
  const Scene scene = BundledScene("three-finger-sphere");
  auto planner = GraspPlanner::Create(scene.spec, "hand", "object");
  REQUIRE(planner.ok());
  int closures = 0;
  for (int i = 0; i < 4; ++i) {
    auto g = planner.value().Plan(i, 1);
    REQUIRE(g.ok());
    const PlannedGrasp& p = g.value();
    // Rebuild the scene with the hand at the pre-grasp: nothing overlaps.
    auto built = BuildPlanningScene(scene.spec, "hand", "object", HandPlacement{p.X_WR, p.pregrasp});
    REQUIRE(built.ok());
    Scene s = std::move(built).value();
    s.world.UpdateContacts();
    for (const Contact& c : s.world.contacts()) CHECK(c.separation >= -1e-7);
    // Closing it again gives the joint values and the quality reported.
    auto closed = AutoGraspStatic(&s.world, s.robots[0].robot);
    REQUIRE(closed.ok());
    for (std::size_t d = 0; d < p.closed.size(); ++d) CHECK(closed.value().closed[d] == Approx(p.closed[d].second).margin(1e-12));
    const GraspQuality q = EvaluateSceneGrasp(s);
    CHECK(q.force_closure == p.quality.force_closure);
    CHECK(q.epsilon_l1 == Approx(p.quality.epsilon_l1).margin(1e-12));
    CHECK(q.contact_count == p.quality.contact_count);
    closures += p.quality.force_closure;
  }
  // Three frictional fingertips around a sphere: most plans close it.
  CHECK(closures >= 2);
}

TEST_CASE("The energy refuses a hand inside the object and prefers fingertips on it", "[planning]") {
  const Scene scene = BundledScene("three-finger-sphere");
  auto planner = GraspPlanner::Create(scene.spec, "hand", "object");
  REQUIRE(planner.ok());
  const std::vector<double> open = {-0.4, 0.0};  // fingers at -0.2 rad, as in the scene
  Pose inside;
  inside.p = Vec3(0, 0, 0.05);  // palm through the sphere's top
  auto e = planner.value().EnergyAt(inside, open);
  REQUIRE(e.ok());
  CHECK_FALSE(e.value().has_value());
  // From straight above, lower is better while the fingertips approach.
  double last = 1e300;
  for (double z : {0.16, 0.15, 0.14, 0.135}) {
    Pose X;
    X.p = Vec3(0, 0, z);
    auto ez = planner.value().EnergyAt(X, open);
    REQUIRE(ez.ok());
    REQUIRE(ez.value().has_value());
    CHECK(*ez.value() < last);
    last = *ez.value();
  }
}

TEST_CASE("Verifying the bundled grasp runs exactly the bundled scene", "[planning]") {
  // The three-finger-sphere scene's own placement and actions (grasp, lift,
  // shake): the verification run is the scene's run, to the bit.
  Scene scene = BundledScene("three-finger-sphere");
  const RobotSpec* r = FindRobotSpec(*scene.spec, "hand");
  auto v = VerifyGrasp(scene.spec, "hand", "object", HandPlacement{r->X_WR, r->initial});
  REQUIRE(v.ok());
  const GraspVerification& g = v.value();
  CHECK(g.steps == 2200);  // 5 s of actions + 0.5 s at h = 2.5 ms
  for (int k = 0; k < g.steps; ++k) REQUIRE(StepScene(&scene, scene.timestep).ok());
  CHECK(g.state_hash == scene.world.StateHash());
  // The sphere goes up with the hand (0.1 m lift) and stays in it through
  // the shake.
  CHECK(g.lifted);
  CHECK(g.held);
  CHECK(g.rise == Approx(0.1).margin(0.005));
  CHECK(g.max_slip < 0.005);
  CHECK(g.hold_time == Approx(5.5 - 1.7).margin(1e-9));
  CHECK(g.force_closure);
  CHECK(g.contacts >= 3);
}

TEST_CASE("A grasp that closes on air is not lifted and its hold time is short", "[planning]") {
  const Scene scene = BundledScene("three-finger-sphere");
  const RobotSpec* r = FindRobotSpec(*scene.spec, "hand");
  Pose high = r->X_WR;
  high.p.z() += 0.3;
  auto v = VerifyGrasp(scene.spec, "hand", "object", HandPlacement{high, r->initial});
  REQUIRE(v.ok());
  CHECK_FALSE(v.value().lifted);
  CHECK_FALSE(v.value().held);
  CHECK(std::fabs(v.value().rise) < 1e-4);
  CHECK(v.value().contacts == 0);
  // The hand carries nothing: the 20 mm slip is reached 20 mm into the lift
  // (a smooth 0.1 m rise over 1 s: well under half of it).
  CHECK(v.value().hold_time < 0.5);
}

TEST_CASE("Planning targets are checked by name", "[planning]") {
  const Scene scene = BundledScene("three-finger-sphere");
  auto msg = [&](const char* robot, const char* object) {
    auto p = GraspPlanner::Create(scene.spec, robot, object);
    REQUIRE_FALSE(p.ok());
    return p.status().message();
  };
  CHECK(msg("gripper", "object").find("no robot of that name (robots: \"hand\")") != std::string::npos);
  CHECK(msg("hand", "cube").find("no body of that name (dynamic bodies: \"object\")") != std::string::npos);
  CHECK(msg("hand", "ground").find("is static") != std::string::npos);
  const Scene handset = BundledScene("barrett-handset");
  auto attached = GraspPlanner::Create(handset.spec, "hand", "handset");
  REQUIRE_FALSE(attached.ok());
  CHECK(attached.status().message().find("attached") != std::string::npos);
}
