// Stage kIntegratePositions, Miller & Christensen section 4 steps 1-2: every
// dynamic body moves along its current velocity,
//   q^{l+1} = q^l + h G v^l                                   (eqs. 10-12),
// with the quaternion renormalised (dynamics/integrate_pose.h). Before it
// moves, the body's angular momentum I_W(q^l) w^l is kept for the
// gyroscopic term of the velocity step (world/external_impulses.h), and
// q^l for the quarantine of a non-finite body.
#pragma once

#include <cstdint>
#include <span>

#include "core/world/world_data.h"

namespace grasplab {

// Bodies marked in `skip` (the reduced formulation's tree bodies, placed by
// world/articulated_trees.h) or in `asleep` (world/island_sleep.h: at rest,
// v = w = 0) keep their poses bit for bit.
void IntegratePositions(const WorldModel& model, double h, WorldState* state, StepScratch* scratch,
                        std::span<const std::uint8_t> skip = {}, std::span<const std::uint8_t> asleep = {});

// Substeps (WorldSettings::substeps), at the end of the velocity step: each
// body the substeps moved (VelocityBody::v_move_W, w_move_W) moves by
// h v_move now, q += h G v_move, so that the next step's q += h G v^{l+1}
// leaves it where its substeps took it. Its velocity is left alone.
void ApplySubstepMoves(const WorldModel& model, double h, const std::vector<VelocityBody>& bodies, WorldState* state);

}  // namespace grasplab
