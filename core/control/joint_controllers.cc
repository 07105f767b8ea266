#include "core/control/joint_controllers.h"

#include <limits>

#include "core/base/check.h"

namespace grasplab {

Status ValidatePdGains(const PdGains& g, const std::string& field, const PdGainNames& names) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (Status s = CheckNumber(field + "." + names.kp, g.kp, 0.0, kInf); !s.ok()) return s;
  if (Status s = CheckNumber(field + "." + names.kd, g.kd, 0.0, kInf); !s.ok()) return s;
  if (g.kp == 0.0 && g.kd == 0.0) return Status::Error(field + ": " + names.kp + " and " + names.kd + " cannot both be 0");
  return CheckNumber(field + "." + names.max_effort, g.max_effort, 0.0, kInf, true);
}

PdMotorRow MotorRow(const JointController& c, double q, double h) {
  const double denom = c.gains.kd + h * c.gains.kp;
  PdMotorRow row;
  row.bound = c.gains.max_effort * h;
  row.target_velocity = (c.gains.kp * (c.target_position - q) + c.gains.kd * c.target_velocity) / denom;
  row.compliance = 1.0 / (h * denom);
  return row;
}

void JointControllers::Enable(JointId j, const PdGains& gains, double current_position) {
  JointController& c = controllers_[j];
  if (!c.enabled) c.target_position = current_position, c.target_velocity = 0.0;
  c.enabled = true;
  c.gains = gains;
}

void JointControllers::SetTarget(JointId j, double position, double velocity) {
  controllers_[j].target_position = position;
  controllers_[j].target_velocity = velocity;
}

}  // namespace grasplab
