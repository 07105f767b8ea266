// Teleoperation of a scene (core/scene/scene_teleop, robot/teleop_
// controller, io/teleop_json): the "teleop" entry's errors with JSON paths,
// session records' errors, the JSON round trip to the bit, a recorded
// session replaying to the same state hash, and the pick-up of the bunny
// in assets/scenes/teleop-bunny.json done through commands alone.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/io/teleop_json.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_teleop.h"

using namespace grasplab;

namespace {
const std::string kAssets = GRASPLAB_ASSETS_DIR;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

StatusOr<Scene> LoadText(const std::string& text) {
  SceneLoadOptions o;
  o.asset_root = kAssets;
  return LoadSceneJson(text, o);
}

std::string JawWith(const std::string& teleop) {
  return R"({"format": "grasplab-scene", "version": 1,
    "bodies": [{"name": "ground", "static": true, "shape": {"type": "plane"}}],
    "robots": [{"name": "hand", "model": "assets/robots/parallel-jaw.urdf", "position": [0, 0, 0.2]}],
    "teleop": )" + teleop + "}";
}

std::string Error(const std::string& scene) {
  auto s = LoadText(scene);
  return s.ok() ? std::string("(loaded)") : s.status().message();
}

// The pick-up: descend 8 cm to the workspace floor, close over 0.5 s,
// hold, lift 10 cm, hold. Records at the steps a 60 Hz page would send.
TeleopSession PickUp() {
  TeleopSession s;
  auto add = [&](std::int64_t step, Vec3 v, double c) { s.push_back({step, {v, Vec3::Zero(), c}}); };
  add(0, Vec3(0, 0, -0.1), 0.0);     // 0.8 s at 0.1 m/s: 8 cm, to the floor of the box
  for (int k = 0; k <= 10; ++k) add(400 + 20 * k, Vec3::Zero(), 0.1 * k);  // close over 0.5 s from 1 s
  add(1000, Vec3(0, 0, 0.1), 1.0);   // from 2.5 s: lift 10 cm in 1 s
  add(1400, Vec3::Zero(), 1.0);      // hold
  return s;
}
}  // namespace

TEST_CASE("Scene teleop entry: fields checked with their JSON paths", "[teleop][scene]") {
  const std::string box = R"("workspace": {"min": [-0.1, -0.1, 0.1], "max": [0.1, 0.1, 0.3]})";
  CHECK(Error(JawWith(R"({"robot": "hand", )" + box + "}")) == "(loaded)");
  CHECK(Error(JawWith(R"({"robot": "arm", )" + box + "}")) == "teleop.robot: the scene has no robot named \"arm\"");
  CHECK(Error(JawWith(R"({"robot": "hand"})")) ==
        "teleop.workspace: required ({\"min\": [x, y, z], \"max\": [x, y, z]})");
  CHECK(Error(JawWith(R"({"robot": "hand", "workspace": {"min": [0, 0, 0], "max": [0.1, -0.1, 0.3]}})")) ==
        "teleop.workspace.max[1]: must be >= workspace.min[1] (0), got -0.1");
  CHECK(Error(JawWith(R"({"robot": "hand", "workspace": {"min": [-0.1, -0.1, 0.3], "max": [0.1, 0.1, 0.4]}})"))
            .rfind("teleop.workspace: robot \"hand\" starts outside the box", 0) == 0);
  CHECK(Error(JawWith(R"({"robot": "hand", "timeConstant": -1, )" + box + "}")).rfind("teleop.timeConstant:", 0) == 0);
  CHECK(Error(JawWith(R"({"robot": "hand", "maxSped": 1, )" + box + "}")).rfind("teleop.maxSped: unknown field", 0) == 0);
}

TEST_CASE("Teleop session JSON: errors name the record and field; the round trip keeps every bit", "[teleop]") {
  const auto err = [](const std::string& commands) {
    auto s = ParseTeleopSessionJson(R"({"format": "grasplab-teleop", "version": 1, "commands": )" + commands + "}", "link: teleop");
    return s.ok() ? std::string("(parsed)") : s.status().message();
  };
  CHECK(err(R"([{"step": 0, "closure": 0}, {"step": 5, "velocity": [0, 0, -0.1], "closure": 0.5}])") == "(parsed)");
  CHECK(err(R"([{"step": 3, "closure": 0}, {"step": 2, "closure": 0}])") ==
        "link: teleop.commands[1].step: records must be in step order; 2 comes after 3");
  CHECK(err(R"([{"step": 0, "closure": 1.5}])").rfind("link: teleop.commands[0].closure:", 0) == 0);
  CHECK(err(R"([{"step": 0.5, "closure": 0}])") == "link: teleop.commands[0].step: must be a whole number, got 0.5");
  CHECK(err(R"([{"step": 0, "velocity": [0, 0], "closure": 0}])").rfind("link: teleop.commands[0].velocity:", 0) == 0);
  CHECK(err(R"([{"step": 0, "velocity": [0, 0, 1000], "closure": 0}])") ==
        "link: teleop.commands[0].velocity[2]: must be a finite number in [-100, 100], got 1000");
  CHECK(err(R"([{"step": 0}])") == "link: teleop.commands[0].closure: required");
  CHECK(err(R"([{"step": 0, "closure": 0, "grip": 1}])").rfind("link: teleop.commands[0].grip: unknown field", 0) == 0);
  CHECK(err(R"({"step": 0})") == "link: teleop.commands: must be an array of records");

  TeleopSession s = PickUp();
  s[3].input.v_W = Vec3(0.1 / 3.0, -1e-17, 2.0 / 7.0);
  s[4].input.w_W = Vec3(0.3, 0.0, -1.0 / 9.0);
  auto back = ParseTeleopSessionJson(TeleopSessionJson(s).dump());
  REQUIRE(back.ok());
  REQUIRE(back.value().size() == s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    CHECK(back.value()[i].step == s[i].step);
    CHECK(back.value()[i].input.v_W == s[i].input.v_W);
    CHECK(back.value()[i].input.w_W == s[i].input.w_W);
    CHECK(back.value()[i].input.closure == s[i].input.closure);
  }
}

TEST_CASE("Teleop: the bunny is picked up by commands alone, and the session replays to the same hash", "[teleop][scene]") {
  const std::string text = ReadFile(kAssets + "/scenes/teleop-bunny.json");
  auto loaded = LoadText(text);
  REQUIRE(loaded.ok());
  Scene scene = std::move(loaded).value();
  REQUIRE(scene.teleop);
  const BodyId bunny = scene.world.FindBody("bunny");
  const int hand = FindRobot(scene, "hand");
  const BodyId palm = scene.robots[hand].robot.root_body;
  const double z0 = scene.world.pose(bunny).p.z(), palm0 = scene.world.pose(palm).p.z();

  // Live: each record pushed when its step comes, as the page does.
  const TeleopSession session = PickUp();
  std::size_t next = 0;
  const int kSteps = 1800;  // 4.5 s
  for (int n = 0; n < kSteps; ++n) {
    while (next < session.size() && session[next].step == n) REQUIRE(PushTeleopCommand(&scene, session[next++].input).ok());
    REQUIRE(StepScene(&scene, scene.timestep).ok());
    if (n == 399) {  // the wrist has reached the box's floor, 8 cm down, and stays there (the clamp)
      CHECK(scene.world.pose(palm).p.z() == Approx(palm0 - 0.08).margin(0.004));
    }
  }
  // Lifted 10 cm: the palm follows within 5 mm, the bunny within 1.5 cm (it
  // settles in the grasp as it starts to move).
  const double palm_rise = scene.world.pose(palm).p.z() - (palm0 - 0.08);
  const double bunny_rise = scene.world.pose(bunny).p.z() - z0;
  INFO("palm rise " << palm_rise << " m, bunny rise " << bunny_rise << " m");
  CHECK(palm_rise == Approx(0.10).margin(0.005));
  CHECK(bunny_rise == Approx(0.10).margin(0.015));
  const std::uint64_t live_hash = scene.world.StateHash();
  REQUIRE(scene.teleop->commands.size() == session.size());

  // Replay: the records queued up front from their JSON, on a fresh scene.
  auto replayed = ParseTeleopSessionJson(TeleopSessionJson(scene.teleop->commands).dump());
  REQUIRE(replayed.ok());
  Scene again = LoadText(text).value();
  REQUIRE(QueueTeleopCommands(&again, replayed.value()).ok());
  for (int n = 0; n < kSteps; ++n) REQUIRE(StepScene(&again, again.timestep).ok());
  CHECK(again.world.StateHash() == live_hash);

  // Records in the past are refused, naming the record; nothing is queued.
  const std::size_t queued = again.teleop->commands.size();
  CHECK(QueueTeleopCommands(&again, {{5, {}}}).message().rfind("teleop.commands[0].step: must be >= 1800", 0) == 0);
  CHECK(again.teleop->commands.size() == queued);
}

TEST_CASE("Teleop commands on a scene without a teleop entry are refused", "[teleop][scene]") {
  Scene scene = LoadText(JawWith("null").substr(0, 0) + R"({"format": "grasplab-scene", "version": 1,
    "bodies": [{"name": "ground", "static": true, "shape": {"type": "plane"}}]})").value();
  CHECK(PushTeleopCommand(&scene, {}).message() == "teleop: the scene has no \"teleop\" entry (docs/teleoperation.md)");
}
