// The viewer's per-frame arrays (io/frame_arrays.h) state physics: contact
// forces balance gravity, a sliding contact's friction is mu_k times its
// normal force within the pyramid's anisotropy and opposes the slip, and
// the sticking/sliding flag follows eq. 13's slip threshold.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/io/frame_arrays.h"
#include "core/solvers/friction_directions.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kH = 0.0025, kHalf = 0.05;

BodyId AddCube(World* world, const Vec3& v) {
  BodyDef b;
  b.name = "cube";
  b.shape = BoxShape{Vec3::Constant(kHalf)};
  b.mass = 1.0;
  b.X_WB.p = Vec3(0, 0, kHalf + 5e-5);
  b.v_WB = v;
  return world->AddBody(b).value();
}

struct Sums {
  double normal = 0.0;
  Vec3 friction = Vec3::Zero();
  int sliding = 0, count = 0;
};

Sums SumContacts(const World& world) {
  std::vector<double> a;
  WriteContactArray(world, &a);
  REQUIRE(a.size() == world.contacts().size() * kContactStride);
  Sums s;
  for (std::size_t i = 0; i < a.size(); i += kContactStride) {
    const double* r = &a[i];
    const Vec3 n(r[3], r[4], r[5]), t1(r[15], r[16], r[17]), ft(r[7], r[8], r[9]);
    CHECK(std::abs(n.norm() - 1.0) < 1e-12);
    CHECK(std::abs(t1.norm() - 1.0) < 1e-12);
    CHECK(std::abs(t1.dot(n)) < 1e-12);
    CHECK(std::abs(ft.dot(n)) < 1e-9);
    CHECK(r[6] >= 0.0);
    s.normal += r[6];
    s.friction += ft;
    s.sliding += r[14] == 1.0;
    ++s.count;
  }
  return s;
}

}  // namespace

TEST_CASE("A resting cube's contact forces sum to m g and every contact sticks", "[frame_arrays]") {
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  AddCube(&world, Vec3::Zero());
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());
  const Sums s = SumContacts(world);
  CHECK(s.count == 4);
  CHECK(s.normal == Approx(kG).epsilon(1e-6));
  CHECK(s.friction.norm() < 1e-6);
  CHECK(s.sliding == 0);
}

namespace {

// The contact array of a cube resting on a plane whose gravity is tilted by
// `deg` towards +x, after `steps` steps.
std::vector<double> TiltedCube(double deg, int steps) {
  World world;  // default material: mu_s 0.5, mu_k 0.4
  REQUIRE(world.AddBody(GroundPlane()).ok());
  AddCube(&world, Vec3::Zero());
  const double t = deg * 3.14159265358979323846 / 180.0;
  REQUIRE(world.SetGravity(Vec3(kG * std::sin(t), 0, -kG * std::cos(t))).ok());
  for (int k = 0; k < steps; ++k) REQUIRE(world.Step(kH).ok());
  std::vector<double> a;
  WriteContactArray(world, &a);
  return a;
}

}  // namespace

TEST_CASE("The LCP's support per contact: the edge up the slope while sticking, the slip speed too while sliding",
          "[frame_arrays]") {
  // u = 8 edges, d_k at 2 pi k/8 from t1. Gravity pulls the cube down +x, so
  // friction points up the slope, -x: the edge k with d_k = -x is basic, and
  // lambda (bit u + 1) is not while the cube sticks (tan 20 deg < mu_s).
  // Its two neighbours at 45 degrees may be basic too, in equal shares: with
  // the regularisation eps on the LCP's diagonal, the edge rows read
  // d_k . v = -eps beta_k, so a force on the -x edge alone leaves a slip
  // eps beta_0 along +x, against which the neighbours' w_k = d_k . v is
  // slightly negative; the exact solution of the regularised LCP splits the
  // force over the three edges. Lemke from z = 0 stops at the single edge
  // within its tolerance, Lemke from the last basis (the warm start's
  // repair) at the exact split. Either way the resultant points up the slope.
  const std::vector<double> stick = TiltedCube(20, 100);
  REQUIRE(stick.size() == 4 * kContactStride);
  for (std::size_t i = 0; i < stick.size(); i += kContactStride) {
    const double* r = &stick[i];
    const auto bits = static_cast<std::uint32_t>(r[19]);
    CHECK((bits & 1u) == 1u);  // the normal impulse is positive
    const Vec3 n(r[3], r[4], r[5]), t1(r[15], r[16], r[17]);
    std::vector<Vec3> d;
    FrictionDirections(n, 8, &d);
    int up = -1;
    for (int k = 0; k < 8; ++k) {
      if (d[k].dot(-Vec3::UnitX()) > 1.0 - 1e-9) up = k;
    }
    REQUIRE(up >= 0);
    CHECK((bits & (1u << (1 + up))) != 0u);  // the edge up the slope
    const auto basic = [&](int k) { return (bits & (1u << (1 + ((k % 8) + 8) % 8))) != 0u; };
    CHECK(basic(up + 1) == basic(up - 1));  // the neighbours together or not at all
    for (int k = 2; k <= 6; ++k) CHECK_FALSE(basic(up + k));  // nothing beyond 45 degrees
    const Vec3 f(r[7], r[8], r[9]);
    CHECK(f.dot(-Vec3::UnitX()) == Approx(f.norm()).epsilon(1e-9));  // the resultant: up the slope
    // Complementarity (eq. 21): lambda > 0 only where the weights reach the
    // pyramid's bound, sum beta_k = mu f_n: on one edge |f_t| = mu f_n, and
    // with the two neighbours sharing it |f_t| lies between mu f_n cos 45 deg
    // and mu f_n (edges 45 degrees apart partly cancel). The four contacts
    // share the load statically indeterminately and the solution may put
    // some at the bound with a slip speed far below the threshold: they
    // still count as sticking.
    const Vec3 ft(r[7], r[8], r[9]);
    const bool on_edge = std::abs(ft.norm() - r[10] * r[6]) <= 1e-9 * r[6];
    INFO("contact " << i / kContactStride << ": f_t " << ft.norm() << " N, mu f_n " << r[10] * r[6] << " N, slip "
                    << r[13] << " m/s, bits " << bits);
    const bool shared = basic(up + 1);
    if ((bits & (1u << 9)) && !shared) CHECK(on_edge);
    if ((bits & (1u << 9)) && shared) {
      CHECK(ft.norm() <= r[10] * r[6] * (1 + 1e-9));
      CHECK(ft.norm() >= r[10] * r[6] * std::sqrt(0.5) * (1 - 1e-9));  // cos 45 deg
    }
    CHECK(r[14] == 0.0);             // sticking by eq. 13's slip threshold
    CHECK(std::abs(r[18]) < 2e-4);   // resting: the gap within the contact threshold
  }
  // At 35 deg (tan 35 = 0.70 > mu_s) the cube slides: the same edge, and lambda basic.
  const std::vector<double> slide = TiltedCube(35, 100);
  REQUIRE(!slide.empty());
  for (std::size_t i = 0; i < slide.size(); i += kContactStride) {
    const double* r = &slide[i];
    const auto bits = static_cast<std::uint32_t>(r[19]);
    CHECK((bits & (1u << 9)) != 0u);
    CHECK(r[14] == 1.0);
    CHECK(r[10] == 0.4);  // mu_k while sliding (eq. 13)
    CHECK(Vec3(r[7], r[8], r[9]).norm() == Approx(r[10] * r[6]).epsilon(1e-9));  // on the edge
  }
}

TEST_CASE("A sliding cube's friction force is mu_k f_n within the pyramid, against the slip", "[frame_arrays]") {
  World world;  // default material: mu_s 0.5, mu_k 0.4
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = AddCube(&world, Vec3(1.5, 0.5, 0.0));
  for (int k = 0; k < 20; ++k) REQUIRE(world.Step(kH).ok());  // 50 ms: still sliding
  const Sums s = SumContacts(world);
  CHECK(s.sliding == s.count);
  CHECK(s.normal == Approx(kG).epsilon(1e-6));
  const double mu_k = 0.4, lo = mu_k * FrictionConeInscribedRatio(8);
  CHECK(s.friction.norm() >= lo * s.normal * (1 - 1e-9));
  CHECK(s.friction.norm() <= mu_k * s.normal * (1 + 1e-9));
  const Vec3 v = world.linear_velocity(id);
  // Maximal dissipation over the pyramid picks a vertex within pi/u of -v.
  CHECK(s.friction.dot(v) / (s.friction.norm() * v.norm()) <= -std::cos(3.14159265358979323846 / 8) + 1e-9);
}

TEST_CASE("The joint array gives the hinge's anchor, axis, coordinate and limits in the world", "[frame_arrays]") {
  World world;
  const BodyId ground = world.AddBody(GroundPlane(-1.0)).value();
  BodyDef b;
  b.name = "bob";
  b.shape = SphereShape{0.02};
  b.X_WB.p = Vec3(0.3, 0, 1);
  const BodyId bob = world.AddBody(b).value();
  JointDef j;
  j.name = "hinge";
  j.parent = ground;
  j.child = bob;
  j.anchor_W = Vec3(0, 0, 1);
  j.axis_W = Vec3::UnitY();
  j.has_limits = true;
  j.lower = -0.5;
  j.upper = 2.0;
  REQUIRE(world.AddJoint(j).ok());
  for (int k = 0; k < 100; ++k) REQUIRE(world.Step(kH).ok());
  std::vector<double> a;
  WriteJointArray(world, &a);
  REQUIRE(a.size() == kJointStride);
  CHECK(a[0] == 0.0);
  CHECK(a[1] == ground);
  CHECK(a[2] == bob);
  CHECK((Vec3(a[3], a[4], a[5]) - Vec3(0, 0, 1)).norm() < 1e-12);
  CHECK((Vec3(a[6], a[7], a[8]) - Vec3::UnitY()).norm() < 1e-12);
  // The bob has swung down by q about +y: its position is R_y(q) (0.3, 0, 0).
  const double q = a[9];
  CHECK(q > 0.1);
  const Vec3 r = world.pose(bob).p - Vec3(0, 0, 1);
  CHECK(std::abs(std::atan2(-r.z(), r.x()) - q) < 1e-3);
  CHECK(a[10] == 1.0);
  CHECK(a[11] == -0.5);
  CHECK(a[12] == 2.0);
}

TEST_CASE("The stats array carries the step's counters", "[frame_arrays]") {
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  AddCube(&world, Vec3::Zero());
  REQUIRE(world.Step(kH).ok());
  std::vector<double> a;
  WriteStatsArray(world, &a);
  REQUIRE(a.size() == kStatsSize);
  auto slot = [&](StatsSlot k) { return a[kStatsCounters + static_cast<int>(k)]; };
  CHECK(slot(StatsSlot::kContacts) == 4.0);
  CHECK(slot(StatsSlot::kLcpSize) == 4.0 * (1 + 8 + 1));  // LCP: per contact normal + 8 directions + beta
  CHECK(slot(StatsSlot::kStepLength) == kH);
  CHECK(slot(StatsSlot::kFrictionDirections) == 8.0);
  // The first step has no support to start from: one island, a miss, which
  // the block pivots repair from the empty support (no Lemke pivot).
  CHECK(slot(StatsSlot::kLcpIslands) == 1.0);
  CHECK(slot(StatsSlot::kLcpWarmIslands) == 0.0);
  CHECK(slot(StatsSlot::kWarmMissesTotal) == 1.0);
  CHECK(slot(StatsSlot::kWarmRepairedTotal) == 1.0);
  CHECK(slot(StatsSlot::kPivotsPerStep) == static_cast<double>(world.stats().lemke_pivots_total));
  // A resting cube keeps its support: the next 9 steps are warm, so the
  // misses stay at 1.
  for (int k = 0; k < 9; ++k) REQUIRE(world.Step(kH).ok());
  WriteStatsArray(world, &a);
  CHECK(slot(StatsSlot::kLcpWarmIslands) == 1.0);
  CHECK(slot(StatsSlot::kWarmMissesTotal) == 1.0);
  CHECK(slot(StatsSlot::kPivotsPerStep) == Approx(world.stats().lemke_pivots_total / 10.0));
  {
    // Without the warm start every step is Lemke from z = 0 (the paper's
    // method): 10 cold solves, pivots every step, and their mean per step.
    WorldSettings cold_settings;
    cold_settings.warm_start = false;
    World cold(cold_settings);
    REQUIRE(cold.AddBody(GroundPlane()).ok());
    AddCube(&cold, Vec3::Zero());
    for (int k = 0; k < 10; ++k) REQUIRE(cold.Step(kH).ok());
    std::vector<double> b;
    WriteStatsArray(cold, &b);
    const double per_step = b[kStatsCounters + static_cast<int>(StatsSlot::kPivotsPerStep)];
    CHECK(per_step > 0.0);
    CHECK(per_step == Approx(cold.stats().lemke_pivots_total / 10.0));
  }
  // Every stage but the contact-time search (errorCorrection mode), the
  // sensors and the pads (this world has neither) ran and was timed.
  for (int k = 0; k < kStageCount; ++k) {
    const Stage stage = static_cast<Stage>(k);
    if (stage == Stage::kContactTime || stage == Stage::kSensors || stage == Stage::kPads) CHECK(a[k] == 0.0);
    else CHECK(a[k] > 0.0);
  }
}
