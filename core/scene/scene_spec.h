// What a scene file asked for, as plain data (docs/scene-format.md): the
// result of parsing (scene/scene_parse.h) and the input of building a live
// Scene (scene/scene_build.h). Split by concern: settings, materials,
// shapes and bodies, joints, robots, actions, grasp. A spec is immutable
// once parsed: a Scene keeps it (shared) to reset from it and to tell the
// page the values in force, defaults included. Its assets (meshes, robot
// models) are already read and checked; shapes and models are shared, not
// copied.
//
// Names are kept as names (a joint's parent, an action's robot): the builder
// resolves them in order, so each error can still name its JSON path, kept
// in every entry's `field`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/control/teleop_filter.h"
#include "core/dynamics/body.h"
#include "core/dynamics/joint.h"
#include "core/dynamics/material.h"
#include "core/grasp/grasp_quality.h"
#include "core/robot/robot.h"
#include "core/world/pad_def.h"
#include "core/world/sensor_def.h"
#include "core/world/world_settings.h"

namespace grasplab {

struct MaterialSpec {
  Material material;
  std::string field;  // "materials.<name>"
};

struct FrictionPairSpec {
  std::string a, b;  // material names
  double static_friction = 0.0;
  double kinetic_friction = 0.0;
  std::string field;  // "frictionPairs[i]"
};

struct BodySpec {
  BodyDef def;           // def.material is resolved from `material` by the builder
  std::string material;  // empty: "default"
  std::string field;     // "bodies[i]"
};

struct JointSpec {
  JointDef def;           // parent, child and coupled_to resolved by the builder
  std::string parent, child;
  std::string coupled_to;  // empty: not coupled
  double effort = 0.0;     // N m or N, a constant motor effort
  std::string field;       // "joints[i]"
};

struct RobotSpec {
  std::string name;
  std::string model_path;  // "assets/robots/....urdf"
  std::shared_ptr<const RobotModel> model;
  Pose X_WR;  // the root link's pose (unused when attached)
  struct Attach {
    std::string body;   // a scene body, or
    std::string robot;  // an earlier robot's
    std::string link;   //   link
    Pose offset;        // the root link's pose in the host's frame
  };
  std::optional<Attach> attach;
  std::vector<std::pair<std::string, double>> initial;  // URDF joint values
  std::vector<RobotPlacement::Gains> gains;
  std::string field;  // "robots[i]"
};

enum class ActionType { kAutoGraspStatic, kAutoGraspDynamic, kOpen, kMove, kMoveJoints, kLift, kShake };
// "autograsp-static", "autograsp", "open", "move", "joints", "lift", "shake".
const char* ActionTypeName(ActionType type);
// The inverse of ActionTypeName; false for an unknown name.
bool ActionTypeFromName(const std::string& name, ActionType* type);

// A timed grasp action (scene/scene.h runs them).
struct ActionSpec {
  double at = 0.0;         // s
  ActionType type = ActionType::kAutoGraspDynamic;
  std::string robot;
  double duration = 1.0;   // s
  Pose pose;               // kMove: the root's target pose, or the link's when `link` is set
  std::string link;        // kMove: a link moved in a straight line by IK (arms)
  double height = 0.1;     // kLift: m along +z
  Vec3 axis = Vec3::UnitX();                 // kShake, unit
  double amplitude = 0.02, frequency = 2.0;  // kShake: m, Hz
  std::vector<std::pair<std::string, double>> joints;  // kMoveJoints: URDF joint name, target value
  std::string field;       // "actions[i]"
};

struct GraspTargetSpec {
  std::string object;
  std::string robot;  // empty: contacts with any dynamic body
  GraspQualitySettings settings;
  std::string field;  // "grasp"
};

// A sensor as declared (docs/sensors.md): `def` holds the type, name, rate,
// noise and, for force/torque and tactile sensors, the frame and face, with
// X_BS still the sensor frame in the *link* frame; the builder resolves the
// robot, link and joints and turns X_BS into the body frame.
struct SensorSpec {
  SensorDef def;
  std::string robot;
  std::string link;                 // kForceTorque (empty: the robot's root link), kTactile
  std::vector<std::string> joints;  // kJoint: URDF joint names (empty: every moving joint)
  std::string pad;                  // kTactile on a pad: the pad's name (robot and link empty)
  std::string field;                // "sensors[i]"
};

// The scene's "teleop" entry (docs/teleoperation.md): the robot an operator
// may drive (a free-floating hand) and the command filter's limits.
struct TeleopSpec {
  std::string robot;
  TeleopLimits limits;
  std::string field = "teleop";
};

// What loading does with bodies that start inside each other
// (scene/initial_overlaps.h): report them as warnings (default), refuse the
// scene, or move free bodies apart before the first step.
enum class InitialOverlapPolicy { kWarn, kError, kResolve };

// A compliant pad as declared (docs/contact-models.md): on a robot's link
// (robot and link set, X_BP in the link frame) or on a body (body set,
// X_BP in the body's frame as given in the scene); the builder resolves it.
struct PadSpec {
  PadDef def;
  std::string robot, link;
  std::string body;
  std::string field;  // "pads[i]"
};

struct SceneSpec {
  std::string name = "scene";
  InitialOverlapPolicy initial_overlap = InitialOverlapPolicy::kWarn;
  double timestep = 0.0025;  // s, Miller & Christensen's default h
  WorldSettings settings;
  std::vector<MaterialSpec> materials;
  std::vector<FrictionPairSpec> friction_pairs;
  std::vector<BodySpec> bodies;
  std::vector<JointSpec> joints;
  std::vector<RobotSpec> robots;
  std::vector<ActionSpec> actions;  // in file order (the builder sorts them by time, stably)
  std::optional<GraspTargetSpec> grasp;
  std::vector<SensorSpec> sensors;
  std::optional<TeleopSpec> teleop;
  std::vector<PadSpec> pads;
};

// The robot of that name in the spec (parsed so far, while parsing), or null.
const RobotSpec* FindRobotSpec(const SceneSpec& spec, const std::string& name);

}  // namespace grasplab
