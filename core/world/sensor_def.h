// What a simulated sensor measures, as plain data in World terms (bodies and
// joints by id): joint encoders, a six-axis force/torque sensor, a tactile
// array on a link face. The scene format declares them by robot, link and
// joint names (docs/sensors.md, scene/scene_parse_sensors.cc); the builder
// resolves the names into a SensorDef and World::AddSensor validates it.
// The stage that reads them is world/sensor_suite.h.
//
// Readings are flat arrays of doubles (SensorReading::values):
//   kJoint        3 per joint, in `joints` order: position (rad or m, the
//                 joint's coordinate plus `joint_offsets`, i.e. its URDF value
//                 for a robot), velocity (rad/s or m/s), effort (N m or N:
//                 the joint's constant effort plus its PD motor's effort of
//                 the step, what the motor applied; positive along the axis)
//   kForceTorque  fx fy fz (N), tx ty tz (N m): the wrench the bodies below
//                 the sensor exert on what holds them, in the sensor frame,
//                 torque about the sensor frame's origin
//                 (world/force_torque_sensor.h)
//   kTactile      rows x cols normal forces (N), row-major, row 0 at the
//                 face's -y edge, column 0 at its -x edge
//                 (world/tactile_sensor.h); on a pad, its nodes' element
//                 forces p_k A (world/pad_stage.h)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

enum class SensorType { kJoint, kForceTorque, kTactile };
// "joint", "force_torque", "tactile".
const char* SensorTypeName(SensorType type);

// Zero-mean Gaussian noise added to each channel of a reading, with these
// standard deviations (0: exact); drawn from a generator seeded with
// seed ^ FNV-1a(name) (math/gaussian_noise.h), so sensors with different
// names draw different sequences from the same seed, and a run repeats bit
// for bit everywhere.
struct SensorNoise {
  double position = 0.0;  // kJoint: rad or m
  double velocity = 0.0;  // kJoint: rad/s or m/s
  double effort = 0.0;    // kJoint: N m or N
  double force = 0.0;     // kForceTorque: N
  double torque = 0.0;    // kForceTorque: N m
  double taxel = 0.0;     // kTactile: N
  std::uint64_t seed = 0;
};

struct SensorDef {
  SensorType type = SensorType::kJoint;
  std::string name;   // unique in the world, 1 to 256 characters
  double rate = 0.0;  // Hz; 0: every step (world/sensor_suite.h)
  SensorNoise noise;

  // kJoint: the joints read, and what is added to each position (a robot's
  // q0, so readings are URDF values); empty offsets: none.
  std::vector<JointId> joints;
  std::vector<double> joint_offsets;

  // kForceTorque and kTactile: the body the sensor is fixed in, and the
  // sensor frame S in the body's frame (X_BS; the body frame is its centre
  // of mass frame, dynamics/body.h).
  BodyId body = -1;
  Pose X_BS;
  // kForceTorque: subtract the weight of the bodies below the sensor (a
  // sensor tared with the hand attached), so at rest it reads the payload.
  bool gravity_compensation = false;

  // kTactile: the face is the rectangle |x| <= size_x/2, |y| <= size_y/2 of
  // S's xy plane, S's +z its outward normal; contacts within `depth` of the
  // plane count. rows along y, cols along x.
  double size_x = 0.0, size_y = 0.0;  // m
  int rows = 0, cols = 0;
  double depth = 0.002;  // m
  // kTactile on a compliant pad (world/pad_stage.h): the pad's index, -1
  // for a tactile array on a rigid link. The taxels are then the pad's
  // nodes, each reading its element's force p_k A (N, >= 0: the pad's
  // pressure grid times the element area), in the same row-major order;
  // body, X_BS, size, rows and cols are the pad's (World::AddSensor sets
  // them), so every reader of tactile sensors draws a pad like any array.
  int pad = -1;
};

// The last reading of a sensor (held between samples when its rate is
// below the step rate).
struct SensorReading {
  double time = 0.0;        // s, simulated time it was taken
  std::int64_t step = 0;    // World::step_count() when it was taken
  std::int64_t count = 0;   // readings taken so far (0: none yet, values all 0)
  std::vector<double> values;
};

// Checks a definition's numbers and sizes (not its ids: World::AddSensor
// does), with messages naming `field` ("sensors[2].rows: ...").
Status ValidateSensorDef(const SensorDef& def, const std::string& field);

// Number of values in a reading of this definition.
int SensorValueCount(const SensorDef& def);

}  // namespace grasplab
