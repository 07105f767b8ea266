// Compliant pads in the step (core/world/pad_stage): a sphere resting on a
// padded table carries its weight on the pad (the balance), sinks Hertz's
// approach for that weight, and does so with every velocity-level contact
// model in both formulations; under the penalty model a cube settles on a
// pad with its weight on it; the pad's node separations are exact for
// spheres, boxes and planes; the parallel jaw's pads hold the cube in both
// formulations, which agree, with the squeeze of the jaw's motor on the
// pads; the grasp analysis sees the pads as soft-finger contacts.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/math/det_math.h"
#include "core/world/pad_stage.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kRadius = 0.02, kMass = 0.5, kYoung = 2e5, kNu = 0.5;
constexpr double kTableTop = 0.0;

// A static box whose top face (z = 0) carries a 30 x 30 mm pad of 15 x 15
// nodes, and a sphere resting on it.
struct PadWorld {
  World world;
  BodyId table = -1, ball = -1;
  int pad = -1;
  explicit PadWorld(ContactSolver solver, PadModel model = PadModel::kHalfSpace, double nu = kNu)
      : world(Settings(solver)) {
    BodyDef t;
    t.name = "table";
    t.is_static = true;
    t.shape = BoxShape{Vec3(0.05, 0.05, 0.01)};
    t.X_WB.p = Vec3(0, 0, kTableTop - 0.01);
    table = world.AddBody(t).value();
    BodyDef b;
    b.name = "ball";
    b.mass = kMass;
    b.shape = SphereShape{kRadius};
    // Over the grid's centre node, 0.5 mm above. (Off a symmetric point the
    // discrete centre of pressure is off the ball's centre by up to ~2 % of
    // a cell, and the ball rolls slowly towards a symmetric point: see
    // docs/contact-models.md.)
    b.X_WB.p = Vec3(0.0, 0.0, kRadius + 0.0005);
    ball = world.AddBody(b).value();
    PadDef p;
    p.name = "table-pad";
    p.body = table;
    p.X_BP.p = Vec3(0, 0, 0.01);
    p.material.young_modulus = kYoung;
    p.material.poisson = nu;
    p.material.thickness = 0.01;
    p.material.model = model;
    p.grid.size_x = p.grid.size_y = 0.03;
    p.grid.rows = p.grid.cols = 15;
    p.damping_ratio = 1.0;
    pad = world.AddPad(p).value();
  }
  static WorldSettings Settings(ContactSolver solver) {
    WorldSettings s;
    s.contact_solver = solver;
    return s;
  }
};

}  // namespace

TEST_CASE("Pads: a sphere on a padded table carries its weight on the pad, at Hertz's approach", "[pad][world]") {
  const double g = 9.81, F = kMass * g;
  const double e_star = kYoung / (1 - kNu * kNu);
  const double a = std::cbrt(3 * F * kRadius / (4 * e_star));
  const double delta_hertz = a * a / kRadius;
  for (Formulation formulation : {Formulation::kMaximal, Formulation::kReduced})
  for (ContactSolver solver : {ContactSolver::kLcp, ContactSolver::kPgs, ContactSolver::kImpulse}) {
    INFO("solver " << ContactSolverName(solver) << ", " << (formulation == Formulation::kReduced ? "reduced" : "maximal"));
    PadWorld w(solver);
    w.world.set_formulation(formulation);
    const double h = 0.0025;
    for (int k = 0; k < 400; ++k) REQUIRE(w.world.Step(h).ok());  // 1 s
    const PadContact& pc = w.world.pad_contact(w.pad);
    CHECK(pc.other == w.ball);
    // No rigid contact is left between the ball and the table's face.
    for (const Contact& c : w.world.contacts()) CHECK(!(c.body_a == w.ball || c.body_b == w.ball));
    // The balance: the pad's quasi-static force carries the weight (the
    // ball is at rest: its speed below 1 mm/s).
    CHECK(w.world.linear_velocity(w.ball).norm() < 1e-3);
    CHECK(pc.normal_force == Approx(F).epsilon(1e-3));
    CHECK(pc.normal_impulse == Approx(h * F).epsilon(1e-3));
    // The ball sank Hertz's approach for its weight (the pad's surface is
    // z = 0; the 15 x 15 grid's discretisation error on the approach is
    // ~1 % at a / dx = 3.6).
    const double sink = kRadius - w.world.pose(w.ball).p.z();
    CHECK(sink == Approx(delta_hertz).epsilon(0.03));
    CHECK(pc.approach == Approx(delta_hertz).epsilon(0.03));
    // The centre of pressure is under the ball's centre.
    CHECK(std::abs(pc.c_W.x() - w.world.pose(w.ball).p.x()) < 1e-6);
    CHECK(std::abs(pc.c_W.y() - w.world.pose(w.ball).p.y()) < 1e-6);
    CHECK(pc.stiffness > 0.0);
  }
}

TEST_CASE("Pads: a sphere on a Winkler pad sinks its closed-form approach", "[pad][world][winkler]") {
  // Winkler: F = pi k R delta^2 (the paraboloid's integral), so at rest
  // delta = sqrt(m g / (pi k R)).
  PadWorld w(ContactSolver::kLcp, PadModel::kWinkler, 0.3);
  for (int k = 0; k < 400; ++k) REQUIRE(w.world.Step(0.0025).ok());
  const double F = kMass * 9.81, k = WinklerStiffness(w.world.pad_def(w.pad).material);
  const double delta = std::sqrt(F / (kPi * k * kRadius));
  const PadContact& pc = w.world.pad_contact(w.pad);
  CHECK(pc.normal_force == Approx(F).epsilon(1e-3));
  // The grid's Riemann sum of the paraboloid (a / dx = 4): within 3 %.
  CHECK(kRadius - w.world.pose(w.ball).p.z() == Approx(delta).epsilon(0.03));
  // Confined Winkler at nu = 0.5 is rigid: refused.
  World world;
  BodyDef t;
  t.is_static = true, t.shape = BoxShape{Vec3(0.05, 0.05, 0.01)}, t.name = "t";
  const BodyId table = world.AddBody(t).value();
  PadDef p;
  p.name = "p", p.body = table, p.material.model = PadModel::kWinkler, p.material.poisson = 0.5;
  p.grid.size_x = p.grid.size_y = 0.03, p.grid.rows = p.grid.cols = 4;
  auto r = world.AddPad(p);
  REQUIRE(!r.ok());
  CHECK(r.status().message().find("pads[0].poisson") != std::string::npos);
}

TEST_CASE("Pads: under the penalty model a cube settles on a pad carrying its weight", "[pad][world][penalty]") {
  // A 50 mm cube (0.2 kg) on a 30 x 30 mm half-space pad (6 x 6 nodes,
  // E = 1 MPa) on a static table: the cube's face covers the pad, so the
  // pad alone carries it. At rest the pad's force is the weight: F = m g
  // (the force balance of the resting cube; damping and friction vanish
  // with the velocities).
  for (Formulation formulation : {Formulation::kMaximal, Formulation::kReduced}) {
    INFO((formulation == Formulation::kReduced ? "reduced" : "maximal"));
    WorldSettings settings;
    settings.contact_solver = ContactSolver::kPenalty;
    settings.formulation = formulation;
    World world(settings);
    BodyDef t;
    t.name = "table", t.is_static = true, t.shape = BoxShape{Vec3(0.05, 0.05, 0.01)};
    t.X_WB.p = Vec3(0, 0, -0.01);
    const BodyId table = world.AddBody(t).value();
    BodyDef c;
    c.name = "cube", c.mass = 0.2, c.shape = BoxShape{Vec3(0.025, 0.025, 0.025)};
    c.X_WB.p = Vec3(0, 0, 0.025 + 0.0002);
    const BodyId cube = world.AddBody(c).value();
    PadDef p;
    p.name = "pad", p.body = table, p.X_BP.p = Vec3(0, 0, 0.01);
    p.material.young_modulus = 1e6, p.material.poisson = 0.45, p.material.thickness = 0.003;
    p.grid.size_x = p.grid.size_y = 0.03, p.grid.rows = p.grid.cols = 6;
    p.damping_ratio = 1.0;
    const int pad = world.AddPad(p).value();
    const double h = 0.0025, W = 0.2 * 9.81;
    for (int k = 0; k < 120; ++k) REQUIRE(world.Step(h).ok());  // 0.3 s
    const PadContact& pc = world.pad_contact(pad);
    REQUIRE(pc.other == cube);
    // The pad took the face's overlap over: no rigid contact on the cube.
    for (const Contact& k : world.contacts()) CHECK(!(k.body_a == cube || k.body_b == cube));
    CHECK(world.linear_velocity(cube).norm() < 1e-4);
    std::printf("pad under penalty (%s): F %.12g N, f_n %.12g N, weight %.12g N, |v| %.3g m/s, approach %.4g m\n",
                formulation == Formulation::kReduced ? "reduced" : "maximal", pc.normal_force, pc.normal_impulse / h, W,
                world.linear_velocity(cube).norm(), pc.approach);
    // The balance to 1e-9 relative (measured 5e-12): settled (critically
    // damped, zeta = 1; measured |v| 3e-14 m/s), the damping D v_n and the
    // friction vanish, so f_n = F = m g.
    CHECK(pc.normal_force == Approx(W).epsilon(1e-9));
    CHECK(pc.normal_impulse / h == Approx(W).epsilon(1e-9));
    CHECK(pc.approach > 0.0);
    CHECK(pc.approach < p.material.thickness);
    // The cube sank the pad's approach (its bottom face at z = -approach).
    CHECK(world.pose(cube).p.z() == Approx(0.025 - pc.approach).margin(1e-7));
  }
}

TEST_CASE("Pads: node separations are exact for planes, spheres and boxes", "[pad]") {
  const Vec3 n(0, 0, 1), x(0.001, 0.002, 0.0);
  Pose X;
  X.p = Vec3(0, 0, 0.05);
  // Sphere of radius 0.05 centred 0.05 above: touches at the origin; at x
  // the surface is R - sqrt(R^2 - r^2) above.
  const double r2 = x.squaredNorm();
  CHECK(NodeSeparation(SphereShape{0.05}, X, x, n, Vec3::Zero(), Vec3::Zero()) ==
        Approx(0.05 - std::sqrt(0.05 * 0.05 - r2)).epsilon(1e-12));
  // A box whose bottom face is 1 mm below the node: -1 mm.
  Pose Xb;
  Xb.p = Vec3(0, 0, 0.009);
  CHECK(NodeSeparation(BoxShape{Vec3(0.01, 0.01, 0.01)}, Xb, x, n, Vec3::Zero(), Vec3::Zero()) ==
        Approx(-0.001).epsilon(1e-12));
  // Missed sideways: +inf.
  CHECK(std::isinf(NodeSeparation(BoxShape{Vec3(0.0001, 0.0001, 0.01)}, Xb, x, n, Vec3::Zero(), Vec3::Zero())));
  // A plane (solid z <= 0 of its frame) turned upside down at z = 0.003:
  // the solid is z >= 0.003, entered 3 mm above.
  Pose Xp;
  Xp.p = Vec3(0, 0, 0.003);
  Xp.q = Quat(0, 1, 0, 0);
  CHECK(NodeSeparation(PlaneShape{}, Xp, x, n, Vec3::Zero(), Vec3::Zero()) == Approx(0.003).epsilon(1e-12));
}

// ---- The bundled scene with pads on both jaws ----
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/scene/scene.h"
#include "core/scene/scene_build.h"
#include "core/scene/scene_parse.h"
#include "tests/core/bundled_scene.h"

namespace {

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The pads scene's document with `edit` applied, parsed: the error or ok.
Status ParseEdited(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json doc = nlohmann::json::parse(ReadText(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/parallel-jaw-cube-pads.json"));
  edit(doc);
  SceneLoadOptions options;
  options.asset_root = GRASPLAB_ASSETS_DIR;
  auto spec = ParseSceneSpec(doc.dump(), options);
  return spec.ok() ? Status::Ok() : spec.status();
}

}  // namespace

TEST_CASE("Pads: the jaw's two pads hold the lifted cube in both formulations, which agree", "[pad][world][scene]") {
  // Both formulations side by side, step for step.
  Scene scenes[2] = {BundledScene("parallel-jaw-cube-pads"), BundledScene("parallel-jaw-cube-pads")};
  REQUIRE(scenes[0].world.formulation() == Formulation::kReduced);  // the scene takes the default
  scenes[1].world.set_formulation(Formulation::kMaximal);
  const char* names[2] = {"reduced", "maximal"};
  const BodyId cube = scenes[0].world.FindBody("object");
  const double h = scenes[0].timestep, m = scenes[0].world.body_def(cube).mass, g = 9.81;
  const JointId jaw = scenes[0].robots[0].robot.dofs[0].joint;
  double max_dp = 0.0, max_dF = 0.0, max_dq = 0.0;
  auto step_both_until = [&](double t_end) {
    while (scenes[0].world.time() < t_end - 1e-9) {
      for (Scene& s : scenes) REQUIRE(StepScene(&s, h).ok());
      const World &r = scenes[0].world, &x = scenes[1].world;
      max_dp = std::max(max_dp, (r.pose(cube).p - x.pose(cube).p).norm());
      max_dq = std::max(max_dq, std::abs(r.joint_position(jaw) - x.joint_position(jaw)));
      // The pads' loads once the grip has settled (closed at 1.2 s).
      if (r.time() > 1.5) {
        for (int i = 0; i < 2; ++i) {
          const double Fx = x.pad_contact(i).normal_force;
          max_dF = std::max(max_dF, std::abs(r.pad_contact(i).normal_force - Fx) / Fx);
        }
      }
    }
  };
  step_both_until(2.95);  // lifted at 2.7 s, shaken from 3.0 s
  for (int f = 0; f < 2; ++f) {
    INFO(names[f]);
    const Scene& s = scenes[f];
    // At rest in the hand, 10 cm up, on the pads alone (no rigid contact left).
    CHECK(s.world.pose(cube).p.z() == Approx(0.02505 + 0.1).margin(2e-4));
    CHECK(s.world.linear_velocity(cube).norm() < 1e-4);
    for (const Contact& c : s.world.contacts()) CHECK(!(c.body_a == cube || c.body_b == cube));
    const PadContact& L = s.world.pad_contact(0);
    const PadContact& R = s.world.pad_contact(1);
    REQUIRE(L.other == cube);
    REQUIRE(R.other == cube);
    // The squeeze: equal and opposite normal loads (the horizontal balance).
    CHECK(L.normal_force > 0.0);
    CHECK(R.normal_force == Approx(L.normal_force).epsilon(1e-6));
    CHECK((L.normal_force * L.n_W + R.normal_force * R.n_W).norm() < 1e-6 * L.normal_force);
    // The load balance along the jaws' axis: the right jaw mimics the left
    // (a coupling q_R = q_L), so the master's PD motor effort tau drives
    // both and, the jaws at rest, is what the two pads push back with:
    // F_L + F_R = tau (virtual work; the joint's viscous friction and the
    // normal rows' increments vanish at rest). Measured: 1e-9 relative in
    // the reduced formulation, where the jaws' joints hold by
    // construction; 0.35 % short in the maximal one (docs/contact-models.md).
    const double squeeze = s.world.joint_motor_effort(jaw);
    std::printf("pads jaw (%s): F_L + F_R %.9g N, (J_L + J_R) / h %.9g N, squeeze %.9g N, relative %.3g, v_jaw %.3g m/s\n",
                names[f], L.normal_force + R.normal_force, (L.normal_impulse + R.normal_impulse) / h, squeeze,
                (L.normal_force + R.normal_force) / squeeze - 1.0, s.world.joint_velocity(jaw));
    const double balance = f == 0 ? 1e-6 : 5e-3;
    CHECK(L.normal_force + R.normal_force == Approx(squeeze).epsilon(balance));
    CHECK((L.normal_impulse + R.normal_impulse) / h == Approx(squeeze).epsilon(balance));
    // The vertical balance: the pads' total load on the cube (normal and
    // friction impulses over the step) carries its weight, within 1 %.
    const Vec3 J = L.normal_impulse * L.n_W + L.friction_impulse_W + R.normal_impulse * R.n_W + R.friction_impulse_W;
    CHECK(J.z() / h == Approx(m * g).epsilon(0.01));
    CHECK(std::abs(J.x()) / h < 0.01 * m * g);
    CHECK(std::abs(J.y()) / h < 0.01 * m * g);
    // Friction holds inside its cone: |f_t| <= mu F on each pad.
    CHECK(L.friction_impulse_W.norm() / h <= L.friction * L.normal_force * (1 + 1e-9));
    // The wrist force/torque sensor (on the palm) feels the hand's and the
    // held cube's weight, (0.4 + 2 x 0.05 + 0.2) kg g, the cube's through
    // the pads: within 1 %.
    {
      const int wrist = s.world.FindSensor("wrist");
      REQUIRE(wrist >= 0);
      const std::vector<double>& v = s.world.sensor_reading(wrist).values;
      REQUIRE(v.size() == 6u);
      CHECK(v[2] == Approx(-0.7 * g).epsilon(0.01));
      CHECK(std::hypot(v[0], v[1]) < 0.01 * 0.7 * g);
    }
    // The pad tactile sensors read the pressure grids: taxels sum to the
    // pad's normal force.
    for (int i = 0; i < 2; ++i) {
      const int sensor = s.world.FindSensor(i == 0 ? "left-pad" : "right-pad");
      REQUIRE(sensor >= 0);
      const SensorReading& r = s.world.sensor_reading(sensor);
      REQUIRE(r.values.size() == 80u);
      double sum = 0;
      for (double v : r.values) sum += v;
      CHECK(sum == Approx(s.world.pad_contact(i).normal_force).epsilon(1e-12));
    }
  }
  // Held through the shake and after it: the cube ends where it was lifted
  // to, within 0.2 mm (the anchors stop the creep of the rows' regularisation).
  step_both_until(6.0);
  for (int f = 0; f < 2; ++f) {
    INFO(names[f]);
    CHECK(scenes[f].world.pose(cube).p.z() == Approx(0.02505 + 0.1).margin(2e-4));
    CHECK(std::abs(scenes[f].world.linear_velocity(cube).z()) < 1e-5);
  }
  // The two formulations agree over the whole run (6 s: close, lift,
  // shake). Measured: see the printout and docs/contact-models.md.
  std::printf("pads jaw, reduced vs maximal over 6 s: max |dp_cube| %.3g m, max |dq_jaw| %.3g m, max |dF|/F %.3g\n",
              max_dp, max_dq, max_dF);
  CHECK(max_dp < 1e-4);
  CHECK(max_dq < 1e-5);
  CHECK(max_dF < 0.01);
}

TEST_CASE("Pads: the grasp analysis sees each pressed pad as a soft-finger contact", "[pad][grasp][scene]") {
  Scene s = BundledScene("parallel-jaw-cube-pads");
  while (s.world.time() < 2.95 - 1e-9) REQUIRE(StepScene(&s, s.timestep).ok());
  const std::vector<GraspContact> contacts = GraspContacts(s);
  // One contact per pressed pad (the pads took the face contacts over), at
  // its centre of pressure, along its normal into the cube, with the pad's
  // friction and torsion arm.
  REQUIRE(contacts.size() == 2u);
  for (int i = 0; i < 2; ++i) {
    const PadContact& pc = s.world.pad_contact(i);
    CHECK((contacts[i].p_W - pc.c_W).norm() == 0.0);
    CHECK((contacts[i].n_W - pc.n_W).norm() == 0.0);
    CHECK(contacts[i].friction == pc.friction);
    CHECK(contacts[i].torsional_radius == pc.torsion_arm);
    CHECK(pc.torsion_arm > 0.0);
  }
  const GraspQuality q = EvaluateSceneGrasp(s);
  CHECK(q.contact_count == 2);
  // Two soft fingers on opposite faces, the line between them inside both
  // friction cones: force closure (Nguyen's two-soft-finger condition;
  // the torsion resists the twist about that line).
  CHECK(q.force_closure);
  CHECK(q.epsilon_l1 > 0.0);
  // The same two contacts as point contacts with friction, which cannot
  // resist a torque about the line through them: not force closure.
  std::vector<GraspContact> hard = contacts;
  for (GraspContact& c : hard) c.torsional_radius = 0.0;
  const BodyId cube = s.world.FindBody("object");
  const GraspQuality p = EvaluateGrasp(hard, s.world.pose(cube).p, BoundingRadius(s.world.body_def(cube).shape),
                                       s.grasp->settings);
  CHECK(!p.force_closure);
  CHECK(p.epsilon_l1 == 0.0);
}

TEST_CASE("Pads: bad pad declarations are rejected naming the JSON path", "[pad][scene]") {
  CHECK(ParseEdited([](nlohmann::json&) {}).ok());
  auto message = [](const std::function<void(nlohmann::json&)>& edit) { return ParseEdited(edit).message(); };
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["youngModulus"] = -1; }).find("pads[0].youngModulus") !=
        std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][1]["poisson"] = 0.7; }).find("pads[1].poisson") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["grid"] = {0, 4}; }).find("pads[0].grid[0]") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["link"] = "wrist"; }).find("pads[0].link") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["thickness"] = "thick"; }).find("pads[0].thickness") !=
        std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["model"] = "fem"; }).find("pads[0].model") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["body"] = "object"; }).find("pads[0]") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][1]["name"] = "left-pad"; }).find("pads[1].name") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["sensors"][2]["pad"] = "nose"; }).find("sensors[2].pad") != std::string::npos);
  CHECK(message([](nlohmann::json& d) { d["pads"][0]["extra"] = 1; }).find("pads[0]") != std::string::npos);
}
