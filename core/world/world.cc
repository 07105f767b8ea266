#include "core/world/world.h"

#include <algorithm>
#include <cmath>

#include "core/base/check.h"
#include "core/base/format.h"
#include "core/math/state_hash.h"
#include "core/world/contact_time_search.h"
#include "core/world/external_impulses.h"
#include "core/world/friction_anchors.h"
#include "core/world/integrate_positions.h"
#include "core/world/joint_forces.h"
#include "core/world/joint_kinematics.h"

namespace grasplab {

World::World(const WorldSettings& settings) {
  model_.settings = settings;
  settings_status_ = ValidateWorldSettings(settings);
  MakeContactModel();
}

World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;
World::~World() = default;

void World::MakeContactModel() {
  const WorldSettings& s = model_.settings;
  ContactModelSettings m;
  m.lcp.threshold = s.contact_threshold;
  m.lcp.error_reduction = s.error_reduction;
  m.lcp.slop = s.contact_slop;
  m.lcp.friction_directions = s.friction_directions;
  m.lcp.torsional_radius = s.torsional_friction_radius;
  m.lcp.lemke = s.lemke;
  m.lcp.observer = lcp_observer_;
  m.pgs.max_iterations = s.pgs_iterations;
  m.pgs.tolerance = s.pgs_tolerance;
  m.pgs.threshold = s.contact_threshold;
  m.pgs.error_reduction = s.error_reduction;
  m.pgs.slop = s.contact_slop;
  m.pgs.friction_directions = s.friction_directions;
  m.pgs.torsional_radius = s.torsional_friction_radius;
  m.pgs.rolling_resistance = s.rolling_resistance;
  m.pgs.contact_hertz = s.contact_hertz;
  m.pgs.contact_damping_ratio = s.contact_damping_ratio;
  m.pgs.substeps = s.substeps;
  m.gravity_norm = s.gravity.norm();
  penalty_ = nullptr;
  if (s.contact_solver == ContactSolver::kPenalty) {
    auto penalty = std::make_unique<PenaltyModel>(m);
    penalty_ = penalty.get();
    contact_model_ = std::move(penalty);
  } else {
    contact_model_ = MakeVelocityContactModel(s.contact_solver, m);
  }
  contact_model_->SetWorkerPool(pool_.get());
}

void World::set_contact_solver(ContactSolver solver) {
  model_.settings.contact_solver = solver;
  MakeContactModel();
  WakeAll();
}

void World::set_formulation(Formulation formulation) {
  model_.settings.formulation = formulation;
  WakeAll();
  trees_.Clear();
  poses_placed_ = true;
}

void World::SetLcpObserver(LcpObserver observer) {
  lcp_observer_ = std::move(observer);
  MakeContactModel();
}

void World::SetWarmStart(bool on) { model_.settings.warm_start = on; }

void World::SetThreads(int threads) {
  const int n = std::clamp(threads == 0 ? WorkerPool::HardwareThreads() : threads, 1, WorkerPool::kMaxThreads);
  if (n == this->threads()) return;
  pool_ = n > 1 ? std::make_unique<WorkerPool>(n) : nullptr;
  if (pool_ && pool_->size() == 1) pool_.reset();  // no threads here (WASM)
  if (contact_model_) contact_model_->SetWorkerPool(pool_.get());
}

void World::SetFrictionAnchors(bool on) {
  model_.settings.friction_anchors = on;
  if (!on) {
    for (Contact& c : state_.contacts) c.anchored = false, c.slip_target_W.setZero();
  }
}

Status World::PrepareContactModel() {
  // Under the reduced formulation the penalty model integrates the trees'
  // q and qd (world/penalty_model.h).
  if (penalty_ && reduced()) GL_TRY(PrepareTrees());
  return penalty_ ? penalty_->Prepare(model_) : Status::Ok();
}

Status World::PrepareTrees() {
  if (!trees_.built_for(model_)) {
    GL_TRY(trees_.Build(model_, state_));
    poses_placed_ = true;
  }
  if (poses_placed_) {
    UpdateJointPositions(model_, &state_);  // the trees' coordinates from the poses placed
    poses_placed_ = false;
  }
  return Status::Ok();
}

void World::IntegrateAllPositions(double h) {
  if (!reduced()) {
    IntegratePositions(model_, h, &state_, &scratch_, {}, asleep_or_none());
    return;
  }
  IntegratePositions(model_, h, &state_, &scratch_, trees_.body_in_tree(), asleep_or_none());
  trees_.IntegratePositions(model_, h, &state_);
}

StatusOr<BodyId> World::AddBody(const BodyDef& def) {
  const std::string field = "bodies[" + std::to_string(model_.body_count()) + "]";
  if (Status s = ValidateBodyDef(def, field); !s.ok()) return s;
  if (def.material < 0 || def.material >= model_.materials.size()) {
    return Status::Error(field + ".material: unknown material id " + std::to_string(def.material));
  }
  BodyDef d = def;
  d.X_WB.q.normalize();
  Mat3 I_B = Mat3::Zero(), inv_I_B = Mat3::Zero();
  double inv_mass = 0.0;
  if (!d.is_static) {
    I_B = d.inertia ? *d.inertia : SolidInertia(d.shape, d.mass);
    inv_I_B = I_B.inverse();
    inv_mass = 1.0 / d.mass;
  } else {
    d.v_WB.setZero();
    d.w_WB.setZero();
  }
  model_.bodies.push_back(d);
  model_.inv_mass.push_back(inv_mass);
  model_.I_B.push_back(I_B);
  model_.inv_I_B.push_back(inv_I_B);
  model_.is_static.push_back(d.is_static ? 1 : 0);
  state_.X_WB.push_back(d.X_WB);
  state_.v_WB.push_back(d.v_WB);
  state_.w_WB.push_back(d.w_WB);
  sleep_.AddBody();
  return static_cast<BodyId>(model_.body_count() - 1);
}

StatusOr<JointId> World::AddJoint(const JointDef& def) {
  const std::string field = "joints[" + std::to_string(model_.joint_count()) + "]";
  if (Status st = ValidateJointDef(def, field); !st.ok()) return st;
  const int n = body_count();
  if (def.child < 0 || def.child >= n) return Status::Error(field + ".child: unknown body");
  if (def.parent < 0 || def.parent >= n) return Status::Error(field + ".parent: unknown body");
  if (def.parent == def.child) return Status::Error(field + ": parent and child are the same body");
  if (model_.bodies[def.child].is_static) {
    return Status::Error(field + ".child: '" + model_.bodies[def.child].name + "' is static; a joint moves its child");
  }
  if (def.coupled_to >= 0) {
    if (def.coupled_to >= joint_count()) return Status::Error(field + ".coupling.joint: unknown joint");
    const JointDef& master = model_.joints[def.coupled_to];
    if (master.type != def.type || def.type == JointType::kFixed) {
      return Status::Error(field + ".coupling.joint: must be a joint of the same type (revolute or prismatic)");
    }
  }
  JointDef d = def;
  if (d.type != JointType::kFixed) d.axis_W.normalize();
  model_.joints.push_back(d);
  state_.joint_frames.push_back(MakeJointFrames(d, state_.X_WB[d.parent], state_.X_WB[d.child]));
  state_.joints.push_back({});
  state_.mount_twist.push_back({});
  warm_start_.ResizeJoints(joint_count());
  controllers_.Resize(joint_count());
  if (!d.collide_connected) (void)ExcludeCollision(d.parent, d.child);
  return static_cast<JointId>(joint_count() - 1);
}

Status World::SetJointEffort(JointId j, double effort) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointEffort: unknown joint " + std::to_string(j));
  if (!IsFinite(effort) || std::abs(effort) > 1e9) {
    return Status::Error("joints[" + std::to_string(j) + "].effort: must be finite and within +-1e9 (N m or N), got " +
                         FormatNumber(effort));
  }
  state_.joints[j].effort = effort;
  WakeJoint(j);
  return Status::Ok();
}

Status World::SetJointController(JointId j, const PdGains& gains) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointController: unknown joint " + std::to_string(j));
  const std::string field = "joints[" + std::to_string(j) + "].controller";
  const JointDef& d = model_.joints[j];
  if (d.type == JointType::kFixed) return Status::Error(field + ": a fixed joint cannot be driven");
  if (d.coupled_to >= 0) return Status::Error(field + ": joint '" + d.name + "' is coupled to another; drive its master");
  if (Status s = ValidatePdGains(gains, field); !s.ok()) return s;
  controllers_.Enable(j, gains, state_.joints[j].position);
  WakeJoint(j);
  return Status::Ok();
}

Status World::ClearJointController(JointId j) {
  if (j < 0 || j >= joint_count()) return Status::Error("ClearJointController: unknown joint " + std::to_string(j));
  controllers_.Disable(j);
  WakeJoint(j);
  return Status::Ok();
}

Status World::SetJointTarget(JointId j, double position, double velocity) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointTarget: unknown joint " + std::to_string(j));
  if (!controllers_[j].enabled) {
    return Status::Error("joints[" + std::to_string(j) + "]: joint '" + model_.joints[j].name + "' has no controller");
  }
  if (!IsFinite(position) || !IsFinite(velocity) || std::abs(position) > kMaxCoordinate ||
      std::abs(velocity) > kMaxSpeed) {
    return Status::Error("joints[" + std::to_string(j) + "].target: position and velocity must be finite, within +-" +
                         FormatNumber(kMaxCoordinate) + " and +-" + FormatNumber(kMaxSpeed));
  }
  controllers_.SetTarget(j, position, velocity);
  WakeJoint(j);
  return Status::Ok();
}

Status World::SetMountTarget(JointId j, const Pose& X_WC, const Vec3& v_WC, const Vec3& w_WC) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetMountTarget: unknown joint " + std::to_string(j));
  const JointDef& d = model_.joints[j];
  if (d.type != JointType::kFixed || !model_.bodies[d.parent].is_static) {
    return Status::Error("SetMountTarget: joint '" + d.name + "' is not a fixed joint to a static body");
  }
  if (!IsFinite(X_WC.p) || !IsFinite(X_WC.q) || !(X_WC.q.norm() > 1e-6) || !IsFinite(v_WC) || !IsFinite(w_WC) ||
      X_WC.p.cwiseAbs().maxCoeff() > kMaxCoordinate || v_WC.norm() > kMaxSpeed || w_WC.norm() > kMaxSpeed) {
    return Status::Error("SetMountTarget: pose and twist must be finite, the quaternion normalisable, positions within +-" +
                         FormatNumber(kMaxCoordinate) + " m and speeds within " + FormatNumber(kMaxSpeed));
  }
  const Quat q = X_WC.q.normalized();
  JointFrames& f = state_.joint_frames[j];
  const Pose& X_WP = state_.X_WB[d.parent];
  const Vec3 anchor_W = q * f.p_C + X_WC.p;
  f.p_P = X_WP.ApplyInverse(anchor_W);
  f.q_PC0 = X_WP.q.conjugate() * q;
  state_.mount_twist[j] = {v_WC + w_WC.cross(anchor_W - X_WC.p), w_WC};
  WakeJoint(j);
  return Status::Ok();
}

Status World::SetDragSpring(BodyId body, const Vec3& p_B, const Vec3& target_W, double kp) {
  if (body < 0 || body >= body_count()) return Status::Error("drag: unknown body " + std::to_string(body));
  if (model_.bodies[body].is_static) return Status::Error("drag: body '" + model_.bodies[body].name + "' is static");
  auto spring = MakeDragSpring(body, model_.bodies[body].mass, p_B, target_W, kp);
  if (!spring.ok()) return spring.status();
  drag_ = spring.value();
  sleep_.WakeIslandOf(body);  // and the dragged body's island stays awake (world/island_sleep.h)
  return Status::Ok();
}

Status World::GrabBody(BodyId body, const Vec3& p_W, const Vec3& target_W, double frequency_hz) {
  if (body < 0 || body >= body_count()) return Status::Error("drag: unknown body " + std::to_string(body));
  if (!IsFinite(p_W)) return Status::Error("drag: the grab point must be finite");
  auto kp = DragStiffness(model_.bodies[body].mass, frequency_hz);
  if (!kp.ok()) return kp.status();
  return SetDragSpring(body, state_.X_WB[body].ApplyInverse(p_W), target_W, kp.value());
}

Status World::MoveDragTarget(const Vec3& target_W) {
  if (drag_.body < 0) return Status::Error("drag: nothing is being dragged");
  if (!IsFinite(target_W)) return Status::Error("drag: target must be finite");
  drag_.target_W = target_W;
  sleep_.WakeIslandOf(drag_.body);
  return Status::Ok();
}

Status World::SetMaterialFriction(MaterialId material, double static_friction, double kinetic_friction) {
  GL_TRY(model_.materials.SetFriction(material, static_friction, kinetic_friction));
  WakeAll();  // a body held by friction may now slide
  return Status::Ok();
}

Status World::SetGravity(const Vec3& gravity) {
  for (int k = 0; k < 3; ++k) {
    Status s = CheckNumber("gravity[" + std::to_string(k) + "]", gravity[k], -1000.0, 1000.0);
    if (!s.ok()) return s;
  }
  model_.settings.gravity = gravity;
  WakeAll();  // a tilted g moves what rested
  // The impulse model's resting speed scales with |g| (contact_model.h); the
  // penalty model keeps state between steps and does not use |g|.
  if (model_.settings.contact_solver != ContactSolver::kPenalty) MakeContactModel();
  return Status::Ok();
}

Mat3 World::InertiaWorld(BodyId id) const {
  const Mat3 R = state_.X_WB[id].q.toRotationMatrix();
  return R * model_.I_B[id] * R.transpose();
}

Vec3 World::JointAnchorWorld(JointId j) const {
  return state_.X_WB[model_.joints[j].parent].Apply(state_.joint_frames[j].p_P);
}

Vec3 World::JointAxisWorld(JointId j) const {
  return state_.X_WB[model_.joints[j].parent].q * state_.joint_frames[j].a_P;
}

Status World::SetBodyPose(BodyId id, const Pose& X_WB) {
  if (id < 0 || id >= body_count()) return Status::Error("SetBodyPose: unknown body " + std::to_string(id));
  const std::string field = "bodies[" + std::to_string(id) + "]";
  if (!IsFinite(X_WB.p) || X_WB.p.cwiseAbs().maxCoeff() > kMaxCoordinate) {
    return Status::Error(field + ".position: must be finite, each coordinate within +-" + FormatNumber(kMaxCoordinate) +
                         " m");
  }
  const double qn = X_WB.q.norm();
  if (!IsFinite(X_WB.q) || !(qn > 1e-6) || !IsFinite(qn)) {
    return Status::Error(field + ".orientation: quaternion [w, x, y, z] cannot be normalised");
  }
  state_.X_WB[id] = Pose{X_WB.p, X_WB.q.normalized()};
  poses_placed_ = true;
  if (model_.bodies[id].is_static) WakeAll();  // what rested on it may fall
  else sleep_.WakeIslandOf(id);
  return Status::Ok();
}

Status World::SetBodyVelocity(BodyId id, const Vec3& v_WB, const Vec3& w_WB) {
  if (id < 0 || id >= body_count()) return Status::Error("SetBodyVelocity: unknown body " + std::to_string(id));
  const std::string field = "bodies[" + std::to_string(id) + "]";
  if (model_.bodies[id].is_static) return Status::Error(field + ": body '" + model_.bodies[id].name + "' is static");
  if (!IsFinite(v_WB) || !IsFinite(w_WB) || v_WB.norm() > kMaxSpeed || w_WB.norm() > kMaxSpeed) {
    return Status::Error(field + ".velocity: linear and angular velocity must be finite, each within " +
                         FormatNumber(kMaxSpeed));
  }
  state_.v_WB[id] = v_WB;
  state_.w_WB[id] = w_WB;
  sleep_.WakeIslandOf(id);
  return Status::Ok();
}

Status World::SetSleep(const SleepSettings& sleep) {
  WorldSettings s = model_.settings;
  s.sleep = sleep;
  GL_TRY(ValidateWorldSettings(s));
  model_.settings.sleep = sleep;
  if (!sleep.enabled) WakeAll();
  return Status::Ok();
}

Status World::WakeBody(BodyId id) {
  if (id < 0 || id >= body_count()) return Status::Error("WakeBody: unknown body " + std::to_string(id));
  sleep_.WakeIslandOf(id);
  return Status::Ok();
}

void World::WakeJoint(JointId j) {
  sleep_.WakeIslandOf(model_.joints[j].parent);
  sleep_.WakeIslandOf(model_.joints[j].child);
}

BodyId World::FindBody(const std::string& name) const {
  for (BodyId i = 0; i < body_count(); ++i) {
    if (model_.bodies[i].name == name) return i;
  }
  return -1;
}

Status World::ExcludeCollision(BodyId a, BodyId b) {
  if (a < 0 || b < 0 || a >= body_count() || b >= body_count() || a == b) {
    return Status::Error("ExcludeCollision: needs two different existing bodies");
  }
  const BodyPair p = a < b ? BodyPair{a, b} : BodyPair{b, a};
  std::vector<BodyPair>& excluded = model_.excluded_pairs;
  auto it = std::lower_bound(excluded.begin(), excluded.end(), p);
  if (it == excluded.end() || *it != p) excluded.insert(it, p);
  return Status::Ok();
}

void World::FindContacts(double h) {
  const bool speculative = model_.settings.contact_time_mode == ContactTimeMode::kErrorCorrection;
  RunStage(&clock_, Stage::kBroadPhase,
           [&] { finder_.FindPairs(model_, state_, h, 0.5 * model_.settings.contact_threshold, speculative); });
  stats_.pair_count = static_cast<int>(finder_.pairs().size());
  RunStage(&clock_, Stage::kNarrowPhase, [&] { finder_.NarrowPhase(model_, &state_, asleep_or_none(), pool_.get()); });
  stats_.pair_queries = finder_.queries();
}

std::vector<Contact> World::ProbeContacts() const {
  ContactFinder finder;
  WorldState state = state_;
  finder.FindPairs(model_, state, 0.0, 0.5 * model_.settings.contact_threshold, /*speculative=*/false);
  finder.NarrowPhase(model_, &state);
  return state.contacts;
}

void World::UpdateContacts() {
  clock_.Begin(&stats_);
  // No travel: with h = 0 the speculative margins vanish.
  FindContacts(0.0);
  stats_.contact_count = static_cast<int>(state_.contacts.size());
  UpdateJointPositions(model_, &state_);  // bodies may have been placed kinematically
}

Status World::Step(double h) {
  if (!settings_status_.ok()) return settings_status_;
  if (!IsFinite(h) || h <= 0.0 || h > 0.1) {
    return Status::Error("timestep: must be in (0, 0.1] s, got " + FormatNumber(h));
  }
  if (reduced()) GL_TRY(penalty_ ? PrepareContactModel() : PrepareTrees());
  clock_.Begin(&stats_);
  stats_.bisections = 0;
  if (!sensors_.empty()) RunStage(&clock_, Stage::kSensors, [&] { sensors_.BeginStep(model_, state_); });
  // Every dynamic body asleep and nothing dragged: no body moves, so the
  // broad phase would find the same pairs and every pair would keep its
  // contacts; no island is solved. The step only advances time (Jolt, too,
  // does nothing while no body is active). Any setter wakes a body first.
  const bool all_asleep = sleeping() && drag_.body < 0 && !sleep_.AnyAwake(model_.is_static);
  if (all_asleep) {
    ClearSolveCounters();
    stats_.bodies_woken = 0;
    stats_.pair_queries = 0;  // every pair keeps its contacts
    stats_.step_length = h;
  } else if (penalty_) {
    PenaltyStepContext ctx{model_, state_, scratch_, stats_, clock_, finder_, drag_, *this,
                           reduced() && !trees_.empty() ? &trees_ : nullptr, pads_.empty() ? nullptr : &pads_};
    if (Status s = penalty_->Step(ctx, h); !s.ok()) return s;
    stats_.pair_count = static_cast<int>(finder_.pairs().size());
    stats_.pair_queries = 0;  // the penalty model measures overlaps, not contact sets
  } else {
    StepVelocityLevel(&h);
  }
  RunStage(&clock_, Stage::kStoreSolution, [&] {
    if (!all_asleep) QuarantineNonFinite();  // all asleep: nothing moved since the last check
    if (sleeping() && !all_asleep) {
      const std::span<const std::uint8_t> tree_joints = reduced() ? trees_.joint_in_tree() : std::span<const std::uint8_t>{};
      sleep_.FallAsleep(islands_, model_, controllers_, drag_, tree_joints, h, &state_);
    }
    const SleepCounts counts = sleep_.Count(islands_);
    stats_.awake_islands = counts.awake_islands;
    stats_.sleeping_islands = counts.sleeping_islands;
    stats_.awake_bodies = counts.awake_bodies;
    stats_.sleeping_bodies = counts.sleeping_bodies;
  });
  stats_.contact_count = static_cast<int>(state_.contacts.size());
  // Compensated sum, so 800 steps of 2.5 ms read 2 s, not 1.9999999999999685.
  const double y = h - state_.time_compensation;
  const double t = state_.time + y;
  state_.time_compensation = (t - state_.time) - y;
  state_.time = t;
  ++state_.step_count;
  if (!sensors_.empty()) {
    RunStage(&clock_, Stage::kSensors, [&] { sensors_.Read(model_, state_, controllers_, drag_, h); });
  }
  return Status::Ok();
}

StatusOr<int> World::AddPad(const PadDef& def) {
  const std::string field = "pads[" + std::to_string(model_.pads.size()) + "]";
  GL_TRY(ValidatePadDef(def, field));
  if (def.body < 0 || def.body >= body_count()) return Status::Error(field + ".body: unknown body");
  if (FindPad(def.name) >= 0) return Status::Error(field + ".name: duplicate pad name \"" + def.name + "\"");
  PadDef d = def;
  d.X_BP.q.normalize();
  model_.pads.push_back(d);
  state_.pads.emplace_back();
  state_.pads.back().pressure.assign(d.grid.node_count(), 0.0);
  pads_.Add(d);
  return static_cast<int>(model_.pads.size()) - 1;
}

int World::FindPad(const std::string& name) const {
  for (int i = 0; i < pad_count(); ++i) {
    if (model_.pads[i].name == name) return i;
  }
  return -1;
}

StatusOr<int> World::AddSensor(const SensorDef& def) {
  return sensors_.Add(def, model_, "sensors[" + std::to_string(sensors_.size()) + "]");
}

void World::StepVelocityLevel(double* h) {
  if (model_.settings.contact_time_mode == ContactTimeMode::kBisection) {
    RunStage(&clock_, Stage::kContactTime, [&] {
      const double gap_before = MinNormalizedGap(model_, state_);
      const std::vector<Pose> start = state_.X_WB;
      q_search_.resize(joint_count());
      for (JointId j = 0; j < joint_count(); ++j) q_search_[j] = state_.joints[j].position;
      auto try_step = [&](double length) {
        state_.X_WB = start;
        for (JointId j = 0; j < joint_count(); ++j) state_.joints[j].position = q_search_[j];
        IntegrateAllPositions(length);
        finder_.FindPairs(model_, state_, length, 0.5 * model_.settings.contact_threshold, /*speculative=*/false);
        finder_.NarrowPhase(model_, &state_, asleep_or_none(), pool_.get());
        return MinNormalizedGap(model_, state_);
      };
      *h = SearchContactTime(*h, gap_before, model_.settings.max_bisections, try_step, &stats_.bisections);
      stats_.pair_count = static_cast<int>(finder_.pairs().size());
      stats_.pair_queries = finder_.queries();
    });
  } else {
    RunStage(&clock_, Stage::kIntegratePositions, [&] { IntegrateAllPositions(*h); });
    FindContacts(*h);
  }
  stats_.step_length = *h;
  if (!pads_.empty()) RunStage(&clock_, Stage::kPads, [&] { pads_.Solve(model_, &state_); });
  RunStage(&clock_, Stage::kExternalImpulses, [&] {
    ExternalImpulses(model_, state_, *h, &scratch_, &drag_);
    if (!reduced()) return;
    if (pads_.empty()) {
      trees_.FreeVelocities(model_, state_, *h, drag_, &scratch_.velocity_bodies);
      return;
    }
    // The pads' F at c on tree bodies enters ABA as an external force: over
    // the step, the impulse h F at c in joint space (step 4 of pad_stage.h).
    scratch_.pad_force_W.assign(body_count(), Vec3::Zero());
    scratch_.pad_torque_W.assign(body_count(), Vec3::Zero());
    pads_.AddNormalForces(model_, state_, &scratch_.pad_force_W, &scratch_.pad_torque_W);
    trees_.FreeVelocities(model_, state_, *h, drag_, &scratch_.velocity_bodies, scratch_.pad_force_W,
                          scratch_.pad_torque_W);
  });
  if (!pads_.empty()) {
    // On the other bodies, the impulse h F at c directly.
    const std::span<const std::uint8_t> tree_bodies = reduced() ? trees_.body_in_tree() : std::span<const std::uint8_t>{};
    RunStage(&clock_, Stage::kPads,
             [&] { pads_.ApplyNormalImpulses(model_, *h, &state_, &scratch_.velocity_bodies, tree_bodies); });
  }
  const std::span<const std::uint8_t> tree_joints = reduced() ? trees_.joint_in_tree() : std::span<const std::uint8_t>{};
  RunStage(&clock_, Stage::kJointForces,
           [&] { ApplyJointForces(model_, state_, *h, &scratch_.velocity_bodies, tree_joints); });
  SolveIslands(*h, /*write_back=*/true);
}

void World::SolveIslands(double h, bool write_back) {
  // The pads' rows (world/pad_stage.h step 5); the penalty model applies
  // the pads as forces in its derivative instead (PadStage::AddPenaltyForces).
  PadStage* pad_rows = pads_.empty() || penalty_ ? nullptr : &pads_;
  RunStage(&clock_, Stage::kIslands, [&] {
    assembler_.BuildIslands(model_, state_, &islands_, pad_rows);
    stats_.island_count = islands_.size();
    stats_.bodies_woken = sleeping() ? sleep_.WakeTouched(islands_, &scratch_.velocity_bodies) : 0;
  });
  const bool warm = model_.settings.warm_start;
  const bool anchors = model_.settings.friction_anchors;
  const bool warm_rows = warm && !contact_model_->warm_starts_impulses();
  const std::span<const std::uint8_t> tree_joints = reduced() ? trees_.joint_in_tree() : std::span<const std::uint8_t>{};
  RunStage(&clock_, Stage::kAssembleRows, [&] {
    UpdateJointPositions(model_, &state_, tree_joints);
    ClearSolveCounters();
    const bool impulses = contact_model_->warm_starts_impulses();
    const int matched = warm || anchors ? warm_start_.MatchContacts(state_.contacts, {warm && impulses, warm && !impulses, anchors}) : 0;
    stats_.warm_started = warm ? matched : 0;
    if (anchors) SetAnchorTargets(model_, &state_, h);
  });
  const PreStepVelocities before{state_.X_WB, state_.v_WB, state_.w_WB, model_.is_static, scratch_.velocity_bodies};
  for (int k = 0; k < islands_.size(); ++k) {
    const Island& island = islands_[k];
    if (island.contacts.empty() && island.joints.empty() && !(pad_rows && pad_rows->Presses(model_, state_, island.bodies))) {
      continue;  // eq. 15: v* is already v^{l+1}
    }
    if (sleeping() && sleep_.island_asleep(k)) continue;             // v^{l+1} = v* = 0 (WakeTouched)
    RunStage(&clock_, Stage::kAssembleRows, [&] {
      assembler_.Assemble(island, model_, &state_, controllers_, warm_rows ? &warm_start_ : nullptr, h,
                          &scratch_.velocity_bodies, &island_system_, tree_joints, pad_rows);
      if (reduced()) trees_.Attach(island, &island_system_);
    });
    IslandSolveStats r;
    RunStage(&clock_, Stage::kSolveIslands,
             [&] { r = contact_model_->SolveIsland(&island_system_, h, before, &island_impulses_); });
    RunStage(&clock_, Stage::kStoreSolution, [&] {
      assembler_.Store(island, island_system_, island_impulses_, h, &state_, &controllers_,
                       warm_rows ? &warm_start_ : nullptr);
      if (pad_rows) pad_rows->StoreImpulses(island_impulses_.bounded, h, &state_);
      if (r.lcp) {
        ++stats_.lcp_islands;
        ++stats_.lcp_islands_total;
        if (r.warm) ++stats_.lcp_warm_islands, ++stats_.lcp_warm_islands_total;
        if (r.repaired) ++stats_.lcp_repaired_islands, ++stats_.lcp_repaired_islands_total;
        if (r.polished) ++stats_.lcp_polished_total;
      }
      stats_.pgs_sweeps += r.sweeps;
      if (r.unconverged) ++stats_.pgs_unconverged;
      stats_.impact_passes += r.impact_passes;
      stats_.lcp_size += r.size;
      stats_.lcp_max_size = std::max(stats_.lcp_max_size, r.size);
      stats_.lemke_pivots += r.pivots;
      stats_.lemke_pivots_total += r.pivots;
      stats_.lcp_residual = std::max(stats_.lcp_residual, r.residual);
      stats_.lcp_failures += r.failures;
    });
  }
  if (!write_back) return;
  RunStage(&clock_, Stage::kStoreSolution, [&] {
    for (int i = 0; i < body_count(); ++i) {
      if (model_.bodies[i].is_static) continue;
      state_.v_WB[i] = scratch_.velocity_bodies[i].v_W;
      state_.w_WB[i] = scratch_.velocity_bodies[i].w_W;
    }
    for (JointId j = 0; j < joint_count(); ++j) {
      if (!tree_joints.empty() && tree_joints[j]) continue;
      state_.joints[j].velocity = JointRate(model_, state_, scratch_.velocity_bodies, j);
    }
    if (reduced()) trees_.StoreRates(&state_);
    if (model_.settings.substeps > 1 && model_.settings.contact_solver == ContactSolver::kPgs) {
      ApplySubstepMoves(model_, h, scratch_.velocity_bodies, &state_);
    }
    if (anchors) UpdateAnchors(model_, &state_);
    if (warm || anchors) warm_start_.RememberContacts(state_.contacts);
  });
}

void World::ClearSolveCounters() {
  stats_.lcp_size = stats_.lcp_max_size = stats_.lemke_pivots = 0;
  stats_.lcp_residual = 0.0;
  stats_.impact_passes = stats_.pgs_sweeps = stats_.pgs_unconverged = 0;
  stats_.lcp_islands = stats_.lcp_warm_islands = stats_.lcp_repaired_islands = 0;
}

void World::QuarantineNonFinite() {
  // A non-finite body never reaches the renderer: it goes back to its last
  // good pose, at rest, and the event is counted. A tree goes back whole,
  // its coordinates with it.
  if (reduced()) stats_.nonfinite_events += trees_.Quarantine(scratch_.X_WB_prev, &state_);
  for (int i = 0; i < body_count(); ++i) {
    if (IsFiniteState(state_.X_WB[i].p, state_.X_WB[i].q, state_.v_WB[i], state_.w_WB[i])) continue;
    state_.X_WB[i] = scratch_.X_WB_prev[i];
    state_.v_WB[i].setZero();
    state_.w_WB[i].setZero();
    ++stats_.nonfinite_events;
  }
}

void World::WritePoses(std::span<double> out) const {
  for (int i = 0; i < body_count(); ++i) {
    const Pose& X = state_.X_WB[i];
    double* o = out.data() + 7 * i;
    o[0] = X.p.x(); o[1] = X.p.y(); o[2] = X.p.z();
    o[3] = X.q.w(); o[4] = X.q.x(); o[5] = X.q.y(); o[6] = X.q.z();
  }
}

std::uint64_t World::StateHash() const {
  StateHasher hasher;
  for (int i = 0; i < body_count(); ++i) {
    hasher.Add(state_.X_WB[i].p);
    hasher.Add(state_.X_WB[i].q);
    hasher.Add(state_.v_WB[i]);
    hasher.Add(state_.w_WB[i]);
  }
  return hasher.value();
}

}  // namespace grasplab
