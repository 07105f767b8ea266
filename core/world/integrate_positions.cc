#include "core/world/integrate_positions.h"

#include "core/dynamics/integrate_pose.h"

namespace grasplab {
namespace {

Mat3 WorldInertia(const Quat& q, const Mat3& I_B) {
  const Mat3 R = q.toRotationMatrix();
  return R * I_B * R.transpose();
}

}  // namespace

void IntegratePositions(const WorldModel& model, double h, WorldState* state, StepScratch* scratch,
                        std::span<const std::uint8_t> skip, std::span<const std::uint8_t> asleep) {
  const int n = model.body_count();
  scratch->X_WB_prev.assign(state->X_WB.begin(), state->X_WB.end());
  scratch->L_W_prev.resize(n);
  for (int i = 0; i < n; ++i) {
    if (model.bodies[i].is_static || (!skip.empty() && skip[i]) || (!asleep.empty() && asleep[i])) {
      scratch->L_W_prev[i].setZero();
      continue;
    }
    scratch->L_W_prev[i] = WorldInertia(state->X_WB[i].q, model.I_B[i]) * state->w_WB[i];
    AdvancePose(h, state->v_WB[i], state->w_WB[i], &state->X_WB[i]);
  }
}

void ApplySubstepMoves(const WorldModel& model, double h, const std::vector<VelocityBody>& bodies, WorldState* state) {
  for (int i = 0; i < model.body_count(); ++i) {
    const VelocityBody& vb = bodies[i];
    if (model.bodies[i].is_static || (vb.v_move_W.isZero(0.0) && vb.w_move_W.isZero(0.0))) continue;
    AdvancePose(h, vb.v_move_W, vb.w_move_W, &state->X_WB[i]);
  }
}

}  // namespace grasplab
