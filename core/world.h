// World: owns the bodies and advances them. It only orchestrates; each stage
// lives in its own file and is timed (StepStats) so the viewer, the CLI and the
// benchmarks can show where the time goes.
//
// One step, in the order of Miller & Christensen section 4:
//   1-2. IntegratePositions   q^{l+1} = q^l + h G v^l           (eqs. 10-12)
//   4.   FindContacts         contact sets at q^{l+1}: BroadPhase, NarrowPhase
//   6.   ExternalImpulses     h k: gravity and the gyroscopic term
//  10.   SolveVelocities      v^{l+1} from the contact problem
// The state after Step() is (q^{l+1}, v^{l+1}).
//
// Gyroscopic term: instead of the explicit h (w x I w), the angular part of
// M v^l + h k is taken as the angular momentum I_W(q^l) w^l, expressed with
// the inertia at q^{l+1}. This is the discrete form of d(I_W w)/dt = tau and
// conserves angular momentum exactly for a torque-free body.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/collision/broad_phase.h"
#include "core/collision/contact.h"
#include "core/dynamics/body.h"
#include "core/dynamics/material.h"
#include "core/math/types.h"
#include "core/dynamics/islands.h"
#include "core/dynamics/joint.h"
#include "core/dynamics/dormand_prince.h"
#include "core/collision/overlap_volume.h"
#include "core/geometry/convex_polyhedron.h"
#include "core/solvers/lcp_solver.h"
#include "core/solvers/penalty_contact.h"
#include "core/solvers/velocity_body.h"

namespace grasplab {

// How a step keeps bodies from interpenetrating (Miller & Christensen,
// section 4, step 3).
enum class ContactTimeMode {
  // Default: contacts are found within a speculative margin before they
  // happen, and velocity-level error correction (eq. 19) handles the rest.
  kErrorCorrection,
  // The paper's search: after the position step, if any pair
  // interpenetrates or a joint passes a limit, bisect the step length until
  // the closest pair is within (0, threshold] (0.1 degree or 0.1 mm for a
  // limit); the step then advances by that shorter length. Contacts and
  // limits become rows within their thresholds only (no speculative margin).
  kBisection,
};

// Which solver finds an island's impulses (the contact-models issue).
enum class ContactSolver {
  kLcp,  // Miller & Christensen: friction pyramid, Lemke's algorithm (solvers/lcp_solver.h)
  kPgs,  // Chardonnet et al.: exact Coulomb cone, block Gauss-Seidel (solvers/pgs_cone_solver.h)
  // Lee, Ruspini & Khatib (after Baraff): impacts first, as impulse problems
  // with restitution, then the resting contacts (World::ResolveImpacts).
  kImpulse,
  // Zechmair & Morel: overlap-volume penalty forces, integrated with an
  // adaptive Dormand-Prince 4(5) inside each step (world_penalty.cc).
  kPenalty,
};
const char* ContactSolverName(ContactSolver solver);
// "lcp", "pgs", "impulse" or "penalty"; anything else is an error naming them.
Status ParseContactSolver(const std::string& name, ContactSolver* out);

struct WorldSettings {
  Vec3 gravity{0.0, 0.0, -9.81};  // m/s^2
  double contact_threshold = 1e-4;  // m (0.1 mm, section 3.2)
  double error_reduction = 0.2;     // gamma, eqs. 16 and 19
  double slip_threshold = 1e-3;     // m/s, s_t of eq. 13
  int friction_directions = 8;      // u of eq. 4 (4, 6, 8, 12 or 16)
  double torsional_friction_radius = 0.0;  // m; > 0 adds torsional columns to D (lcp_solver.h)
  double joint_limit_angle = 0.0017453292519943296;  // rad (0.1 degree): a revolute limit is "reached" within this
  double joint_limit_distance = 1e-4;                // m (0.1 mm), prismatic
  LemkeSettings lemke;
  ContactSolver contact_solver = ContactSolver::kLcp;
  int pgs_iterations = 200;       // kPgs: sweeps at most
  double pgs_tolerance = 1e-7;    // kPgs: relative impulse change that ends the sweeps
  // All dynamic bodies in one island, i.e. one collision group, whatever
  // touches what: only for the collision-group benchmark (Chardonnet et al.
  // Figure 2); the islands are the paper's collision groups otherwise.
  bool single_island = false;
  // Start each step's contact solve from the last step's: the LCP from its
  // support (solvers/lcp_warm_start.h), kPgs from its impulses. Off: every
  // Lemke solve starts from z = 0 (the paper's method as written).
  bool warm_start = true;
  PenaltySettings penalty;        // kPenalty (solvers/penalty_contact.h)
  ContactTimeMode contact_time_mode = ContactTimeMode::kErrorCorrection;
  int max_bisections = 30;          // kBisection: halvings per step at most
};

enum class Stage : int {
  kIntegratePositions = 0,
  kBroadPhase,
  kNarrowPhase,
  kExternalImpulses,
  kSolveVelocities,
  kCount
};
const char* StageName(Stage stage);

struct StepStats {
  std::array<double, static_cast<int>(Stage::kCount)> stage_seconds{};  // last step
  int contact_count = 0;
  int pair_count = 0;             // broad-phase pairs of the last step
  int island_count = 0;           // islands of the last step
  int lcp_size = 0;               // sum of the islands' LCP sizes, last step
  int lcp_max_size = 0;           // the largest island LCP, last step
  int lemke_pivots = 0;           // sum over islands, last step
  int pgs_sweeps = 0;             // kPgs: sum over islands, last step
  int pgs_unconverged = 0;        // kPgs: islands that hit the sweep limit, last step
  int warm_started = 0;           // contacts matched to one of the previous step (warm start)
  int lcp_islands = 0;            // islands solved by the LCP, last step
  int lcp_warm_islands = 0;       // of those, solved on the previous step's support without pivoting
  std::int64_t lemke_pivots_total = 0;      // since creation
  std::int64_t lcp_islands_total = 0;       // since creation
  std::int64_t lcp_warm_islands_total = 0;  // since creation
  int impact_passes = 0;          // kImpulse: impulse problems solved, last step
  int penalty_substeps = 0;       // kPenalty: accepted Dormand-Prince steps, last step
  int penalty_rejected = 0;       // kPenalty: rejected trial steps, last step
  int penalty_forced = 0;         // kPenalty: steps accepted at min_step over the tolerance, last step
  double penalty_min_substep = 0.0;  // kPenalty: the shortest accepted step (s), last step
  std::int64_t penalty_substeps_total = 0;  // kPenalty: accepted steps since creation
  std::int64_t penalty_rejected_total = 0;  // kPenalty: rejected steps since creation
  double lcp_residual = 0.0;      // the largest island residual (N s), last step
  std::int64_t lcp_failures = 0;  // Lemke failures (fallback used) since creation
  double step_length = 0.0;       // s, the h actually taken (shorter after a contact-time search)
  int bisections = 0;             // contact-time search: halvings in the last step
  std::int64_t nonfinite_events = 0;  // bodies quarantined since creation
};

class World {
 public:
  explicit World(const WorldSettings& settings = {});

  // Validates and adds a body; the quaternion is normalised.
  StatusOr<BodyId> AddBody(const BodyDef& def);

  // Materials referenced by BodyDef::material. Add them before the bodies.
  MaterialTable& materials() { return materials_; }
  const MaterialTable& materials() const { return materials_; }

  // Bodies a and b never collide (for example, joined by a joint).
  Status ExcludeCollision(BodyId a, BodyId b);

  // Validates and adds a joint between existing bodies (the child dynamic);
  // q = 0 is the current configuration. Parent and child stop colliding
  // unless def.collide_connected.
  StatusOr<JointId> AddJoint(const JointDef& def);
  // Motor effort (N m or N) applied from the next step on, equal and opposite
  // on the two bodies along or about the axis, until changed.
  Status SetJointEffort(JointId joint, double effort);

  // PD control of a joint (Miller & Christensen section 5): the effort
  //   tau = kp (q_t - q') + kd (q_dot_t - q_dot'),   |tau| <= max_effort,
  // applied equal and opposite to the two bodies along or about the axis.
  // The paper evaluates it explicitly at the step's start; here q' and
  // q_dot' are the end-of-step values (q' = q + h q_dot'), which keeps stiff
  // gains on light finger links stable at h = 2.5 ms. It becomes a bounded
  // row of the island LCP with target velocity and compliance
  //   v_t = (kp (q_t - q) + kd q_dot_t) / (kd + h kp),
  //   c   = 1 / (h (kd + h kp)),            |f| <= max_effort h,
  // so the contact forces and the motor are solved together (lcp_solver.h).
  // kp (N m/rad or N/m) and kd (N m s/rad or N s/m) >= 0, not both 0;
  // max_effort (N m or N) > 0. The target starts at the current position.
  Status SetJointController(JointId joint, double kp, double kd, double max_effort);
  Status ClearJointController(JointId joint);
  // Set point of the joint's PD controller (rad or m; rad/s or m/s).
  Status SetJointTarget(JointId joint, double position, double velocity = 0.0);
  bool has_joint_controller(JointId j) const { return controllers_[j].enabled; }
  double joint_target(JointId j) const { return controllers_[j].target_position; }
  double joint_target_velocity(JointId j) const { return controllers_[j].target_velocity; }
  // The PD effort of the last step (N m or N), within +-max_effort.
  double joint_motor_effort(JointId j) const { return controllers_[j].effort; }
  double joint_max_effort(JointId j) const { return controllers_[j].max_effort; }

  // A fixed joint whose parent is static is a mount: this moves where it
  // holds its child (the child's pose X_WC and twist v_WC (of the child's
  // frame origin) and w_WC), as a kinematically driven weld: its rows'
  // targets become the twist plus eq. 16's correction towards the pose. For
  // moving a robot's base along a trajectory (grasp actions lift and shake).
  Status SetMountTarget(JointId joint, const Pose& X_WC, const Vec3& v_WC, const Vec3& w_WC);

  int joint_count() const { return static_cast<int>(joint_defs_.size()); }
  const JointDef& joint_def(JointId j) const { return joint_defs_[j]; }
  double joint_position(JointId j) const { return joint_state_[j].position; }  // rad or m
  double joint_velocity(JointId j) const { return joint_state_[j].velocity; }  // rad/s or m/s
  double joint_effort(JointId j) const { return joint_state_[j].effort; }      // N m or N
  // Norm of the last step's constraint impulses of the joint's rows (N s or
  // N m s mixed), and of its limit row.
  double joint_impulse(JointId j) const { return joint_state_[j].impulse; }
  double joint_limit_impulse(JointId j) const { return joint_state_[j].limit_impulse; }

  // Mouse drag (Chardonnet et al. eq. 7): a spring-damper from the point p_B
  // fixed in the body (body frame, m) to a world target at rest,
  //   f_e = k_p (x_target - x_p) - k_v x_dot_p,   k_v = sqrt(2 m k_p),
  // applied at x_p each step with the external impulses (h f_e, and the
  // torque (x_p - x_B) x h f_e), from the positions q^{l+1} and velocities
  // v^l. k_p in N/m, > 0; m is the body's mass. One drag at a time.
  Status SetDragSpring(BodyId body, const Vec3& p_B, const Vec3& target_W, double kp);
  Status MoveDragTarget(const Vec3& target_W);
  void ClearDragSpring() { drag_ = {}; }
  struct DragSpring {
    BodyId body = -1;  // -1: none
    Vec3 p_B = Vec3::Zero();
    Vec3 target_W = Vec3::Zero();
    double kp = 0.0, kv = 0.0;
    Vec3 force_W = Vec3::Zero();  // N, the last step's f_e
  };
  const DragSpring& drag() const { return drag_; }

  // Sets a material's friction coefficients (0 <= mu_k <= mu_s) from the
  // next step on; pair overrides of the table still take precedence.
  Status SetMaterialFriction(MaterialId material, double static_friction, double kinetic_friction);

  // Calls `observer` with every island LCP before it is solved (recording
  // sequences for tests and benchmarks; solvers/lcp_solver.h). Empty: none.
  void SetLcpObserver(LcpObserver observer) { lcp_observer_ = std::move(observer); }
  // WorldSettings::warm_start, from the next step on.
  void SetWarmStart(bool on) { settings_.warm_start = on; }

  // A joint's anchor and unit axis in the world at the current poses (the
  // anchor and axis fixed in the parent body at creation).
  Vec3 JointAnchorWorld(JointId j) const;
  Vec3 JointAxisWorld(JointId j) const;

  // Moves a body to a pose without dynamics (kinematic placement: a static
  // auto-grasp closing fingers, a user dragging). Validated like AddBody; the
  // quaternion is normalised; velocities are kept.
  Status SetBodyPose(BodyId id, const Pose& X_WB);

  // Runs collision detection (broad and narrow phase, timed in stats) at the
  // current poses, with the contact threshold as the only margin, and
  // refreshes contacts() and the joint positions. Step() does this itself;
  // this is for kinematic use.
  void UpdateContacts();

  // Advances the world by h seconds (0 < h <= 0.1), or by less when the
  // contact-time search shortens the step (stats().step_length). Rejects a
  // bad h without touching the state.
  Status Step(double h);

  const WorldSettings& settings() const { return settings_; }
  // Switches the contact solver from the next step on (a scene's solver.type,
  // the CLI's --solver).
  void set_contact_solver(ContactSolver solver) { settings_.contact_solver = solver; }
  // Checks that every body can be handled by the chosen contact model (the
  // penalty model needs convex solids: no static triangle meshes), with a
  // message naming the body; Step() checks the same. For loaders.
  Status PrepareContactModel();
  double time() const { return time_; }
  std::int64_t step_count() const { return step_count_; }
  int body_count() const { return static_cast<int>(defs_.size()); }
  const BodyDef& body_def(BodyId id) const { return defs_[id]; }
  const std::string& body_name(BodyId id) const { return defs_[id].name; }
  // The first body with this name, or -1.
  BodyId FindBody(const std::string& name) const;
  const Pose& pose(BodyId id) const { return X_WB_[id]; }
  const Vec3& linear_velocity(BodyId id) const { return v_WB_[id]; }
  const Vec3& angular_velocity(BodyId id) const { return w_WB_[id]; }
  // Velocity of body id's material point at world point p: v + w x (p - x) (m/s; zero for static bodies).
  Vec3 PointVelocity(BodyId id, const Vec3& p) const { return v_WB_[id] + w_WB_[id].cross(p - X_WB_[id].p); }
  // Inertia about the centre of mass in world axes, R I_B R^T (kg m^2; zero for static bodies).
  Mat3 InertiaWorld(BodyId id) const;
  const std::vector<Contact>& contacts() const { return contacts_; }
  const StepStats& stats() const { return stats_; }

  // Writes 7 doubles per body: px py pz qw qx qy qz (out.size() >= 7 n).
  void WritePoses(std::span<double> out) const;

  // FNV-1a over the bits of every body's pose and velocity (state_hash.h).
  std::uint64_t StateHash() const;

 private:
  void IntegratePositions(double h);
  void FindContacts(double h);  // broad + narrow phase, each timed
  // Broad phase (timed) into pairs_: boxes grown by pad, plus, when
  // speculative, what each dynamic body can travel in 2 h (travel_).
  void FindPairs(double h, double pad, bool speculative);
  void NarrowPhase();
  // kBisection: runs IntegratePositions + FindContacts with the largest
  // h' <= h that leaves no interpenetration; returns h'.
  double SearchContactTime(double h);
  // The smallest of every contact's separation / contact threshold and every
  // limited joint's distance to its limits / limit threshold: < 0 means
  // interpenetration or a passed limit, (0, 1] within the thresholds.
  double MinNormalizedGap() const;
  // Joint coordinate at the current poses, unwrapped against the last state.
  double TrialJointPosition(JointId j) const;
  // velocity_bodies_ from the current poses: positions, inverse mass and
  // world inverse inertia (zero, at rest, for static bodies); velocities of
  // dynamic bodies are left for the caller.
  void LoadVelocityBodies();
  // The drag spring's impulse over h on velocity_bodies_ (Chardonnet et al.
  // eq. 7, header), from the current poses and velocities v^l.
  void ApplyDragSpring(double h);
  void ExternalImpulses(double h);
  // Islands and their impulses from velocity_bodies_ over h; write_back
  // copies the result into the bodies' velocities and the joint rates.
  void SolveVelocities(double h, bool write_back = true);
  void QuarantineNonFinite();

  WorldSettings settings_;
  double time_ = 0.0;
  double time_compensation_ = 0.0;  // Kahan summation of the step lengths
  std::int64_t step_count_ = 0;

  // Model (what the user asked for) and state, one entry per body.
  MaterialTable materials_;
  std::vector<BodyPair> excluded_pairs_;  // sorted, a < b
  std::vector<BodyDef> defs_;
  std::vector<double> inv_mass_;
  std::vector<Mat3> I_B_;
  std::vector<Mat3> inv_I_B_;
  std::vector<Pose> X_WB_;
  std::vector<Vec3> v_WB_;
  std::vector<Vec3> w_WB_;

  struct JointState {
    double position = 0.0;  // unwrapped for revolute joints
    double velocity = 0.0;
    double effort = 0.0;
    double impulse = 0.0;
    double limit_impulse = 0.0;
  };
  void UpdateJointPositions();
  void ApplyJointForces(double h);
  double JointRate(JointId j) const;  // from the velocity bodies (v being solved)

  struct JointController {
    bool enabled = false;
    double kp = 0.0, kd = 0.0, max_effort = 0.0;
    double target_position = 0.0, target_velocity = 0.0;
    double effort = 0.0;  // last step's PD effort
  };
  std::vector<JointController> controllers_;
  struct MountTwist {
    Vec3 v = Vec3::Zero();  // of the joint anchor
    Vec3 w = Vec3::Zero();
  };
  std::vector<MountTwist> mount_twist_;
  std::vector<JointDef> joint_defs_;
  std::vector<JointFrames> joint_frames_;
  std::vector<JointState> joint_state_;
  std::vector<Island> islands_;
  // Per-step scratch, kept to avoid reallocation.
  std::vector<Pose> X_WB_prev_;
  std::vector<Vec3> L_W_prev_;  // angular momentum I_W(q^l) w^l
  std::vector<VelocityBody> velocity_bodies_;
  BroadPhase broad_phase_;
  std::vector<Aabb> aabbs_;
  std::vector<double> travel_;  // m, per body, distance coverable in the next step
  std::vector<std::uint8_t> is_static_;
  std::vector<BodyPair> pairs_;
  std::vector<Contact> contacts_;
  // The warm start (WorldSettings::warm_start): the last step's contacts
  // with their impulses and LCP support, and per joint the LCP support of
  // its rows: [lower limit, upper limit, Coulomb friction row, motor row].
  std::vector<Contact> previous_contacts_;
  std::vector<int> previous_by_pair_;  // WarmStartContacts' index, scratch
  std::vector<std::array<std::uint8_t, 4>> joint_lcp_support_;
  LcpObserver lcp_observer_;
  // Copies from the matching previous contact: the impulses (kPgs) or the
  // LCP support (kLcp, kImpulse).
  void WarmStartContacts(bool impulses);
  // kImpulse: the impact passes of one island before its resting solve.
  // Returns the normal and friction impulses they applied per contact.
  void ResolveImpacts(const IslandSystem& sys, const LcpSolverSettings& ls, double h, std::vector<double>* normal,
                      std::vector<Vec3>* friction);
  StepStats stats_;
  DragSpring drag_;

  // kPenalty (world_penalty.cc). One step integrates bodies and the eq. 4
  // filter states of the overlapping pairs with Dormand-Prince substeps.
  Status StepPenalty(double h);
  Status PreparePenaltyShapes();
  // dydt at (t, y): positions, orientations, velocities of the dynamic
  // bodies (13 each), then (v_f, vdot_f) of each tracked pair. Records the
  // pairs found at y in penalty_eval_.
  void PenaltyDerivative(double t, const std::vector<double>& y, std::vector<double>* dydt);
  void LoadPenaltyState(const std::vector<double>& y);
  void StorePenaltyState(std::vector<double>* y) const;
  struct PenaltyKey {
    BodyId a = -1, b = -1;
    int piece_a = 0, piece_b = 0;
    auto operator<=>(const PenaltyKey&) const = default;
  };
  struct PenaltyPair {  // an overlap being tracked (its first contact)
    PenaltyKey key;
    double t_contact = 0.0;       // s, world time of first contact
    double approach_speed = 0.0;  // dv_c, m/s
    double mass_sum = 0.0;        // kg
    std::array<double, 2> filter{};  // v_f (m^3), vdot_f (m^3/s) at the last accepted substep
  };
  struct PenaltyEval {  // one overlap found by the last derivative
    PenaltyKey key;
    Overlap overlap;
    PenaltyForce force;
    double approach_speed = 0.0;
    double mass_sum = 0.0;
    double mu = 0.0;
    int tracked = -1;  // index into penalty_pairs_, or -1
  };
  bool penalty_ready_ = false;
  std::vector<std::vector<ConvexPolyhedron>> penalty_local_;  // per body, per piece (piece pose applied); empty: plane
  ConvexPolyhedron penalty_moved_;  // the smaller piece of a pair, in the other's body frame
  std::vector<std::vector<Eigen::Vector4d>> penalty_bounds_;  // per piece: bounding sphere centre (body frame), radius
  std::vector<PenaltyPair> penalty_pairs_;  // sorted by key
  std::vector<PenaltyEval> penalty_eval_;
  std::vector<Vec3> penalty_force_, penalty_torque_;
  std::vector<int> penalty_dynamic_;  // dynamic bodies in state order
  double penalty_substep_ = 0.0;      // s, the last accepted length, carried over
  double penalty_time_ = 0.0;         // s, world time of the derivative being evaluated
  OverlapScratch overlap_scratch_;
  DormandPrince45 dormand_prince_;
};

}  // namespace grasplab
