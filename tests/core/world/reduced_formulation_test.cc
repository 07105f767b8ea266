// The reduced formulation (world/articulated_trees.h, issue 18) against
// known answers: a pendulum's exact period and no joint drift, a double
// pendulum's bounded energy under the step's symplectic Euler, the handset
// grasp of Figure 3 and the parallel jaw's lift as in the maximal
// formulation, scenes without trees unchanged bit for bit, and the scene
// field validated.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/scene/scene_json.h"
#include "core/world/world.h"
#include "tests/core/bundled_scene.h"
#include "tests/core/pendulum_period.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;

// A chain of `links` spheres (radius r, mass m) hanging from (0, 0, 2) on
// revolute joints about y, each L below the last, the first turned by phi0.
struct Chain {
  World world;
  std::vector<BodyId> bobs;
  std::vector<JointId> hinges;
  std::vector<Vec3> anchors;  // at creation
};

void MakeChain(Chain* c, int links, double L, double r, double m, double phi0, Formulation f) {
  WorldSettings s;
  s.formulation = f;
  c->world = World(s);
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  ground.X_WB.p = Vec3(0, 0, -10);  // far below: joints only
  BodyId parent = c->world.AddBody(ground).value();
  Vec3 anchor(0, 0, 2);
  const Quat turn(Eigen::AngleAxisd(phi0, Vec3::UnitY()));
  for (int i = 0; i < links; ++i) {
    BodyDef bob;
    bob.name = "bob" + std::to_string(i);
    bob.shape = SphereShape{r};
    bob.mass = m;
    bob.X_WB.p = anchor + (i == 0 ? turn : Quat::Identity()) * Vec3(0, 0, -L);
    const BodyId b = c->world.AddBody(bob).value();
    JointDef j;
    j.name = "hinge" + std::to_string(i);
    j.parent = parent;
    j.child = b;
    j.anchor_W = anchor;
    j.axis_W = Vec3::UnitY();
    c->hinges.push_back(c->world.AddJoint(j).value());
    c->bobs.push_back(b);
    c->anchors.push_back(anchor);
    anchor = bob.X_WB.p;
    parent = b;
  }
}

}  // namespace

TEST_CASE("Reduced: a pendulum at 0.5 rad swings with the elliptic-integral period (0.1 %) and its joint never drifts",
          "[reduced]") {
  const double L = 0.5, r = 0.02, m = 1.0, phi0 = 0.5, h = 1e-3;
  Chain c;
  MakeChain(&c, 1, L, r, m, phi0, Formulation::kReduced);
  TurningPoints turns(h);
  double drift = 0.0;
  for (int k = 1; k <= 10000; ++k) {  // 10 s
    REQUIRE(c.world.Step(h).ok());
    turns.Add(c.world.joint_velocity(c.hinges[0]));
    drift = std::max(drift, std::abs((c.world.pose(c.bobs[0]).p - c.anchors[0]).norm() - L));
  }
  REQUIRE(turns.turns() >= 5);
  const double period = turns.period();
  const double I = m * L * L + 0.4 * m * r * r;  // about the pivot
  const double expected = 4.0 * std::sqrt(I / (m * kG * L)) * EllipticK(std::sin(phi0 / 2));
  CHECK(std::abs(period / expected - 1.0) < 1e-3);
  CHECK(drift < 1e-12);  // the joint holds by construction (maximal: eq. 16 corrects a drift)
  CHECK(c.world.trees().tree_count() == 1);
}

namespace {

// A double pendulum swung from 1.2 rad for 10 s at step h: the mean energy
// error (J) over the last 2 s minus over the first 2 s (the drift), the
// worst error, the largest elbow rate, and how far the elbow's anchor moved
// off the first bob.
struct EnergyRun {
  double drift = 0.0, worst = 0.0, moved = 0.0, joint_gap = 0.0;
};

EnergyRun RunDoublePendulum(double h, double L, double r, double m) {
  Chain c;
  MakeChain(&c, 2, L, r, m, 1.2, Formulation::kReduced);
  auto energy = [&]() {
    double E = 0.0;
    for (BodyId b : c.bobs) {
      const double Iw = 0.4 * m * r * r;
      E += 0.5 * m * c.world.linear_velocity(b).squaredNorm() + 0.5 * Iw * c.world.angular_velocity(b).squaredNorm();
      E += m * kG * c.world.pose(b).p.z();
    }
    return E;
  };
  const double E0 = energy();
  EnergyRun out;
  double first = 0.0, last = 0.0;
  const int n = static_cast<int>(10.0 / h + 0.5), window = n / 5;
  for (int k = 0; k < n; ++k) {
    REQUIRE(c.world.Step(h).ok());
    const double E = energy() - E0;
    out.worst = std::max(out.worst, std::abs(E));
    if (k < window) first += E / window;
    if (k >= n - window) last += E / window;
    out.moved = std::max(out.moved, std::abs(c.world.joint_velocity(c.hinges[1])));
    out.joint_gap = std::max(out.joint_gap, std::abs((c.world.pose(c.bobs[1]).p - c.world.pose(c.bobs[0]).p).norm() - L));
  }
  out.drift = last - first;
  return out;
}

}  // namespace

// The step is semi-implicit Euler in joint coordinates (q from qd^l, then qd
// from ABA at q^{l+1} with the velocity-product terms at qd^l), as MuJoCo's
// Euler integrator: first order, so a chaotic double pendulum loses energy
// in proportion to h. (The maximal formulation's Cartesian mass matrix is
// constant, and its projected symplectic Euler loses far less: 0.11 % of the
// swing over these 10 s at 1 ms; docs/benchmarks.md.)
TEST_CASE("Reduced: a double pendulum's energy drift is first order in h and small at 1 ms", "[reduced]") {
  const double L = 0.4, r = 0.02, m = 0.5;
  const double swing = m * kG * 2 * L;  // the scale of the energy exchanged, J
  const EnergyRun coarse = RunDoublePendulum(1e-3, L, r, m);
  const EnergyRun fine = RunDoublePendulum(5e-4, L, r, m);
  INFO("drift " << coarse.drift << " J at 1 ms, " << fine.drift << " J at 0.5 ms; worst " << coarse.worst << " J; swing " << swing << " J");
  CHECK(std::abs(coarse.drift) < 0.025 * swing);
  CHECK(std::abs(coarse.worst) < 0.03 * swing);
  const double order = std::abs(coarse.drift / fine.drift);
  CHECK(order > 1.4);  // halving h about halves the drift (2 in the limit)
  CHECK(order < 2.6);
  CHECK(coarse.moved > 1.0);           // it swung
  CHECK(coarse.joint_gap < 1e-12);     // and the elbow stayed on the first bob: no drift
}

TEST_CASE("Reduced: scenes without jointed trees step bit for bit as in the maximal formulation", "[reduced]") {
  for (const char* name : {"box-stacks", "newtons-cradle", "shapes"}) {
    INFO(name);
    Scene a = BundledScene(name), b = BundledScene(name);
    b.world.set_formulation(Formulation::kReduced);
    for (int k = 0; k < 200; ++k) {
      REQUIRE(StepScene(&a, a.timestep).ok());
      REQUIRE(StepScene(&b, b.timestep).ok());
    }
    CHECK(b.world.trees().tree_count() == 0);
    CHECK(a.world.StateHash() == b.world.StateHash());
  }
}

TEST_CASE("Reduced: the handset grasp of Figure 3 reaches force closure with the maximal formulation's epsilon (10 %)",
          "[reduced][figure3]") {
  double eps[2] = {0, 0};
  for (int f = 0; f < 2; ++f) {
    Scene s = BundledScene("barrett-handset");
    s.world.set_formulation(f == 0 ? Formulation::kMaximal : Formulation::kReduced);
    const BodyId handset = s.world.FindBody("handset");
    const double z0 = s.world.pose(handset).p.z();
    for (int k = 0; k < 1200; ++k) REQUIRE(StepScene(&s, s.timestep).ok());  // 3 s
    const GraspQuality q = EvaluateSceneGrasp(s);
    CHECK(q.force_closure);
    eps[f] = q.epsilon_l1;
    CHECK(s.world.pose(handset).p.z() > z0 + 0.01);
    CHECK(s.world.stats().lcp_failures == 0);
    CHECK(s.world.stats().nonfinite_events == 0);
    if (f == 1) CHECK(s.world.trees().tree_count() == 1);  // the arm and the hand on its wrist
  }
  CHECK(eps[0] == Approx(0.035).epsilon(0.1));
  CHECK(eps[1] == Approx(eps[0]).epsilon(0.1));
}

TEST_CASE("Reduced: the parallel jaw lifts and shakes its cube as in the maximal formulation", "[reduced]") {
  Vec3 end[2];
  for (int f = 0; f < 2; ++f) {
    Scene s = BundledScene("parallel-jaw-cube");
    s.world.set_formulation(f == 0 ? Formulation::kMaximal : Formulation::kReduced);
    const BodyId cube = s.grasp->object;
    const double z0 = s.world.pose(cube).p.z();
    for (int k = 0; k < 2000; ++k) REQUIRE(StepScene(&s, s.timestep).ok());  // 5 s: grasp, lift, shake
    end[f] = s.world.pose(cube).p;
    CHECK(end[f].z() > z0 + 0.05);  // lifted and still held
    CHECK(s.world.stats().nonfinite_events == 0);
  }
  CHECK((end[1] - end[0]).norm() < 1e-3);
}

TEST_CASE("Reduced: dynamics.formulation is checked; the penalty model runs robots in it", "[reduced][scene]") {
  const std::string head = R"({"format": "grasplab-scene", "version": 1, "bodies": [{"name": "b", "shape": {"type": "sphere", "radius": 0.1}, "mass": 1}], )";
  auto bad = LoadSceneJson(head + R"("dynamics": {"formulation": "featherstone"}})");
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.status().message(), Catch::Contains("dynamics.formulation") && Catch::Contains("reduced"));
  auto unknown = LoadSceneJson(head + R"("dynamics": {"formulaton": "reduced"}})");
  REQUIRE_FALSE(unknown.ok());
  CHECK_THAT(unknown.status().message(), Catch::Contains("formulaton"));
  auto free_penalty = LoadSceneJson(head + R"("dynamics": {"formulation": "reduced"}, "solver": {"type": "penalty"}})");
  REQUIRE(free_penalty.ok());
  REQUIRE(StepScene(&free_penalty.value(), 0.0025).ok());
  // A robot under the penalty model in the reduced formulation: its tree's
  // q and qd are the integrated state (world/penalty_model.h).
  Scene squeeze = BundledScene("finger-squeeze");
  squeeze.world.set_formulation(Formulation::kReduced);
  squeeze.world.set_contact_solver(ContactSolver::kPenalty);
  REQUIRE(squeeze.world.PrepareContactModel().ok());
  CHECK(squeeze.world.trees().tree_count() >= 1);
  REQUIRE(StepScene(&squeeze, squeeze.timestep).ok());
  auto good = LoadSceneJson(head + R"("dynamics": {"formulation": "reduced"}})");
  REQUIRE(good.ok());
  CHECK(good.value().world.formulation() == Formulation::kReduced);
}

// The penalty model integrates a tree's q and qd with Dormand-Prince 4(5):
// with no contact, qdd is ABA's (the joint-row solve over delta has no rows
// to change it), so the pendulum keeps the elliptic-integral period and,
// unlike the semi-implicit Euler of the velocity-level step, its energy, to
// the integrator's tolerance; the joint holds by construction.
TEST_CASE("Reduced, penalty model: a pendulum keeps its exact period (0.1 %) and its energy, and never drifts",
          "[reduced][penalty]") {
  const double L = 0.5, r = 0.02, m = 1.0, phi0 = 0.5, h = 2.5e-3;
  Chain c;
  MakeChain(&c, 1, L, r, m, phi0, Formulation::kReduced);
  c.world.set_contact_solver(ContactSolver::kPenalty);
  const double I = m * L * L + 0.4 * m * r * r;  // about the pivot
  auto energy = [&] {
    const double w = c.world.joint_velocity(c.hinges[0]);
    return 0.5 * I * w * w + m * kG * c.world.pose(c.bobs[0]).p.z();
  };
  const double E0 = energy(), swing = m * kG * L * (1.0 - std::cos(phi0));
  TurningPoints turns(h);
  double drift = 0.0, worst = 0.0;
  for (int k = 1; k <= 4000; ++k) {  // 10 s
    REQUIRE(c.world.Step(h).ok());
    turns.Add(c.world.joint_velocity(c.hinges[0]));
    drift = std::max(drift, std::abs((c.world.pose(c.bobs[0]).p - c.anchors[0]).norm() - L));
    worst = std::max(worst, std::abs(energy() - E0));
  }
  REQUIRE(turns.turns() >= 5);
  const double period = turns.period();
  const double expected = 4.0 * std::sqrt(I / (m * kG * L)) * EllipticK(std::sin(phi0 / 2));
  INFO("period " << period << " s, expected " << expected << "; energy error " << worst / swing << " of the swing");
  CHECK(std::abs(period / expected - 1.0) < 1e-3);
  CHECK(worst < 1e-9 * swing);  // measured 3.6e-12
  CHECK(drift < 1e-12);
  CHECK(c.world.stats().penalty_substeps_total > 0);
}

// The same robot, the same penalty contacts, in both formulations: the
// parallel jaw closes on its cube along the same path (the maximal one's
// joint rows hold to eq. 16's stabilisation, the reduced one's exactly).
// (finger-squeeze is no test here: its PD gains, tuned as implicit rows of
// the velocity-level step, are unstable under the penalty model's explicit
// joint forces in both formulations.)
TEST_CASE("Reduced, penalty model: the parallel jaw closes on its cube as in the maximal formulation",
          "[reduced][penalty]") {
  Vec3 end[2];
  std::vector<double> q_end[2];
  for (int f = 0; f < 2; ++f) {
    Scene s = BundledScene("parallel-jaw-cube");
    s.world.set_formulation(f == 0 ? Formulation::kMaximal : Formulation::kReduced);
    s.world.set_contact_solver(ContactSolver::kPenalty);
    REQUIRE(s.grasp.has_value());
    const double z0 = s.world.pose(s.grasp->object).p.z();
    for (int k = 0; k < 360; ++k) REQUIRE(StepScene(&s, s.timestep).ok());  // 0.9 s: the fingers reach the cube
    end[f] = s.world.pose(s.grasp->object).p;
    for (JointId j = 0; j < s.world.joint_count(); ++j) q_end[f].push_back(s.world.joint_position(j));
    CHECK(s.world.stats().nonfinite_events == 0);
    CHECK(s.world.contacts().size() >= 2);  // both fingers and the floor touch it
    CHECK(std::abs(end[f].z() - z0) < 1e-3);  // resting, not yet lifted
  }
  CHECK((end[1] - end[0]).norm() < 1e-4);
  for (std::size_t j = 0; j < q_end[0].size(); ++j) {
    INFO("joint " << j << ": " << q_end[0][j] << " / " << q_end[1][j]);
    CHECK(std::abs(q_end[1][j] - q_end[0][j]) < 1e-5);  // m or rad (measured 2e-7)
  }
}
