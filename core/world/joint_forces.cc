#include "core/world/joint_forces.h"

#include <algorithm>
#include <cmath>

#include "core/world/joint_kinematics.h"

namespace grasplab {

void ApplyJointForces(const WorldModel& model, const WorldState& state, double h, std::vector<VelocityBody>* bodies,
                      std::span<const std::uint8_t> skip) {
  for (JointId j = 0; j < model.joint_count(); ++j) {
    const JointDef& d = model.joints[j];
    if (d.type == JointType::kFixed || (!skip.empty() && skip[j])) continue;
    const JointFrames& f = state.joint_frames[j];
    VelocityBody& P = (*bodies)[d.parent];
    VelocityBody& C = (*bodies)[d.child];
    const Vec3 a = state.X_WB[d.parent].q * f.a_P;
    const Vec3 x = state.X_WB[d.child].Apply(f.p_C);
    // Inverse effective mass along the joint coordinate.
    double k;
    if (d.type == JointType::kRevolute) {
      k = a.dot(C.inv_I_W * a) + a.dot(P.inv_I_W * a);
    } else {
      const Vec3 rc = (x - C.p_W).cross(a), rp = (x - P.p_W).cross(a);
      k = C.inv_mass + P.inv_mass + rc.dot(C.inv_I_W * rc) + rp.dot(P.inv_I_W * rp);
    }
    const double qdot = JointRate(model, state, *bodies, j);
    double impulse = state.joints[j].effort * h;
    if (qdot != 0.0 && d.viscous_friction > 0.0 && k > 0.0) {
      // k from the free bodies bounds the joint's effective inverse inertia
      // from above, so |friction| <= |q_dot| / k cannot reverse q_dot.
      const double friction = std::min(d.viscous_friction * std::abs(qdot) * h, std::abs(qdot) / k);
      impulse -= qdot > 0.0 ? friction : -friction;
    }
    if (impulse == 0.0) continue;
    if (d.type == JointType::kRevolute) {
      C.w_W += C.inv_I_W * (impulse * a);
      P.w_W -= P.inv_I_W * (impulse * a);
    } else {
      C.ApplyImpulse(impulse * a, x);
      P.ApplyImpulse(-impulse * a, x);
    }
  }
}

}  // namespace grasplab
