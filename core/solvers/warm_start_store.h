// What one step's contact solve leaves for the next: for the warm start
// (WorldSettings::warm_start) the step's contacts with their impulses and
// LCP support (Contact::lcp_support, solvers/lcp_warm_start.h), and per joint
// the LCP support of its rows; the contacts' friction anchors
// (world/friction_anchors.h).
//
// Contacts are matched to the previous step's by body pair and distance:
// each contact takes the values of the previous contact of the same pair
// nearest to it, within 2 mm (a contact sliding at 0.8 m/s moves that far
// in a 2.5 ms step); the first match in contact order wins, so the result is
// deterministic. The previous contacts are looked up through an index sorted
// by (unordered pair, order), so a pile of n contacts costs O(n log n), not
// O(n^2) (O(n) to check the order when the contacts already follow it).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/base/ids.h"
#include "core/collision/contact.h"

namespace grasplab {

// A joint's rows that carry an LCP support: its two limit rows, its Coulomb
// friction row and its PD motor row.
enum class JointRowSlot : int { kLowerLimit = 0, kUpperLimit = 1, kFriction = 2, kMotor = 3 };

class WarmStartStore {
 public:
  static constexpr double kMatchDistance = 2e-3;  // m

  void ResizeJoints(int joint_count) { joint_support_.resize(joint_count); }

  // What MatchContacts copies from the matching previous contact.
  struct Carry {
    bool impulses = false;  // normal, and friction projected onto the new tangent plane (Gauss-Seidel)
    bool support = false;   // the LCP support
    bool anchors = false;   // the friction anchor (world/friction_anchors.h)
  };
  // Copies into each contact what the matching previous contact left.
  // Returns the number of contacts matched.
  int MatchContacts(std::span<Contact> contacts, Carry carry);
  // Keeps this step's contacts for the next MatchContacts.
  void RememberContacts(std::span<const Contact> contacts);

  std::uint8_t joint_support(JointId j, JointRowSlot slot) const { return joint_support_[j][static_cast<int>(slot)]; }
  void set_joint_support(JointId j, JointRowSlot slot, std::uint8_t support) {
    joint_support_[j][static_cast<int>(slot)] = support;
  }
  // Rows absent this step start cold when they return.
  void ClearJoint(JointId j) { joint_support_[j] = {}; }

 private:
  std::vector<Contact> previous_;
  std::vector<int> by_pair_;  // indices into previous_, sorted by (body pair, index)
  std::vector<std::pair<BodyId, BodyId>> keys_;  // the body pair of by_pair_[i], lower id first
  std::vector<std::array<std::uint8_t, 4>> joint_support_;
};

}  // namespace grasplab
