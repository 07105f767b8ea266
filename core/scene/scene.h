// A scene: the world, the robots in it with their controllers, the timed
// grasp actions, and what the grasp metrics are computed on. The CLI, the
// WASM module and the tests all advance a scene with StepScene, so a scene
// file gives the same motion everywhere.
//
// One scene step: (1) actions whose time has come run (auto-grasps, moves,
// lifts, shakes, opening); (2) teleoperation records whose step has come
// are applied (scene/scene_teleop.h); (3) each robot's controller sets its
// PD targets (or the user's or the operator's controller runs instead);
// (4) World::Step.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/robot/robot_controller.h"
#include "core/robot/teleop_controller.h"
#include "core/grasp/grasp_quality.h"
#include "core/grasp/kinetic_energy_ratio.h"
#include "core/robot/robot.h"
#include "core/scene/scene_spec.h"
#include "core/world/world.h"

namespace grasplab {

struct SceneRobot {
  Robot robot;
  TrajectoryController controller;
  std::shared_ptr<RobotController> custom;  // replaces `controller` when set
};

// An action as the scene runs it: its robot and joints resolved, and
// whether it has run.
struct SceneAction {
  double at = 0.0;         // s
  ActionType type = ActionType::kAutoGraspDynamic;
  int robot = 0;           // index in Scene::robots
  double duration = 1.0;   // s
  Pose pose;               // kMove: the root's target pose, or the link's when `link` is set
  std::string link;        // kMove: a link moved in a straight line by IK (arms)
  double height = 0.1;     // kLift: m along +z
  Vec3 axis = Vec3::UnitX();             // kShake
  double amplitude = 0.02, frequency = 2.0;  // kShake: m, Hz
  std::vector<std::pair<int, double>> joints;  // kMoveJoints: (dof, URDF target)
  bool done = false;
};

// What the grasp panel and `grasplab quality` evaluate: the contacts
// between the object and the robot's links.
struct GraspSpec {
  BodyId object = -1;
  int robot = -1;          // -1: contacts with any dynamic body
  GraspQualitySettings settings;
};

// Teleoperation (scene "teleop", scene/scene_teleop.h): which robot the
// operator drives, its limits, and the session's records, applied in
// StepScene when the step count reaches theirs.
struct SceneTeleop {
  int robot = -1;                 // index in Scene::robots
  TeleopLimits limits;
  TeleopSession commands;         // every record, applied and pending, in step order
  std::size_t next = 0;           // the first pending record
  std::shared_ptr<TeleopController> controller;  // made by the first record applied
};

struct Scene {
  Scene() = default;
  Scene(std::string scene_name, double h) : name(std::move(scene_name)), timestep(h) {}

  std::string name;
  double timestep = 0.0025;  // s, Miller & Christensen's default h
  // What the scene was built from (scene/scene_build.h); null for scenes
  // assembled in code. Reset builds a fresh Scene from it.
  std::shared_ptr<const SceneSpec> spec;
  World world;
  std::vector<SceneRobot> robots;
  std::vector<SceneAction> actions;  // sorted by time
  std::optional<GraspSpec> grasp;
  std::optional<SceneTeleop> teleop;  // the scene's "teleop" entry, if any
  std::vector<std::string> warnings;  // from the models, for the user to see
};

// Index of the robot with this name in scene.robots, or -1.
int FindRobot(const Scene& scene, const std::string& name);

// Runs due actions and the controllers, then steps the world by h.
Status StepScene(Scene* scene, double h);

// Runs one action now.
Status RunAction(Scene* scene, const SceneAction& action);

// Whether a robot's root can be driven (moved, lifted, shaken): it is
// mounted on a free-floating, non-colliding base body, not static or
// attached to another body.
bool RobotFloatsFree(const Scene& scene, int robot);

// A button's action now, by names: type "autograsp-static", "autograsp",
// "open", "lift" (0.1 m up) or "shake" (+-2 cm at 2 Hz along x), on the named
// robot, over `duration` s in (0, 100]. Errors name the problem.
Status RunButtonAction(Scene* scene, const std::string& type, const std::string& robot, double duration);

// Hands a robot's PD set points to the caller (sliders, a script,
// teleoperation: control/ ExternalController), or back to its trajectories,
// holding where it is.
Status SetExternalControl(Scene* scene, const std::string& robot, bool external);

// The PD set point of a robot's driven joint (URDF value, clamped into its
// limits), e.g. from a slider.
Status SetRobotJointTarget(Scene* scene, const std::string& robot, const std::string& joint, double position,
                           double velocity = 0.0);

// The contacts on the grasped object (normals into it; each pressed pad
// between it and the hand one soft-finger contact at its centre of
// pressure, GraspContact::torsional_radius) and its metrics.
std::vector<GraspContact> GraspContacts(const Scene& scene);
GraspQuality EvaluateSceneGrasp(const Scene& scene);
// With other settings than the scene's.
GraspQuality EvaluateSceneGrasp(const Scene& scene, const GraspQualitySettings& settings);
// With the scene's settings, the L-infinity metrics only if `linf` (and the
// scene asks for them): their hull of up to 2,500 Minkowski sums takes up to
// seconds (grasp_quality.h), too slow for a panel updated live.
GraspQuality EvaluateSceneGraspLive(const Scene& scene, bool linf);

// The kinetic-energy ratio (grasp/kinetic_energy_ratio.h) of the grasped
// object against the grasping robot's root link (the first robot's when the
// grasp names none), defined once the gripper carries over 1 uJ (0.2 kg at
// 3 mm/s); undefined without a grasp entry or a robot.
KineticEnergyRatio EvaluateSceneEnergy(const Scene& scene);

}  // namespace grasplab
