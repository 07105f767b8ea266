// Gauss-Seidel in substeps (WorldSettings::substeps; pgs_cone_solver.cc,
// SolveSubsteps): an island of contacts only is solved in n substeps of
// h / n, each with its share of gravity, one sweep and one relaxing sweep,
// the bodies moving inside the step. Against known answers: what rests
// carries its weight and rests where its contact springs put it, a block
// slides to v0^2 / (2 mu_k g), and a free body's step is n semi-implicit
// Euler substeps of gravity.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "core/scene/scene_json.h"
#include "core/world/world.h"
#include "tests/bench/pile_scene.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kH = 0.01, kHalf = kUnitCubeHalf;
constexpr double kMuK = 0.4;  // the default material

WorldSettings Substeps(int n, double hertz = 60.0, double zeta = 1.0) {
  WorldSettings s;
  s.contact_solver = ContactSolver::kPgs;
  s.substeps = n;
  s.pgs_iterations = 1;  // one sweep a substep, then one relaxing sweep
  s.contact_hertz = hertz;
  s.contact_damping_ratio = zeta;
  return s;
}

double GroundImpulse(const World& world) {
  double sum = 0.0;
  for (const Contact& c : world.contacts()) {
    if (c.body_a == 0 || c.body_b == 0) sum += c.normal_impulse;
  }
  return sum;
}

}  // namespace

TEST_CASE("Substeps: a ball rests g / omega^2 deep on its soft contact and carries m g h, whatever the substeps",
          "[solvers][pgs][substeps]") {
  const double omega = 2.0 * std::numbers::pi * 60.0, r = 0.05, m = 0.5;
  for (const int n : {2, 4, 8}) {
    INFO(n << " substeps");
    World world(Substeps(n));
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef ball;
    ball.name = "ball";
    ball.shape = SphereShape{r};
    ball.mass = m;
    ball.X_WB.p = Vec3(0.0, 0.0, r + 0.5e-4 + 0.01);  // dropped from 1 cm
    const BodyId id = world.AddBody(ball).value();
    for (int k = 0; k < 300; ++k) REQUIRE(world.Step(kH).ok());
    // Each substep's impulse at rest is m g h / n; the contact reports the
    // step's, n of them.
    CHECK(GroundImpulse(world) == Approx(m * kG * kH).epsilon(1e-6));
    // The spring k = m omega^2 under m g (soft_contact_test.cc; the solver's
    // regularisation adds 1e-6 a2 of it, a2 = 1.4 at 60 Hz and h / 4).
    CHECK(r + 0.5e-4 - world.pose(id).p.z() == Approx(kG / (omega * omega)).epsilon(1e-5));
    // The relaxing sweep leaves the regularisation's creep, n . v = -r z_n
    // (r = 1e-6 / m here, z_n = m g h / n): ~1e-7 m/s, which the substeps'
    // move cancels in the pose (the depth above holds to 1e-5).
    CHECK(world.linear_velocity(id).norm() < 1e-6);
  }
}

TEST_CASE("Substeps: five boxes stacked rest at one sweep a substep and the floor carries 5 m g",
          "[solvers][pgs][substeps]") {
  World world(Substeps(4));
  REQUIRE(world.AddBody(GroundPlane()).ok());
  std::vector<BodyId> ids;
  for (int i = 0; i < 5; ++i)
    ids.push_back(world.AddBody(UnitCube(Vec3(0, 0, kHalf + 5e-5 + i * (2 * kHalf + 5e-5)))).value());
  for (int k = 0; k < 300; ++k) REQUIRE(world.Step(kH).ok());
  std::vector<Vec3> start;
  for (BodyId id : ids) start.push_back(world.pose(id).p);
  for (int k = 0; k < 700; ++k) REQUIRE(world.Step(kH).ok());  // 7 s more
  for (std::size_t i = 0; i < ids.size(); ++i) {
    INFO("box " << i << " moved " << (world.pose(ids[i]).p - start[i]).norm() << " m");
    CHECK((world.pose(ids[i]).p - start[i]).norm() < 1e-5);
    CHECK(world.linear_velocity(ids[i]).norm() < 1e-6);
  }
  CHECK(world.stats().pgs_sweeps == 8);                              // 4 x (1 + 1 relaxing)
  CHECK(GroundImpulse(world) / kH == Approx(5 * kG).epsilon(1e-4));  // 5 kg
  // The column is a chain of soft contacts at 60 Hz: each of its 20 corner
  // contacts carries a quarter of what is above it, so the top box sits
  // somewhat more than (1 + 2 + 3 + 4 + 5) g / omega^2 = 1.0 mm below its
  // rigid rest (a corner row's effective mass is below m / 4 when the box
  // may tip), and well above a collapsed stack.
  const double top_rigid = kHalf + 5e-5 + 4 * (2 * kHalf + 5e-5);
  const double omega = 2.0 * std::numbers::pi * 60.0;
  const double drop = top_rigid - world.pose(ids[4]).p.z();
  INFO("the top box is " << drop << " m below its rigid rest");
  CHECK(drop > 15.0 * kG / (omega * omega));
  CHECK(drop < 30.0 * kG / (omega * omega));
}

TEST_CASE("Substeps: a block launched at v0 slides as its substeps integrate mu_k g, about v0^2 / (2 mu_k g)",
          "[solvers][pgs][substeps]") {
  // The scheme's own answer: the step's first position update moves the
  // block h v0 before any contact is solved (the World integrates positions
  // at a step's start, so the first interval has no friction, with or
  // without substeps); from then on each substep takes v -= mu_k g h_k and
  // x += h_k v, to rest. That is d + h v0 - h_k v0 / 2 + O(h_k^2), with
  // d = v0^2 / (2 mu_k g) = 12.7 cm the continuous slide (h v0 = 1 cm here;
  // at h = 2.5 ms without substeps the paper's step gives d + h v0 / 2).
  const double v0 = 1.0, hk = kH / 4.0;
  double x = kH * v0;
  for (double v = v0; v > 0.0;) {
    v = std::max(0.0, v - kMuK * kG * hk);
    x += hk * v;
  }
  const double d = x;
  CHECK(d == Approx(v0 * v0 / (2.0 * kMuK * kG) + kH * v0 - 0.5 * hk * v0).margin(1e-4));
  for (const double deg : {0.0, 30.0, 135.0}) {
    INFO("direction " << deg << " degrees");
    const double a = deg * std::numbers::pi / 180.0;
    World world(Substeps(4));
    REQUIRE(world.AddBody(GroundPlane()).ok());
    const BodyId id = world.AddBody(UnitCube(Vec3(0, 0, kHalf + 5e-5), v0 * Vec3(std::cos(a), std::sin(a), 0))).value();
    for (int k = 0; k < 100; ++k) REQUIRE(world.Step(kH).ok());
    const Vec3 p = world.pose(id).p;
    // Measured 6e-6 of the scheme's answer: what the block's first steps
    // onto its soft corners (60 Hz, critically damped) change.
    CHECK(p.head<2>().norm() == Approx(d).epsilon(1e-4));
    // One sweep a substep leaves the four corners' friction a little
    // uneven (the sweep's order): the path yaws by ~0.2 mrad, where 200
    // sweeps to 1e-7 keep it straight to 1e-6 (pgs_cone_solver_test.cc).
    CHECK(std::abs(std::atan2(p.y(), p.x()) - std::atan2(std::sin(a), std::cos(a))) < 1e-3);
    CHECK(world.linear_velocity(id).norm() < 1e-6);
  }
}

TEST_CASE("Substeps: a frictionless ball slides down as n semi-implicit Euler substeps of g sin(theta) a step",
          "[solvers][pgs][substeps]") {
  // Gravity tilted by theta along x over a frictionless floor: the ball
  // rests on its contact (so its island is solved, in substeps) and slides
  // at a = g sin(theta) with no contact force along x. Each step spreads
  // h a over its n substeps, v_k = V + k h_k a, and moves the ball by
  // dx = sum_k h_k v_k = h V + a h^2 (n + 1) / (2 n); the World's pose after
  // step L, which the next step's position update moves by h V_L, is
  // x_L = x_0 + sum_l dx_l - h V_L = a h^2 (L (L - 1) / 2 - L (n - 1) / (2 n)),
  // and V_L = L h a. n = 1 is the paper's step, a h^2 L (L - 1) / 2.
  const double theta = 0.2, a = kG * std::sin(theta);
  const int steps = 50;
  for (const int n : {1, 2, 4, 8}) {
    INFO(n << " substeps");
    WorldSettings s = Substeps(n);
    s.gravity = Vec3(a, 0.0, -kG * std::cos(theta));
    World world(s);
    REQUIRE(world.SetMaterialFriction(0, 0.0, 0.0).ok());
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef ball;
    ball.name = "ball";
    ball.shape = SphereShape{0.05};
    ball.mass = 0.5;
    ball.X_WB.p = Vec3(0.0, 0.0, 0.05 + 0.5e-4);
    const BodyId id = world.AddBody(ball).value();
    for (int k = 0; k < steps; ++k) REQUIRE(world.Step(kH).ok());
    REQUIRE(world.contacts().size() == 1);
    CHECK(world.contacts()[0].normal_impulse > 0.0);
    const double L = steps;
    CHECK(world.linear_velocity(id).x() == Approx(L * kH * a).epsilon(1e-12));
    CHECK(world.pose(id).p.x() == Approx(a * kH * kH * (L * (L - 1) / 2 - L * (n - 1) / (2.0 * n))).epsilon(1e-12));
  }
}

TEST_CASE("Substeps in parallel: a pile steps to the same bits on one, two and three threads, and the bin carries it",
          "[solvers][pgs][substeps][threads]") {
  // 300 bodies of issue 19's pile (tests/bench/pile_scene.h) in 4 substeps
  // of one sweep, soft contacts: once they land, one island of ~1,400
  // contacts, above pgs_cone_solver.cc's kParallelContacts (512), so on more
  // than one thread its sweeps run in the partition's stages
  // (solvers/contact_partition.h) on the World's workers. The groups of a
  // stage share no body, so the bits cannot depend on the workers.
  const PileContact contact{0.005, 1e-4, 0.0, 60.0, 1.0, 4};
  std::array<World, 3> worlds = {Pile(300, true, 2, 1, 1e-7, contact), Pile(300, true, 2, 1, 1e-7, contact),
                                 Pile(300, true, 2, 1, 1e-7, contact)};
  for (int t = 0; t < 3; ++t) worlds[t].SetThreads(t + 1);
  int first_difference = -1;
  std::size_t most_contacts = 0;
  for (int k = 0; k < 300 && first_difference < 0; ++k) {
    for (World& w : worlds) REQUIRE(w.Step(kH).ok());
    most_contacts = std::max(most_contacts, worlds[0].contacts().size());
    for (int t = 1; t < 3; ++t) {
      if (worlds[t].StateHash() != worlds[0].StateHash()) first_difference = k;
    }
  }
  INFO("first step that differs: " << first_difference << "; most contacts " << most_contacts);
  CHECK(first_difference == -1);
  CHECK(most_contacts >= 2 * 512);
  // After 3 s the pile rests: what the bin's floor and walls push up on it
  // over a step (normal and friction impulses, vertical) is its weight
  // times h, to 1 % (0.1 % when measured; its remaining jitter).
  const World& w = worlds[1];
  double weight = 0.0, up = 0.0;
  for (BodyId b = 0; b < w.body_count(); ++b) {
    if (!w.body_def(b).is_static) weight += w.body_def(b).mass * kG;
  }
  for (const Contact& c : w.contacts()) {
    const bool a_static = w.body_def(c.body_a).is_static, b_static = w.body_def(c.body_b).is_static;
    if (a_static == b_static) continue;
    // The impulse acts on body a along +n: on the dynamic body it is +(it)
    // when that body is a, -(it) when it is b.
    const double z = c.normal_impulse * c.n_W.z() + c.friction_impulse.z();
    up += b_static ? z : -z;
  }
  INFO("the bin pushes " << up / kH << " N up on a pile of " << weight << " N");
  CHECK(up / kH == Approx(weight).epsilon(0.01));
}
