// Grasp planning after GraspIt!'s EigenGrasp planner (Ciocarlie & Allen,
// "Hand Posture Subspaces for Dexterous Robotic Grasping", IJRR 2009; in
// core/planning, above scene/, because it builds scenes):
// simulated annealing over the wrist pose and a hand's eigengrasp
// amplitudes (URDF <grasplab_hand>, robot/urdf.h), with an energy from
// contact distances and grasp quality; the best states found are then
// closed by GraspIt!'s kinematic auto-grasp (grasp/auto_grasp.h) and their
// grasps measured on the engine's own contacts (grasp/grasp_quality.h).
//
// Search state, object-centred (all in the world frame):
//   u      approach direction (unit): the palm's approach axis (URDF
//          approach, root frame) is turned onto u, then rolled by psi
//          about it;
//   psi    roll about u (rad);
//   r      distance (m) from the object's centre of mass back along u to
//          the root link's origin; the root sits at c - r u + o;
//   o      lateral offset (m) in the plane normal to u, |o_i| <= R_obj;
//   a      eigengrasp amplitudes, each in the range that keeps the origin
//          posture plus a e_i within the joint limits.
// A posture q = clamp(q_origin + sum_i a_i e_i) sets the driven joints
// (mimics follow). A state whose hand penetrates anything (the object,
// the ground, another body, itself) is illegal, as in GraspIt!: never
// accepted.
//
// Energy (dimensionless, lower is better), after GraspIt!'s contact and
// "potential quality" energies, in our units:
//   E = (1/n) sum_f e_f  -  w_q * eps
// over the n fingertips f (the leaf links below a closing joint):
//   e_f = d_f / delta + (1 - cos theta_f)   when cos theta_f > 0,
//   e_f = d_max / delta + 1                 otherwise (closing away from
//                                           the object, or beyond d_max),
// d_f >= 0 its distance to the object (m), theta_f the angle between the
// direction its nearest point moves when its joints close and the
// direction to the object's nearest point. eps: the L1 epsilon (Ferrari &
// Canny) of the virtual contacts when they reach force closure, else 0:
// the contact regions (points within d_q, the object's normal, the pair's
// static friction) of the fingertips and the palm that lie within d_q and
// face the object (cos theta > 0; for the palm, theta from its approach
// axis).
//
// Annealing: step k = 1..K takes a neighbour (each coordinate moved by a
// uniform step in [-s, s] times a quarter of its range, s =
// max(0.02, sqrt(T_k / T_0))) and accepts it by Metropolis,
// exp(-dE / T_k), with the geometric schedule T_k = T_0 exp(c k / K)
// (c = ln 1e-3: the temperature falls 1000-fold). The last `candidates`
// states that improved on the best so far are each closed by GraspIt!'s
// kinematic auto-grasp and scored on the engine's contacts; the best
// grasp (force closure first, then epsilon) is the plan.
//
// Determinism: every random number comes from SplitMix64 seeded by the
// grasp's own seed (PlanSeed: the set's seed and the grasp's index), every
// transcendental from math/det_math.h; grasp i of a set is the same
// whichever process plans it, in any order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/grasp/grasp_quality.h"
#include "core/math/types.h"
#include "core/scene/scene_spec.h"

namespace grasplab {

struct PlannerSettings {
  int steps = 1000;             // K, annealing steps per grasp
  double t0 = 2.0;              // T_0
  double cooling = -6.907755;   // ln(T_K / T_0): T falls 1000-fold over the K steps
  double distance_scale = 0.01; // delta (m)
  double max_distance = 0.1;    // d_max (m)
  double quality_distance = 0.005;  // d_q (m)
  double quality_weight = 10.0;     // w_q
  int max_start_tries = 500;    // random starts tried for a legal one
  int candidates = 8;           // last improving states closed by the auto-grasp
};

// A planned grasp: the pre-grasp (where the hand is placed, fingers as the
// eigengrasps put them) and the kinematic grasp closed from it.
struct PlannedGrasp {
  int index = 0;
  std::uint64_t seed = 0;           // this grasp's seed (PlanSeed)
  Pose X_WR;                        // the root link's pose
  std::vector<double> amplitudes;   // per eigengrasp
  std::vector<std::pair<std::string, double>> pregrasp;  // driven joints, URDF values
  double energy = 0.0;              // of the best state
  int accepted = 0;                 // annealing moves accepted
  int illegal = 0;                  // neighbours refused for penetration
  // GraspIt!'s auto-grasp closed from the pre-grasp:
  std::vector<std::pair<std::string, double>> closed;    // driven joints, URDF values
  GraspQuality quality;             // on the engine's contacts with the object (L1 only)
};

// The seed of grasp `index` of a set planned with `seed`.
std::uint64_t PlanSeed(std::uint64_t seed, int index);

class GraspPlanner {
 public:
  // The scene must hold `robot`, a free-floating hand with <grasplab_hand>,
  // and `object`, a dynamic body. Errors name the problem.
  static StatusOr<GraspPlanner> Create(std::shared_ptr<const SceneSpec> spec, const std::string& robot,
                                       const std::string& object, const PlannerSettings& settings = {});

  // Plans grasp `index` of the set seeded `seed`.
  StatusOr<PlannedGrasp> Plan(int index, std::uint64_t seed) const;

  // The energy of the hand with its root at X_WR and these amplitudes, or
  // nothing when it penetrates something (an illegal state).
  StatusOr<std::optional<double>> EnergyAt(const Pose& X_WR, const std::vector<double>& amplitudes) const;

  // The eigengrasp amplitude ranges [lo, hi] (for reports and tests).
  const std::vector<std::pair<double, double>>& amplitude_ranges() const { return ranges_; }
  const std::vector<std::string>& eigengrasp_names() const { return eigengrasp_names_; }

 private:
  GraspPlanner() = default;

  std::shared_ptr<const SceneSpec> spec_;
  std::string robot_, object_;
  PlannerSettings settings_;
  std::vector<std::pair<double, double>> ranges_;
  std::vector<std::string> eigengrasp_names_;
};

}  // namespace grasplab
