// Embind declarations for the browser worker and the Node tests. Thin by
// design: a Simulation adapter that owns one Scene and forwards to the core.
// Bulk state leaves as typed-array views over C++ memory (copy them at once:
// a view goes stale when the WASM memory grows). Errors come back as strings
// ("" means success), since exceptions are disabled in this build.
#include <emscripten/bind.h>

#include <map>
#include <string>
#include <vector>

#include <memory>
#include <nlohmann/json.hpp>

#include "core/io/frame_record.h"
#include "core/io/grasp_json.h"
#include "core/io/run_summary.h"
#include "core/io/scene_description.h"
#include "core/math/state_hash.h"
#include "core/scene/builtin_scenes.h"
#include "core/scene/scene_json.h"

namespace grasplab {
namespace {

class Simulation {
 public:
  // Replaces the current scene only if the new one loads.
  std::string LoadBuiltin(const std::string& name) { return Adopt(MakeBuiltinScene(name)); }
  // Replaces the current scene with one in the JSON scene format, only if it
  // loads ("" on success, else the message naming the JSON path).
  // Assets ("assets/...": robot models, meshes) are served from the bytes
  // given here, which the worker fetched beforehand.
  std::string LoadJson(const std::string& text) {
    SceneLoadOptions options;
    options.read_asset = [this](const std::string& path) -> StatusOr<std::string> {
      const auto it = assets_.find(path);
      if (it == assets_.end()) return Status::Error(path + ": not provided to the page");
      return it->second;
    };
    return Adopt(LoadSceneJson(text, options));
  }
  void SetAsset(const std::string& path, const std::string& bytes) { assets_[path] = bytes; }
  // The driven joints of a robot: [{name, position, velocity, target, lower,
  // upper, maxEffort, effort}] (URDF values; lower/upper null without limits).
  std::string JointsJson(const std::string& robot) const {
    const int r = FindRobot(scene_, robot);
    if (r < 0) return "null";
    const Robot& rb = scene_.robots[r].robot;
    const World& w = scene_.world;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (std::size_t d = 0; d < rb.dofs.size(); ++d) {
      const RobotDof& dof = rb.dofs[d];
      nlohmann::ordered_json j;
      j["name"] = dof.name;
      j["position"] = rb.Position(w, static_cast<int>(d));
      j["velocity"] = w.joint_velocity(dof.joint);
      j["target"] = w.has_joint_controller(dof.joint) ? nlohmann::ordered_json(w.joint_target(dof.joint) + dof.q0)
                                                      : nlohmann::ordered_json(nullptr);
      j["lower"] = dof.has_limits ? nlohmann::ordered_json(dof.lower) : nlohmann::ordered_json(nullptr);
      j["upper"] = dof.has_limits ? nlohmann::ordered_json(dof.upper) : nlohmann::ordered_json(nullptr);
      j["maxEffort"] = dof.max_effort;
      j["effort"] = w.joint_motor_effort(dof.joint);
      out.push_back(std::move(j));
    }
    return out.dump();
  }
  // Hands a robot's PD set points to the page (a JavaScript controller in the
  // worker) or back to its trajectory controller.
  std::string SetExternalControl(const std::string& robot, bool external) {
    const int r = FindRobot(scene_, robot);
    if (r < 0) return "the scene has no robot named \"" + robot + "\"";
    SceneRobot& sr = scene_.robots[r];
    if (external) {
      sr.custom = std::make_shared<ExternalController>();
    } else {
      sr.custom.reset();
      sr.controller.HoldCurrent(scene_.world, sr.robot);
    }
    return "";
  }
  // PD set point of a driven joint (URDF value, clamped into its limits).
  std::string SetJointTarget(const std::string& robot, const std::string& joint, double position, double velocity) {
    const int r = FindRobot(scene_, robot);
    if (r < 0) return "the scene has no robot named \"" + robot + "\"";
    const Robot& rb = scene_.robots[r].robot;
    const int d = rb.FindDof(joint);
    if (d < 0) return "robot \"" + robot + "\" has no driven joint \"" + joint + "\"";
    if (Status s = rb.SetTarget(&scene_.world, d, position, velocity); !s.ok()) return s.message();
    return "";
  }
  // Runs a grasp action now on the named robot: "autograsp-static",
  // "autograsp", "open", "lift" (0.1 m) or "shake"; duration in s.
  std::string Action(const std::string& type, const std::string& robot, double duration) {
    SceneAction a;
    a.robot = FindRobot(scene_, robot);
    if (a.robot < 0) return "action: the scene has no robot named \"" + robot + "\"";
    bool known = false;
    for (ActionType t : {ActionType::kAutoGraspStatic, ActionType::kAutoGraspDynamic, ActionType::kOpen,
                         ActionType::kLift, ActionType::kShake}) {
      if (type == ActionTypeName(t)) a.type = t, known = true;
    }
    if (!known) return "action: unknown type \"" + type + "\"";
    if (!(duration > 0.0) || duration > 100.0) return "action: duration must be in (0, 100] s";
    a.duration = duration;
    if (Status s = RunAction(&scene_, a); !s.ok()) return s.message();
    scene_.world.WritePoses(poses_);
    return "";
  }
  // Advances n steps of the scene's h (actions, controllers, world).
  std::string Step(int n) {
    for (int k = 0; k < n; ++k) {
      if (Status s = StepScene(&scene_, scene_.timestep); !s.ok()) return s.message();
    }
    scene_.world.WritePoses(poses_);
    return "";
  }
  double Time() const { return scene_.world.time(); }
  double StepCount() const { return static_cast<double>(scene_.world.step_count()); }
  double Timestep() const { return scene_.timestep; }
  int BodyCount() const { return scene_.world.body_count(); }
  int ContactCount() const { return scene_.world.stats().contact_count; }
  std::string StateHash() const { return HashToHex(scene_.world.StateHash()); }
  std::string DescribeJson() const {
    nlohmann::ordered_json d = DescribeBodies(scene_.world);
    d["robots"] = nlohmann::ordered_json::array();
    for (const SceneRobot& r : scene_.robots) d["robots"].push_back(r.robot.name);
    return d.dump();
  }
  std::string SummaryJson() const { return RunSummary(scene_.name, scene_.world).dump(); }
  // The current frame as `grasplab run --out` writes it (io/frame_record.h).
  std::string FrameJson() const { return grasplab::FrameJson(scene_).dump(); }
  // Whether the scene names a grasped object (its "grasp" entry).
  bool HasGrasp() const { return scene_.grasp.has_value(); }
  // Force closure, epsilon and volume of the scene's grasp (scene "grasp").
  std::string GraspJson() const { return GraspQualityJson(EvaluateSceneGrasp(scene_)).dump(); }
  emscripten::val Poses() const {
    return emscripten::val(emscripten::typed_memory_view(poses_.size(), poses_.data()));
  }

 private:
  // Leaves the PD set points to SetJointTarget.
  struct ExternalController : RobotController {
    Status Update(double, World*, const Robot&) override { return Status::Ok(); }
  };
  // Takes a loaded scene, or returns its error and keeps the current one.
  std::string Adopt(StatusOr<Scene> scene) {
    if (!scene.ok()) return scene.status().message();
    scene_ = std::move(scene).value();
    poses_.assign(7 * scene_.world.body_count(), 0.0);
    scene_.world.WritePoses(poses_);
    return "";
  }

  Scene scene_{"", 0.0025};
  std::vector<double> poses_;
  std::map<std::string, std::string> assets_;
};

// Comma-separated names of the built-in scenes.
std::string BuiltinScenes() {
  std::string out;
  for (const std::string& n : BuiltinSceneNames()) out += (out.empty() ? "" : ",") + n;
  return out;
}

EMSCRIPTEN_BINDINGS(grasplab) {
  emscripten::function("builtinScenes", &BuiltinScenes);
  emscripten::class_<Simulation>("Simulation")
      .constructor<>()
      .function("loadBuiltin", &Simulation::LoadBuiltin)
      .function("loadJson", &Simulation::LoadJson)
      .function("setAsset", &Simulation::SetAsset)
      .function("graspJson", &Simulation::GraspJson)
      .function("hasGrasp", &Simulation::HasGrasp)
      .function("action", &Simulation::Action)
      .function("frameJson", &Simulation::FrameJson)
      .function("jointsJson", &Simulation::JointsJson)
      .function("setExternalControl", &Simulation::SetExternalControl)
      .function("setJointTarget", &Simulation::SetJointTarget)
      .function("step", &Simulation::Step)
      .function("time", &Simulation::Time)
      .function("stepCount", &Simulation::StepCount)
      .function("timestep", &Simulation::Timestep)
      .function("bodyCount", &Simulation::BodyCount)
      .function("contactCount", &Simulation::ContactCount)
      .function("stateHash", &Simulation::StateHash)
      .function("describeJson", &Simulation::DescribeJson)
      .function("summaryJson", &Simulation::SummaryJson)
      .function("poses", &Simulation::Poses);
}

}  // namespace
}  // namespace grasplab
