// Sleeping islands (issue 19), part of stages kIslands (waking) and
// kStoreSolution (falling asleep). As in Box2D v3 (island.c, solver_set.c),
// Bullet (btSimulationIslandManager) and Jolt (PhysicsSystem's sleep test),
// the island is the unit: it sleeps only when every one of its bodies has
// stayed slow long enough, and waking one of its bodies wakes it whole.
//
//   awake island --(every body still for `time` s, no drag, no commanded
//                   joint)--> asleep: v = w = 0
//   asleep --(an awake body or joint joins its island this step; a setter
//             on one of its bodies; a world-wide change)--> awake
//
// While asleep a body is not integrated (kIntegratePositions), its pairs
// with other sleeping or static bodies keep last step's contacts
// (ContactFinder::NarrowPhase), and its island is not assembled or solved.
// Its velocity stays exactly zero, so its pose and the state hash stay bit
// for bit what they were when it fell asleep.
//
// "Commanded" (never asleep, WorldSettings::sleep): an island holding the
// body being dragged, a joint with an enabled PD controller or a non-zero
// motor effort, a mount moving along its target (SetMountTarget), or, in
// the reduced formulation, a tree joint. A robot touching a sleeping body
// joins its island through the contact, so robot motion wakes what it
// touches.
//
// "Still" (FallAsleep) combines a velocity test and a displacement test. A
// body is still in a step when |v| <= linear and |w| <= angular (Box2D's and
// Bullet's test), or when it has been over those thresholds for at most
// time / 5 in a row (kFastFraction) and is still within linear * time of the
// position, and angular * time of the orientation, it had when its still
// time began (Jolt tests a body's points against a sphere of its start the
// same way). With the defaults: within 0.5 mm and 0.01 rad over 0.5 s, and a
// spurt over 1 mm/s or 0.02 rad/s of at most 0.1 s. The velocity test alone
// kept a settled 1,000-body pile awake for good: every window of 0.5 s held
// a body tipping or turning for a few steps at 2-6 mm/s while no body moved
// more than 0.13 mm (docs/benchmarks.md, stops 40 and 41). The displacement
// test alone would put to sleep a body that starts to slide from rest under
// 4 mm/s^2 (0.5 mm in 0.5 s); combined, a slow start sleeps only if it stays
// under the velocity thresholds for the whole sleep time, or leaves them for
// at most 0.1 s before its still time ends (under about 2 mm/s^2 from rest
// with the defaults; island_sleep_test.cc). The turn is measured as the
// chord 2 |vec(q q_ref^-1)| = 2 sin(theta / 2) (theta to 1e-5 relative at
// 0.01 rad): products and sums only, no acos, so native = WASM.
//
// Determinism: the state is per body, in arrays indexed by BodyId; islands
// are visited in the order IslandList builds them (by smallest body id),
// and a sleeping island is named by its smallest body id at the time it
// fell asleep. No pointer keys, no unordered containers; no allocation in a
// steady step (the arrays grow with the bodies and the islands).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/control/drag_spring.h"
#include "core/control/joint_controllers.h"
#include "core/dynamics/islands.h"
#include "core/solvers/velocity_body.h"
#include "core/world/world_data.h"

namespace grasplab {

// Bodies and islands awake and asleep after a step (StepStats).
struct SleepCounts {
  int awake_islands = 0;
  int sleeping_islands = 0;
  int awake_bodies = 0;     // dynamic bodies
  int sleeping_bodies = 0;
};

class IslandSleep {
 public:
  // A new body, awake.
  void AddBody();

  // 1 per sleeping body (static bodies are never asleep); indexed by BodyId.
  std::span<const std::uint8_t> asleep() const { return asleep_; }
  bool is_asleep(int body) const { return asleep_[body] != 0; }
  // s: how long the body has been still (header).
  double still_time(int body) const { return still_time_[body]; }
  // A body over the velocity thresholds counts as still for at most
  // kFastFraction * SleepSettings::time in a row (header).
  static constexpr double kFastFraction = 0.2;

  // Whether any dynamic body is awake.
  bool AnyAwake(std::span<const std::uint8_t> is_static) const {
    for (std::size_t b = 0; b < asleep_.size(); ++b) {
      if (!is_static[b] && !asleep_[b]) return true;
    }
    return false;
  }
  // Wakes the sleeping island holding `body` (nothing if it is awake).
  void WakeIslandOf(int body);
  // Wakes every body (gravity, friction or the contact model changed).
  void WakeAll();

  // Stage kIslands, after the islands are built: an island holding both
  // awake and sleeping bodies wakes whole (an awake body or joint touched a
  // sleeping one); an island all asleep is marked so the solve skips it,
  // and its bodies' v* (gravity was added in kExternalImpulses) go back to
  // zero, so v^{l+1} = 0. Returns how many bodies woke.
  int WakeTouched(const IslandList& islands, std::vector<VelocityBody>* velocity_bodies);
  // Whether island k of the last WakeTouched is asleep (not solved).
  bool island_asleep(int k) const { return island_asleep_[k] != 0; }

  // Stage kStoreSolution, after v^{l+1} is stored: each awake body's still
  // time grows by h while it is still (header), else restarts; an island
  // whose every body has been still for settings.time, and that
  // is not commanded (header), falls asleep: v = w = 0 for its bodies and
  // its joints' rates. `tree_joints` marks the reduced formulation's tree
  // joints (never asleep).
  void FallAsleep(const IslandList& islands, const WorldModel& model, const JointControllers& controllers,
                  const DragSpring& drag, std::span<const std::uint8_t> tree_joints, double h, WorldState* state);

  // The counts over the islands of the last step.
  SleepCounts Count(const IslandList& islands) const;

 private:
  std::vector<std::uint8_t> asleep_;     // per body
  std::vector<double> still_time_;       // per body, s
  std::vector<double> fast_time_;        // per body, s: over the velocity thresholds in a row while still
  std::vector<Pose> still_from_;         // per body: X_WB when its still time began
  std::vector<int> sleep_island_;        // per sleeping body: the smallest body id of its island, else -1
  std::vector<std::uint8_t> island_asleep_;  // per island of the last WakeTouched
};

}  // namespace grasplab
