// Compliant pads in the step (core/world/pad_stage): a sphere resting on a
// padded table carries its weight on the pad (the balance), sinks Hertz's
// approach for that weight, and does so with every velocity-level contact
// model; the penalty model and the reduced formulation are refused with a
// message; the pad's node separations are exact for spheres, boxes and
// planes.
#include <catch2/catch.hpp>
#include <cmath>
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
  for (ContactSolver solver : {ContactSolver::kLcp, ContactSolver::kPgs, ContactSolver::kImpulse}) {
    INFO("solver " << ContactSolverName(solver));
    PadWorld w(solver);
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

TEST_CASE("Pads: the penalty model and the reduced formulation are refused with a message", "[pad][world]") {
  PadWorld w(ContactSolver::kPenalty);
  const Status s = w.world.Step(0.0025);
  REQUIRE(!s.ok());
  CHECK(s.message().find("pads") != std::string::npos);
  CHECK(s.message().find("penalty") != std::string::npos);
  PadWorld r(ContactSolver::kLcp);
  r.world.set_formulation(Formulation::kReduced);
  const Status s2 = r.world.Step(0.0025);
  REQUIRE(!s2.ok());
  CHECK(s2.message().find("reduced") != std::string::npos);
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

TEST_CASE("Pads: the jaw's two pads hold the lifted cube; its weight is their friction load", "[pad][world][scene]") {
  Scene s = BundledScene("parallel-jaw-cube-pads");
  REQUIRE(s.world.pad_count() == 2);
  const BodyId cube = s.world.FindBody("object");
  const double h = s.timestep, m = s.world.body_def(cube).mass, g = 9.81;
  while (s.world.time() < 2.95 - 1e-9) REQUIRE(StepScene(&s, h).ok());  // lifted at 2.7 s, shaken from 3.0 s
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
  // The vertical balance: the pads' total load on the cube (normal and
  // friction impulses over the step) carries its weight, within 1 %.
  const Vec3 J = L.normal_impulse * L.n_W + L.friction_impulse_W + R.normal_impulse * R.n_W + R.friction_impulse_W;
  CHECK(J.z() / h == Approx(m * g).epsilon(0.01));
  CHECK(std::abs(J.x()) / h < 0.01 * m * g);
  CHECK(std::abs(J.y()) / h < 0.01 * m * g);
  // Friction holds inside its cone: |f_t| <= mu F on each pad.
  CHECK(L.friction_impulse_W.norm() / h <= L.friction * L.normal_force * (1 + 1e-9));
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
  // Held through the shake and after it: the cube ends where it was lifted
  // to, within 0.2 mm (the anchors stop the creep of the rows' regularisation).
  while (s.world.time() < 6.0 - 1e-9) REQUIRE(StepScene(&s, h).ok());
  CHECK(s.world.pose(cube).p.z() == Approx(0.02505 + 0.1).margin(2e-4));
  CHECK(std::abs(s.world.linear_velocity(cube).z()) < 1e-5);
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
