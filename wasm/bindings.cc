// Embind declarations for the browser worker and the Node tests. Thin by
// design: a Simulation adapter that owns one Scene and forwards to the core.
// Bulk state leaves as typed-array views over C++ memory (copy them at once:
// a view goes stale when the WASM memory grows). Errors come back as strings
// ("" means success), since exceptions are disabled in this build.
#include <emscripten/bind.h>

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/frame_arrays.h"
#include "core/io/frame_record.h"
#include "core/io/grasp_json.h"
#include "core/io/grasp_probe.h"
#include "core/io/run_summary.h"
#include "core/io/scene_description.h"
#include "core/io/sensor_json.h"
#include "core/io/teleop_json.h"
#include "core/math/state_hash.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_teleop.h"

namespace grasplab {
namespace {

class Simulation {
 public:
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
  // Rebuilds the scene from what it was loaded from (its SceneSpec): time 0,
  // every action pending again, user controllers and drag released.
  std::string Reset() {
    if (!scene_.spec) return "reset: no scene loaded";
    return Adopt(BuildScene(scene_.spec));
  }
  // The driven joints of a robot (io/scene_description.h: DescribeRobotJoints).
  std::string JointsJson(const std::string& robot) const { return DescribeRobotJoints(scene_, robot).dump(); }
  // Hands a robot's PD set points to the page (sliders, a JavaScript
  // controller in the worker) or back to its trajectory controller.
  std::string SetExternalControl(const std::string& robot, bool external) {
    return Message(grasplab::SetExternalControl(&scene_, robot, external));
  }
  // PD set point of a driven joint (URDF value, clamped into its limits).
  std::string SetJointTarget(const std::string& robot, const std::string& joint, double position, double velocity) {
    return Message(SetRobotJointTarget(&scene_, robot, joint, position, velocity));
  }
  // A grasp button now (scene/scene.h: RunButtonAction).
  std::string Action(const std::string& type, const std::string& robot, double duration) {
    return Message(RunButtonAction(&scene_, type, robot, duration));
  }
  // Advances n steps of the scene's h (actions, controllers, world).
  std::string Step(int n) {
    for (int k = 0; k < n; ++k) {
      if (Status s = StepScene(&scene_, scene_.timestep); !s.ok()) return s.message();
      stage_means_.Add(scene_.world.stats());
    }
    return "";
  }
  // Stage times on (every step timed) or off (no clock read; Stats then
  // repeats the stage means it returned last). Kept across loads and
  // resets.
  void SetStageTiming(bool on) {
    stage_timing_ = on;
    scene_.world.set_stage_timing_period(on ? kStageTimingPeriod : 0);
  }
  double Time() const { return scene_.world.time(); }
  double StepCount() const { return static_cast<double>(scene_.world.step_count()); }
  double Timestep() const { return scene_.timestep; }
  int BodyCount() const { return scene_.world.body_count(); }
  int ContactCount() const { return scene_.world.stats().contact_count; }
  std::string StateHash() const { return HashToHex(scene_.world.StateHash()); }
  std::string DescribeJson() const { return DescribeScene(scene_).dump(); }
  // The settings in force, defaults included (io/scene_description.h).
  std::string SettingsJson() const { return DescribeSettings(scene_).dump(); }
  std::string SummaryJson() const { return RunSummary(scene_.name, scene_.world).dump(); }
  // The current frame as `grasplab run --out` writes it (io/frame_record.h).
  std::string FrameJson() const { return grasplab::FrameJson(scene_).dump(); }
  // Whether the scene names a grasped object (its "grasp" entry).
  bool HasGrasp() const { return scene_.grasp.has_value(); }
  // Force closure, epsilon and volume of the scene's grasp (scene "grasp").
  // linf false skips the L-infinity metrics (scene/scene.h: EvaluateSceneGraspLive).
  std::string GraspJson(bool linf) const { return GraspQualityJson(EvaluateSceneGraspLive(scene_, linf)).dump(); }
  // The metrics plus "wrenchSpace" (io/grasp_json.h), from one evaluation (L1 only).
  std::string GraspWrenchJson() const {
    const GraspQuality q = EvaluateSceneGraspLive(scene_, false);
    nlohmann::ordered_json j = GraspQualityJson(q);
    j["wrenchSpace"] = WrenchSpaceJson(q);
    return j.dump();
  }
  // The grasp's probe input as it stands (io/grasp_probe.h), "null" without
  // a grasp: recorded with each frame so a recorded frame's wrench space can
  // be drawn (evaluateGraspProbeJson) exactly as it was live.
  std::string GraspProbeInputJson() const { return GraspProbeInput(scene_).dump(); }
  // Every sensor's last reading with names (io/sensor_json.h), "[]" without sensors.
  std::string SensorsJson() const { return grasplab::SensorsJson(scene_.world, true).dump(); }
  // One sensor's reading values (world/sensor_def.h: the layout per type), a
  // view valid until the next call; empty for an unknown index.
  emscripten::val SensorValues(int sensor) const {
    static const std::vector<double> kNone;
    const std::vector<double>& v =
        sensor >= 0 && sensor < scene_.world.sensor_count() ? scene_.world.sensor_reading(sensor).values : kNone;
    return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
  }
  // 7 numbers per body (px py pz qw qx qy qz, world frame), copied out when
  // asked, not by every step call: copying 100 poses cost 0.2 us of a
  // 0.34 us step(1) call with every body asleep (docs/benchmarks.md, stop 42).
  emscripten::val Poses() {
    scene_.world.WritePoses(poses_);
    return emscripten::val(emscripten::typed_memory_view(poses_.size(), poses_.data()));
  }
  // 1 per body asleep, 0 awake or static (World::sleeping_bodies).
  emscripten::val Sleeping() const {
    const std::span<const std::uint8_t> s = scene_.world.sleeping_bodies();
    return emscripten::val(emscripten::typed_memory_view(s.size(), s.data()));
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
    stage_means_.Take(scene_.world.stats(), scratch_stats_.data());
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
  // Mouse drag (World::GrabBody): grabs `body` at world point p, pulled
  // towards world target t by k_p = m (2 pi f)^2 (f in Hz) and
  // k_v = sqrt(2 m k_p) (Chardonnet et al. eq. 7).
  std::string StartDrag(int body, double px, double py, double pz, double tx, double ty, double tz, double f) {
    return Message(scene_.world.GrabBody(body, Vec3(px, py, pz), Vec3(tx, ty, tz), f));
  }
  std::string MoveDrag(double tx, double ty, double tz) { return Message(scene_.world.MoveDragTarget(Vec3(tx, ty, tz))); }
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
    return Message(scene_.world.SetMaterialFriction(m, mu_s, mu_k));
  }
  // Teleoperation (scene/scene_teleop.h, docs/teleoperation.md): a live
  // command held from the current step on (wrist velocity m/s and rad/s,
  // world frame; closure 0..1), recorded as a (step, command) record.
  std::string TeleopCommand(double vx, double vy, double vz, double wx, double wy, double wz, double closure) {
    TeleopInput in;
    in.v_W = Vec3(vx, vy, vz);
    in.w_W = Vec3(wx, wy, wz);
    in.closure = closure;
    return Message(PushTeleopCommand(&scene_, in));
  }
  // Queues a recorded session's records (io/teleop_json.h) for replay;
  // errors name "<prefix>.commands[i].<field>" and nothing is queued.
  std::string QueueTeleopJson(const std::string& text, const std::string& prefix) {
    auto session = ParseTeleopSessionJson(text, prefix);
    if (!session.ok()) return session.status().message();
    return Message(QueueTeleopCommands(&scene_, session.value(), prefix + ".commands"));
  }
  // Every record so far (applied and pending) as session JSON.
  std::string TeleopSessionJson() const {
    return scene_.teleop ? grasplab::TeleopSessionJson(scene_.teleop->commands).dump() : "null";
  }
  // The scene's teleop set-up (robot, workspace, speeds, tau), "null" without one.
  std::string TeleopJson() const { return TeleopDescriptionJson(scene_).dump(); }
  // Gravity (m/s^2, world frame) from the next step on.
  std::string SetGravity(double gx, double gy, double gz) { return Message(scene_.world.SetGravity(Vec3(gx, gy, gz))); }

 private:
  static std::string Message(const Status& s) { return s.ok() ? "" : s.message(); }
  // Takes a loaded scene, or returns its error and keeps the current one.
  std::string Adopt(StatusOr<Scene> scene) {
    if (!scene.ok()) return scene.status().message();
    scene_ = std::move(scene).value();
    SetStageTiming(stage_timing_);  // the new scene's clock as the last one's
    poses_.assign(7 * scene_.world.body_count(), 0.0);
    scene_.world.WritePoses(poses_);
    return "";
  }

  // The page reads stage times as means over the steps since its last
  // read (Stats), about one frame's worth. Chromium clamps
  // performance.now() to 100 us without cross-origin isolation, so each
  // step's reading is 0 or 0.1 ms and only the mean over many steps says
  // anything: timing 1 step in 8 left one or two samples per frame and the
  // page showed 0.000 / 0.100 ms (seen in a screenshot), so when timed,
  // every step is timed (the clock itself is emscripten_get_now,
  // step_stats.cc). But the ~25 clock readings per step cost 4-26 % of a
  // grasp step in Chromium (docs/benchmarks.md, stop 35), and only the page's Step diagnostics panel
  // shows them: the worker turns timing on while that panel is open
  // (setStageTiming), and a Simulation starts untimed.
  static constexpr int kStageTimingPeriod = 1;
  bool stage_timing_ = false;
  Scene scene_{"", 0.0025};
  std::vector<double> poses_;
  StageAverager stage_means_;
  std::vector<double> scratch_contacts_, scratch_joints_, scratch_stats_, scratch_energy_, scratch_drag_;
  std::map<std::string, std::string> assets_;
};

EMSCRIPTEN_BINDINGS(grasplab) {
  emscripten::function("frameLayoutJson", &FrameLayoutJson);
  emscripten::function("evaluateGraspProbeJson", &EvaluateGraspProbeJson);  // io/grasp_probe.h
  emscripten::class_<Simulation>("Simulation")
      .constructor<>()
      .function("reset", &Simulation::Reset)
      .function("setStageTiming", &Simulation::SetStageTiming)
      .function("loadJson", &Simulation::LoadJson)
      .function("setAsset", &Simulation::SetAsset)
      .function("graspJson", &Simulation::GraspJson)
      .function("graspWrenchJson", &Simulation::GraspWrenchJson)
      .function("graspProbeInputJson", &Simulation::GraspProbeInputJson)
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
      .function("settingsJson", &Simulation::SettingsJson)
      .function("summaryJson", &Simulation::SummaryJson)
      .function("sensorsJson", &Simulation::SensorsJson)
      .function("sensorValues", &Simulation::SensorValues)
      .function("poses", &Simulation::Poses)
      .function("sleeping", &Simulation::Sleeping)
      .function("contacts", &Simulation::Contacts)
      .function("joints", &Simulation::Joints)
      .function("stats", &Simulation::Stats)
      .function("energy", &Simulation::Energy)
      .function("startDrag", &Simulation::StartDrag)
      .function("moveDrag", &Simulation::MoveDrag)
      .function("endDrag", &Simulation::EndDrag)
      .function("dragState", &Simulation::DragState)
      .function("materialsJson", &Simulation::MaterialsJson)
      .function("setMaterialFriction", &Simulation::SetMaterialFriction)
      .function("setGravity", &Simulation::SetGravity)
      .function("teleopCommand", &Simulation::TeleopCommand)
      .function("queueTeleopJson", &Simulation::QueueTeleopJson)
      .function("teleopSessionJson", &Simulation::TeleopSessionJson)
      .function("teleopJson", &Simulation::TeleopJson);
}

}  // namespace
}  // namespace grasplab
