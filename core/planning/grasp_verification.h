// Dynamic verification of a planned grasp: what GraspIt!'s static score
// cannot tell (a high epsilon that falls out of the hand once dynamics
// runs). The planning scene is rebuilt with the hand at the pre-grasp and
// run through the scene's own actions for that hand: the dynamic
// auto-grasp (effort-limited PD closing, Miller & Christensen section 6),
// the lift and the shake; or, when the scene has none of them, the bundled
// scenes' sequence (auto-grasp at 0.2 s over 1 s, a 0.1 m lift at 1.7 s
// over 1 s, a +-2 cm 2 Hz shake along x at 3 s for 2 s). The run ends
// 0.5 s after the last action.
//
// Measured, in the hand's root frame H (so a hand that carries the object
// sees it still):
//   slip     |p_HO(t) - p_HO(t_lift)| (mm), the object's centre moving in
//            the hand from the start of the lift on;
//   dropped  the first time the slip exceeds drop_slip (20 mm): the object
//            is no longer carried; hold time = that time - t_lift (or the
//            whole time from the lift to the end);
//   lifted   at the end of the lift the object has risen by at least
//            lift_fraction (0.5) of the lift height;
//   held     lifted and never dropped to the end of the run;
//   after    contacts, force closure and epsilon (L1) of the contacts the
//            hand makes at the end, and the state hash of the run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/planning/planning_scene.h"

namespace grasplab {

struct VerificationSettings {
  double drop_slip = 0.02;     // m
  double lift_fraction = 0.5;  // of the lift height
  double tail = 0.5;           // s after the last action
};

struct GraspVerification {
  bool lifted = false;
  bool held = false;
  double slip = 0.0;         // m, at the end (or when dropped)
  double max_slip = 0.0;     // m, largest while carried
  double hold_time = 0.0;    // s from the start of the lift
  double rise = 0.0;         // m, the object's rise at the end of the lift
  int contacts = 0;          // hand-object contacts at the end
  bool force_closure = false;
  double epsilon = 0.0;      // L1, at the end
  int steps = 0;
  double time = 0.0;         // s simulated
  std::uint64_t state_hash = 0;
};

// Whether the scene has its own dynamic auto-grasp and lift for `robot`
// (then its actions are the verification's), and the actions a
// verification runs (the scene's, or the default sequence above in place
// of the robot's own).
bool SceneVerifiesGrasp(const SceneSpec& spec, const std::string& robot);
std::vector<ActionSpec> VerificationActions(const SceneSpec& spec, const std::string& robot);

StatusOr<GraspVerification> VerifyGrasp(const std::shared_ptr<const SceneSpec>& spec, const std::string& robot,
                                        const std::string& object, const HandPlacement& pregrasp,
                                        const VerificationSettings& settings = {});

}  // namespace grasplab
