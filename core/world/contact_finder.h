// Stages kBroadPhase and kNarrowPhase, Miller & Christensen section 4 steps
// 4-5: the contact sets at q^{l+1} (collision/: sort and sweep, GJK/EPA,
// contact regions reduced to their planar hull) and each contact's friction
// coefficient by eq. 13 (mu_s below the slip threshold, mu_k above it, from
// the relative velocity v^l at the contact point).
//
// Speculative margins (contact-time mode errorCorrection): each body's AABB
// is grown by half the contact threshold plus the distance it can travel in
// the next position step (2 h times a bound on its surface speed), so a
// pair's boxes overlap whenever its distance is below the pair margin: the
// threshold plus both travel distances. The velocity solve then sees
// contacts before they happen.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/collision/broad_phase.h"
#include "core/collision/narrow_phase.h"
#include "core/world/world_data.h"

namespace grasplab {

class ContactFinder {
 public:
  // Candidate pairs (stage kBroadPhase): boxes grown by pad, plus, when
  // speculative, what each dynamic body can travel in 2 h. Pairs where
  // either body does not collide are dropped.
  void FindPairs(const WorldModel& model, const WorldState& state, double h, double pad, bool speculative);
  // The contact sets of pairs() (stage kNarrowPhase) into state->contacts,
  // with the pair's materials and eq. 13's mu. With `asleep` (per body,
  // world/island_sleep.h), a pair of two bodies each asleep or static keeps
  // the contacts the last call found for it, impulses and anchors included:
  // neither moved, so collision would find the same set again.
  void NarrowPhase(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> asleep = {});

  const std::vector<BodyPair>& pairs() const { return pairs_; }
  // m per body: the travel allowance of the last FindPairs.
  std::span<const double> travel() const { return travel_; }

 private:
  BroadPhase broad_phase_;
  std::vector<Aabb> aabbs_;
  std::vector<double> travel_;
  std::vector<BodyPair> pairs_;
  NarrowPhaseScratch narrow_;  // kept between steps: no allocation at steady state
  // Where each pair's contacts lie in the contact list (recorded when
  // `asleep` is given), and the last call's list and ranges, for keeping a
  // sleeping pair's contacts.
  struct PairContacts {
    BodyPair pair;
    int first = 0, count = 0;
  };
  std::vector<PairContacts> ranges_, previous_ranges_;
  std::vector<Contact> previous_;
  bool ranges_valid_ = false;  // the last call recorded ranges_
};

}  // namespace grasplab
