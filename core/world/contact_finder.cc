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

void ContactFinder::NarrowPhase(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> asleep) {
  std::vector<Contact>& contacts = state->contacts;
  const bool keep = !asleep.empty() && ranges_valid_;
  if (keep) {
    previous_.swap(contacts);
    previous_ranges_.swap(ranges_);
  }
  contacts.clear();
  ranges_.clear();
  std::size_t cursor = 0;  // into previous_ranges_; both lists follow pairs_' sorted order
  NarrowPhaseSettings np;
  for (const auto& [a, b] : pairs_) {
    const std::size_t first = contacts.size();
    if (keep && (asleep[a] || model.is_static[a]) && (asleep[b] || model.is_static[b])) {
      const BodyPair p{a, b};
      while (cursor < previous_ranges_.size() && previous_ranges_[cursor].pair < p) ++cursor;
      if (cursor < previous_ranges_.size() && previous_ranges_[cursor].pair == p) {
        const PairContacts& r = previous_ranges_[cursor];
        contacts.insert(contacts.end(), previous_.begin() + r.first, previous_.begin() + r.first + r.count);
        ranges_.push_back({p, static_cast<int>(first), r.count});
        continue;
      }
    }
    np.margin = model.settings.contact_threshold + travel_[a] + travel_[b];
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
    if (!asleep.empty()) ranges_.push_back({BodyPair{a, b}, static_cast<int>(first), static_cast<int>(contacts.size() - first)});
  }
  ranges_valid_ = !asleep.empty();
}

}  // namespace grasplab
