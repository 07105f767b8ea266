// Stages kIslands and kAssembleRows, Miller & Christensen section 4 steps
// 9-10: the dynamic bodies split into islands joined by joints or contacts,
// and each island's rows (IslandSystem, solvers/lcp_solver.h):
//   - every joint's equality rows J v = e_j with eq. 16's correction
//     e_j = -gamma dp / h (dynamics/joint.h); a moving mount's rows follow
//     its twist; a coupled joint adds a row q_dot - r q_dot_master =
//     -gamma (q - r q_master) / h;
//   - bounded rows: Coulomb joint friction (eq. 14's c sgn(q_dot) as
//     |f| <= c h, so it sticks exactly) and PD motors
//     (control/joint_controllers.h);
//   - limit rows (eq. 9) within the threshold plus, in the error-correction
//     mode, the distance the joint can travel in 2 h (speculative like
//     contacts), with eq. 19's target (solvers/contact_target.h);
//   - the island's contacts (normal and friction rows built by the solver);
//   - the island's pads' bounded rows, after the joints' (world/pad_stage.h).
// The equality rows go in reverse joint order: the models add a child's
// joint after its parent's, so every joint's rows come before its parent's,
// and the Cholesky factor of S = J W J^T has no fill for a tree of joints
// (solvers/reduced_island.cc skips the zeros). The bounded and limit rows
// keep the joints' order.
//
// After the solve, Store hands each row's impulse back to its joint: the
// equality-row impulse norm and the limit impulse (JointState), the motor
// effort (JointControllers), and the rows' LCP support for the next step's
// warm start (WarmStartStore).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "core/control/joint_controllers.h"
#include "core/dynamics/islands.h"
#include "core/solvers/contact_model.h"
#include "core/solvers/warm_start_store.h"
#include "core/world/pad_stage.h"
#include "core/world/world_data.h"

namespace grasplab {

class IslandAssembler {
 public:
  // Step 9. With single_island (the collision-group benchmark only) every
  // dynamic body is chained into one island.
  // With pads, each pressed pad joins its two bodies' islands.
  void BuildIslands(const WorldModel& model, const WorldState& state, IslandList* islands,
                    const PadStage* pads = nullptr);

  // Step 10: the rows of one island into *sys (cleared first) over the
  // velocity bodies (world-indexed; the system points into them and into
  // the state's contacts, where the solver writes its impulses). With
  // warm != nullptr, the rows' supports from the last step are loaded and
  // sys->warm_start is set.
  // Joints marked in `tree_joints` (the reduced formulation's,
  // world/articulated_trees.h) hold by their trees' coordinates: they add
  // no equality rows (a coupled one still adds its coupling row).
  void Assemble(const Island& island, const WorldModel& model, WorldState* state,
                const JointControllers& controllers, const WarmStartStore* warm, double h,
                std::vector<VelocityBody>* bodies, IslandSystem* sys, std::span<const std::uint8_t> tree_joints = {},
                PadStage* pads = nullptr);

  // Hands the solved impulses of the island last assembled back to its
  // joints (header). With warm != nullptr, stores the rows' supports.
  void Store(const Island& island, const IslandSystem& sys, const IslandImpulses& impulses, double h,
             WorldState* state, JointControllers* controllers, WarmStartStore* warm);

 private:
  std::vector<std::pair<int, int>> contact_links_, joint_links_;
  std::vector<int> local_;  // world body id -> island-local index, -1 outside the island
  // Where the rows of the island last assembled came from.
  std::vector<std::pair<int, int>> row_range_;                // per island joint: its equality rows [first, end)
  std::vector<std::pair<JointId, JointRowSlot>> limit_of_;     // per limit row
  std::vector<std::pair<JointId, JointRowSlot>> bounded_of_;   // per bounded row
};

}  // namespace grasplab
