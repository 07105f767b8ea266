#include "core/world/friction_anchors.h"

namespace grasplab {

void SetAnchorTargets(const WorldModel& model, WorldState* state, double h) {
  const double gamma = model.settings.error_reduction;
  const double slop = model.settings.contact_slop;
  for (Contact& c : state->contacts) {
    c.slip_target_W.setZero();
    if (!c.anchored) continue;
    const Vec3 a = state->X_WB[c.body_a].Apply(c.anchor_A);
    const Vec3 b = state->X_WB[c.body_b].Apply(c.anchor_B);
    const Vec3 d = a - b;
    const Vec3 d_t = d - d.dot(c.n_W) * c.n_W;
    if ((a - c.p_W).squaredNorm() > kAnchorReach * kAnchorReach ||
        (b - c.p_W).squaredNorm() > kAnchorReach * kAnchorReach ||
        d_t.squaredNorm() > kAnchorMaxDrift * kAnchorMaxDrift) {
      c.anchored = false;
      continue;
    }
    // Within the slop of its anchor a contact is left alone; beyond, it
    // returns by gamma times the excess (WorldSettings::contact_slop).
    if (!(slop > 0.0)) {
      c.slip_target_W = -gamma * d_t / h;
    } else if (const double drift = d_t.norm(); drift > slop) {
      c.slip_target_W = -gamma * (1.0 - slop / drift) * d_t / h;
    }
  }
}

void UpdateAnchors(const WorldModel& model, WorldState* state) {
  const double s_t = model.settings.slip_threshold;
  auto point_velocity = [&](BodyId i, const Vec3& p) {
    return Vec3(state->v_WB[i] + state->w_WB[i].cross(p - state->X_WB[i].p));
  };
  for (Contact& c : state->contacts) {
    Vec3 slip = point_velocity(c.body_a, c.p_W) - point_velocity(c.body_b, c.p_W);
    slip -= slip.dot(c.n_W) * c.n_W;
    if (!(c.normal_impulse > 0.0) || !(c.friction > 0.0) || slip.squaredNorm() > s_t * s_t) {
      c.anchored = false;
      continue;
    }
    if (c.anchored) {
      // Held, unless it slides away from its anchor faster than the
      // regularisation's creep could move it (header: a slowing slide).
      // The drift only for a contact that slips that fast.
      if (!(slip.squaredNorm() > kAnchorFollowShare * kAnchorFollowShare * s_t * s_t)) continue;
      const Vec3 d = state->X_WB[c.body_a].Apply(c.anchor_A) - state->X_WB[c.body_b].Apply(c.anchor_B);
      if (!(slip.dot(d) > 0.0)) continue;
    }
    c.anchored = true;
    c.anchor_A = state->X_WB[c.body_a].ApplyInverse(c.p_W);
    c.anchor_B = state->X_WB[c.body_b].ApplyInverse(c.p_W);
  }
}

}  // namespace grasplab
