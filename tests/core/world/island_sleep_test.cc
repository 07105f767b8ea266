// Sleeping islands (world/island_sleep.h): when a resting stack falls
// asleep, that it then stays bit for bit where it was, what wakes it (an
// awake body landing on it, a setter, a drag, a joint command), that waking
// adds no energy, and that sleep off is today's step exactly.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/scene/scene_json.h"
#include "core/world/island_sleep.h"
#include "core/world/world.h"
#include "tests/core/rolling_slope.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;
constexpr double kH = 0.0025;
constexpr double kHalf = kUnitCubeHalf;  // 10 cm cubes, 1 kg (unit_cube.h)

WorldSettings Sleepy(bool enabled = true) {
  WorldSettings s;
  s.sleep.enabled = enabled;
  return s;
}

// A ground plane and n cubes stacked at their resting gaps (half the 0.1 mm
// threshold); body 0 is the ground, bodies 1..n the cubes, bottom up.
World Stack(const WorldSettings& settings, int n = 5) {
  World world(settings);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  for (int i = 0; i < n; ++i) REQUIRE(world.AddBody(UnitCube(Vec3(0.0, 0.0, kHalf + 5e-5 + i * (2 * kHalf + 5e-5)))).ok());
  return world;
}

// Kinetic plus potential energy of the dynamic bodies (J; z up, g = 9.81).
double Energy(const World& w) {
  double e = 0.0;
  for (BodyId b = 0; b < w.body_count(); ++b) {
    if (w.body_def(b).is_static) continue;
    const double m = w.body_def(b).mass;
    const Vec3 omega = w.angular_velocity(b);
    e += 0.5 * m * w.linear_velocity(b).squaredNorm() + 0.5 * omega.dot(w.InertiaWorld(b) * omega) + m * kG * w.pose(b).p.z();
  }
  return e;
}

// Steps until every dynamic body sleeps; the number of steps, or -1 after max_steps.
int StepsUntilAsleep(World* w, int max_steps) {
  for (int k = 1; k <= max_steps; ++k) {
    REQUIRE(w->Step(kH).ok());
    if (w->stats().awake_bodies == 0) return k;
  }
  return -1;
}

}  // namespace

TEST_CASE("Sleep: a resting stack falls asleep after the sleep time and then stays bit for bit", "[sleep]") {
  World world = Stack(Sleepy());
  const int steps = StepsUntilAsleep(&world, 2000);
  // At rest from the start (the cubes are placed at their resting gaps), so
  // it sleeps once the 0.5 s have passed, give or take the first steps'
  // settling of the contacts: between 0.5 s and 1 s.
  INFO("asleep after " << steps << " steps");
  REQUIRE(steps > 0);
  CHECK(steps * kH >= 0.5 - 1e-9);
  CHECK(steps * kH <= 1.0);
  CHECK(world.stats().sleeping_islands == 1);
  CHECK(world.stats().sleeping_bodies == 5);
  CHECK(world.stats().awake_islands == 0);
  for (BodyId b = 1; b <= 5; ++b) {
    CHECK(world.asleep(b));
    CHECK(world.linear_velocity(b) == Vec3::Zero());
    CHECK(world.angular_velocity(b) == Vec3::Zero());
  }
  CHECK_FALSE(world.asleep(0));  // the ground is static: never asleep
  const std::uint64_t hash = world.StateHash();
  const std::size_t contacts = world.contacts().size();
  for (int k = 0; k < 2000; ++k) {  // 5 s
    REQUIRE(world.Step(kH).ok());
    REQUIRE(world.StateHash() == hash);
  }
  CHECK(world.contacts().size() == contacts);  // kept, not dropped
  CHECK(world.stats().pgs_sweeps == 0);
  CHECK(world.stats().lcp_size == 0);  // nothing solved
}

TEST_CASE("Sleep: the stacks bar (5 boxes rest 10 s within 1 mm) holds with sleep on", "[sleep][stack]") {
  World world = Stack(Sleepy());
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());  // settle 0.5 s
  std::vector<Vec3> start;
  for (BodyId b = 1; b <= 5; ++b) start.push_back(world.pose(b).p);
  double deepest = 0.0;
  for (int k = 0; k < 4000; ++k) {  // 10 s
    REQUIRE(world.Step(kH).ok());
    for (const Contact& c : world.contacts()) deepest = std::min(deepest, c.separation);
  }
  for (BodyId b = 1; b <= 5; ++b) {
    INFO("box " << b);
    CHECK((world.pose(b).p - start[b - 1]).norm() < 1e-3);
  }
  CHECK(deepest > -1e-4);
  CHECK(world.contacts().size() == 20);
  CHECK(world.stats().sleeping_bodies == 5);
}

TEST_CASE("Sleep: off is today's step exactly, and on is the same step until something sleeps", "[sleep]") {
  WorldSettings off = Sleepy(false);
  off.sleep.time = 0.01;  // thresholds do nothing while disabled
  off.sleep.linear = 10.0;
  World plain = Stack(WorldSettings{}), disabled = Stack(off), enabled = Stack(Sleepy());
  // A sphere falling beside the stack keeps something moving.
  BodyDef ball;
  ball.shape = SphereShape{0.05};
  ball.X_WB.p = Vec3(0.5, 0.0, 0.3);
  for (World* w : {&plain, &disabled, &enabled}) REQUIRE(w->AddBody(ball).ok());
  bool diverged = false;
  for (int k = 0; k < 800; ++k) {
    REQUIRE(plain.Step(kH).ok());
    REQUIRE(disabled.Step(kH).ok());
    REQUIRE(enabled.Step(kH).ok());
    REQUIRE(disabled.StateHash() == plain.StateHash());
    CHECK(disabled.stats().sleeping_bodies == 0);
    if (!diverged && enabled.StateHash() != plain.StateHash()) {
      // The first difference is a body falling asleep (its small velocity
      // set to zero), nothing else.
      diverged = true;
      CHECK(enabled.stats().sleeping_bodies > 0);
    }
    if (!diverged) REQUIRE(enabled.stats().sleeping_bodies == 0);
  }
  CHECK(diverged);
}

TEST_CASE("Sleep: a sphere dropped on a sleeping stack lands at its free-fall time, wakes it, adds no energy", "[sleep]") {
  // The same drop twice: on a stack asleep, and on the same stack with sleep
  // off (awake, at rest).
  World asleep = Stack(Sleepy(), 4);
  REQUIRE(StepsUntilAsleep(&asleep, 2000) > 0);
  World awake = Stack(WorldSettings{}, 4);
  for (int k = 0; k < asleep.step_count(); ++k) REQUIRE(awake.Step(kH).ok());
  const double top = asleep.pose(4).p.z() + kHalf;  // top face of the top cube
  const double r = 0.05, drop = 0.2;                // sphere bottom 20 cm above it
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{r};
  ball.mass = 0.5;
  ball.X_WB.p = Vec3(0.0, 0.0, top + drop + r);
  const BodyId id = asleep.AddBody(ball).value();
  REQUIRE(awake.AddBody(ball).value() == id);
  const double t0 = asleep.time();
  // Free fall: the sphere meets the cube after t = sqrt(2 d / g); the stack
  // sleeps until the step whose island joins them (the speculative contact
  // is found up to one step early).
  const double t_fall = std::sqrt(2.0 * drop / kG);
  // Semi-implicit Euler gains m g^2 h^2 / 2 per step of free fall
  // (x += h v, then v -= h g); contacts only take energy away. So no step
  // may gain more than that for the whole falling mass.
  const double step_gain = 0.5 * (ball.mass + 4.0) * kG * kG * kH * kH;
  double woke_at = -1.0, landed_at = -1.0, worst_gain = -1.0, ground_peak = 0.0;
  int woke_together = 0;
  for (int k = 0; k < 400; ++k) {
    const double e = Energy(asleep);
    REQUIRE(asleep.Step(kH).ok());
    REQUIRE(awake.Step(kH).ok());
    worst_gain = std::max(worst_gain, Energy(asleep) - e - step_gain);
    if (woke_at < 0 && !asleep.asleep(4)) {
      woke_at = asleep.time() - t0;
      for (BodyId b = 1; b <= 4; ++b) woke_together += asleep.asleep(b) ? 0 : 1;
    }
    if (landed_at < 0 && asleep.linear_velocity(id).z() > -kG * (asleep.time() - t0) + 1e-3) landed_at = asleep.time() - t0;
    double ground = 0.0;  // N: the ground's push on the bottom cube
    for (const Contact& c : asleep.contacts()) {
      if (c.body_a == 0 || c.body_b == 0) ground += c.normal_impulse / kH;
    }
    ground_peak = std::max(ground_peak, ground);
  }
  INFO("free fall " << t_fall << " s, woke at " << woke_at << " s, landed at " << landed_at << " s");
  REQUIRE(woke_at > 0);
  REQUIRE(landed_at > 0);
  CHECK(std::abs(landed_at - t_fall) <= 2 * kH);
  CHECK(woke_at <= landed_at);
  CHECK(woke_at >= t_fall - 2 * kH);
  // The whole island woke, not only the top cube, and the impact went
  // through the stack to the ground: the ball's momentum (1 N s) over a
  // step or two, far above the resting 4.5 g N.
  CHECK(woke_together == 4);
  INFO("ground force peak " << ground_peak << " N");
  CHECK(ground_peak > 5.0 * 4.5 * kG);
  // No energy from waking, and the same outcome as on the awake stack.
  CHECK(worst_gain < 1e-9);
  CHECK(Energy(asleep) == Approx(Energy(awake)).margin(1e-4));
  CHECK((asleep.pose(id).p - awake.pose(id).p).norm() < 1e-4);
  // The ball comes to rest on top and everything sleeps again.
  const int again = StepsUntilAsleep(&asleep, 2000);
  CHECK(again > 0);
  CHECK(asleep.pose(id).p.z() == Approx(top + r).margin(1e-3));
}

TEST_CASE("Sleep: setters wake the island they touch", "[sleep]") {
  World world = Stack(Sleepy(), 3);
  REQUIRE(StepsUntilAsleep(&world, 2000) > 0);
  SECTION("a velocity set through the API") {
    REQUIRE(world.SetBodyVelocity(3, Vec3(0.5, 0.0, 0.0), Vec3::Zero()).ok());
    for (BodyId b = 1; b <= 3; ++b) CHECK_FALSE(world.asleep(b));  // its whole island
    const double x0 = world.pose(3).p.x();
    REQUIRE(world.Step(kH).ok());
    CHECK(world.pose(3).p.x() > x0);  // pushed: it moves
    CHECK(world.stats().awake_bodies == 3);
  }
  SECTION("a pose set through the API") {
    Pose X = world.pose(3);
    X.p.x() += 0.2;  // off the stack: it falls
    REQUIRE(world.SetBodyPose(3, X).ok());
    CHECK_FALSE(world.asleep(3));
    for (int k = 0; k < 40; ++k) REQUIRE(world.Step(kH).ok());
    CHECK(world.pose(3).p.z() < X.p.z() - 0.01);
  }
  SECTION("moving the static ground wakes what rests on it") {
    Pose X = world.pose(0);
    X.p.z() -= 0.05;
    REQUIRE(world.SetBodyPose(0, X).ok());
    for (BodyId b = 1; b <= 3; ++b) CHECK_FALSE(world.asleep(b));
  }
  SECTION("a drag wakes it and keeps it awake") {
    REQUIRE(world.GrabBody(2, world.pose(2).p, world.pose(2).p, 2.0).ok());
    CHECK_FALSE(world.asleep(2));
    for (int k = 0; k < 800; ++k) REQUIRE(world.Step(kH).ok());  // 2 s held still: still awake
    CHECK(world.stats().sleeping_bodies == 0);
    world.ClearDragSpring();
    CHECK(StepsUntilAsleep(&world, 2000) > 0);
  }
  SECTION("gravity and friction changes wake everything") {
    REQUIRE(world.SetGravity(Vec3(0.0, 0.0, -9.81)).ok());
    CHECK(world.stats().sleeping_bodies == 3);  // the counts are the last step's
    for (BodyId b = 1; b <= 3; ++b) CHECK_FALSE(world.asleep(b));
  }
  SECTION("the counts in the run summary's terms") {
    CHECK(world.stats().sleeping_islands == 1);
    CHECK(world.stats().awake_islands == 0);
  }
}

TEST_CASE("Sleep: a commanded joint never sleeps; a passive one does; a new target wakes it", "[sleep][joint]") {
  World world(Sleepy());
  const BodyId base = world.AddBody(GroundPlane(-1.0)).value();
  BodyDef arm = UnitCube(Vec3(0.2, 0.0, 0.0));
  const BodyId link = world.AddBody(arm).value();
  JointDef j;
  j.parent = base;
  j.child = link;
  j.anchor_W = Vec3::Zero();
  j.axis_W = Vec3::UnitZ();  // vertical axis: gravity does not turn it
  const JointId joint = world.AddJoint(j).value();
  SECTION("passive: falls asleep") {
    CHECK(StepsUntilAsleep(&world, 1000) > 0);
    CHECK(world.joint_velocity(joint) == 0.0);
  }
  SECTION("a PD controller holding its target: never asleep; a target change moves it") {
    REQUIRE(world.SetJointController(joint, PdGains{10.0, 1.0, 5.0}).ok());
    CHECK(StepsUntilAsleep(&world, 1000) < 0);
    REQUIRE(world.ClearJointController(joint).ok());
    REQUIRE(StepsUntilAsleep(&world, 1000) > 0);
    REQUIRE(world.SetJointController(joint, PdGains{10.0, 1.0, 5.0}).ok());
    CHECK_FALSE(world.asleep(link));
    REQUIRE(world.SetJointTarget(joint, 0.5).ok());
    for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());
    CHECK(world.joint_position(joint) == Approx(0.5).margin(0.05));
  }
}

TEST_CASE("Sleep: two runs wake and sleep identically (bit for bit)", "[sleep][determinism]") {
  auto run = [] {
    World w = Stack(Sleepy(), 4);
    BodyDef ball;
    ball.shape = SphereShape{0.05};
    ball.X_WB.p = Vec3(0.03, 0.01, 0.8);
    REQUIRE(w.AddBody(ball).ok());
    std::vector<std::uint64_t> hashes;
    for (int k = 0; k < 1200; ++k) {
      REQUIRE(w.Step(kH).ok());
      hashes.push_back(w.StateHash());
    }
    return hashes;
  };
  CHECK(run() == run());
}

TEST_CASE("Sleep: the scene's \"sleep\" is parsed and checked under its JSON path", "[sleep][scene]") {
  const std::string head = R"({"format": "grasplab-scene", "version": 1, "bodies": [], )";
  auto scene = LoadSceneJson(head + R"("sleep": {"enabled": true, "time": 1.5, "linear": 0.002, "angular": 0.05}})");
  REQUIRE(scene.ok());
  const SleepSettings& s = scene.value().world.settings().sleep;
  CHECK(s.enabled);
  CHECK(s.time == 1.5);
  CHECK(s.linear == 0.002);
  CHECK(s.angular == 0.05);
  auto bad = LoadSceneJson(head + R"("sleep": {"time": 0}})");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.status().message(), Catch::Contains("sleep.time"));
  bad = LoadSceneJson(head + R"("sleep": {"linear": -1}})");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.status().message(), Catch::Contains("sleep.linear"));
  bad = LoadSceneJson(head + R"("sleep": {"enabled": "yes"}})");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.status().message(), Catch::Contains("sleep.enabled"));
  bad = LoadSceneJson(head + R"("sleep": {"fast": true}})");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.status().message(), Catch::Contains("sleep"));
  World w;
  CHECK_THAT(w.SetSleep(SleepSettings{true, -1.0, 0.001, 0.02}).message(), Catch::Contains("sleep.time"));
}

TEST_CASE("Sleep: a step with every body asleep does nothing, and then wakes as a full step would", "[sleep]") {
  // World a: only the stack, so once it sleeps its steps take the
  // all-asleep path. World b: the same stack and a ball far away held by a
  // drag spring, so every step of b runs every stage. Dropping the same
  // sphere on both stacks must give the same stack trajectories bit for bit.
  World a = Stack(Sleepy(), 3), b = Stack(Sleepy(), 3);
  BodyDef held;
  held.shape = SphereShape{0.05};
  held.X_WB.p = Vec3(5.0, 5.0, 1.0);
  const BodyId far = b.AddBody(held).value();
  REQUIRE(b.GrabBody(far, held.X_WB.p, held.X_WB.p, 5.0).ok());
  for (int k = 0; k < 600; ++k) {
    REQUIRE(a.Step(kH).ok());
    REQUIRE(b.Step(kH).ok());
  }
  REQUIRE(a.stats().sleeping_bodies == 3);
  REQUIRE(a.stats().awake_bodies == 0);
  REQUIRE(b.stats().sleeping_bodies == 3);
  REQUIRE(b.stats().awake_bodies == 1);
  CHECK(a.stats().pgs_sweeps == 0);
  CHECK(a.stats().lcp_size == 0);
  CHECK(a.stats().contact_count == 12);  // kept: 4 per face
  BodyDef ball;
  ball.shape = SphereShape{0.05};
  ball.X_WB.p = Vec3(0.01, 0.0, 0.6);
  const BodyId ia = a.AddBody(ball).value(), ib = b.AddBody(ball).value();
  auto same = [&](BodyId x, BodyId y) {
    return a.pose(x).p == b.pose(y).p && a.pose(x).q.coeffs() == b.pose(y).q.coeffs() &&
           a.linear_velocity(x) == b.linear_velocity(y) && a.angular_velocity(x) == b.angular_velocity(y);
  };
  for (int k = 0; k < 800; ++k) {
    REQUIRE(a.Step(kH).ok());
    REQUIRE(b.Step(kH).ok());
    for (BodyId s = 1; s <= 3; ++s) REQUIRE(same(s, s));
    REQUIRE(same(ia, ib));
  }
}

namespace {

// One dynamic body (id 1, beside a static one) moved by hand through
// IslandSleep, the rule alone (world/island_sleep.h): `motion(t, X, v, w)`
// sets the pose and velocities after the step ending at t. Returns the time
// at which it fell asleep, or -1 within `duration`.
template <typename Motion>
double FallsAsleepAt(double duration, Motion motion) {
  WorldModel model;
  model.settings.sleep.enabled = true;  // time 0.5 s, 1 mm/s, 0.02 rad/s
  model.is_static = {1, 0};
  WorldState state;
  state.X_WB.assign(2, Pose{});
  state.v_WB.assign(2, Vec3::Zero());
  state.w_WB.assign(2, Vec3::Zero());
  IslandList islands;
  islands.Build(2, model.is_static, {}, {});
  REQUIRE(islands.size() == 1);
  IslandSleep sleep;
  sleep.AddBody(), sleep.AddBody();
  std::vector<VelocityBody> velocity_bodies(2);
  const JointControllers controllers;
  const DragSpring drag;
  const int steps = static_cast<int>(std::lround(duration / kH));
  for (int k = 1; k <= steps; ++k) {
    sleep.WakeTouched(islands, &velocity_bodies);
    if (sleep.island_asleep(0)) return (k - 1) * kH;
    motion(k * kH, &state.X_WB[1], &state.v_WB[1], &state.w_WB[1]);
    sleep.FallAsleep(islands, model, controllers, drag, {}, kH, &state);
  }
  return sleep.is_asleep(1) ? steps * kH : -1.0;
}

// Inside a spurt of `length` s starting every `period` s (the first at
// 0.1 s)? Steps end at k h; a spurt covers the steps ending in (t0, t0 + length].
bool InSpurt(double t, double period, double length) {
  const double since = std::fmod(t - 0.1 + 1e-9, period);
  return t > 0.1 && since < length - 1e-9;
}

}  // namespace

TEST_CASE("Sleep: a body still but for brief spurts sleeps after the sleep time if it stays within 0.5 mm and 0.01 rad",
          "[sleep]") {
  // Spurts of 0.05 s at 5 mm/s every 0.2 s, each carrying the body 0.1 mm
  // out and the next one back: always within 0.5 mm of where it began. The
  // velocity test alone would restart at every spurt and never sleep.
  auto back_and_forth = [](double t, Pose* X, Vec3* v, Vec3*) {
    const bool spurt = InSpurt(t, 0.2, 0.05);
    *v = spurt ? Vec3(5e-3, 0, 0) : Vec3::Zero();
    const int n = static_cast<int>((t - 0.1 + 1e-9) / 0.2);  // spurts begun
    X->p.x() = t > 0.1 && n % 2 == 0 ? 1e-4 : 0.0;
  };
  const double t = FallsAsleepAt(2.0, back_and_forth);
  CHECK(t == Approx(0.5).margin(1.5 * kH));
  // The same spurts carrying it 0.3 mm on each time: the second leaves the
  // 0.5 mm sphere, every later one too; never asleep.
  auto creeping = [](double t, Pose* X, Vec3* v, Vec3*) {
    const bool spurt = InSpurt(t, 0.2, 0.05);
    *v = spurt ? Vec3(5e-3, 0, 0) : Vec3::Zero();
    X->p.x() = t > 0.1 ? 3e-4 * (1 + static_cast<int>((t - 0.1 + 1e-9) / 0.2)) : 0.0;
  };
  CHECK(FallsAsleepAt(2.0, creeping) < 0.0);
  // Spurts of 0.125 s (over the 0.1 s a still body may spend over the
  // thresholds), though they go nowhere: never asleep.
  auto long_spurts = [](double t, Pose*, Vec3* v, Vec3*) {
    *v = InSpurt(t, 0.2, 0.125) ? Vec3(5e-3, 0, 0) : Vec3::Zero();
  };
  CHECK(FallsAsleepAt(2.0, long_spurts) < 0.0);
  // Turning spurts at 0.1 rad/s every 0.15 s, each adding a turn about z:
  // 0.003 rad each stays within 0.01 rad over the 0.5 s (three spurts,
  // 0.009 rad) and sleeps; 0.004 rad each leaves it at the third (0.012 rad,
  // measured as the chord 2 sin(theta / 2), within 1e-5 of theta) and never
  // sleeps.
  for (double per_spurt : {0.003, 0.004}) {
    INFO("turn per spurt " << per_spurt << " rad");
    auto turning = [per_spurt](double t, Pose* X, Vec3*, Vec3* w) {
      *w = InSpurt(t, 0.15, 0.025) ? Vec3(0, 0, 0.1) : Vec3::Zero();
      const int n = t > 0.1 ? 1 + static_cast<int>((t - 0.1 + 1e-9) / 0.15) : 0;
      X->q = Quat(Eigen::AngleAxisd(per_spurt * n, Vec3::UnitZ()));
    };
    const double at = FallsAsleepAt(2.0, turning);
    if (per_spurt == 0.003) {
      CHECK(at == Approx(0.5).margin(1.5 * kH));
    } else {
      CHECK(at < 0.0);
    }
  }
}

TEST_CASE("Sleep: a ball starting to roll from rest stays awake unless it stays under 1 mm/s for the sleep time",
          "[sleep][rolling]") {
  // A ball (r = 5 cm, 0.5 kg) released at rest on a slope of theta: it
  // rolls at a = 5/7 g sin(theta) (rolling_resistance_test.cc with mu_r = 0;
  // a slope held back by rolling resistance or Coulomb friction would make a
  // the small difference of two large terms). At 3 mm/s^2 (theta = 0.43
  // mrad) it passes 1 mm/s at 0.33 s, before its still time reaches 0.5 s,
  // and stays over it for more than 0.1 s: awake, rolling on at a. At
  // 1 mm/s^2 it stays under 1 mm/s until 1 s and so sleeps at 0.5 s,
  // 0.125 mm down the slope (the velocity test alone does the same: that
  // start is slower than any threshold).
  for (double a : {3e-3, 1e-3}) {
    INFO("acceleration " << a << " m/s^2");
    WorldSettings s = Sleepy();
    s.contact_solver = ContactSolver::kPgs;
    RollingSlope slope = MakeRollingSlope(s, a);
    World& world = slope.world;
    const BodyId id = slope.ball;
    double asleep_at = -1.0;
    for (int k = 1; k <= 800 && asleep_at < 0.0; ++k) {  // 2 s
      REQUIRE(world.Step(kH).ok());
      if (world.asleep(id)) asleep_at = k * kH;
    }
    if (a == 3e-3) {
      CHECK(asleep_at < 0.0);
      CHECK(world.pose(id).p.x() == Approx(0.5 * a * 2.0 * 2.0).epsilon(0.05));  // 6 mm
      CHECK(world.linear_velocity(id).x() == Approx(a * 2.0).epsilon(0.05));
    } else {
      CHECK(asleep_at == Approx(0.5).margin(0.02));
      CHECK(world.pose(id).p.x() == Approx(0.5 * a * 0.5 * 0.5).epsilon(0.1));
    }
  }
}
