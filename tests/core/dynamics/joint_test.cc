// Joints, limits, coupling and joint friction against analytic answers
// (Miller & Christensen eqs. 7-9, 14, 16).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/math/det_math.h"
#include "tests/core/bundled_scene.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;
constexpr double kH = 0.0025;

BodyId AddGround(World* w) {
  return w->AddBody(GroundPlane(-10.0)).value();  // far below: joints only
}

// A pendulum bob of radius r at angle phi about +y from hanging straight
// down, rod length L, from anchor (0, 0, 2).
struct Pendulum {
  World world;
  BodyId ground, bob;
  JointId hinge;
};

Pose BobPose(double L, double phi) {
  return Pose{Vec3(0, 0, 2) + Quat(Eigen::AngleAxisd(phi, Vec3::UnitY())) * Vec3(0, 0, -L), Quat::Identity()};
}

void MakePendulum(Pendulum* p, double L, double phi0, const JointDef& extra = {}) {
  p->ground = AddGround(&p->world);
  BodyDef bob;
  bob.name = "bob";
  bob.shape = SphereShape{0.02};
  bob.mass = 1.0;
  bob.X_WB = BobPose(L, phi0);
  p->bob = p->world.AddBody(bob).value();
  JointDef j = extra;
  j.name = "hinge";
  j.type = JointType::kRevolute;
  j.parent = p->ground;
  j.child = p->bob;
  j.anchor_W = Vec3(0, 0, 2);
  j.axis_W = Vec3::UnitY();
  p->hinge = p->world.AddJoint(j).value();
}

}  // namespace

TEST_CASE("Pendulum: small-angle period within 1 % of 2 pi sqrt(L/g), joint drift under 0.1 mm", "[joint]") {
  const double L = 1.0, r = 0.02;
  Pendulum p;
  MakePendulum(&p, L, 0.05);
  // Zero crossings of the angle over 10 s.
  double prev = p.world.joint_position(p.hinge) + 0.05, first = -1, last = -1;
  int crossings = 0;
  double drift = 0.0;
  for (int k = 1; k <= 4000; ++k) {
    REQUIRE(p.world.Step(kH).ok());
    const double phi = p.world.joint_position(p.hinge) + 0.05;  // absolute angle
    if (prev < 0.0 && phi >= 0.0) {
      const double t = (k - 1 + (-prev) / (phi - prev)) * kH;
      if (first < 0) first = t;
      last = t;
      ++crossings;
    }
    prev = phi;
    drift = std::max(drift, std::abs((p.world.pose(p.bob).p - Vec3(0, 0, 2)).norm() - L));
  }
  REQUIRE(crossings >= 4);
  const double period = (last - first) / (crossings - 1);
  CHECK(period == Approx(2 * kPi * std::sqrt(L / kG)).epsilon(0.01));
  // Tighter: the compound pendulum, I = 2/5 m r^2 + m L^2.
  CHECK(period == Approx(2 * kPi * std::sqrt((0.4 * r * r + L * L) / (kG * L))).epsilon(0.003));
  CHECK(drift < 1e-4);
}

TEST_CASE("Hinge with a limit stops at the limit within 0.1 degree", "[joint][limit]") {
  // Created raised at phi = -1 (q = 0); gravity pulls q towards +1; the
  // upper limit 0.7 stops it at phi = -0.3.
  JointDef lim;
  lim.has_limits = true;
  lim.lower = -0.2;
  lim.upper = 0.7;
  Pendulum p;
  MakePendulum(&p, 0.5, -1.0, lim);
  const double tenth_degree = 0.1 * kPi / 180.0;
  double highest = -1e9;
  for (int k = 0; k < 1600; ++k) {
    REQUIRE(p.world.Step(kH).ok());
    highest = std::max(highest, p.world.joint_position(p.hinge));
  }
  CHECK(highest <= 0.7 + tenth_degree);
  CHECK(p.world.joint_position(p.hinge) == Approx(0.7).margin(tenth_degree));
  CHECK(std::abs(p.world.joint_velocity(p.hinge)) < 1e-6);
  // The limit carries gravity's moment: m g L sin(0.3) over a step.
  CHECK(p.world.joint_limit_impulse(p.hinge) == Approx(1.0 * kG * 0.5 * std::sin(0.3) * kH).epsilon(0.02));
}

TEST_CASE("Prismatic joint with a limit stops at the limit within 0.1 mm", "[joint][limit]") {
  World world;
  const BodyId ground = AddGround(&world);
  BodyDef carriage;
  carriage.name = "carriage";
  carriage.shape = BoxShape{Vec3(0.05, 0.05, 0.02)};
  carriage.mass = 0.5;
  carriage.X_WB.p = Vec3(0.3, 0.1, 1.0);
  const BodyId id = world.AddBody(carriage).value();
  JointDef j;
  j.name = "slide";
  j.type = JointType::kPrismatic;
  j.parent = ground;
  j.child = id;
  j.anchor_W = carriage.X_WB.p;
  j.axis_W = Vec3(0, 0, 1);
  j.has_limits = true;
  j.lower = -0.2;
  j.upper = 0.3;
  const JointId slide = world.AddJoint(j).value();
  double lowest = 1e9;
  for (int k = 0; k < 800; ++k) {
    REQUIRE(world.Step(kH).ok());
    lowest = std::min(lowest, world.joint_position(slide));
  }
  CHECK(lowest >= -0.2 - 1e-4);
  CHECK(world.joint_position(slide) == Approx(-0.2).margin(1e-4));
  CHECK(world.pose(id).p.head<2>().isApprox(Eigen::Vector2d(0.3, 0.1), 1e-9));
  CHECK(world.pose(id).q.isApprox(Quat::Identity(), 1e-9));
  CHECK(world.joint_limit_impulse(slide) == Approx(0.5 * kG * kH).epsilon(1e-6));
}

TEST_CASE("A fixed joint welds: a cantilever holds and a welded pair tumbles as one", "[joint]") {
  World world;
  const BodyId ground = AddGround(&world);
  BodyDef arm;
  arm.name = "arm";
  arm.shape = BoxShape{Vec3(0.2, 0.02, 0.02)};
  arm.mass = 1.0;
  arm.X_WB.p = Vec3(0.2, 0, 1.0);
  const BodyId a = world.AddBody(arm).value();
  JointDef weld;
  weld.type = JointType::kFixed;
  weld.parent = ground;
  weld.child = a;
  weld.anchor_W = Vec3(0, 0, 1.0);
  REQUIRE(world.AddJoint(weld).ok());
  // A free pair welded together, spinning.
  BodyDef b1 = arm, b2 = arm;
  b1.name = "b1";
  b1.X_WB.p = Vec3(0, 2, 3);
  b1.w_WB = Vec3(1, 2, 3);
  b2.name = "b2";
  b2.X_WB.p = Vec3(0.4, 2, 3);
  b2.w_WB = b1.w_WB;
  b2.v_WB = b1.w_WB.cross(b2.X_WB.p - b1.X_WB.p);
  const BodyId i1 = world.AddBody(b1).value(), i2 = world.AddBody(b2).value();
  JointDef w2 = weld;
  w2.parent = i1;
  w2.child = i2;
  w2.anchor_W = Vec3(0.2, 2, 3);
  REQUIRE(world.AddJoint(w2).ok());
  for (int k = 0; k < 800; ++k) REQUIRE(world.Step(kH).ok());
  CHECK((world.pose(a).p - Vec3(0.2, 0, 1.0)).norm() < 1e-3);  // sags less than 1 mm under gravity's moment
  const Pose& X1 = world.pose(i1);
  const Pose& X2 = world.pose(i2);
  CHECK((X1.ApplyInverse(X2.p) - Vec3(0.4, 0, 0)).norm() < 1e-4);
  CHECK(X1.q.angularDistance(X2.q) < 0.1 * kPi / 180.0);
}

TEST_CASE("A coupled joint follows its master at the coupling ratio", "[joint][coupling]") {
  WorldSettings s;
  s.gravity.setZero();
  World world(s);
  const BodyId ground = AddGround(&world);
  BodyDef link;
  link.shape = BoxShape{Vec3(0.05, 0.01, 0.01)};
  link.mass = 0.1;
  link.name = "proximal";
  link.X_WB.p = Vec3(0.05, 0, 0);
  const BodyId l1 = world.AddBody(link).value();
  link.name = "distal";
  link.X_WB.p = Vec3(0.15, 0, 0);
  const BodyId l2 = world.AddBody(link).value();
  JointDef j1;
  j1.parent = ground;
  j1.child = l1;
  j1.anchor_W = Vec3(0, 0, 0);
  j1.axis_W = Vec3::UnitZ();
  const JointId q1 = world.AddJoint(j1).value();
  JointDef j2 = j1;
  j2.parent = l1;
  j2.child = l2;
  j2.anchor_W = Vec3(0.1, 0, 0);
  j2.coupled_to = q1;
  j2.coupling_ratio = 0.5;
  const JointId q2 = world.AddJoint(j2).value();
  REQUIRE(world.SetJointEffort(q1, 0.01).ok());
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());
  CHECK(world.joint_position(q1) > 0.5);
  CHECK(world.joint_position(q2) == Approx(0.5 * world.joint_position(q1)).margin(1e-4));
  // The rates differ by eq. 16's correction of the remaining position error.
  CHECK(world.joint_velocity(q2) == Approx(0.5 * world.joint_velocity(q1)).margin(1e-4));
}

TEST_CASE("Joint friction (eq. 14): Coulomb holds below c, viscous decays the swing", "[joint][friction]") {
  // Gravity's moment on a bob at phi0 = 0.3, L = 0.5: m g L sin(0.3) = 1.449 N m.
  const double moment = kG * 0.5 * std::sin(0.3);
  JointDef held;
  held.coulomb_friction = 1.2 * moment;
  Pendulum p;
  MakePendulum(&p, 0.5, 0.3, held);
  for (int k = 0; k < 400; ++k) REQUIRE(p.world.Step(kH).ok());
  CHECK(std::abs(p.world.joint_position(p.hinge)) < 1e-6);

  JointDef slips;
  slips.coulomb_friction = 0.8 * moment;
  Pendulum q;
  MakePendulum(&q, 0.5, 0.3, slips);
  for (int k = 0; k < 100; ++k) REQUIRE(q.world.Step(kH).ok());
  CHECK(q.world.joint_position(q.hinge) < -0.01);  // swinging towards phi = 0 (q negative)

  // Viscous: the amplitude of each swing shrinks.
  JointDef viscous;
  viscous.viscous_friction = 0.05;
  Pendulum v;
  MakePendulum(&v, 0.5, 0.3, viscous);
  double peak1 = 0, peak2 = 0;
  for (int k = 0; k < 2400; ++k) {
    REQUIRE(v.world.Step(kH).ok());
    const double phi = std::abs(v.world.joint_position(v.hinge) + 0.3);
    (k < 1200 ? peak1 : peak2) = std::max(k < 1200 ? peak1 : peak2, k < 600 ? 0.0 : phi);
  }
  CHECK(peak2 < 0.9 * peak1);
}

TEST_CASE("Three motor-driven fingers squeeze a sphere for 10 s without blowing up", "[joint][grasp]") {
  // The closed-chain grasp of Zechmair & Morel's Figure 4, where their
  // constraint-based simulator failed at about 7.7 s. Three fingers hinged
  // on a static palm, 120 degrees apart, each pushed inwards by a constant
  // motor torque onto a 0.2 kg sphere held against gravity by friction.
  // The built-in scene "finger-squeeze" (core/scene/builtin_scenes.cc).
  Scene scene = BundledScene("finger-squeeze");
  World& world = scene.world;
  const BodyId ball_id = world.FindBody("ball"), palm_id = world.FindBody("palm");
  REQUIRE(ball_id >= 0);
  REQUIRE(palm_id >= 0);
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // close and settle: 1 s
  const Vec3 held = world.pose(ball_id).p;
  // Held by the fingers, not lying on the palm: within 1 cm of where it
  // started, and touching only fingers.
  CHECK((held - Vec3(0, 0, 0.1)).norm() < 0.01);
  auto touches_palm = [&] {
    for (const Contact& c : world.contacts()) {
      if ((c.body_a == ball_id && c.body_b == palm_id) || (c.body_b == ball_id && c.body_a == palm_id)) return true;
    }
    return false;
  };
  CHECK_FALSE(touches_palm());
  int finger_contacts = 0;
  for (const Contact& c : world.contacts()) finger_contacts += (c.body_a == ball_id || c.body_b == ball_id);
  CHECK(finger_contacts >= 3);
  auto normal_force = [&] {
    double f = 0.0;
    for (const Contact& c : world.contacts()) {
      if (c.body_a == ball_id || c.body_b == ball_id) f += c.normal_impulse / kH;
    }
    return f;
  };
  const double steady = normal_force();
  REQUIRE(steady > 1.0);
  double peak = 0.0, moved = 0.0;
  for (int k = 0; k < 3600; ++k) {  // 9 s more: 10 s in all
    REQUIRE(world.Step(kH).ok());
    peak = std::max(peak, normal_force());
    moved = std::max(moved, (world.pose(ball_id).p - held).norm());
  }
  CHECK(moved < 1e-3);
  CHECK_FALSE(touches_palm());
  CHECK(peak < 100.0 * steady);
  CHECK(std::isfinite(peak));
  CHECK(world.stats().nonfinite_events == 0);
  INFO("steady " << steady << " N, peak " << peak << " N, LCP failures " << world.stats().lcp_failures);
  CHECK(world.stats().lcp_failures == 0);
}

TEST_CASE("Contact-time search stops a hinge within 0.1 degree of its limit, never past it", "[joint][limit]") {
  // Driven by a motor, without gravity: at the limit the hinge turns about
  // 5 rad/s, 0.013 rad per step, so a full step would pass the 0.1 degree
  // threshold; the search shortens that step instead.
  JointDef lim;
  lim.has_limits = true;
  lim.lower = -0.2;
  lim.upper = 0.7;
  WorldSettings s;
  s.gravity.setZero();
  s.contact_time_mode = ContactTimeMode::kBisection;
  World world(s);
  // Rebuild the same pendulum in a world with the search on.
  const BodyId ground = AddGround(&world);
  BodyDef bob;
  bob.name = "bob";
  bob.shape = SphereShape{0.02};
  bob.mass = 1.0;
  bob.X_WB = BobPose(0.5, -1.0);
  const BodyId b = world.AddBody(bob).value();
  lim.parent = ground;
  lim.child = b;
  lim.anchor_W = Vec3(0, 0, 2);
  lim.axis_W = Vec3::UnitY();
  const JointId hinge = world.AddJoint(lim).value();
  REQUIRE(world.SetJointEffort(hinge, 5.0).ok());
  const double tenth_degree = 0.1 * kPi / 180.0;
  int shortened = 0;
  for (int k = 0; k < 1200; ++k) {
    REQUIRE(world.Step(kH).ok());
    shortened += world.stats().step_length < kH;
    CHECK(world.joint_position(hinge) <= 0.7 + 1e-9);
  }
  CHECK(shortened >= 1);
  CHECK(world.joint_position(hinge) == Approx(0.7).margin(tenth_degree));
}
