// The scene format's "sensors" (core/scene/scene_parse_sensors and the
// builder): a good declaration becomes World sensors with the link frame
// moved into the body frame; every bad field is refused with its JSON path.
#include <catch2/catch.hpp>
#include <memory>

#include "core/scene/scene_build.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_parse.h"

using namespace grasplab;

namespace {
const std::string kAssets = GRASPLAB_ASSETS_DIR;

const std::string kJaw = R"({"format": "grasplab-scene", "version": 1,
  "bodies": [{"name": "ground", "static": true, "shape": {"type": "plane"}},
             {"name": "cube", "mass": 0.2, "shape": {"type": "box", "size": [0.05, 0.05, 0.05]}, "position": [0, 0, 0.02505]}],
  "robots": [{"name": "hand", "model": "assets/robots/parallel-jaw.urdf", "position": [0, 0, 0.2]}],
  "sensors": )";

StatusOr<Scene> Load(const std::string& sensors) {
  SceneLoadOptions options;
  options.asset_root = kAssets;
  auto spec = ParseSceneSpec(kJaw + sensors + "}", options);
  if (!spec.ok()) return spec.status();
  return BuildScene(std::make_shared<const SceneSpec>(std::move(spec).value()));
}

std::string Error(const std::string& sensors) {
  auto s = Load(sensors);
  return s.ok() ? std::string("(loaded)") : s.status().message();
}
}  // namespace

TEST_CASE("Sensors load: names resolved, defaults applied, frames moved into the body frame", "[sensors][scene]") {
  auto s = Load(R"([
    {"type": "joint", "name": "enc", "robot": "hand"},
    {"type": "joint", "name": "left", "robot": "hand", "joints": ["left_jaw_joint"], "rate": 250,
     "noise": {"position": 0.001, "velocity": 0.01, "effort": 0.1, "seed": 9}},
    {"type": "force_torque", "name": "wrist", "robot": "hand", "gravityCompensation": true,
     "noise": {"force": 0.05, "torque": 0.002, "seed": 1}},
    {"type": "tactile", "name": "pad", "robot": "hand", "link": "left_jaw", "position": [0, -0.006, -0.04],
     "size": [0.025, 0.08], "rows": 8, "cols": 4, "depth": 0.001, "noise": {"stddev": 0.01}}])");
  REQUIRE(s.ok());
  const World& w = s.value().world;
  REQUIRE(w.sensor_count() == 4);
  CHECK(w.FindSensor("wrist") == 2);
  CHECK(w.FindSensor("nope") == -1);
  CHECK(w.sensor_def(0).joints.size() == 2);
  CHECK(w.sensor_def(1).joints.size() == 1);
  CHECK(w.sensor_def(1).rate == 250.0);
  CHECK(w.sensor_def(1).noise.seed == 9);
  CHECK(w.sensor_def(2).body == w.FindBody("hand/palm"));  // the root link by default
  CHECK(w.sensor_def(2).gravity_compensation);
  CHECK(w.sensor_def(3).body == w.FindBody("hand/left_jaw"));
  // The jaw's body frame is its centre of mass, 4 cm below the link frame:
  // the face centre is at the body's origin plus 6 mm along -y.
  CHECK((w.sensor_def(3).X_BS.p - Vec3(0, -0.006, 0)).norm() < 1e-12);
  CHECK(w.sensor_reading(3).values.size() == 32u);
  CHECK(w.sensor_reading(3).count == 0);
}

TEST_CASE("Bad sensor declarations are refused with the JSON path of the field", "[sensors][scene]") {
  CHECK(Error(R"({})") == "sensors: must be an array");
  CHECK(Error(R"([3])") == "sensors[0]: must be an object");
  CHECK(Error(R"([{"name": "a", "robot": "hand"}])") == "sensors[0].type: required");
  CHECK(Error(R"([{"type": "camera", "name": "a", "robot": "hand"}])") ==
        "sensors[0].type: must be \"joint\", \"force_torque\" or \"tactile\", got \"camera\"");
  CHECK(Error(R"([{"type": "joint", "robot": "hand"}])") == "sensors[0].name: required");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "arm"}])") == "sensors[0].robot: no robot named \"arm\"");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand"}, {"type": "joint", "name": "a", "robot": "hand"}])") ==
        "sensors[1].name: duplicate sensor name \"a\"");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "rat": 10}])") ==
        "sensors[0].rat: unknown field (did you mean 'rate'?)");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "rate": -1}])").find("sensors[0].rate: must be") == 0);
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "joints": ["elbow"]}])") ==
        "sensors[0].joints[0]: robot \"hand\" has no joint \"elbow\"");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "joints": []}])") ==
        "sensors[0].joints: must be a non-empty array of joint names");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "joints": ["left_jaw_joint", "left_jaw_joint"]}])") ==
        "sensors[0].joints[1]: joint \"left_jaw_joint\" is listed twice");
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "noise": {"force": 1}}])").find("sensors[0].noise.force: unknown field") == 0);
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "noise": {"position": -0.1}}])").find("sensors[0].noise.position: must be") == 0);
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "noise": {"seed": 1.5}}])").find("sensors[0].noise.seed: must be a whole number") == 0);
  CHECK(Error(R"([{"type": "joint", "name": "a", "robot": "hand", "noise": {"seed": -1}}])").find("sensors[0].noise.seed: must be") == 0);
  CHECK(Error(R"([{"type": "force_torque", "name": "a", "robot": "hand", "link": "wrist"}])") ==
        "sensors[0].link: robot \"hand\" has no link \"wrist\"");
  CHECK(Error(R"([{"type": "force_torque", "name": "a", "robot": "hand", "gravityCompensation": 1}])").find("sensors[0].gravityCompensation") == 0);
  CHECK(Error(R"([{"type": "force_torque", "name": "a", "robot": "hand", "orientation": [0, 0, 0, 0]}])").find("sensors[0].orientation") == 0);
  CHECK(Error(R"([{"type": "force_torque", "name": "a", "robot": "hand", "size": [1, 1]}])").find("sensors[0].size: unknown field") == 0);
  const std::string pad = R"([{"type": "tactile", "name": "p", "robot": "hand", "link": "left_jaw", )";
  CHECK(Error(pad + R"("rows": 2, "cols": 2}])") == "sensors[0].size: required, [x, y] in m");
  CHECK(Error(pad + R"("size": [0.02], "rows": 2, "cols": 2}])").find("sensors[0].size: must be an array of 2 numbers") == 0);
  CHECK(Error(pad + R"("size": [0.02, 0], "rows": 2, "cols": 2}])").find("sensors[0].size[1]: must be a finite number > 0") == 0);
  CHECK(Error(pad + R"("size": [0.02, 0.02], "cols": 2}])") == "sensors[0].rows: required");
  CHECK(Error(pad + R"("size": [0.02, 0.02], "rows": 0, "cols": 2}])").find("sensors[0].rows: must be") == 0);
  CHECK(Error(pad + R"("size": [0.02, 0.02], "rows": 2, "cols": 65}])").find("sensors[0].cols: must be") == 0);
  CHECK(Error(pad + R"("size": [0.02, 0.02], "rows": 2, "cols": 2, "depth": 0}])").find("sensors[0].depth: must be") == 0);
  CHECK(Error(R"([{"type": "tactile", "name": "p", "robot": "hand", "size": [0.02, 0.02], "rows": 2, "cols": 2}])") ==
        "sensors[0].link: required");
}

TEST_CASE("World::AddSensor checks ids and names", "[sensors]") {
  World w;
  SensorDef d;
  d.name = "enc";
  d.joints = {0};
  auto r = w.AddSensor(d);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "sensors[0].joints: unknown joint 0");
  d.type = SensorType::kTactile;
  d.body = 3;
  d.size_x = d.size_y = 0.01;
  d.rows = d.cols = 2;
  CHECK(w.AddSensor(d).status().message() == "sensors[0].link: unknown body 3");
  d.rows = 0;
  CHECK(w.AddSensor(d).status().message().find("sensors[0].rows: must be") == 0);
  d.name = "";
  CHECK(w.AddSensor(d).status().message() == "sensors[0].name: must be 1 to 256 characters");
}
