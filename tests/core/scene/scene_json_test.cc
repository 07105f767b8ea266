// The JSON scene format (core/scene/scene_json: parse into a SceneSpec, build
// a Scene): a spec rebuilds bit for bit, and bad input is refused with the
// JSON path (and, for the JSON itself, the line and column) named.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "core/scene/scene_json.h"

using namespace grasplab;

namespace {

const std::string kAssets = GRASPLAB_ASSETS_DIR;

std::string Error(const std::string& json) {
  auto scene = LoadSceneJson(json);
  REQUIRE_FALSE(scene.ok());
  return scene.status().message();
}

// A minimal valid scene with `bodies` (and optional extra top-level fields).
std::string With(const std::string& bodies, const std::string& extra = "") {
  return R"({"format": "grasplab-scene", "version": 1, )" + extra + R"("bodies": )" + bodies + "}";
}

const std::string kBall = R"({"name": "ball", "mass": 0.2, "shape": {"type": "sphere", "radius": 0.05}})";

// The bundled hand-and-handset scene with one field replaced.
std::string HandsetError(const std::string& from, const std::string& to) {
  std::ifstream in(kAssets + "/scenes/barrett-handset.json");
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  SceneLoadOptions options;
  options.asset_root = kAssets;
  auto scene = LoadSceneJson(text, options);
  REQUIRE_FALSE(scene.ok());
  return scene.status().message();
}

}  // namespace

TEST_CASE("Robot, action and grasp fields are checked with the JSON path in the message", "[scene][robot]") {
  CHECK(HandsetError(R"("shoulder_joint": 0.7507551)", R"("shoulder_joint": 9)") ==
        "robots[0].joints.shoulder_joint: 9 is outside the limits [-2.2, 2.2]");
  CHECK(HandsetError(R"("link": "flange")", R"("link": "hand")") ==
        "robots[1].attach.link: robot \"puma\" has no link \"hand\"");
  CHECK(HandsetError(R"("mode": "dynamic")", R"("mode": "fast")") ==
        "actions[0].mode: must be \"static\" or \"dynamic\", got \"fast\"");
  CHECK(HandsetError(R"("type": "autograsp")", R"("type": "lift")") ==
        "actions[0].type: robot \"hand\" is not free-floating (it is static or attached), so it cannot lift");
  CHECK(HandsetError(R"("model": "assets/robots/barrett.urdf")", R"("model": "assets/robots/nothing.urdf")") ==
        "robots[1].model: " + kAssets + "/robots/nothing.urdf: cannot be opened");
}

TEST_CASE("A spec builds the same scene every time: rebuilding is bit for bit", "[scene]") {
  auto file = LoadSceneFile(kAssets + "/scenes/finger-squeeze.json");
  REQUIRE(file.ok());
  Scene& a = file.value();
  REQUIRE(a.spec != nullptr);
  CHECK(a.name == "finger-squeeze");
  REQUIRE(a.world.joint_count() == 3);
  CHECK(a.world.joint_effort(0) == 0.3);
  auto rebuilt = BuildScene(a.spec);  // what Reset does
  REQUIRE(rebuilt.ok());
  Scene& b = rebuilt.value();
  CHECK(b.spec == a.spec);  // shared, not copied
  CHECK(a.world.StateHash() == b.world.StateHash());
  for (int k = 0; k < 800; ++k) {
    REQUIRE(StepScene(&a, a.timestep).ok());
    REQUIRE(StepScene(&b, b.timestep).ok());
  }
  CHECK(a.world.StateHash() == b.world.StateHash());
  // The squeeze holds the 0.2 kg ball above the palm (radius 3 cm, palm top at 1 cm).
  const BodyId ball = a.world.FindBody("ball");
  CHECK(a.world.pose(ball).p.z() > 0.01 + 0.03);
  CHECK(a.world.linear_velocity(ball).norm() < 1e-3);
}

TEST_CASE("The JSON itself: overflow, NaN and Infinity tokens, duplicate keys, depth, with path and line", "[scene]") {
  // An overflowing number names the field, its line and column.
  CHECK(Error(With(R"([{"name": "ball",
  "mass": 1e400, "shape": {"type": "sphere", "radius": 0.05}}])")) ==
        "bodies[0].mass: number 1e400 overflows a double (line 2, column 11)");
  CHECK(Error(With(R"([{"name": "b", "mass": -1e999, "shape": {"type": "sphere", "radius": 0.05}}])"))
            .find("bodies[0].mass: number -1e999 overflows a double (line 1, column ") == 0);
  CHECK(Error(With(R"([{"name": "b", "mass": NaN, "shape": {"type": "sphere", "radius": 0.05}}])"))
            .find("bodies[0].mass: NaN and Infinity are not JSON numbers") == 0);
  CHECK(Error(With(R"([{"name": "b", "mass": -Infinity, "shape": {"type": "sphere", "radius": 0.05}}])"))
            .find("NaN and Infinity are not JSON") != std::string::npos);
  CHECK(Error(With(R"([{"name": "b", "name": "c", "mass": 1, "shape": {"type": "sphere", "radius": 0.05}}])"))
            .find("bodies[0].name: duplicate key") == 0);
  CHECK(Error("{").find("scene: syntax error") == 0);
  CHECK(Error("{").find("(line 1, column 2)") != std::string::npos);
  std::string deep = With("[]", R"("grasp": )" + std::string(100, '[') + std::string(100, ']') + ", ");
  CHECK(Error(deep).find("nested deeper than 64") != std::string::npos);
  // A whole number where one is needed.
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "iterations": 2.5}, )")) ==
        "solver.iterations: must be a whole number, got 2.5");
  // Rolling resistance is a length in [0, 0.1] m.
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "rollingResistance": -0.001}, )")) ==
        "solver.rollingResistance: must be a finite number >= 0 and <= 0.1, got -0.001");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"rollingResistance": "0.001"}, )")).find("solver.rollingResistance") == 0);
}

TEST_CASE("Soft contacts: solver.contactHertz and contactDampingRatio are checked by name and reach the world", "[scene]") {
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "contactHertz": -30}, )")) ==
        "solver.contactHertz: must be a finite number >= 0 and <= 1000, got -30");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "contactDampingRatio": 1e9}, )")) ==
        "solver.contactDampingRatio: must be a finite number >= 0 and <= 1000, got 1000000000");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"contactHertz": "30"}, )")).find("solver.contactHertz") == 0);
  auto scene = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": "pgs", "contactHertz": 60, "contactDampingRatio": 1}, )"));
  REQUIRE(scene.ok());
  CHECK(scene.value().world.settings().contact_hertz == 60.0);
  CHECK(scene.value().world.settings().contact_damping_ratio == 1.0);
  CHECK(scene.value().warnings.empty());
  auto lcp = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": "lcp", "contactHertz": 60}, )"));
  REQUIRE(lcp.ok());
  REQUIRE(lcp.value().warnings.size() == 1);
  CHECK(lcp.value().warnings[0] == "solver.contactHertz: only \"pgs\" models soft contacts; \"lcp\" ignores it");
}

TEST_CASE("Substeps: solver.substeps is a whole number in [1, 64] checked by name, reaches the world, and warns under lcp", "[scene]") {
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "substeps": 0}, )")) ==
        "solver.substeps: must be a finite number >= 1 and <= 64, got 0");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "substeps": 2.5}, )")) ==
        "solver.substeps: must be a whole number, got 2.5");
  auto scene = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": "pgs", "substeps": 4}, )"));
  REQUIRE(scene.ok());
  CHECK(scene.value().world.settings().substeps == 4);
  CHECK(scene.value().warnings.empty());
  auto lcp = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": "lcp", "substeps": 4}, )"));
  REQUIRE(lcp.ok());
  REQUIRE(lcp.value().warnings.size() == 1);
  CHECK(lcp.value().warnings[0] == "solver.substeps: only \"pgs\" takes substeps; \"lcp\" ignores it");
}

TEST_CASE("Rolling resistance asked of a model that ignores it loads with a warning naming the field", "[scene]") {
  for (const std::string type : {"lcp", "impulse", "penalty", "pgs"}) {
    INFO(type);
    auto scene = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": ")" + type + R"(", "rollingResistance": 0.0001}, )"));
    REQUIRE(scene.ok());
    if (type == "pgs") {
      CHECK(scene.value().warnings.empty());
    } else {
      REQUIRE(scene.value().warnings.size() == 1);
      CHECK(scene.value().warnings[0] ==
            "solver.rollingResistance: only \"pgs\" models rolling resistance; \"" + type + "\" ignores it");
    }
  }
}

TEST_CASE("Scene values reach the world: materials, pairs, convex, joints, solver", "[scene]") {
  const std::string json = With(
      R"([{"name": "floor", "static": true, "shape": {"type": "plane"}, "material": "wood"},
          {"name": "gem", "mass": 0.1, "material": "rubber", "position": [0, 0, 1],
           "shape": {"type": "convex", "points": [[0,0,0],[0.1,0,0],[0,0.1,0],[0,0,0.1]]}},
          {"name": "arm", "mass": 1, "shape": {"type": "box", "size": [0.2, 0.02, 0.02]}, "position": [0.1, 0, 2]}])",
      R"("solver": {"type": "lcp", "frictionEdges": 4, "torsionalFrictionRadius": 0.005, "rollingResistance": 2e-4,
                    "contactTime": "bisection"},
         "contact": {"threshold": 0.0002, "slipThreshold": 0.002},
         "materials": {"rubber": {"staticFriction": 1.0, "kineticFriction": 0.8},
                       "wood": {"staticFriction": 0.5, "kineticFriction": 0.4, "restitution": 0.1}},
         "frictionPairs": [{"a": "wood", "b": "rubber", "staticFriction": 0.9, "kineticFriction": 0.7}],
         "joints": [{"name": "hinge", "type": "revolute", "parent": "floor", "child": "arm", "anchor": [0, 0, 2],
                     "axis": [0, 1, 0], "limits": [-0.5, 0.5], "friction": {"coulomb": 0.1, "viscous": 0.01}}],)");
  auto scene = LoadSceneJson(json);
  REQUIRE(scene.ok());
  const World& w = scene.value().world;
  CHECK(w.settings().friction_directions == 4);
  CHECK(w.settings().torsional_friction_radius == 0.005);
  CHECK(w.settings().rolling_resistance == 2e-4);
  CHECK(w.settings().contact_time_mode == ContactTimeMode::kBisection);
  CHECK(w.settings().contact_threshold == 0.0002);
  const PairProperties p = w.materials().Combine(w.materials().Find("wood"), w.materials().Find("rubber"));
  CHECK(p.static_friction == 0.9);
  CHECK(p.restitution == 0.1);
  // The convex body is placed at its centroid: the points' tetrahedron has
  // its centroid at (0.025, 0.025, 0.025) in the given frame.
  const BodyId gem = w.FindBody("gem");
  CHECK((w.pose(gem).p - Vec3(0.025, 0.025, 1.025)).norm() < 1e-12);
  REQUIRE(w.joint_count() == 1);
  CHECK(w.joint_def(0).has_limits);
  CHECK(w.joint_def(0).coulomb_friction == 0.1);
}

TEST_CASE("Bad scenes are refused with the JSON path and the problem", "[scene]") {
  CHECK(Error("{").find("scene: syntax error") == 0);
  CHECK(Error("[]") == "scene: must be a JSON object");
  CHECK(Error(R"({"format": "x", "version": 1, "bodies": []})") == "format: must be \"grasplab-scene\", got \"x\"");
  CHECK(Error(R"({"format": "grasplab-scene", "version": 2, "bodies": []})") == "version: this build reads version 1, got 2");
  // Found by the fuzzer: a missing version threw while building the message.
  CHECK(Error(R"({"format": "grasplab-scene", "bodies": []})") == "version: required");
  CHECK(Error(With("[]", R"("gravty": [0, 0, -9.81], )")) == "gravty: unknown field (did you mean 'gravity'?)");
  CHECK(Error(With(R"([{"name": "a", "mass": -1, "shape": {"type": "sphere", "radius": 1}}])")) ==
        "bodies[0].mass: must be a finite number > 0 and <= 1000000, got -1");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "shape": {"type": "sphere", "raduis": 1}}])")) ==
        "bodies[0].shape.raduis: unknown field (did you mean 'radius'?)");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "shape": {"type": "box", "size": [1, 0, 1]}}])")) ==
        "bodies[0].shape.size[1]: must be > 0 and <= 10000, got 0");
  CHECK(Error(With("[" + kBall + ", " + kBall + "]")) == "bodies[1].name: duplicate name \"ball\"");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "orientation": [0, 0, 0, 0], "shape": {"type": "sphere", "radius": 1}}])")) ==
        "bodies[0].orientation: quaternion [w, x, y, z] cannot be normalised");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "position": [0, "x", 0], "shape": {"type": "sphere", "radius": 1}}])")) ==
        "bodies[0].position[1]: must be a finite number, got \"x\"");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "position": [0, 1e999, 0], "shape": {"type": "sphere", "radius": 1}}])")) ==
        "bodies[0].position[1]: number 1e999 overflows a double (line 1, column 96)");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "material": "steel", "shape": {"type": "sphere", "radius": 1}}])")) ==
        "bodies[0].material: no material named \"steel\"");
  CHECK(Error(With(R"([{"name": "a", "static": true, "shape": {"type": "mesh", "asset": "../etc/passwd"}}])")) ==
        "bodies[0].shape.asset: must be a path inside assets/ without '..', got \"../etc/passwd\"");
  CHECK(Error(With(R"([{"name": "a", "mass": 1, "shape": {"type": "teapot"}}])")) ==
        "bodies[0].shape.type: must be one of plane, sphere, box, capsule, cylinder, convex, mesh, compound; got \"teapot\"");
  CHECK(Error(With("[" + kBall + "]", R"("joints": [{"name": "j", "type": "revolute", "parent": "nope", "child": "ball", "anchor": [0,0,0], "axis": [0,0,1]}], )")) ==
        "joints[0].parent: no body named \"nope\"");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "springs"}, )")) ==
        "solver.type: must be one of lcp, pgs, penalty, impulse; got \"springs\"");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "penalty", "penalty": {"measure": "area"}}, )")) ==
        "solver.penalty.measure: must be \"depth\" or \"volume\", got \"area\"");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "penalty", "penalty": {"stiffness": -1}}, )")) ==
        "solver.penalty.stiffness: must be a finite number > 0 and <= 1000000000000, got -1");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "penalty", "penalty": {"stifness": 1}}, )")) ==
        "solver.penalty.stifness: unknown field (did you mean 'stiffness'?)");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"warmStart": 1}, )")) ==
        "solver.warmStart: must be true or false, got 1");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"frictionEdges": 5}, )")) ==
        "solver.frictionEdges: must be 4, 6, 8, 12 or 16, got 5");
  CHECK(Error(With("[" + kBall + "]", R"("robots": [{"name": "hand"}], )")) == "robots[0].model: required");
  CHECK(Error(With("[" + kBall + "]", R"("robots": [{"name": "hand", "model": "assets/../secret.urdf"}], )")) ==
        "robots[0].model: must be a path inside assets/ without '..', got \"assets/../secret.urdf\"");
  CHECK(Error(With("[" + kBall + "]", R"("robots": [{"name": "hand", "model": "assets/robots/barrett.urdf"}], )")) ==
        "robots[0].model: asset files cannot be read here");
  CHECK(Error(With("[" + kBall + "]", R"("grasp": {"object": "cup"}, )")) == "grasp.object: no body named \"cup\"");
  CHECK(Error(With("[" + kBall + "]", R"("actions": [{"at": 1, "type": "autograsp", "robot": "hand"}], )")) ==
        "actions[0].robot: no robot named \"hand\"");
  CHECK(Error(R"({"format": "grasplab-scene", "version": 1})") == "bodies: required, an array");
}

TEST_CASE("solver.type pgs selects the exact-cone Gauss-Seidel with its sweeps and tolerance", "[scene][pgs]") {
  auto scene = LoadSceneJson(With("[" + kBall + "]", R"("solver": {"type": "pgs", "iterations": 50, "tolerance": 1e-6}, )"));
  REQUIRE(scene.ok());
  const WorldSettings& s = scene.value().world.settings();
  CHECK(s.contact_solver == ContactSolver::kPgs);
  CHECK(s.pgs_iterations == 50);
  CHECK(s.pgs_tolerance == 1e-6);
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "iterations": 2.5}, )")) ==
        "solver.iterations: must be a whole number, got 2.5");
  CHECK(Error(With("[" + kBall + "]", R"("solver": {"type": "pgs", "iterations": 0}, )")).rfind("solver.iterations", 0) == 0);
}
