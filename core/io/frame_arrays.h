// What the viewer draws each frame, as flat arrays of doubles (one record
// of a fixed stride per contact, joint or step), so the WASM binding can
// hand them to the worker as typed arrays without JSON. The layouts are the
// contract with web/src/protocol.js; change both together.
//
// Units SI, world frame (z-up). Forces are the last step's impulses divided
// by the step length actually taken (StepStats::step_length).
#pragma once

#include <string>
#include <vector>

#include "core/world/world.h"

namespace grasplab {

// Per contact (World::contacts() order):
//   0-2   p       contact point (m)
//   3-5   n       unit normal, from body B to body A
//   6     f_n     normal force on A (N, >= 0)
//   7-9   f_t     friction force on A (N, tangent to n)
//   10    mu      friction coefficient used this step (eq. 13)
//   11    a       body A index
//   12    b       body B index
//   13    slip    tangential relative speed of A over B at p after the step (m/s)
//   14    sliding 1 if slip > the world's slip threshold s_t (eq. 13), else 0 (sticking)
//   15-17 t1      the first friction direction d_0 of the solver's pyramid
//                 (friction_directions.h); d_k = cos(2 pi k/u) t1 + sin(2 pi k/u) (n x t1)
//   18    gap     signed separation when the contact was found this step (m;
//                 negative: overlapping; Contact::separation)
//   19    active  the LCP unknowns of this contact that were positive (above the
//                 solve's natural residual) in its last solve, as bits
//                 (Contact::lcp_positive): bit 0 the normal impulse,
//                 bit 1 + k the pyramid weight beta_k along d_k, bit u + 1 the slip
//                 speed lambda (eq. 21's complementarity: lambda > 0 only where the
//                 weights reach the pyramid's bound, sum beta_k = mu f_n); 0 when no
//                 LCP solved it (Gauss-Seidel, penalty)
inline constexpr int kContactStride = 20;
void WriteContactArray(const World& world, std::vector<double>* out);

// Per joint (World joint order):
//   0     type     0 revolute, 1 prismatic, 2 fixed
//   1     parent   body index
//   2     child    body index
//   3-5   anchor   joint origin, fixed in the parent (m)
//   6-8   axis     unit axis, fixed in the parent
//   9     q        joint coordinate (rad or m, 0 at creation)
//   10    limited  1 if the joint has limits, else 0
//   11    lower    lower limit in q (0 when not limited)
//   12    upper    upper limit in q
inline constexpr int kJointStride = 13;
void WriteJointArray(const World& world, std::vector<double>* out);

// The last step's diagnostics (StepStats), one record:
//   0-10  seconds per stage, in Stage order (world/step_stats.h: StageName)
//   then, from kStatsCounters:
//   +0 contacts   +1 broad-phase pairs   +2 islands   +3 LCP size (sum)
//   +4 largest island LCP   +5 Lemke pivots (Gauss-Seidel sweeps with
//      ContactSolver::kPgs, Runge-Kutta substeps with kPenalty)
//   +6 LCP residual (N s; kPgs: the last sweep's largest impulse change)
//   +7 Lemke failures since creation   +8 step length (s)
//   +9 non-finite bodies quarantined since creation
//   +10 friction directions u of the pyramid; 0 with kPgs and kPenalty
//      (exact cones, smooth tanh friction)
//   +11-14 the LCP warm start (below)
//   +15 awake islands   +16 sleeping islands   +17 awake dynamic bodies
//   +18 sleeping bodies (world/island_sleep.h; all awake when sleep is off)
enum class StatsSlot : int {
  kContacts = 0, kPairs, kIslands, kLcpSize, kLcpMax, kPivots, kResidual, kLcpFailures, kStepLength,
  kQuarantined, kFrictionDirections,
  // The LCP warm start: islands solved by the LCP and of those solved on the
  // last step's support (last step); islands whose support missed and
  // pivots per step, and misses solved by Lemke from the last basis (since
  // the world was made).
  kLcpIslands, kLcpWarmIslands, kWarmMissesTotal, kPivotsPerStep, kWarmRepairedTotal,
  kAwakeIslands, kSleepingIslands, kAwakeBodies, kSleepingBodies, kCount
};
inline constexpr int kStatsCounters = kStageCount;
inline constexpr int kStatsSize = kStatsCounters + static_cast<int>(StatsSlot::kCount);
void WriteStatsArray(const World& world, std::vector<double>* out);

// The layouts above as JSON, for the page to check its copy against:
// {"poseStride": 7, "contactStride", "jointStride", "stageNames": [...],
//  "statsCounters" (index of the first counter), "statsSize"}.
std::string FrameLayoutJson();

}  // namespace grasplab
