// The penalty contact model (Zechmair & Morel; solvers/penalty_contact.h,
// world_penalty.cc) against answers it must give: the static depth m g / g1,
// conservation of momentum in a collision, the creep speed its tanh
// friction predicts on an incline, Coulomb's sliding on a steeper one, and
// eq. 5's impact gain.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/geometry/triangle_mesh.h"
#include "tests/core/bundled_scene.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kH = 0.0025, kHalf = 0.025, kMass = 0.2;

WorldSettings Penalty(const Vec3& gravity = Vec3(0, 0, -kG)) {
  WorldSettings s;
  s.gravity = gravity;
  s.contact_solver = ContactSolver::kPenalty;
  return s;
}

BodyDef Cube(const Vec3& p, const Vec3& v = Vec3::Zero(), const Quat& q = Quat::Identity()) {
  BodyDef b;
  b.name = "cube";
  b.shape = BoxShape{Vec3::Constant(kHalf)};
  b.mass = kMass;
  b.X_WB.p = p;
  b.X_WB.q = q;
  b.v_WB = v;
  return b;
}

}  // namespace

TEST_CASE("Penalty: a resting cube sinks to the depth m g / g1 and the floor carries its weight", "[penalty]") {
  World world(Penalty());
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = world.AddBody(Cube(Vec3(0, 0, kHalf + 1e-4))).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s: 15 damping time constants g2/g1
  const double depth = kHalf - world.pose(id).p.z();
  const double expected = kMass * kG / world.settings().penalty.stiffness;  // 26.5 um
  CHECK(depth == Approx(expected).epsilon(1e-3));
  REQUIRE(world.contacts().size() == 1);
  const Contact& c = world.contacts()[0];
  CHECK(c.normal_impulse / kH == Approx(kMass * kG).epsilon(1e-3));
  CHECK(c.n_W.z() == Approx(1.0).epsilon(1e-12));
  CHECK(world.angular_velocity(id).norm() < 1e-9);
  CHECK(world.stats().penalty_forced == 0);
}

TEST_CASE("Penalty: a glancing collision of two free cubes conserves linear and angular momentum", "[penalty]") {
  World world(Penalty(Vec3::Zero()));
  const Quat tilt(Eigen::AngleAxisd(0.3, Vec3(1, 2, 0.5).normalized()));
  const BodyId a = world.AddBody(Cube(Vec3(-0.06, 0.012, 0.004), Vec3(0.2, 0, 0), tilt)).value();
  const BodyId b = world.AddBody(Cube(Vec3(0.0, 0.0, 0.0))).value();
  auto momentum = [&] { return Vec3(kMass * (world.linear_velocity(a) + world.linear_velocity(b))); };
  auto angular = [&] {
    Vec3 L = Vec3::Zero();
    for (BodyId i : {a, b}) L += kMass * world.pose(i).p.cross(world.linear_velocity(i)) + world.InertiaWorld(i) * world.angular_velocity(i);
    return L;
  };
  const Vec3 p0 = momentum(), L0 = angular();
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());
  REQUIRE(world.linear_velocity(b).norm() > 0.01);  // they met (within one step: the damping is heavy)
  CHECK(world.angular_velocity(b).norm() > 0.1);  // it was a glancing blow
  CHECK((momentum() - p0).norm() < 1e-12 * p0.norm());
  INFO("angular momentum " << L0.transpose() << " -> " << angular().transpose());
  // Exact in the equations (equal and opposite forces at one point c); the
  // integrator's error control (rtol 1e-4) bounds the drift.
  CHECK((angular() - L0).norm() < 1e-6 * L0.norm());
}

TEST_CASE("Penalty: on an incline steeper than its static friction allows nothing, tanh friction creeps at the speed eq. 8 predicts",
          "[penalty]") {
  // tan(0.3) = 0.31 < mu = 0.4: Coulomb friction would hold the block; eq. 8
  // balances m g sin(theta) = mu m g cos(theta) tanh(gamma v) + beta v instead.
  const double theta = 0.3;
  World world(Penalty(Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta))));
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = world.AddBody(Cube(Vec3(0, 0, kHalf))).value();
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());
  const PenaltySettings& ps = world.settings().penalty;
  const double mu = 0.4;  // the default material's kinetic friction
  double lo = 0.0, hi = 1.0;  // bisection on the balance
  for (int i = 0; i < 100; ++i) {
    const double v = 0.5 * (lo + hi);
    const double f = mu * kMass * kG * std::cos(theta) * std::tanh(ps.friction_slope * v) + ps.viscous_friction * v;
    (f < kMass * kG * std::sin(theta) ? lo : hi) = v;
  }
  INFO("expected creep " << lo << " m/s");
  CHECK(world.linear_velocity(id).x() == Approx(lo).epsilon(0.01));
  CHECK(std::abs(world.linear_velocity(id).y()) < 1e-6);
}

TEST_CASE("Penalty: on a 35 degree plane the block slides at Coulomb's g (sin(theta) - mu_k cos(theta)) within 1 %",
          "[penalty]") {
  // 2.41 m/s^2 with mu_k = 0.4. Under the paper's numbers read in cm
  // (gamma = 100 s/m, beta = 20 N s/m) the viscous term decided instead: a
  // terminal speed of m a / beta = 0.024 m/s for this 0.2 kg cube.
  const double theta = 35.0 * 3.14159265358979323846 / 180.0, mu = 0.4;
  World world(Penalty(Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta))));
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const double settled_z = kHalf - kMass * kG * std::cos(theta) / world.settings().penalty.stiffness;
  const BodyId id = world.AddBody(Cube(Vec3(0, 0, settled_z))).value();
  for (int k = 0; k < 80; ++k) REQUIRE(world.Step(kH).ok());  // 0.2 s: past tanh's 1 mm/s knee
  const double v1 = world.linear_velocity(id).x(), t1 = world.time();
  for (int k = 0; k < 240; ++k) REQUIRE(world.Step(kH).ok());  // 0.6 s more
  const double accel = (world.linear_velocity(id).x() - v1) / (world.time() - t1);
  const double coulomb = kG * (std::sin(theta) - mu * std::cos(theta));
  INFO("acceleration " << accel << " m/s^2, Coulomb " << coulomb);
  CHECK(accel == Approx(coulomb).epsilon(0.01));
  CHECK(std::abs(world.linear_velocity(id).y()) < 1e-6);
  // The paper's numbers, for the record of why they are not the defaults.
  WorldSettings paper = Penalty(Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta)));
  paper.penalty.friction_slope = 100.0;
  paper.penalty.viscous_friction = 20.0;
  World viscous(paper);
  REQUIRE(viscous.AddBody(GroundPlane()).ok());
  const BodyId slow = viscous.AddBody(Cube(Vec3(0, 0, settled_z))).value();
  for (int k = 0; k < 320; ++k) REQUIRE(viscous.Step(kH).ok());
  CHECK(viscous.linear_velocity(slow).x() == Approx(kMass * coulomb / 20.0).epsilon(0.05));
}

TEST_CASE("Penalty: eq. 5's impact gain peaks g_t d_v after first contact at g_i (m_A + m_B) dv^2 / (sqrt(pi) d_t g1 d_t)",
          "[penalty]") {
  PenaltySettings s;
  const double dv = 0.1, m = 0.25;
  const double dv_time = s.target_depth / dv;
  const double peak = s.impact_gain * m * dv * dv / (std::sqrt(3.14159265358979323846) * s.target_depth) /
                      (s.stiffness * s.target_depth);
  CHECK(ImpactGain(s, s.impact_delay * dv_time, dv, m) == Approx(peak).epsilon(1e-14));
  CHECK(ImpactGain(s, (s.impact_delay + 1.0) * dv_time, dv, m) == Approx(peak * std::exp(-1.0)).epsilon(1e-14));
  CHECK(ImpactGain(s, 0.1, 0.0, m) == 0.0);
  CHECK(ImpactGain(s, 0.1, -0.2, m) == 0.0);
  // The reaction grows by (1 + delta_i) and never pulls.
  const PenaltyForce f = PenaltyContactForce(s, 1e-8, 1e-4, 0.0, Vec3::UnitZ(), Vec3::Zero(), 0.5, 2.0);
  CHECK(f.normal.z() == Approx(3.0 * s.stiffness * 1e-8 / 1e-4).epsilon(1e-14));
  const PenaltyForce pull = PenaltyContactForce(s, 1e-8, 1e-4, -1.0, Vec3::UnitZ(), Vec3::Zero(), 0.5, 0.0);
  CHECK(pull.normal.norm() == 0.0);
}

TEST_CASE("Penalty: a static triangle mesh is refused with a message naming the body", "[penalty]") {
  World world(Penalty());
  BodyDef mesh;
  mesh.name = "terrain";
  mesh.is_static = true;
  mesh.shape = MeshShape{TriangleMesh::Create({{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}, {{{0, 1, 2}}}, "mesh").value()};
  REQUIRE(world.AddBody(mesh).ok());
  REQUIRE(world.AddBody(Cube(Vec3(0, 0, 0.1))).ok());
  const Status s = world.Step(kH);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("terrain") != std::string::npos);
  CHECK(s.message().find("convex") != std::string::npos);
  CHECK(world.time() == 0.0);  // nothing advanced
  ContactSolver solver;
  CHECK(ParseContactSolver("springs", &solver).message().find("penalty") != std::string::npos);
}

TEST_CASE("Penalty: a stack of three cubes settles with contact depths 3 m g, 2 m g and m g over g1", "[penalty]") {
  World world(Penalty());
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyId ids[3];
  for (int i = 0; i < 3; ++i) ids[i] = world.AddBody(Cube(Vec3(0, 0, kHalf + 2 * kHalf * i + 1e-5 * (i + 1)))).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());
  const double unit = kMass * kG / world.settings().penalty.stiffness;  // 26.5 um
  double floor_depth = kHalf - world.pose(ids[0]).p.z();
  double depth_01 = 2 * kHalf - (world.pose(ids[1]).p.z() - world.pose(ids[0]).p.z());
  double depth_12 = 2 * kHalf - (world.pose(ids[2]).p.z() - world.pose(ids[1]).p.z());
  CHECK(floor_depth == Approx(3 * unit).epsilon(2e-3));
  CHECK(depth_01 == Approx(2 * unit).epsilon(2e-3));
  CHECK(depth_12 == Approx(unit).epsilon(2e-3));
  for (BodyId id : ids) {
    CHECK(world.angular_velocity(id).norm() < 1e-9);
    CHECK(std::abs(world.pose(id).p.x()) < 1e-9);  // no sideways push from the coincident side faces
  }
}

TEST_CASE("Penalty: a block sliding on the floor stops where eq. 8's friction says", "[penalty]") {
  // v' = -mu g tanh(gamma v), from v0: the stopping distance by quadrature of
  // that one equation (fine RK4), against the full simulation, at the
  // defaults (beta = 0: the paper's beta = 20 N s/m is 10 times the weight
  // at 1 m/s and tips a sliding cube over its front edge).
  const double v0 = 0.5, mu = 0.4;
  World world(Penalty());
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const double settled_z = kHalf - kMass * kG / world.settings().penalty.stiffness;
  const BodyId id = world.AddBody(Cube(Vec3(0, 0, settled_z), Vec3(v0, 0, 0))).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s
  const PenaltySettings& ps = world.settings().penalty;
  auto accel = [&](double v) { return -mu * kG * std::tanh(ps.friction_slope * v) - ps.viscous_friction * v / kMass; };
  double x = 0.0, v = v0;
  const double dt = 1e-6;
  for (int i = 0; i < 1000000; ++i) {
    const double k1 = accel(v), k2 = accel(v + 0.5 * dt * k1), k3 = accel(v + 0.5 * dt * k2), k4 = accel(v + dt * k3);
    x += dt * (v + dt * (k1 + k2 + k3) / 6.0);
    v += dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6.0;
  }
  INFO("expected " << x << " m; Coulomb's v0^2 / (2 mu g) is " << v0 * v0 / (2 * mu * kG));
  CHECK(world.pose(id).p.x() == Approx(x).epsilon(0.01));
  CHECK(std::abs(world.pose(id).p.y()) < 1e-6);
}
