// A scene: the world, the robots in it with their controllers, the timed
// grasp actions, and what the grasp metrics are computed on. The CLI, the
// WASM module and the tests all advance a scene with StepScene, so a scene
// file gives the same motion everywhere.
//
// One scene step: (1) actions whose time has come run (auto-grasps, moves,
// lifts, shakes, opening); (2) each robot's controller sets its PD targets
// (or the user's controller runs instead); (3) World::Step.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/robot/robot_controller.h"
#include "core/grasp/grasp_quality.h"
#include "core/grasp/kinetic_energy_ratio.h"
#include "core/robot/robot.h"
#include "core/world/world.h"

namespace grasplab {

struct SceneRobot {
  Robot robot;
  TrajectoryController controller;
  std::shared_ptr<RobotController> custom;  // replaces `controller` when set
};

enum class ActionType { kAutoGraspStatic, kAutoGraspDynamic, kOpen, kMove, kMoveJoints, kLift, kShake };
const char* ActionTypeName(ActionType type);

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

struct Scene {
  Scene() = default;
  Scene(std::string scene_name, double h) : name(std::move(scene_name)), timestep(h) {}

  std::string name;
  double timestep = 0.0025;  // s, Miller & Christensen's default h
  World world;
  std::vector<SceneRobot> robots;
  std::vector<SceneAction> actions;  // sorted by time
  std::optional<GraspSpec> grasp;
  std::vector<std::string> warnings;  // from the models, for the user to see
};

// Index of the robot with this name in scene.robots, or -1.
int FindRobot(const Scene& scene, const std::string& name);

// Runs due actions and the controllers, then steps the world by h.
Status StepScene(Scene* scene, double h);

// Runs one action now (also used by the UI's buttons).
Status RunAction(Scene* scene, const SceneAction& action);

// The contacts on the grasped object (normals into it) and its metrics.
std::vector<GraspContact> GraspContacts(const Scene& scene);
GraspQuality EvaluateSceneGrasp(const Scene& scene);
// With other settings than the scene's (the page's live panel: L1 only).
GraspQuality EvaluateSceneGrasp(const Scene& scene, const GraspQualitySettings& settings);

// The kinetic-energy ratio (grasp/kinetic_energy_ratio.h) of the grasped
// object against the grasping robot's root link (the first robot's when the
// grasp names none), defined once the gripper carries over 1 uJ (0.2 kg at
// 3 mm/s); undefined without a grasp entry or a robot.
KineticEnergyRatio EvaluateSceneEnergy(const Scene& scene);

}  // namespace grasplab
