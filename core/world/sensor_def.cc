#include "core/world/sensor_def.h"

#include "core/base/check.h"

namespace grasplab {

const char* SensorTypeName(SensorType type) {
  switch (type) {
    case SensorType::kJoint: return "joint";
    case SensorType::kForceTorque: return "force_torque";
    case SensorType::kTactile: return "tactile";
  }
  return "?";
}

int SensorValueCount(const SensorDef& def) {
  switch (def.type) {
    case SensorType::kJoint: return 3 * static_cast<int>(def.joints.size());
    case SensorType::kForceTorque: return 6;
    case SensorType::kTactile: return def.rows * def.cols;
  }
  return 0;
}

Status ValidateSensorDef(const SensorDef& def, const std::string& field) {
  if (def.name.empty() || def.name.size() > 256) return Status::Error(field + ".name: must be 1 to 256 characters");
  GL_TRY(CheckNumber(field + ".rate", def.rate, 0.0, 1e6));
  const SensorNoise& n = def.noise;
  GL_TRY(CheckNumber(field + ".noise.position", n.position, 0.0, 1e6));
  GL_TRY(CheckNumber(field + ".noise.velocity", n.velocity, 0.0, 1e6));
  GL_TRY(CheckNumber(field + ".noise.effort", n.effort, 0.0, 1e9));
  GL_TRY(CheckNumber(field + ".noise.force", n.force, 0.0, 1e9));
  GL_TRY(CheckNumber(field + ".noise.torque", n.torque, 0.0, 1e9));
  GL_TRY(CheckNumber(field + ".noise.stddev", n.taxel, 0.0, 1e9));
  for (Eigen::Index k = 0; k < def.X_BS.p.size(); ++k) {
    GL_TRY(CheckNumber(field + ".position[" + std::to_string(k) + "]", def.X_BS.p[k], -100.0, 100.0));
  }
  if (!IsFinite(def.X_BS.q) || !(def.X_BS.q.norm() > 1e-6)) {
    return Status::Error(field + ".orientation: quaternion [w, x, y, z] cannot be normalised");
  }
  switch (def.type) {
    case SensorType::kJoint:
      if (def.joints.empty()) return Status::Error(field + ".joints: no joint to read");
      if (!def.joint_offsets.empty() && def.joint_offsets.size() != def.joints.size()) {
        return Status::Error(field + ".joints: one offset per joint, or none");
      }
      for (double q0 : def.joint_offsets) GL_TRY(CheckNumber(field + ".joints: offset", q0, -1e6, 1e6));
      break;
    case SensorType::kForceTorque:
      break;
    case SensorType::kTactile:
      GL_TRY(CheckNumber(field + ".size[0]", def.size_x, 0.0, 10.0, /*lo_open=*/true));
      GL_TRY(CheckNumber(field + ".size[1]", def.size_y, 0.0, 10.0, /*lo_open=*/true));
      GL_TRY(CheckWholeNumber(field + ".rows", def.rows, 1, 64));
      GL_TRY(CheckWholeNumber(field + ".cols", def.cols, 1, 64));
      GL_TRY(CheckNumber(field + ".depth", def.depth, 0.0, 1.0, /*lo_open=*/true));
      break;
  }
  return Status::Ok();
}

}  // namespace grasplab
