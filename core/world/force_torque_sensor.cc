#include "core/world/force_torque_sensor.h"

namespace grasplab {

std::vector<BodyId> BodiesBelow(const WorldModel& model, BodyId body, std::vector<std::uint8_t>* in_below) {
  in_below->assign(model.body_count(), 0);
  (*in_below)[body] = 1;
  // Joints may be listed in any order: repeat until nothing is added (at
  // most one pass per level of the tree).
  for (bool grew = true; grew;) {
    grew = false;
    for (const JointDef& j : model.joints) {
      if ((*in_below)[j.parent] && !(*in_below)[j.child]) (*in_below)[j.child] = 1, grew = true;
    }
  }
  std::vector<BodyId> below;
  for (BodyId i = 0; i < model.body_count(); ++i) {
    if ((*in_below)[i]) below.push_back(i);
  }
  return below;
}

BodyMomentum Momentum(const WorldModel& model, const WorldState& state, BodyId i) {
  if (model.is_static[i]) return {};
  const Mat3 R = state.X_WB[i].q.toRotationMatrix();
  return {model.bodies[i].mass * state.v_WB[i], R * model.I_B[i] * R.transpose() * state.w_WB[i]};
}

WrenchW SensorWrench(const WorldModel& model, const WorldState& state, std::span<const BodyId> below,
                     std::span<const std::uint8_t> in_below, std::span<const BodyMomentum> before,
                     const DragSpring& drag, double h, const Vec3& p_W, bool gravity_compensation) {
  const Vec3& g = model.settings.gravity;
  Vec3 J = Vec3::Zero(), K = Vec3::Zero();  // N s, N m s: the holder's impulse on the bodies below
  Vec3 weight = Vec3::Zero(), weight_moment = Vec3::Zero();
  for (BodyId i : below) {
    if (model.is_static[i]) continue;
    const BodyMomentum after = Momentum(model, state, i);
    const Vec3 dP = after.P - before[i].P;
    const Vec3 r = state.X_WB[i].p - p_W;
    const Vec3 w = model.bodies[i].mass * g;
    J += dP - h * w;
    K += (after.L - before[i].L) + r.cross(dP) - h * r.cross(w);
    weight += w;
    weight_moment += r.cross(w);
  }
  for (const Contact& c : state.contacts) {
    const bool a = in_below[c.body_a] != 0, b = in_below[c.body_b] != 0;
    if (a == b) continue;  // not touching the bodies below, or within them
    // The impulses are on A; B receives their opposite.
    const double sign = a ? 1.0 : -1.0;
    const Vec3 f = sign * (c.normal_impulse * c.n_W + c.friction_impulse);
    J -= f;
    K -= (c.p_W - p_W).cross(f) + sign * (c.torsional_impulse * c.n_W + c.rolling_impulse_W);
  }
  // A pressed compliant pad (world/pad_stage.h) is a contact too: its
  // impulses (normal, friction, torsion) are on the indenter at c, the
  // opposite on the pad's body.
  for (std::size_t i = 0; i < model.pads.size() && i < state.pads.size(); ++i) {
    const PadContact& pc = state.pads[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    const bool a = in_below[pc.other] != 0, b = in_below[model.pads[i].body] != 0;
    if (a == b) continue;
    const double sign = a ? 1.0 : -1.0;
    const Vec3 f = sign * (pc.normal_impulse * pc.n_W + pc.friction_impulse_W);
    J -= f;
    K -= (pc.c_W - p_W).cross(f) + sign * pc.torsional_impulse * pc.n_W;
  }
  if (drag.body >= 0 && in_below[drag.body]) {
    const Vec3 x_d = state.X_WB[drag.body].Apply(drag.p_B);
    J -= h * drag.force_W;
    K -= h * (x_d - p_W).cross(drag.force_W);
  }
  WrenchW out{-J / h, -K / h};
  if (gravity_compensation) {
    out.force -= weight;
    out.torque -= weight_moment;
  }
  return out;
}

}  // namespace grasplab
