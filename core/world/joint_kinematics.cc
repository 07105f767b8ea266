#include "core/world/joint_kinematics.h"

#include "core/math/det_math.h"

namespace grasplab {

double TrialJointPosition(const WorldModel& model, const WorldState& state, JointId j) {
  const JointDef& d = model.joints[j];
  const double q = JointCoordinate(d, state.joint_frames[j], state.X_WB[d.parent], state.X_WB[d.child]);
  const double last = state.joints[j].position;
  return d.type == JointType::kRevolute ? last + WrapAngle(q - last) : q;
}

void UpdateJointPositions(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> skip) {
  for (JointId j = 0; j < model.joint_count(); ++j) {
    if (skip.empty() || !skip[j]) state->joints[j].position = TrialJointPosition(model, *state, j);
  }
}

double JointRate(const WorldModel& model, const WorldState& state, std::span<const VelocityBody> bodies, JointId j) {
  const JointDef& d = model.joints[j];
  const JointFrames& f = state.joint_frames[j];
  const VelocityBody& P = bodies[d.parent];
  const VelocityBody& C = bodies[d.child];
  const Vec3 a = state.X_WB[d.parent].q * f.a_P;
  if (d.type == JointType::kRevolute) return a.dot(C.w_W - P.w_W);
  if (d.type == JointType::kPrismatic) {
    const Vec3 x = state.X_WB[d.child].Apply(f.p_C);
    return a.dot(C.PointVelocity(x) - P.PointVelocity(x));
  }
  return 0.0;
}

}  // namespace grasplab
