// World: owns the bodies and joints and advances them. It only orchestrates:
// each stage of the step is an object or function of its own file, and each
// is timed (StepStats::stage_seconds), so the page, the CLI and the
// benchmarks can show where the time goes.
//
// One step, in the order of Miller & Christensen section 4 (seed 000):
//
//   stage                 paper       code
//   kIntegratePositions   steps 1-2   world/integrate_positions   q^{l+1} = q^l + h G v^l (eqs. 10-12)
//   kContactTime          step 3      world/contact_time_search   bisection on h (contact-time mode "bisection")
//   kBroadPhase           step 4      world/contact_finder        candidate pairs, speculative margins
//   kNarrowPhase          steps 4-5   world/contact_finder        contact sets (+ speculative points); mu by eq. 13
//   kExternalImpulses     step 6      world/external_impulses     v* = v^l + h M^-1 k: gravity, gyroscopic term, drag
//   kPads                 (seed 004)  world/pad_stage             compliant pads: face contacts taken over, the
//                                                                 pressure LCP (eq. 6), h F into v*; their rows
//                                                                 join kIslands and kAssembleRows
//   kJointForces          steps 7-8   world/joint_forces          motor efforts, viscous joint friction
//   kIslands              step 9      world/island_assembly       bodies joined by joints or contacts; sleeping
//                                     world/island_sleep          islands touched by awake ones wake
//   kAssembleRows         step 10     world/island_assembly       joint, coupling, limit, motor rows; warm start
//   kSolveIslands         step 10     solvers/contact_model       the contact model's impulses, v^{l+1}
//   kStoreSolution                    world/island_assembly, here v^{l+1}, joint rates, impulses kept for the
//                                                                 next warm start; non-finite bodies quarantined;
//                                     world/island_sleep          islands still long enough fall asleep
//   kSensors                          world/sensor_suite          the sensors' readings from (q^{l+1}, v^{l+1}) and
//                                                                 the step's impulses; they only read
//
// The state after Step() is (q^{l+1}, v^{l+1}). In the bisection mode the
// search runs the position and collision stages itself (their time counts
// as kContactTime). The penalty model (kPenalty, world/penalty_model.h)
// plugs into the same interface as the others (solvers/contact_model.h) but
// integrates forces instead of solving for impulses: it runs kBroadPhase
// once, then Dormand-Prince substeps (kIntegratePositions) whose derivative
// runs kNarrowPhase through kStoreSolution.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/collision/contact.h"
#include "core/control/drag_spring.h"
#include "core/control/joint_controllers.h"
#include "core/dynamics/body.h"
#include "core/dynamics/islands.h"
#include "core/dynamics/joint.h"
#include "core/dynamics/material.h"
#include "core/math/types.h"
#include "core/solvers/contact_model.h"
#include "core/solvers/warm_start_store.h"
#include "core/world/articulated_trees.h"
#include "core/base/worker_pool.h"
#include "core/world/contact_finder.h"
#include "core/world/island_assembly.h"
#include "core/world/island_sleep.h"
#include "core/world/penalty_model.h"
#include "core/world/pad_stage.h"
#include "core/world/sensor_suite.h"
#include "core/world/step_stats.h"
#include "core/world/world_data.h"
#include "core/world/world_settings.h"

namespace grasplab {

class World final : private IslandStages {
 public:
  // Settings are validated here (ValidateWorldSettings with the C++ names);
  // invalid settings make every Step() fail with the message, and
  // settings_status() returns it. Loaders validate with their own names
  // first (scene/scene_build.cc).
  explicit World(const WorldSettings& settings = {});
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;
  ~World();

  // Validates and adds a body; the quaternion is normalised.
  StatusOr<BodyId> AddBody(const BodyDef& def);

  // Materials referenced by BodyDef::material. Add them before the bodies.
  MaterialTable& materials() { return model_.materials; }
  const MaterialTable& materials() const { return model_.materials; }

  // Bodies a and b never collide (for example, joined by a joint).
  Status ExcludeCollision(BodyId a, BodyId b);

  // Validates and adds a joint between existing bodies (the child dynamic);
  // q = 0 is the current configuration. Parent and child stop colliding
  // unless def.collide_connected.
  StatusOr<JointId> AddJoint(const JointDef& def);
  // Motor effort (N m or N) applied from the next step on, equal and opposite
  // on the two bodies along or about the axis, until changed.
  Status SetJointEffort(JointId joint, double effort);

  // PD control of a joint (control/joint_controllers.h: the law, units and
  // the bounded row it becomes). The target starts at the current position.
  // Messages name the gains "joints[j].controller.kp" etc.
  Status SetJointController(JointId joint, const PdGains& gains);
  Status ClearJointController(JointId joint);
  // Set point of the joint's PD controller (rad or m; rad/s or m/s).
  Status SetJointTarget(JointId joint, double position, double velocity = 0.0);
  bool has_joint_controller(JointId j) const { return controllers_[j].enabled; }
  double joint_target(JointId j) const { return controllers_[j].target_position; }
  double joint_target_velocity(JointId j) const { return controllers_[j].target_velocity; }
  // The PD effort of the last step (N m or N), within +-max_effort.
  double joint_motor_effort(JointId j) const { return controllers_[j].effort; }
  double joint_max_effort(JointId j) const { return controllers_[j].gains.max_effort; }

  // A fixed joint whose parent is static is a mount: this moves where it
  // holds its child (the child's pose X_WC and twist v_WC (of the child's
  // frame origin) and w_WC), as a kinematically driven weld: its rows'
  // targets become the twist plus eq. 16's correction towards the pose. For
  // moving a robot's base along a trajectory (grasp actions lift and shake).
  Status SetMountTarget(JointId joint, const Pose& X_WC, const Vec3& v_WC, const Vec3& w_WC);

  int joint_count() const { return model_.joint_count(); }
  const JointDef& joint_def(JointId j) const { return model_.joints[j]; }
  double joint_position(JointId j) const { return state_.joints[j].position; }  // rad or m
  double joint_velocity(JointId j) const { return state_.joints[j].velocity; }  // rad/s or m/s
  double joint_effort(JointId j) const { return state_.joints[j].effort; }      // N m or N
  // Norm of the last step's constraint impulses of the joint's rows (N s or
  // N m s mixed), and of its limit row.
  double joint_impulse(JointId j) const { return state_.joints[j].impulse; }
  double joint_limit_impulse(JointId j) const { return state_.joints[j].limit_impulse; }

  // Mouse drag (control/drag_spring.h, Chardonnet et al. eq. 7): pulls the
  // point p_B fixed in `body` towards target_W with stiffness k_p (N/m).
  Status SetDragSpring(BodyId body, const Vec3& p_B, const Vec3& target_W, double kp);
  // The same, grabbing at a world point p_W (m) with the stiffness that makes
  // the body ring at frequency_hz on the spring (control/drag_spring.h:
  // DragStiffness): what a mouse or a haptic handle does.
  Status GrabBody(BodyId body, const Vec3& p_W, const Vec3& target_W, double frequency_hz);
  Status MoveDragTarget(const Vec3& target_W);
  void ClearDragSpring() { drag_ = {}; }
  const DragSpring& drag() const { return drag_; }

  // Sets a material's friction coefficients (0 <= mu_k <= mu_s) from the
  // next step on; pair overrides of the table still take precedence.
  Status SetMaterialFriction(MaterialId material, double static_friction, double kinetic_friction);

  // Sets gravity g (m/s^2, world frame; each component finite in
  // [-1000, 1000], as WorldSettings::gravity) from the next step on: a
  // lesson tilts a plane by turning g. Bodies at rest stay where they are;
  // contacts, anchors and warm starts carry over.
  Status SetGravity(const Vec3& gravity);

  // Calls `observer` with every island LCP before it is solved (recording
  // sequences for tests and benchmarks; solvers/lcp_solver.h). Empty: none.
  void SetLcpObserver(LcpObserver observer);
  // WorldSettings::warm_start, from the next step on.
  void SetWarmStart(bool on);
  // WorldSettings::friction_anchors, from the next step on (off: every
  // anchor is dropped).
  void SetFrictionAnchors(bool on);
  // Worker threads for the step's parallel work (the narrow phase's pair
  // queries; base/worker_pool.h), the calling thread included: 1 (the
  // default) steps on the caller alone, 0 takes the machine's hardware
  // threads (WorkerPool::HardwareThreads). Clamped to [1, 16]; always 1 in
  // WASM. The trajectory is the same bits on any number of threads.
  void SetThreads(int threads);
  int threads() const { return pool_ ? pool_->size() : 1; }

  // A joint's anchor and unit axis in the world at the current poses (the
  // anchor and axis fixed in the parent body at creation).
  Vec3 JointAnchorWorld(JointId j) const;
  Vec3 JointAxisWorld(JointId j) const;

  // Moves a body to a pose without dynamics (kinematic placement: a static
  // auto-grasp closing fingers, a user dragging). Validated like AddBody; the
  // quaternion is normalised; velocities are kept. Wakes the body's island
  // (every sleeping body, for a static body: what rested on it may fall).
  Status SetBodyPose(BodyId id, const Pose& X_WB);
  // Sets a dynamic body's velocities (m/s of the centre of mass, rad/s;
  // world frame; finite, each norm within kMaxSpeed): a push. Wakes its
  // island.
  Status SetBodyVelocity(BodyId id, const Vec3& v_WB, const Vec3& w_WB);

  // Sleeping islands (WorldSettings::sleep, world/island_sleep.h), from the
  // next step on; validated like the scene's "sleep" (names "sleep.time",
  // ...). Turning sleep off wakes every body.
  Status SetSleep(const SleepSettings& sleep);
  // Whether the body sleeps (static bodies never do), and the flags of all
  // bodies (1 asleep), indexed by BodyId.
  bool asleep(BodyId id) const { return sleep_.is_asleep(id); }
  std::span<const std::uint8_t> sleeping_bodies() const { return sleep_.asleep(); }
  // Wakes the island holding the body (no effect if it is awake).
  Status WakeBody(BodyId id);

  // Runs collision detection (broad and narrow phase, timed in stats) at the
  // current poses, with the contact threshold as the only margin, and
  // refreshes contacts() and the joint positions. Step() does this itself;
  // this is for kinematic use.
  void UpdateContacts();
  // The contacts the current state would have (as UpdateContacts finds
  // them), without changing the world: a check, not a step.
  std::vector<Contact> ProbeContacts() const;

  // Sensors (world/sensor_def.h, docs/sensors.md): validated against the
  // bodies and joints added so far, with messages naming
  // "sensors[<index>]"; read by every Step from then on (stage kSensors).
  StatusOr<int> AddSensor(const SensorDef& def);
  int sensor_count() const { return sensors_.size(); }
  const SensorDef& sensor_def(int i) const { return sensors_.def(i); }
  // The last reading (count 0 and zeros before the first step).
  const SensorReading& sensor_reading(int i) const { return sensors_.reading(i); }
  // The sensor with this name, or -1.
  int FindSensor(const std::string& name) const { return sensors_.Find(name); }

  // Compliant pads (world/pad_stage.h, docs/contact-models.md): validated
  // (messages naming "pads[<index>]"), on a body added before; solved by
  // every velocity-level Step from then on (stage kPads). The penalty
  // model and the reduced formulation do not run pads: Step reports it.
  StatusOr<int> AddPad(const PadDef& def);
  int pad_count() const { return static_cast<int>(model_.pads.size()); }
  const PadDef& pad_def(int i) const { return model_.pads[i]; }
  // The pad's contact in the last step (pressures zero before the first).
  const PadContact& pad_contact(int i) const { return state_.pads[i]; }
  // The pad with this name, or -1.
  int FindPad(const std::string& name) const;

  // Advances the world by h seconds (0 < h <= 0.1), or by less when the
  // contact-time search shortens the step (stats().step_length). Rejects a
  // bad h, or settings that did not validate, without touching the state.
  Status Step(double h);

  const WorldSettings& settings() const { return model_.settings; }
  const Status& settings_status() const { return settings_status_; }
  // Switches the contact model from the next step on (a scene's solver.type,
  // the CLI's --solver).
  void set_contact_solver(ContactSolver solver);
  // Switches the formulation from the next step on (a scene's
  // dynamics.formulation, the CLI's --formulation): the trees are rebuilt
  // from the bodies' current poses (world/articulated_trees.h).
  void set_formulation(Formulation formulation);
  Formulation formulation() const { return model_.settings.formulation; }
  // The reduced formulation's trees (empty until the first reduced step).
  const ArticulatedTrees& trees() const { return trees_; }
  // Checks that every body can be handled by the chosen contact model (the
  // penalty model needs convex solids: no static triangle meshes), with a
  // message naming the body; Step() checks the same. For loaders.
  Status PrepareContactModel();
  double time() const { return state_.time; }
  std::int64_t step_count() const { return state_.step_count; }
  int body_count() const { return model_.body_count(); }
  const BodyDef& body_def(BodyId id) const { return model_.bodies[id]; }
  const std::string& body_name(BodyId id) const { return model_.bodies[id].name; }
  // The first body with this name, or -1.
  BodyId FindBody(const std::string& name) const;
  const Pose& pose(BodyId id) const { return state_.X_WB[id]; }
  const Vec3& linear_velocity(BodyId id) const { return state_.v_WB[id]; }
  const Vec3& angular_velocity(BodyId id) const { return state_.w_WB[id]; }
  // Velocity of body id's material point at world point p: v + w x (p - x) (m/s; zero for static bodies).
  Vec3 PointVelocity(BodyId id, const Vec3& p) const {
    return state_.v_WB[id] + state_.w_WB[id].cross(p - state_.X_WB[id].p);
  }
  // Inertia about the centre of mass in world axes, R I_B R^T (kg m^2; zero for static bodies).
  Mat3 InertiaWorld(BodyId id) const;
  const std::vector<Contact>& contacts() const { return state_.contacts; }
  const StepStats& stats() const { return stats_; }
  // Times the stages of 1 step in `steps` (StageClock::set_period; 1, the
  // default, every step). No effect on the trajectory.
  void set_stage_timing_period(int steps) { clock_.set_period(steps); }

  // Writes 7 doubles per body: px py pz qw qx qy qz (out.size() >= 7 n).
  void WritePoses(std::span<double> out) const;

  // FNV-1a over the bits of every body's pose and velocity (state_hash.h).
  std::uint64_t StateHash() const;

 private:
  // The stages of a velocity-level step (header); h may shrink in the
  // contact-time search.
  void StepVelocityLevel(double* h);
  // Stages kIslands through kStoreSolution: the islands over h from the
  // velocity bodies; write_back copies the result into the bodies'
  // velocities and the joint rates (the penalty model's joint solve does
  // not).
  void SolveIslands(double h, bool write_back) override;
  void FindContacts(double h);  // kBroadPhase + kNarrowPhase with the threshold margin
  bool reduced() const { return model_.settings.formulation == Formulation::kReduced; }
  // The reduced formulation's trees for the current bodies and joints, with
  // their coordinates taken from the poses after a kinematic placement.
  Status PrepareTrees();
  // kIntegratePositions: free bodies by eqs. 10-12, trees by their joints.
  void IntegrateAllPositions(double h);
  void QuarantineNonFinite();
  // Zeroes the last step's per-step solve counters (StepStats).
  void ClearSolveCounters();
  // Sleeping applies: enabled, and a velocity-level contact model.
  bool sleeping() const { return model_.settings.sleep.enabled && !penalty_; }
  std::span<const std::uint8_t> asleep_or_none() const {
    return sleeping() ? sleep_.asleep() : std::span<const std::uint8_t>{};
  }
  // Wakes every body when sleeping is on (a world-wide change).
  void WakeAll() { sleep_.WakeAll(); }
  // Wakes the islands of a joint's two bodies (its command changed).
  void WakeJoint(JointId j);
  // A fresh contact model for the current settings.
  void MakeContactModel();

  WorldModel model_;
  WorldState state_;
  Status settings_status_;
  JointControllers controllers_;
  DragSpring drag_;
  LcpObserver lcp_observer_;

  // Stage objects and the step's working memory, kept between steps.
  StepScratch scratch_;
  ContactFinder finder_;
  IslandAssembler assembler_;
  WarmStartStore warm_start_;
  std::unique_ptr<ContactModel> contact_model_;
  PenaltyModel* penalty_ = nullptr;  // contact_model_ when it is the penalty model
  IslandList islands_;
  IslandSystem island_system_;
  IslandImpulses island_impulses_;
  StageClock clock_;
  std::unique_ptr<WorkerPool> pool_;  // null: one thread (SetThreads)
  StepStats stats_;
  ArticulatedTrees trees_;
  SensorSuite sensors_;
  PadStage pads_;
  IslandSleep sleep_;
  bool poses_placed_ = false;       // SetBodyPose since the last step: trees take their coordinates from the poses
  std::vector<double> q_search_;    // the contact-time search's starting joint positions
};

}  // namespace grasplab
