// Friction anchors: a sticking contact holds its place, not only its
// velocity. Part of the stages kAssembleRows (targets) and kStoreSolution
// (anchors set or dropped).
//
// Why. Eq. 21's LCP (and the exact-cone Gauss-Seidel) keep a sticking
// contact's tangential velocity at zero only up to the regularisation on
// their diagonal (LcpSolverSettings::regularization, 1e-6 of the largest
// entry): a sticking row carrying a friction impulse f slips eps D f per
// step, and nothing at the position level brings it back. A held object
// therefore crept: three-finger-sphere's ball rose toward the palm at
// 1.0 um/s (its contacts sticking at 6 % of their cone, slipping 1.0 um/s
// each), two-finger-cylinder's at 2.3 um/s, the handset at 14 um/s, while
// the finger motors at their effort limit followed. A regularisation of
// 1e-9 cut the creep 1000x but made Lemke fail 36 times in the bunny's 10 s.
//
// What. Eq. 19's error correction, applied in the tangent plane. A contact
// that sticks at the end of a step (slip under s_t of eq. 13, normal impulse
// > 0, friction > 0) keeps the material point of each body where it stuck, in the body's
// frame (set when it starts sticking, kept while it sticks). The next step's
// contact inherits it (WarmStartStore's matching by body pair and
// distance), and its friction rows aim for the tangential velocity of A
// relative to B
//
//     v_t = -gamma d_t / h,   d = X_A a_A - X_B a_B,  d_t = d - (d . n) n
//
// (gamma: eq. 19's error reduction, 0.2) in place of 0, within the friction
// cone as before: the solver returns the drift rather than keeping it. At a
// sticking contact the slip of the regularisation then stays at a fixed
// offset of (slip per step) / gamma (nanometres) instead of accumulating.
//
// A contact slipping under s_t may still be sliding: a box sliding to rest
// on mu = 0.001 passes under 1 mm/s 51 um before it stops. An anchor held
// from there pulled the stopped box back toward it (to 0.155 mm of its
// 0.204 mm stop in 1 s). So an anchored contact that slips away from its
// anchor (slip . d > 0) faster than kAnchorFollowShare s_t (0.1 mm/s) is
// anchored anew where it is, each step: the last anchor of a slide is then
// at most (0.1 s_t)^2 / (2 mu g) + 0.1 s_t h short of the stop (0.76 um at
// mu = 0.001, less on any rougher surface). That is above the slip of the
// regularisation (under 14 um/s on the bundled grasps) and below a
// returning contact's own speed, which points toward the anchor.
//
// An anchor is dropped, and the contact anchored anew where it is if it
// still sticks, when a material point has left the contact (more than
// kReach from the contact point: the bodies rolled, or the match is another
// feature) or the drift exceeds kMaxDrift (the contact slipped). Rolling
// without slip moves the material points apart tangentially by s^3 / (6 r^2)
// after rolling a distance s on radius r: under 2.3e-8 m before kReach on a
// 3 cm ball, a rolling resistance under 2 um/s of target.
//
// With a slop s (WorldSettings::contact_slop, m; 0 by default) a drift
// within s is left alone (v_t = 0) and a larger one returns by its excess,
// v_t = -gamma (1 - s / |d_t|) d_t / h: per-contact anchors of one body,
// set at different times, otherwise ask for relative motions no rigid
// motion meets, and Gauss-Seidel never settles on them (contact_target.h).
//
// WorldSettings::friction_anchors (scene: solver.frictionAnchors) turns
// them off: the paper's velocity-only friction rows.
#pragma once

#include "core/world/world_data.h"

namespace grasplab {

inline constexpr double kAnchorReach = 5e-4;     // m
inline constexpr double kAnchorMaxDrift = 1e-4;  // m (the contact threshold)
inline constexpr double kAnchorFollowShare = 0.1;  // of the slip threshold s_t

// Before the solve, after the contacts inherited their anchors: each
// anchored contact's slip_target_W, or the anchor dropped (zero target).
void SetAnchorTargets(const WorldModel& model, WorldState* state, double h);

// After the solve, with the new velocities in state: contacts that stick
// keep their anchor or get one at their point; the others lose it.
void UpdateAnchors(const WorldModel& model, WorldState* state);

}  // namespace grasplab
