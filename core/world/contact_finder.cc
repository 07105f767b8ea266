#include "core/world/contact_finder.h"

#include <algorithm>

#include "core/collision/narrow_phase.h"
#include "core/geometry/aabb.h"

namespace grasplab {

void ContactFinder::FindPairs(const WorldModel& model, const WorldState& state, double h, double pad, bool speculative) {
  const int n = model.body_count();
  const double g = model.settings.gravity.norm();
  travel_.assign(n, 0.0);
  aabbs_.resize(n);
  for (int i = 0; i < n; ++i) {
    if (!model.bodies[i].is_static && speculative) {
      const double reach = state.v_WB[i].norm() + state.w_WB[i].norm() * BoundingRadius(model.bodies[i].shape) + h * g;
      travel_[i] = 2.0 * h * reach;
    }
    aabbs_[i] = WorldAabb(model.bodies[i].shape, state.X_WB[i]).Inflated(pad + travel_[i]);
  }
  broad_phase_.FindPairs(aabbs_, model.is_static, model.excluded_pairs, &pairs_);
  std::erase_if(pairs_, [&](const BodyPair& p) { return !model.bodies[p.first].collides || !model.bodies[p.second].collides; });
}

void ContactFinder::NarrowPhase(const WorldModel& model, WorldState* state) {
  std::vector<Contact>& contacts = state->contacts;
  contacts.clear();
  NarrowPhaseSettings np;
  for (const auto& [a, b] : pairs_) {
    np.margin = model.settings.contact_threshold + travel_[a] + travel_[b];
    const std::size_t first = contacts.size();
    CollideShapes(a, model.bodies[a].shape, state->X_WB[a], b, model.bodies[b].shape, state->X_WB[b], np, &contacts,
                  &narrow_);
    const PairProperties pair = model.materials.Combine(model.bodies[a].material, model.bodies[b].material);
    for (std::size_t k = first; k < contacts.size(); ++k) {
      Contact& c = contacts[k];
      c.static_friction = pair.static_friction;
      c.kinetic_friction = pair.kinetic_friction;
      c.restitution = pair.restitution;
      // Eq. 13 with the velocities of the last step (v^l) at the new point.
      const int ia = c.body_a, ib = c.body_b;
      const Vec3 va = state->v_WB[ia] + state->w_WB[ia].cross(c.p_W - state->X_WB[ia].p);
      const Vec3 vb = state->v_WB[ib] + state->w_WB[ib].cross(c.p_W - state->X_WB[ib].p);
      c.friction = SelectFriction(pair, (va - vb).norm(), model.settings.slip_threshold);
    }
  }
}

}  // namespace grasplab
