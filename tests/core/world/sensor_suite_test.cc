// Sensors (core/world/sensor_suite, force_torque_sensor, tactile_sensor):
// readings against known answers. Encoders equal the joint state exactly; a
// seeded noise has the declared moments; a rate of R Hz reads every 1/(R h)
// steps; the wrist force/torque sensor reads the hand's and the held
// object's weight at rest and a pendulum's rod tension while it swings;
// taxels sum to the contact normal force on their face; and sensors never
// change the trajectory.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/math/det_math.h"
#include "core/scene/scene_build.h"
#include "core/scene/scene_parse.h"
#include "core/world/tactile_sensor.h"

using namespace grasplab;

namespace {

const std::string kAssets = GRASPLAB_ASSETS_DIR;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The bundled parallel-jaw cube lift with `sensors` added (and other
// changes made by `edit`).
Scene JawScene(const nlohmann::json& sensors, Formulation formulation = Formulation::kMaximal) {
  nlohmann::json doc = nlohmann::json::parse(ReadFile(kAssets + "/scenes/parallel-jaw-cube.json"));
  if (sensors.is_null()) {
    doc.erase("sensors");
  } else {
    doc["sensors"] = sensors;
  }
  if (formulation == Formulation::kReduced) doc["dynamics"] = {{"formulation", "reduced"}};
  SceneLoadOptions options;
  options.asset_root = kAssets;
  auto spec = ParseSceneSpec(doc.dump(), options);
  REQUIRE(spec.ok());
  auto scene = BuildScene(std::make_shared<const SceneSpec>(std::move(spec).value()));
  REQUIRE(scene.ok());
  return std::move(scene).value();
}

void StepTo(Scene* s, double t) {
  while (s->world.time() < t - 1e-9) REQUIRE(StepScene(s, s->timestep).ok());
}

// The left jaw's inner face (the box 0.025 x 0.012 x 0.08 centred 4 cm
// below the link frame; the face at y = -6 mm, its normal -y: a quarter
// turn about x takes z to -y, and the face's y to the link's z).
const nlohmann::json kLeftPad = {{"type", "tactile"}, {"name", "left-pad"}, {"robot", "hand"}, {"link", "left_jaw"},
                                 {"position", {0, -0.006, -0.04}}, {"orientation", {0.7071067811865476, 0.7071067811865476, 0, 0}},
                                 {"size", {0.025, 0.08}}, {"rows", 8}, {"cols", 4}};
const nlohmann::json kRightPad = {{"type", "tactile"}, {"name", "right-pad"}, {"robot", "hand"}, {"link", "right_jaw"},
                                  {"position", {0, 0.006, -0.04}}, {"orientation", {0.7071067811865476, -0.7071067811865476, 0, 0}},
                                  {"size", {0.025, 0.08}}, {"rows", 8}, {"cols", 4}};

constexpr double kHandMass = 0.5;   // palm 0.4, jaws 0.05 each (assets/robots/parallel-jaw.urdf)
constexpr double kCubeMass = 0.2;

}  // namespace

TEST_CASE("Sensors only read: a scene steps to the same state hash with and without them", "[sensors]") {
  const nlohmann::json sensors = {{{"type", "joint"}, {"name", "enc"}, {"robot", "hand"}, {"noise", {{"position", 0.01}}}},
                                  {{"type", "force_torque"}, {"name", "wrist"}, {"robot", "hand"}, {"rate", 100}},
                                  kLeftPad};
  Scene with = JawScene(sensors), without = JawScene(nullptr);
  for (int k = 0; k < 1600; ++k) {
    REQUIRE(StepScene(&with, with.timestep).ok());
    REQUIRE(StepScene(&without, without.timestep).ok());
  }
  CHECK(with.world.StateHash() == without.world.StateHash());
  CHECK(with.world.sensor_count() == 3);
  CHECK(without.world.sensor_count() == 0);
  CHECK(with.world.stats().stage_seconds[static_cast<int>(Stage::kSensors)] >= 0.0);
}

TEST_CASE("Joint encoders equal the joint state exactly without noise", "[sensors]") {
  Scene s = JawScene({{{"type", "joint"}, {"name", "enc"}, {"robot", "hand"}}});
  const World& w = s.world;
  const Robot& r = s.robots[0].robot;
  REQUIRE(w.sensor_count() == 1);
  const SensorDef& d = w.sensor_def(0);
  REQUIRE(d.joints.size() == 2);  // left_jaw_joint and its mimic, in URDF order
  CHECK(w.sensor_reading(0).count == 0);
  for (double t : {0.1, 0.5, 1.0, 2.0, 3.5}) {
    StepTo(&s, t);
    const SensorReading& rd = w.sensor_reading(0);
    CHECK(rd.step == w.step_count());
    CHECK(rd.time == w.time());
    for (std::size_t k = 0; k < d.joints.size(); ++k) {
      const JointId j = d.joints[k];
      CHECK(j == r.joint_id[k]);
      CHECK(rd.values[3 * k] == w.joint_position(j) + r.joint_q0[k]);  // the URDF value
      CHECK(rd.values[3 * k + 1] == w.joint_velocity(j));
      CHECK(rd.values[3 * k + 2] == w.joint_effort(j) + (w.has_joint_controller(j) ? w.joint_motor_effort(j) : 0.0));
    }
  }
  // Closing: the master's PD motor pushes with up to its 20 N limit.
  StepTo(&s, 1.0);
  CHECK(w.sensor_reading(0).values[2] > 1.0);
  CHECK(w.sensor_reading(0).values[2] <= 20.0);
}

namespace {

// A 1 m pendulum with a 1 kg bob on a hinge about y, from phi0 about y.
struct Pendulum {
  World world;
  BodyId bob = -1;
  JointId hinge = -1;
};
Pendulum MakePendulum(double phi0, Formulation f = Formulation::kMaximal) {
  WorldSettings settings;
  settings.formulation = f;
  Pendulum p{World(settings)};
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  ground.X_WB.p = Vec3(0, 0, -10);
  const BodyId g = p.world.AddBody(ground).value();
  BodyDef bob;
  bob.name = "bob";
  bob.shape = SphereShape{0.05};
  bob.mass = 1.0;
  bob.X_WB.p = Vec3(0, 0, 2) + Quat(Eigen::AngleAxisd(phi0, Vec3::UnitY())) * Vec3(0, 0, -1);
  p.bob = p.world.AddBody(bob).value();
  JointDef j;
  j.name = "hinge";
  j.parent = g;
  j.child = p.bob;
  j.anchor_W = Vec3(0, 0, 2);
  j.axis_W = Vec3::UnitY();
  p.hinge = p.world.AddJoint(j).value();
  return p;
}

}  // namespace

TEST_CASE("Joint encoder noise has the declared mean and standard deviation and repeats from its seed", "[sensors]") {
  Pendulum p = MakePendulum(0.5), q = MakePendulum(0.5);
  SensorDef d;
  d.type = SensorType::kJoint;
  d.name = "enc";
  d.joints = {p.hinge};
  d.noise.position = 0.01;
  d.noise.velocity = 0.1;
  d.noise.effort = 0.5;
  d.noise.seed = 3;
  REQUIRE(p.world.AddSensor(d).ok());
  REQUIRE(q.world.AddSensor(d).ok());
  const int n = 20000;
  double m[3] = {0, 0, 0}, s2[3] = {0, 0, 0};
  for (int k = 0; k < n; ++k) {
    REQUIRE(p.world.Step(0.001).ok());
    REQUIRE(q.world.Step(0.001).ok());
    const std::vector<double>& v = p.world.sensor_reading(0).values;
    REQUIRE(v == q.world.sensor_reading(0).values);  // the same seed, the same numbers
    const double exact[3] = {p.world.joint_position(p.hinge), p.world.joint_velocity(p.hinge), 0.0};
    for (int c = 0; c < 3; ++c) m[c] += v[c] - exact[c], s2[c] += (v[c] - exact[c]) * (v[c] - exact[c]);
  }
  // Standard errors: of the mean sigma / sqrt(n) = 0.0071 sigma, of the
  // standard deviation sigma / sqrt(2 n) = 0.005 sigma.
  const double sigma[3] = {0.01, 0.1, 0.5};
  for (int c = 0; c < 3; ++c) {
    const double mean = m[c] / n, sd = std::sqrt(s2[c] / n - mean * mean);
    CHECK(std::abs(mean) < 0.03 * sigma[c]);
    CHECK(std::abs(sd / sigma[c] - 1.0) < 0.02);
  }
}

TEST_CASE("A rate of R Hz reads every 1/(R h) steps and holds the reading between", "[sensors]") {
  for (auto [rate, h, period] : {std::tuple{100.0, 0.0025, 4}, std::tuple{40.0, 0.001, 25}, std::tuple{0.0, 0.001, 1},
                                 std::tuple{5000.0, 0.001, 1}}) {
    Pendulum p = MakePendulum(0.5);
    SensorDef d;
    d.type = SensorType::kJoint;
    d.name = "enc";
    d.joints = {p.hinge};
    d.rate = rate;
    REQUIRE(p.world.AddSensor(d).ok());
    double held = 0.0;
    for (int k = 1; k <= 400; ++k) {
      REQUIRE(p.world.Step(h).ok());
      const SensorReading& r = p.world.sensor_reading(0);
      const bool due = (k - 1) % period == 0;
      INFO("rate " << rate << " h " << h << " step " << k);
      CHECK(r.step == (due ? k : k - (k - 1) % period));
      CHECK(r.count == (k - 1) / period + 1);
      if (due) {
        CHECK(r.values[0] == p.world.joint_position(p.hinge));
        held = r.values[0];
      } else {
        CHECK(r.values[0] == held);
      }
    }
  }
}

TEST_CASE("Force/torque: a swinging pendulum's bob pulls on its pivot with the rod tension m g (3 cos phi - 2 cos phi0)",
          "[sensors]") {
  for (Formulation f : {Formulation::kMaximal, Formulation::kReduced}) {
    const double phi0 = kPi / 3;  // 60 degrees: T = 2 m g at the bottom
    Pendulum p = MakePendulum(phi0, f);
    SensorDef d;
    d.type = SensorType::kForceTorque;
    d.name = "rod";
    d.body = p.bob;
    REQUIRE(p.world.AddSensor(d).ok());
    const double g = 9.81;
    double worst = 0.0;
    for (int k = 0; k < 2000; ++k) {
      REQUIRE(p.world.Step(0.001).ok());
      const Vec3 rod = (p.world.pose(p.bob).p - Vec3(0, 0, 2)).normalized();  // pivot to bob
      const double cos_phi = -rod.z();
      const double T = g * (3.0 * cos_phi - 2.0 * std::cos(phi0));
      const std::vector<double>& v = p.world.sensor_reading(0).values;
      const Vec3 F_S(v[0], v[1], v[2]);
      const Vec3 F_W = p.world.pose(p.bob).q * F_S;  // the sensor frame is the bob's
      worst = std::max(worst, (F_W - T * rod).norm() / (2.0 * g));
    }
    INFO("formulation " << FormulationName(f));
    CHECK(worst < 0.01);  // within 1 % of the largest tension, all along two swings
  }
}

TEST_CASE("Force/torque: the wrist reads the hand's and the held cube's weight at rest, to 1 %", "[sensors]") {
  for (Formulation f : {Formulation::kMaximal, Formulation::kReduced}) {
    INFO("formulation " << FormulationName(f));
    const nlohmann::json sensors = {
        {{"type", "force_torque"}, {"name", "wrist"}, {"robot", "hand"}, {"link", "palm"}},
        {{"type", "force_torque"}, {"name", "tared"}, {"robot", "hand"}, {"gravityCompensation", true}},
        // A quarter turn about x: the sensor's y is the world's +z.
        {{"type", "force_torque"}, {"name", "turned"}, {"robot", "hand"}, {"position", {0.0, 0.0, 0.1}},
         {"orientation", {0.7071067811865476, 0.7071067811865476, 0, 0}}}};
    Scene s = JawScene(sensors, f);
    const World& w = s.world;
    const double g = 9.81;
    // Before the grasp: the hand hangs still from its mount.
    StepTo(&s, 0.15);
    const std::vector<double>& wrist = w.sensor_reading(0).values;
    CHECK(std::abs(wrist[2] + kHandMass * g) < 0.01 * kHandMass * g);
    CHECK(std::abs(wrist[0]) < 1e-3);
    CHECK(std::abs(wrist[1]) < 1e-3);
    CHECK(std::abs(w.sensor_reading(1).values[2]) < 0.01 * kHandMass * g);
    // Held in the air after the lift (1.7-2.7 s), before the shake (3 s).
    StepTo(&s, 2.95);
    const BodyId cube = w.FindBody("object");
    REQUIRE(w.pose(cube).p.z() > 0.1);
    REQUIRE(w.linear_velocity(cube).norm() < 1e-3);
    const double held = (kHandMass + kCubeMass) * g;
    CHECK(std::abs(wrist[2] + held) < 0.01 * held);
    CHECK(std::hypot(wrist[0], wrist[1]) < 0.01 * held);
    const std::vector<double>& tared = w.sensor_reading(1).values;
    CHECK(std::abs(tared[2] + kCubeMass * g) < 0.01 * kCubeMass * g);
    CHECK(std::hypot(tared[0], tared[1]) < 0.01 * kCubeMass * g);
    // The cube hangs below the palm's centre: little torque about it.
    CHECK(Vec3(wrist[3], wrist[4], wrist[5]).norm() < 0.01 * held * 0.05);
    // The turned sensor: the weight along its -y. Its origin is 10 cm above
    // the palm's, on the weight's line of action, so the torque stays small.
    const std::vector<double>& turned = w.sensor_reading(2).values;
    CHECK(std::abs(turned[1] + held) < 0.01 * held);
    CHECK(std::abs(turned[2]) < 0.01 * held);
    CHECK(Vec3(turned[3], turned[4], turned[5]).norm() < 0.01 * held * 0.05);
  }
}

TEST_CASE("Tactile pads: the taxels sum to the contact normal force on their face", "[sensors]") {
  Scene s = JawScene({kLeftPad, kRightPad});
  const World& w = s.world;
  const BodyId left = w.FindBody("hand/left_jaw"), right = w.FindBody("hand/right_jaw"), cube = w.FindBody("object");
  REQUIRE(left >= 0);
  REQUIRE(right >= 0);
  int checked = 0;
  for (double t : {0.1, 1.0, 1.5, 2.2, 2.95, 3.6}) {
    StepTo(&s, t);
    const double h = w.stats().step_length;
    for (int pad = 0; pad < 2; ++pad) {
      const BodyId jaw = pad == 0 ? left : right;
      double expected = 0.0;
      for (const Contact& c : w.contacts()) {
        if ((c.body_a == jaw && c.body_b == cube) || (c.body_a == cube && c.body_b == jaw)) expected += c.normal_impulse / h;
      }
      const std::vector<double>& taxels = w.sensor_reading(pad).values;
      REQUIRE(taxels.size() == 32u);
      double total = 0.0;
      int lit = 0;
      for (double x : taxels) total += x, lit += x > 0.0;
      INFO("t " << t << " pad " << pad);
      CHECK(std::abs(total - expected) <= 1e-9 * std::max(expected, 1.0));
      if (t > 1.0) {
        // Holding: the cube's 5 cm face covers the pad's width and part of
        // its length, so the force spreads over several taxels.
        CHECK(expected > 1.0);
        CHECK(lit >= 4);
        ++checked;
      }
    }
  }
  CHECK(checked == 8);
  // While held still, both pads feel the same squeeze.
  StepTo(&s, 2.95);
  double l = 0.0, r = 0.0;
  for (double x : w.sensor_reading(0).values) l += x;
  for (double x : w.sensor_reading(1).values) r += x;
  CHECK(std::abs(l - r) < 0.01 * l);
}

TEST_CASE("Tactile binning: a single contact is split bilinearly between the four surrounding taxels", "[sensors]") {
  SensorDef d;
  d.type = SensorType::kTactile;
  d.body = 1;
  d.size_x = 0.04, d.size_y = 0.02, d.rows = 2, d.cols = 4;  // taxel centres x = -15, -5, 5, 15 mm; y = -5, 5 mm
  Contact c;
  c.body_a = 0;  // the object, pushed along +n
  c.body_b = 1;  // the pad, pushed along -n: into its face when n = +z
  c.n_W = Vec3::UnitZ();
  c.p_W = Vec3(0.0025, 0.0, 0.0);  // a quarter of the way from the 2nd to the 3rd column, midway between rows
  c.normal_impulse = 0.004;        // 4 N over 1 ms
  std::vector<double> taxels(8, -1.0);
  BinContactForces(d, Pose{}, std::span<const Contact>(&c, 1), 0.001, taxels);
  const std::vector<double> expected = {0, 0.5 * 0.25 * 4, 0.5 * 0.75 * 4, 0, 0, 0.5 * 0.25 * 4, 0.5 * 0.75 * 4, 0};
  for (int k = 0; k < 8; ++k) CHECK(taxels[k] == Approx(expected[k]).margin(1e-15));
  // Outside the face, too deep, or pulling away from it: not counted.
  for (const Vec3& p : {Vec3(0.021, 0, 0), Vec3(0, 0.0101, 0), Vec3(0, 0, 0.0021)}) {
    c.p_W = p;
    BinContactForces(d, Pose{}, std::span<const Contact>(&c, 1), 0.001, taxels);
    for (double x : taxels) CHECK(x == 0.0);
  }
  c.p_W = Vec3::Zero();
  c.n_W = -Vec3::UnitZ();
  BinContactForces(d, Pose{}, std::span<const Contact>(&c, 1), 0.001, taxels);
  for (double x : taxels) CHECK(x == 0.0);
  // At a corner beyond the last centres: all on the corner taxel.
  c.n_W = Vec3::UnitZ();
  c.p_W = Vec3(0.0199, -0.0099, 0.0);
  BinContactForces(d, Pose{}, std::span<const Contact>(&c, 1), 0.001, taxels);
  CHECK(taxels[3] == Approx(4.0).epsilon(1e-15));
}
