// The impulse contact model (Lee, Ruspini & Khatib, seed 001, section 4,
// eqs. 6-8, after Baraff): before an island's resting solve, its impacts are
// resolved as impulse problems with restitution. At a collision the contact
// impulses j solve, for the contacts approaching faster than v_c,
//   v_n^+ >= -e v_n^-,   j >= 0,   j (v_n^+ + e v_n^-) = 0,
// with friction as in the LCP (the same solver, restitution targets in
// place of eq. 19's), joints rigid and finite efforts (motors, joint
// friction) transmitting no impulse. Impacts propagate: the pass is repeated
// on the contacts the last one left approaching (a Newton's cradle: one
// simultaneous problem would move all five balls at v/5), up to 64 passes.
// The first pass measures v_n^- from v^l, before this step's gravity, so a
// ball rebounds at exactly e times its impact speed. Contacts approaching
// slower than v_c = 4 |g| h + 1 mm/s are resting, left to the velocity LCP
// that follows (eqs. 19-21 of Miller & Christensen at the velocity level),
// and so are contacts whose gap stays open through the step. An impact is
// thus resolved at the start of the step in which it happens: up to v h
// early.
#pragma once

#include <span>
#include <vector>

#include "core/math/types.h"
#include "core/solvers/lcp_solver.h"

namespace grasplab {

// The world's velocities before this step's gravity (v^l), world-indexed,
// for the impact speeds of the first pass; static bodies have zero velocity.
struct PreStepVelocities {
  std::span<const Pose> X_WB;
  std::span<const Vec3> v_WB;
  std::span<const Vec3> w_WB;
  std::span<const std::uint8_t> is_static;
  std::span<const VelocityBody> velocity_bodies;  // the velocities being solved (v*)
};

struct ImpactStats {
  int passes = 0;    // impulse problems solved
  int failures = 0;  // of those, Lemke fallbacks
};

class ImpulseSolver {
 public:
  // The impact passes of one island (header), applied to its velocity
  // bodies; *normal and *friction get, per contact of sys, the impulses
  // they applied (N s).
  ImpactStats ResolveImpacts(const IslandSystem& sys, const LcpSolverSettings& settings, double gravity_norm,
                             const PreStepVelocities& v, std::vector<double>* normal, std::vector<Vec3>* friction);

 private:
  IslandSystem impact_;
  IslandLcpSolver lcp_;
  std::vector<int> which_;
  std::vector<double> joint_impulses_, limit_impulses_;
};

}  // namespace grasplab
