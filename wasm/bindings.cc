// Embind declarations for the browser worker and the Node tests. Thin by
// design: a Simulation adapter that owns one Scene and forwards to the core.
// Bulk state leaves as typed-array views over C++ memory (copy them at once:
// a view goes stale when the WASM memory grows). Errors come back as strings
// ("" means success), since exceptions are disabled in this build.
#include <emscripten/bind.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include <memory>
#include <nlohmann/json.hpp>

#include "core/io/frame_arrays.h"
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
      const StepStats& st = scene_.world.stats();
      for (std::size_t i = 0; i < stage_sum_.size(); ++i) stage_sum_[i] += st.stage_seconds[i];
      ++stage_steps_;
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
    d["warnings"] = scene_.warnings;
    d["robotBodies"] = nlohmann::ordered_json::object();
    for (const SceneRobot& r : scene_.robots) d["robotBodies"][r.robot.name] = r.robot.link_body;
    d["grasp"] = nullptr;
    if (scene_.grasp) d["grasp"] = {{"object", scene_.grasp->object}, {"robot", scene_.grasp->robot}};
    return d.dump();
  }
  std::string SummaryJson() const { return RunSummary(scene_.name, scene_.world).dump(); }
  // The current frame as `grasplab run --out` writes it (io/frame_record.h).
  std::string FrameJson() const { return grasplab::FrameJson(scene_).dump(); }
  // Whether the scene names a grasped object (its "grasp" entry).
  bool HasGrasp() const { return scene_.grasp.has_value(); }
  // Force closure, epsilon and volume of the scene's grasp (scene "grasp").
  // linf false skips the L-infinity metrics whatever the scene says: their
  // hull of up to 2,500 Minkowski sums takes up to seconds (grasp_quality.h),
  // too slow for a panel updated live.
  std::string GraspJson(bool linf) const {
    if (!scene_.grasp) return GraspQualityJson(EvaluateSceneGrasp(scene_)).dump();
    GraspQualitySettings settings = scene_.grasp->settings;
    settings.compute_linf = settings.compute_linf && linf;
    return GraspQualityJson(EvaluateSceneGrasp(scene_, settings)).dump();
  }
  emscripten::val Poses() const {
    return emscripten::val(emscripten::typed_memory_view(poses_.size(), poses_.data()));
  }
  // The viewer's per-frame arrays (io/frame_arrays.h): views over C++
  // memory, valid until the next call; copy them at once.
  emscripten::val Contacts() {
    WriteContactArray(scene_.world, &scratch_contacts_);
    return emscripten::val(emscripten::typed_memory_view(scratch_contacts_.size(), scratch_contacts_.data()));
  }
  emscripten::val Joints() {
    WriteJointArray(scene_.world, &scratch_joints_);
    return emscripten::val(emscripten::typed_memory_view(scratch_joints_.size(), scratch_joints_.data()));
  }
  // The stage seconds are the mean over the steps since the previous call
  // (a browser's clock ticks in 0.1-1 ms; the mean of many steps is unbiased).
  emscripten::val Stats() {
    WriteStatsArray(scene_.world, &scratch_stats_);
    if (stage_steps_ > 0) {
      for (std::size_t i = 0; i < stage_sum_.size(); ++i) scratch_stats_[i] = stage_sum_[i] / stage_steps_;
    }
    stage_sum_.fill(0.0);
    stage_steps_ = 0;
    return emscripten::val(emscripten::typed_memory_view(scratch_stats_.size(), scratch_stats_.data()));
  }
  // [T, T_grip, ratio or -1 when undefined] of the scene's grasped object
  // relative to its robot's root link (grasp/kinetic_energy_ratio.h); all
  // -1 without a grasp entry.
  emscripten::val Energy() {
    scratch_energy_ = {-1.0, -1.0, -1.0};
    if (scene_.grasp) {
      const KineticEnergyRatio k = EvaluateSceneEnergy(scene_);
      scratch_energy_ = {k.actual, k.expected, k.defined ? k.ratio : -1.0};
    }
    return emscripten::val(emscripten::typed_memory_view(scratch_energy_.size(), scratch_energy_.data()));
  }
  // Mouse drag (World::SetDragSpring): grabs `body` at world point p, pulled
  // towards world target t by k_p = m (2 pi f)^2 (f in Hz; m the body's mass)
  // and k_v = sqrt(2 m k_p) (Chardonnet et al. eq. 7).
  std::string StartDrag(int body, double px, double py, double pz, double tx, double ty, double tz, double f) {
    World& w = scene_.world;
    if (body < 0 || body >= w.body_count()) return "drag: unknown body " + std::to_string(body);
    if (!(f > 0.0 && f <= 100.0)) return "drag: frequency must be in (0, 100] Hz";
    const double omega = 2.0 * 3.14159265358979323846 * f;
    const Vec3 p_B = w.pose(body).ApplyInverse(Vec3(px, py, pz));
    if (Status s = w.SetDragSpring(body, p_B, Vec3(tx, ty, tz), w.body_def(body).mass * omega * omega); !s.ok()) {
      return s.message();
    }
    return "";
  }
  std::string MoveDrag(double tx, double ty, double tz) {
    if (Status s = scene_.world.MoveDragTarget(Vec3(tx, ty, tz)); !s.ok()) return s.message();
    return "";
  }
  void EndDrag() { scene_.world.ClearDragSpring(); }
  // [body or -1, attach point x y z (world), target x y z, force x y z (N)].
  emscripten::val DragState() {
    const World& w = scene_.world;
    const DragSpring& d = w.drag();
    scratch_drag_.assign(10, 0.0);
    scratch_drag_[0] = d.body;
    if (d.body >= 0) {
      const Vec3 p = w.pose(d.body).Apply(d.p_B);
      for (int k = 0; k < 3; ++k) scratch_drag_[1 + k] = p[k], scratch_drag_[4 + k] = d.target_W[k], scratch_drag_[7 + k] = d.force_W[k];
    }
    return emscripten::val(emscripten::typed_memory_view(scratch_drag_.size(), scratch_drag_.data()));
  }
  // [{name, staticFriction, kineticFriction}] of the world's materials.
  std::string MaterialsJson() const {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    const MaterialTable& t = scene_.world.materials();
    for (MaterialId m = 0; m < t.size(); ++m) {
      out.push_back({{"name", t.material(m).name}, {"staticFriction", t.material(m).static_friction},
                     {"kineticFriction", t.material(m).kinetic_friction}});
    }
    return out.dump();
  }
  // Changes a material's friction from the next step on.
  std::string SetMaterialFriction(const std::string& name, double mu_s, double mu_k) {
    const MaterialId m = scene_.world.materials().Find(name);
    if (m < 0) return "materials: the scene has no material named \"" + name + "\"";
    if (Status s = scene_.world.SetMaterialFriction(m, mu_s, mu_k); !s.ok()) return s.message();
    return "";
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
  std::array<double, static_cast<int>(Stage::kCount)> stage_sum_{};
  int stage_steps_ = 0;
  std::vector<double> scratch_contacts_, scratch_joints_, scratch_stats_, scratch_energy_, scratch_drag_;
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
      .function("poses", &Simulation::Poses)
      .function("contacts", &Simulation::Contacts)
      .function("joints", &Simulation::Joints)
      .function("stats", &Simulation::Stats)
      .function("energy", &Simulation::Energy)
      .function("startDrag", &Simulation::StartDrag)
      .function("moveDrag", &Simulation::MoveDrag)
      .function("endDrag", &Simulation::EndDrag)
      .function("dragState", &Simulation::DragState)
      .function("materialsJson", &Simulation::MaterialsJson)
      .function("setMaterialFriction", &Simulation::SetMaterialFriction);
}

}  // namespace
}  // namespace grasplab
