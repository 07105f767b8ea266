// The penalty contact model of Zechmair & Morel (seed 002), contact_solver =
// kPenalty: contacts are not rows of the velocity problem but forces of the
// state, integrated through the step with adaptive Dormand-Prince 4(5)
// substeps. One step of length h, in the World's stages:
//   kBroadPhase          body pairs whose boxes, grown by what the bodies can
//                        travel in h, overlap (once per step)
//   kIntegratePositions  Dormand-Prince 4(5) substeps over [t, t + h] with
//                        error control (dynamics/dormand_prince.h) of
//                          y = (p, q, v, w per dynamic body; v_f, vdot_f per tracked overlap)
//                        whose derivative runs the other stages:
//     kNarrowPhase        the overlaps of the candidate pairs at y
//                         (collision/overlap_volume.h) and their forces,
//                         eqs. 4-8 (solvers/penalty_contact.h)
//     kExternalImpulses   gravity, the contact forces, the gyroscopic torque
//                         -w x I w and the drag spring, over the horizon delta = h
//     kJointForces        joint motors and viscous friction
//     kIslands .. kStoreSolution  the joints: the island solve of the other
//                         models with no contact rows, over delta: the
//                         constraint impulses that make the joint rows hold
//                         after delta, divided by delta, are the constraint
//                         forces. That is the acceleration-level joint solve
//                         J a = (e - J v) / delta, i.e. Baumgarte
//                         stabilisation with time constant h (the joint rows'
//                         targets e carry eq. 16's position correction), with
//                         the same limits, PD motors and joint friction.
// In the reduced formulation (dynamics.formulation "reduced") the robots'
// trees are in y as their joints' q and qd (and a mounted base's pose and
// twist) instead of their bodies' 13 numbers (world/articulated_trees.h):
// the derivative places their bodies by forward kinematics, the contact
// forces on them enter RNEA's bias as external forces (ArticulatedTrees::
// FreeVelocities over delta), the island solve handles their joint rows
// (limits, motors, couplings) in joint space, and qdd = (qd^+ - qd) / delta.
// No joint drifts: the joints hold by construction, as in the reduced
// velocity-level step.
// Compliant pads (world/pad_stage.h) take over the overlaps on their faces
// in kNarrowPhase, from the overlaps seen as contacts (point c, normal s_n,
// separation -v / A): the pressure LCP at the state's poses gives the
// pad's force F at its centre of pressure, which with its damping and eq.
// 8's friction (PadStage::AddPenaltyForces) replaces the overlap's force.
// After each accepted substep, overlaps that began are tracked from then on
// (t_c, dv_c, v_f = v, vdot_f = 0) and those that ended are dropped; the next
// substep starts from the changed state. The contacts shown afterwards are
// the overlaps at the end of the step: point c, normal s_n, and the forces
// times h as impulses.
#pragma once

#include <array>
#include <vector>

#include "core/collision/overlap_volume.h"
#include "core/control/drag_spring.h"
#include "core/dynamics/dormand_prince.h"
#include "core/geometry/convex_polyhedron.h"
#include "core/solvers/contact_model.h"
#include "core/world/articulated_trees.h"
#include "core/world/contact_finder.h"
#include "core/world/pad_stage.h"
#include "core/world/step_stats.h"
#include "core/world/world_data.h"

namespace grasplab {

// The island stages of the World's step (kIslands through kStoreSolution),
// which the penalty model runs inside its derivative.
class IslandStages {
 public:
  virtual void SolveIslands(double h, bool write_back) = 0;

 protected:
  ~IslandStages() = default;
};

// Everything of the World a penalty step reads and writes.
struct PenaltyStepContext {
  const WorldModel& model;
  WorldState& state;
  StepScratch& scratch;
  StepStats& stats;
  StageClock& clock;
  ContactFinder& finder;
  DragSpring& drag;
  IslandStages& islands;
  // The reduced formulation's trees, or null (maximal, or no trees).
  ArticulatedTrees* trees = nullptr;
  // The compliant pads, or null (none).
  PadStage* pads = nullptr;
};

class PenaltyModel final : public ContactModel {
 public:
  explicit PenaltyModel(const ContactModelSettings& settings) : lcp_(settings.lcp) {}
  ContactSolver type() const override { return ContactSolver::kPenalty; }
  Level level() const override { return Level::kForce; }
  // The joint-only islands inside the derivative, solved as kLcp's.
  IslandSolveStats SolveIsland(IslandSystem* system, double h, const PreStepVelocities&, IslandImpulses* out) override;

  // Every collision shape as a convex polyhedron, once per set of bodies;
  // a static triangle mesh is refused with a message naming the body.
  Status Prepare(const WorldModel& model);
  // One step of length h (header).
  Status Step(const PenaltyStepContext& ctx, double h);

 private:
  struct Key {
    BodyId a = -1, b = -1;
    int piece_a = 0, piece_b = 0;
    auto operator<=>(const Key&) const = default;
  };
  struct TrackedPair {  // an overlap being tracked (its first contact)
    Key key;
    double t_contact = 0.0;       // s, world time of first contact
    double approach_speed = 0.0;  // dv_c, m/s
    double mass_sum = 0.0;        // kg
    std::array<double, 2> filter{};  // v_f (m^3), vdot_f (m^3/s) at the last accepted substep
  };
  struct Evaluation {  // one overlap found by the last derivative
    Key key;
    Overlap overlap;
    PenaltyForce force;
    double approach_speed = 0.0;
    double mass_sum = 0.0;
    double mu = 0.0;
    int tracked = -1;  // index into tracked_, or -1
    bool padded = false;  // taken over by a compliant pad (its force is the pad's)
  };

  // dydt at (t, y) (header); records the overlaps found at y in evaluations_.
  void Derivative(const PenaltyStepContext& ctx, double t, const std::vector<double>& y, std::vector<double>* dydt);
  // After an accepted substep ending at world time t_now: overlaps that
  // began are tracked, those that ended are dropped. True if the set changed.
  bool UpdateTrackedPairs(double t_now);
  // The contacts of the end state (for the viewer and the CLI), joint
  // positions and rates: stage kStoreSolution.
  void StoreContacts(const PenaltyStepContext& ctx, double h);
  void Overlaps(const PenaltyStepContext& ctx, double t, const std::vector<double>& y);
  void LoadState(const PenaltyStepContext& ctx, const std::vector<double>& y, WorldState* state) const;
  void StoreState(const PenaltyStepContext& ctx, const WorldState& state, std::vector<double>* y) const;

  LcpSolverSettings lcp_;
  IslandLcpSolver lcp_solver_;  // the joint rows' solve, its memory kept between steps
  int prepared_bodies_ = -1;  // body count Prepare ran for
  std::vector<std::vector<ConvexPolyhedron>> local_;  // per body, per piece (piece pose applied); empty: plane
  ConvexPolyhedron moved_;  // the smaller piece of a pair, in the other's body frame
  std::vector<std::vector<Eigen::Vector4d>> bounds_;  // per piece: bounding sphere centre (body frame), radius
  std::vector<TrackedPair> tracked_;  // sorted by key
  // Step's working memory, kept between steps (no allocation at steady state).
  std::vector<TrackedPair> next_tracked_;
  std::vector<double> y_, k1_, y5_, k7_, atol_;
  std::vector<Evaluation> evaluations_;
  std::vector<Vec3> force_, torque_;
  std::vector<Contact> pad_candidates_;   // the overlaps as contacts, for the pads
  std::vector<std::uint8_t> pad_taken_;
  std::vector<int> dynamic_;  // dynamic bodies
  // The dynamic bodies in y, in order (dynamic_ less the trees' bodies),
  // and where the trees' state and the tracked pairs' start in y.
  std::vector<int> free_;
  std::size_t tree_base_ = 0, pair_base_ = 0;
  double substep_ = 0.0;      // s, the last accepted length, carried over
  OverlapScratch overlap_scratch_;
  DormandPrince45 dormand_prince_;
};

}  // namespace grasplab
