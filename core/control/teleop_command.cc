#include "core/control/teleop_command.h"

#include "core/base/format.h"

namespace grasplab {

namespace {

Status CheckRate(const Vec3& v, const std::string& field) {
  for (int k = 0; k < 3; ++k) {
    if (!IsFinite(v[k]) || v[k] < -kMaxTeleopRate || v[k] > kMaxTeleopRate) {
      return Status::Error(field + "[" + std::to_string(k) + "]: must be a finite number in [-100, 100], got " +
                           FormatNumber(v[k]));
    }
  }
  return Status::Ok();
}

}  // namespace

Status ValidateTeleopCommand(const TeleopCommand& c, const std::string& field) {
  if (c.step < 0) return Status::Error(field + ".step: must be >= 0, got " + std::to_string(c.step));
  GL_TRY(CheckRate(c.input.v_W, field + ".velocity"));
  GL_TRY(CheckRate(c.input.w_W, field + ".angularVelocity"));
  if (!(c.input.closure >= 0.0 && c.input.closure <= 1.0)) {
    return Status::Error(field + ".closure: must be in [0, 1], got " + FormatNumber(c.input.closure));
  }
  return Status::Ok();
}

}  // namespace grasplab
