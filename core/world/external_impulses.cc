#include "core/world/external_impulses.h"

namespace grasplab {

void LoadVelocityBodies(const WorldModel& model, const WorldState& state, std::vector<VelocityBody>* bodies) {
  const int n = model.body_count();
  bodies->resize(n);
  for (int i = 0; i < n; ++i) {
    VelocityBody& vb = (*bodies)[i];
    vb.p_W = state.X_WB[i].p;
    vb.v_pre_W = state.v_WB[i];
    vb.w_pre_W = state.w_WB[i];
    vb.v_move_W.setZero();
    vb.w_move_W.setZero();
    if (model.bodies[i].is_static) {
      vb.inv_mass = 0.0;
      vb.inv_I_W.setZero();
      vb.v_W.setZero();
      vb.w_W.setZero();
      continue;
    }
    const Mat3 R = state.X_WB[i].q.toRotationMatrix();
    vb.inv_mass = model.inv_mass[i];
    vb.inv_I_W = R * model.inv_I_B[i] * R.transpose();
  }
}

void ExternalImpulses(const WorldModel& model, const WorldState& state, double h, StepScratch* scratch, DragSpring* drag) {
  LoadVelocityBodies(model, state, &scratch->velocity_bodies);
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.bodies[i].is_static) continue;
    VelocityBody& vb = scratch->velocity_bodies[i];
    vb.v_W = state.v_WB[i] + h * model.settings.gravity;
    vb.w_W = vb.inv_I_W * scratch->L_W_prev[i];
  }
  if (drag->body >= 0) {
    const BodyId b = drag->body;
    ApplyDragSpring(state.X_WB[b], state.v_WB[b], state.w_WB[b], h, drag, &scratch->velocity_bodies[b]);
  }
}

}  // namespace grasplab
