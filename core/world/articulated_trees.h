// The reduced formulation's robots (issue 18; Chardonnet et al., seed 003,
// section 3.1; Featherstone): every chain of joints that hangs from a static
// body becomes an articulated tree in joint coordinates
// (multibody/articulated_model.h), and the World's stages treat its bodies
// through it:
//   kIntegratePositions  q^{l+1} = q^l + h qd^l per tree joint, a mounted
//                        base moved by its own twist (eq. 12), body poses by
//                        forward kinematics (no joint drift: the joints hold
//                        by construction);
//   kExternalImpulses    the base's twist: the mount's plus eq. 16's
//                        correction towards the mount's pose; qd* = qd^l +
//                        h H^-1 (tau - C(q^{l+1}, qd^l; g, the base's
//                        acceleration, drag)) (eq. 1's free acceleration: C
//                        by RNEA, H by CRBA and its LTDL factor at q^{l+1},
//                        which the island solve then reuses);
//   kSolveIslands        the island's inverse inertia on tree bodies is
//                        J H^-1 J^T (solvers/island_tree.h); tree joints add
//                        no equality rows, couplings and loops still do;
//   kStoreSolution       qd^{l+1} from the solve, body twists from it.
//
// Which joints form trees: a dynamic body's first joint (lowest index) that
// names it as child is its parent joint. A joint from a static body is a
// root; a root of type fixed makes its child the tree's base, moved by the
// mount (World::SetMountTarget) with a prescribed twist (contacts do not
// push it, as if infinitely heavy); a revolute or
// prismatic root hangs the tree from the static body itself. Parent joints
// below a tree's bodies extend it (fixed ones merge the child into its
// parent's tree body). Every other joint (a second joint on a body, closing
// a loop; a chain that hangs from a free body) keeps its equality rows, and
// free objects keep their 6-DOF maximal coordinates.
//
// A tree body's frame is its joint's frame (origin at the anchor, the child
// body's axes at creation), so q = 0 is the creation configuration as for
// the World's joint coordinates, which stay the state: JointState::position
// and velocity of a tree joint are its q and qd.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/status.h"
#include "core/control/drag_spring.h"
#include "core/dynamics/islands.h"
#include "core/multibody/articulated_data.h"
#include "core/multibody/articulated_model.h"
#include "core/solvers/lcp_solver.h"
#include "core/world/world_data.h"

namespace grasplab {

class ArticulatedTrees {
 public:
  // Finds the trees (header) and builds their models for the model's bodies
  // and joints at their creation frames. Fails, naming the joint, when a
  // joint moves a massless subtree.
  Status Build(const WorldModel& model, const WorldState& state);
  // Built for the model's current bodies and joints.
  bool built_for(const WorldModel& model) const {
    return built_ && body_count_ == model.body_count() && joint_count_ == model.joint_count();
  }
  void Clear();
  bool empty() const { return trees_.empty(); }
  int tree_count() const { return static_cast<int>(trees_.size()); }
  // Per joint / per body: 1 when it belongs to a tree.
  std::span<const std::uint8_t> joint_in_tree() const { return joint_in_tree_; }
  std::span<const std::uint8_t> body_in_tree() const { return body_in_tree_; }

  // Stage kIntegratePositions for the trees (header).
  void IntegratePositions(const WorldModel& model, double h, WorldState* state);
  // Stage kExternalImpulses for the trees (header): after ExternalImpulses
  // filled the velocity bodies (and the drag spring's force), replaces the
  // tree bodies' velocities by the twists of qd*.
  // force_W, torque_W (optional, per world body: N, and N m about the
  // body's centre of mass, world frame) act on the tree bodies as external
  // forces in RNEA's bias: the penalty model's contact forces.
  void FreeVelocities(const WorldModel& model, const WorldState& state, double h, const DragSpring& drag,
                      std::vector<VelocityBody>* bodies, std::span<const Vec3> force_W = {},
                      std::span<const Vec3> torque_W = {});
  // Adds the trees of the island's bodies to *sys (its bodies already
  // assembled in island order).
  void Attach(const Island& island, IslandSystem* sys);
  // qd^{l+1} (written by the island solve) into the joints' velocities.
  void StoreRates(WorldState* state) const;
  // A tree with a non-finite pose, velocity or coordinate goes back to its
  // coordinates before the step, at rest, its bodies to X_WB_prev. Returns
  // the number of bodies put back.
  int Quarantine(std::span<const Pose> X_WB_prev, WorldState* state);

  // The penalty model's state of the trees (world/penalty_model.h), which
  // it integrates with Dormand-Prince in place of stage kIntegratePositions:
  // per tree, a mounted base's pose and twist (13: origin p, quaternion
  // w x y z, then the twist about the world origin, angular and linear),
  // then q and qd of its joints.
  int PenaltyStateSize() const;
  void StorePenaltyState(const WorldState& state, double* y) const;
  // The joints' q and qd and the bases from y; every tree body placed by
  // forward kinematics, with its twist.
  void LoadPenaltyState(const WorldModel& model, const double* y, WorldState* state);
  // dy/dt after FreeVelocities (over the horizon delta, with the contact
  // forces) and the island solve of the joint rows: qdd = (qd^+ - qd) /
  // delta, the base's twist rate likewise towards the mount's (eq. 16's
  // correction), as the penalty model treats every body's velocity.
  void PenaltyDerivative(const double* y, double delta, double* dydt) const;
  // Absolute tolerances of the state, the penalty model's per kind: q by
  // `position` (m or rad), qd by `velocity` (m/s or rad/s); a base's pose by
  // `position` and `rotation` (quaternion components), its twist by
  // `angular` and `velocity`, as a body's.
  void PenaltyTolerances(double position, double rotation, double velocity, double angular, double* atol) const;
  // Before a penalty step: the coordinates a quarantined tree goes back to,
  // and on the first step the bases placed where their mounts ask.
  void MarkStepStart(const WorldModel& model, const WorldState& state);

 private:
  struct BodyLink {
    int tree = -1;
    int body = -1;  // tree body, -1: the base
    Pose X_BC;      // the world body's (centre-of-mass) frame in the tree body's (or base's) frame
  };
  struct Tree {
    ArticulatedModel model;
    ArticulatedData data;
    JointId root = -1;          // the joint from the static body
    bool fixed_root = false;    // the root's child is the base, moved by the mount
    std::vector<JointId> dof_joint;  // per tree body
    std::vector<BodyId> bodies;      // world bodies on the tree, base included, ascending
    std::vector<double> q, qd, q_prev, tau, qdd, bias;  // bias: RNEA's C(q, qd) at qdd = 0 (N m or N)
    // The q and base pose of the last PlaceTree, whose transforms data still
    // holds (FreeVelocities reuses them when q and X_W0 are bit for bit these).
    std::vector<double> q_placed;
    Pose X_placed;
    bool placed = false;
    std::vector<SpatialVector> f_ext;
    Pose X_W0;                                   // the base frame in the world
    SpatialVector V_base_W = SpatialVector::Zero();     // at l+1 (world, about the origin)
    // A moving mount's target (World::SetMountTarget): the base frame's pose
    // and world twist it asks for. The base itself moves like a body, by its
    // own twist (eq. 12), and its twist is the target's plus eq. 16's
    // correction towards the target pose, as the mount's rows do in the
    // maximal formulation.
    Pose X_target;
    SpatialVector V_target = SpatialVector::Zero();
    bool base_placed = false;
    bool f_ext_used = false;
  };
  // The target pose and twist of tree t's base from its root joint.
  void BaseTarget(const WorldModel& model, const WorldState& state, Tree* t) const;
  // Body poses by forward kinematics from the joints' q and t's base pose.
  void PlaceTree(const WorldModel& model, Tree* t, WorldState* state);
  // Whether t.data's transforms are those of t.q and t.X_W0 (the last PlaceTree's).
  static bool PlacedAt(const Tree& t);

  std::vector<Tree> trees_;
  std::vector<BodyLink> link_;  // per world body
  std::vector<std::uint8_t> joint_in_tree_, body_in_tree_;
  std::vector<int> slot_;       // per tree: its index in the island being attached, or -1
  int body_count_ = 0, joint_count_ = 0;
  bool built_ = false;
};

}  // namespace grasplab
