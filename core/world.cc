#include "core/world.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <utility>
#include <variant>

#include "core/base/format.h"
#include "core/collision/narrow_phase.h"
#include "core/geometry/aabb.h"
#include "core/dynamics/integrate_pose.h"
#include "core/math/state_hash.h"
#include "core/math/det_math.h"
#include "core/solvers/contact_target.h"
#include "core/solvers/friction_directions.h"
#include "core/solvers/pgs_cone_solver.h"

namespace grasplab {
namespace {

// Runs one stage and records its wall time in stats.
template <class F>
void TimeStage(StepStats* stats, Stage stage, F&& run) {
  const auto t0 = std::chrono::steady_clock::now();
  run();
  const auto t1 = std::chrono::steady_clock::now();
  stats->stage_seconds[static_cast<int>(stage)] = std::chrono::duration<double>(t1 - t0).count();
}

Mat3 WorldInertia(const Quat& q, const Mat3& I_B) {
  const Mat3 R = q.toRotationMatrix();
  return R * I_B * R.transpose();
}

}  // namespace

const char* StageName(Stage stage) {
  switch (stage) {
    case Stage::kIntegratePositions: return "integratePositions";
    case Stage::kBroadPhase: return "broadPhase";
    case Stage::kNarrowPhase: return "narrowPhase";
    case Stage::kExternalImpulses: return "externalImpulses";
    case Stage::kSolveVelocities: return "solveVelocities";
    case Stage::kCount: break;
  }
  return "?";
}

const char* ContactSolverName(ContactSolver solver) {
  switch (solver) {
    case ContactSolver::kLcp: return "lcp";
    case ContactSolver::kPgs: return "pgs";
    case ContactSolver::kImpulse: return "impulse";
    case ContactSolver::kPenalty: return "penalty";
  }
  return "?";
}

Status ParseContactSolver(const std::string& name, ContactSolver* out) {
  if (name == "lcp") {
    *out = ContactSolver::kLcp;
  } else if (name == "pgs") {
    *out = ContactSolver::kPgs;
  } else if (name == "impulse") {
    *out = ContactSolver::kImpulse;
  } else if (name == "penalty") {
    *out = ContactSolver::kPenalty;
  } else {
    return Status::Error("must be one of lcp, pgs, penalty, impulse; got \"" + name + "\"");
  }
  return Status::Ok();
}

World::World(const WorldSettings& settings) : settings_(settings) {}

// The impulse model (Lee, Ruspini & Khatib section 4, eqs. 6-8, after
// Baraff). At a collision the contact impulses j solve, for the contacts
// approaching faster than v_c,
//   v_n^+ >= -e v_n^-,   j >= 0,   j (v_n^+ + e v_n^-) = 0,
// with friction as in the LCP (the same solver, restitution targets in
// place of eq. 19's), joints rigid and finite efforts (motors, joint
// friction) transmitting no impulse. Impacts propagate: the pass is
// repeated on the contacts the last one left approaching (a Newton's cradle:
// one simultaneous problem would move all five balls at v/5), up to 64 passes.
// The first pass measures v_n^- from v^l, before this step's gravity, so a
// ball rebounds at exactly e times its impact speed. Contacts approaching
// slower than v_c = 4 |g| h + 1 mm/s are resting, left to the velocity LCP
// that follows (eqs. 19-21 of the paper at the velocity level), and so are
// contacts whose gap stays open through the step. An impact is thus
// resolved at the start of the step in which it happens: up to v h early.
void World::ResolveImpacts(const IslandSystem& sys, const LcpSolverSettings& ls, double h, std::vector<double>* normal,
                           std::vector<Vec3>* friction) {
  const int q = static_cast<int>(sys.contacts.size());
  normal->assign(q, 0.0);
  friction->assign(q, Vec3::Zero());
  const double v_collide = 4.0 * settings_.gravity.norm() * h + 1e-3;
  IslandSystem impact;
  impact.bodies = sys.bodies;
  impact.joint_rows = sys.joint_rows;
  impact.joint_targets = sys.joint_targets;
  impact.limit_rows = sys.limit_rows;
  impact.limit_targets.assign(sys.limit_targets.size(), 0.0);  // a rigid stop, no error correction
  auto point_velocity = [&](BodyId id, const Vec3& p, bool before_gravity) -> Vec3 {
    if (defs_[id].is_static) return Vec3::Zero();
    return before_gravity ? PointVelocity(id, p) : velocity_bodies_[id].PointVelocity(p);
  };
  std::vector<int> which;
  std::vector<double> joint_impulses, limit_impulses;
  for (int pass = 0; pass < 64; ++pass) {
    which.clear();
    impact.contacts.clear();
    impact.contact_bodies.clear();
    impact.contact_targets.clear();
    for (int c = 0; c < q; ++c) {
      const Contact& ct = *sys.contacts[c];
      const double vn = ct.n_W.dot(point_velocity(ct.body_a, ct.p_W, pass == 0) -
                                   point_velocity(ct.body_b, ct.p_W, pass == 0));
      if (!(vn < -v_collide)) continue;
      // Not yet: the gap stays open through this step (the velocity LCP's
      // speculative row does not bind either), so the impact waits for the
      // step in which it happens.
      if (ct.separation + vn * h > 0.5 * settings_.contact_threshold) continue;
      which.push_back(c);
      impact.contacts.push_back(sys.contacts[c]);
      impact.contact_bodies.push_back(sys.contact_bodies[c]);
      impact.contact_targets.push_back(-ct.restitution * vn);
    }
    if (which.empty()) break;
    const LcpSolveStats r = SolveIslandLcp(&impact, ls, &joint_impulses, &limit_impulses);
    if (r.fell_back) ++stats_.lcp_failures;
    ++stats_.impact_passes;
    for (std::size_t k = 0; k < which.size(); ++k) {
      (*normal)[which[k]] += impact.contacts[k]->normal_impulse;
      (*friction)[which[k]] += impact.contacts[k]->friction_impulse;
    }
  }
}

// kPgs: each contact starts from the impulses of the previous step's contact
// of the same body pair nearest to it, within 2 mm (a contact sliding at
// 0.8 m/s moves that far in a 2.5 ms step); the first match in contact
// order wins, so the result is deterministic. The previous contacts are
// looked up by body pair (sorted by pair, then by their order), so a pile
// of n contacts costs O(n log n), not O(n^2).
void World::WarmStartContacts(bool impulses) {
  constexpr double kMatchDistance = 2e-3;
  auto key = [](const Contact& c) { return std::pair(c.body_a, c.body_b); };
  previous_by_pair_.resize(previous_contacts_.size());
  for (std::size_t i = 0; i < previous_by_pair_.size(); ++i) previous_by_pair_[i] = static_cast<int>(i);
  std::sort(previous_by_pair_.begin(), previous_by_pair_.end(), [&](int i, int j) {
    const auto ki = key(previous_contacts_[i]), kj = key(previous_contacts_[j]);
    return ki != kj ? ki < kj : i < j;
  });
  for (Contact& c : contacts_) {
    const Contact* best = nullptr;
    double best_d2 = kMatchDistance * kMatchDistance;
    auto it = std::lower_bound(previous_by_pair_.begin(), previous_by_pair_.end(), key(c),
                               [&](int i, const std::pair<BodyId, BodyId>& k) { return key(previous_contacts_[i]) < k; });
    for (; it != previous_by_pair_.end() && key(previous_contacts_[*it]) == key(c); ++it) {
      const Contact& p = previous_contacts_[*it];
      const double d2 = (p.p_W - c.p_W).squaredNorm();
      if (d2 < best_d2) best_d2 = d2, best = &p;
    }
    if (!best) continue;
    if (impulses) {
      c.normal_impulse = best->normal_impulse;
      c.friction_impulse = best->friction_impulse - best->friction_impulse.dot(c.n_W) * c.n_W;
    } else {
      c.lcp_support = best->lcp_support;
    }
    ++stats_.warm_started;
  }
}

StatusOr<BodyId> World::AddBody(const BodyDef& def) {
  penalty_ready_ = false;  // the penalty model's polyhedra are per body
  const std::string field = "bodies[" + std::to_string(defs_.size()) + "]";
  if (Status s = ValidateBodyDef(def, field); !s.ok()) return s;
  if (def.material < 0 || def.material >= materials_.size()) {
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
  defs_.push_back(d);
  inv_mass_.push_back(inv_mass);
  I_B_.push_back(I_B);
  inv_I_B_.push_back(inv_I_B);
  X_WB_.push_back(d.X_WB);
  v_WB_.push_back(d.v_WB);
  w_WB_.push_back(d.w_WB);
  is_static_.push_back(d.is_static ? 1 : 0);
  return static_cast<BodyId>(defs_.size() - 1);
}

StatusOr<JointId> World::AddJoint(const JointDef& def) {
  const std::string field = "joints[" + std::to_string(joint_defs_.size()) + "]";
  if (Status st = ValidateJointDef(def, field); !st.ok()) return st;
  const int n = body_count();
  if (def.child < 0 || def.child >= n) return Status::Error(field + ".child: unknown body");
  if (def.parent < 0 || def.parent >= n) return Status::Error(field + ".parent: unknown body");
  if (def.parent == def.child) return Status::Error(field + ": parent and child are the same body");
  if (defs_[def.child].is_static) {
    return Status::Error(field + ".child: '" + defs_[def.child].name + "' is static; a joint moves its child");
  }
  if (def.coupled_to >= 0) {
    if (def.coupled_to >= joint_count()) return Status::Error(field + ".coupling.joint: unknown joint");
    const JointDef& master = joint_defs_[def.coupled_to];
    if (master.type != def.type || def.type == JointType::kFixed) {
      return Status::Error(field + ".coupling.joint: must be a joint of the same type (revolute or prismatic)");
    }
  }
  JointDef d = def;
  if (d.type != JointType::kFixed) d.axis_W.normalize();
  joint_defs_.push_back(d);
  joint_frames_.push_back(MakeJointFrames(d, X_WB_[d.parent], X_WB_[d.child]));
  joint_state_.push_back({});
  joint_lcp_support_.push_back({});
  controllers_.push_back({});
  mount_twist_.push_back({});
  if (!d.collide_connected) (void)ExcludeCollision(d.parent, d.child);
  return static_cast<JointId>(joint_defs_.size() - 1);
}

Status World::SetJointEffort(JointId j, double effort) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointEffort: unknown joint " + std::to_string(j));
  if (!IsFinite(effort)) return Status::Error("joints[" + std::to_string(j) + "].effort: must be finite");
  joint_state_[j].effort = effort;
  return Status::Ok();
}

Status World::SetJointController(JointId j, double kp, double kd, double max_effort) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointController: unknown joint " + std::to_string(j));
  const std::string field = "joints[" + std::to_string(j) + "].controller";
  if (joint_defs_[j].type == JointType::kFixed) return Status::Error(field + ": a fixed joint cannot be driven");
  if (joint_defs_[j].coupled_to >= 0) {
    return Status::Error(field + ": joint '" + joint_defs_[j].name + "' is coupled to another; drive its master");
  }
  if (!IsFinite(kp) || kp < 0.0) return Status::Error(field + ".kp: must be a finite number >= 0, got " + FormatNumber(kp));
  if (!IsFinite(kd) || kd < 0.0) return Status::Error(field + ".kd: must be a finite number >= 0, got " + FormatNumber(kd));
  if (kp == 0.0 && kd == 0.0) return Status::Error(field + ": kp and kd cannot both be 0");
  if (!IsFinite(max_effort) || max_effort <= 0.0) {
    return Status::Error(field + ".maxEffort: must be a finite number > 0, got " + FormatNumber(max_effort));
  }
  JointController& c = controllers_[j];
  if (!c.enabled) c.target_position = joint_state_[j].position, c.target_velocity = 0.0;
  c.enabled = true;
  c.kp = kp, c.kd = kd, c.max_effort = max_effort;
  return Status::Ok();
}

Status World::SetMountTarget(JointId j, const Pose& X_WC, const Vec3& v_WC, const Vec3& w_WC) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetMountTarget: unknown joint " + std::to_string(j));
  const JointDef& d = joint_defs_[j];
  if (d.type != JointType::kFixed || !defs_[d.parent].is_static) {
    return Status::Error("SetMountTarget: joint '" + d.name + "' is not a fixed joint to a static body");
  }
  if (!IsFinite(X_WC.p) || !IsFinite(X_WC.q) || !(X_WC.q.norm() > 1e-6) || !IsFinite(v_WC) || !IsFinite(w_WC)) {
    return Status::Error("SetMountTarget: pose and twist must be finite, the quaternion normalisable");
  }
  const Quat q = X_WC.q.normalized();
  JointFrames& f = joint_frames_[j];
  const Pose& X_WP = X_WB_[d.parent];
  const Vec3 anchor_W = q * f.p_C + X_WC.p;
  f.p_P = X_WP.ApplyInverse(anchor_W);
  f.q_PC0 = X_WP.q.conjugate() * q;
  mount_twist_[j] = {v_WC + w_WC.cross(anchor_W - X_WC.p), w_WC};
  return Status::Ok();
}

Status World::SetDragSpring(BodyId body, const Vec3& p_B, const Vec3& target_W, double kp) {
  if (body < 0 || body >= body_count()) return Status::Error("drag: unknown body " + std::to_string(body));
  if (defs_[body].is_static) return Status::Error("drag: body '" + defs_[body].name + "' is static");
  if (!IsFinite(p_B) || !IsFinite(target_W)) return Status::Error("drag: point and target must be finite");
  if (!IsFinite(kp) || kp <= 0.0) return Status::Error("drag: k_p must be > 0, got " + FormatNumber(kp));
  drag_ = {body, p_B, target_W, kp, std::sqrt(2.0 * defs_[body].mass * kp), Vec3::Zero()};
  return Status::Ok();
}

Status World::MoveDragTarget(const Vec3& target_W) {
  if (drag_.body < 0) return Status::Error("drag: nothing is being dragged");
  if (!IsFinite(target_W)) return Status::Error("drag: target must be finite");
  drag_.target_W = target_W;
  return Status::Ok();
}

Status World::SetMaterialFriction(MaterialId material, double static_friction, double kinetic_friction) {
  return materials_.SetFriction(material, static_friction, kinetic_friction);
}

Mat3 World::InertiaWorld(BodyId id) const {
  const Mat3 R = X_WB_[id].q.toRotationMatrix();
  return R * I_B_[id] * R.transpose();
}

Vec3 World::JointAnchorWorld(JointId j) const {
  return X_WB_[joint_defs_[j].parent].Apply(joint_frames_[j].p_P);
}

Vec3 World::JointAxisWorld(JointId j) const {
  return X_WB_[joint_defs_[j].parent].q * joint_frames_[j].a_P;
}

Status World::ClearJointController(JointId j) {
  if (j < 0 || j >= joint_count()) return Status::Error("ClearJointController: unknown joint " + std::to_string(j));
  controllers_[j] = {};
  return Status::Ok();
}

Status World::SetJointTarget(JointId j, double position, double velocity) {
  if (j < 0 || j >= joint_count()) return Status::Error("SetJointTarget: unknown joint " + std::to_string(j));
  if (!controllers_[j].enabled) {
    return Status::Error("joints[" + std::to_string(j) + "]: joint '" + joint_defs_[j].name + "' has no controller");
  }
  if (!IsFinite(position) || !IsFinite(velocity)) {
    return Status::Error("joints[" + std::to_string(j) + "].target: must be finite");
  }
  controllers_[j].target_position = position;
  controllers_[j].target_velocity = velocity;
  return Status::Ok();
}

void World::UpdateJointPositions() {
  for (JointId j = 0; j < joint_count(); ++j) {
    const JointDef& d = joint_defs_[j];
    const double q = JointCoordinate(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child]);
    JointState& st = joint_state_[j];
    // Revolute coordinates are unwrapped: add the wrapped change.
    st.position = d.type == JointType::kRevolute ? st.position + WrapAngle(q - st.position) : q;
  }
}

double World::JointRate(JointId j) const {
  const JointDef& d = joint_defs_[j];
  const JointFrames& f = joint_frames_[j];
  const VelocityBody& P = velocity_bodies_[d.parent];
  const VelocityBody& C = velocity_bodies_[d.child];
  const Vec3 a = X_WB_[d.parent].q * f.a_P;
  if (d.type == JointType::kRevolute) return a.dot(C.w_W - P.w_W);
  if (d.type == JointType::kPrismatic) {
    const Vec3 x = X_WB_[d.child].Apply(f.p_C);
    return a.dot(C.PointVelocity(x) - P.PointVelocity(x));
  }
  return 0.0;
}

void World::ApplyJointForces(double h) {
  // Steps 7-8: motor efforts and joint friction (eq. 14) as impulses on the
  // free velocities, equal and opposite on the two bodies.
  for (JointId j = 0; j < joint_count(); ++j) {
    const JointDef& d = joint_defs_[j];
    if (d.type == JointType::kFixed) continue;
    const JointFrames& f = joint_frames_[j];
    VelocityBody& P = velocity_bodies_[d.parent];
    VelocityBody& C = velocity_bodies_[d.child];
    const Vec3 a = X_WB_[d.parent].q * f.a_P;
    const Vec3 x = X_WB_[d.child].Apply(f.p_C);
    // Inverse effective mass along the joint coordinate.
    double k;
    if (d.type == JointType::kRevolute) {
      k = a.dot(C.inv_I_W * a) + a.dot(P.inv_I_W * a);
    } else {
      const Vec3 rc = (x - C.p_W).cross(a), rp = (x - P.p_W).cross(a);
      k = C.inv_mass + P.inv_mass + rc.dot(C.inv_I_W * rc) + rp.dot(P.inv_I_W * rp);
    }
    const double qdot = JointRate(j);
    double impulse = joint_state_[j].effort * h;
    if (qdot != 0.0 && d.viscous_friction > 0.0 && k > 0.0) {
      // The viscous part of eq. 14, v q_dot, explicit; clamped so one step
      // cannot reverse q_dot (k from the free bodies bounds the joint's
      // effective inverse inertia from above). The Coulomb part is a
      // bounded row of the island LCP (SolveVelocities).
      const double friction = std::min(d.viscous_friction * std::abs(qdot) * h, std::abs(qdot) / k);
      impulse -= qdot > 0.0 ? friction : -friction;
    }
    if (impulse == 0.0) continue;
    if (d.type == JointType::kRevolute) {
      C.w_W += C.inv_I_W * (impulse * a);
      P.w_W -= P.inv_I_W * (impulse * a);
    } else {
      C.ApplyImpulse(impulse * a, x);
      P.ApplyImpulse(-impulse * a, x);
    }
  }
}

Status World::SetBodyPose(BodyId id, const Pose& X_WB) {
  if (id < 0 || id >= body_count()) return Status::Error("SetBodyPose: unknown body " + std::to_string(id));
  const std::string field = "bodies[" + std::to_string(id) + "]";
  if (!IsFinite(X_WB.p)) return Status::Error(field + ".position: must be finite");
  const double qn = X_WB.q.norm();
  if (!IsFinite(X_WB.q) || !(qn > 1e-6) || !IsFinite(qn)) {
    return Status::Error(field + ".orientation: quaternion [w, x, y, z] cannot be normalised");
  }
  X_WB_[id] = Pose{X_WB.p, X_WB.q.normalized()};
  return Status::Ok();
}

void World::UpdateContacts() {
  // No travel: with h = 0 the speculative margins vanish.
  FindContacts(0.0);
  stats_.contact_count = static_cast<int>(contacts_.size());
  UpdateJointPositions();  // bodies may have been placed kinematically
}

BodyId World::FindBody(const std::string& name) const {
  for (BodyId i = 0; i < body_count(); ++i) {
    if (defs_[i].name == name) return i;
  }
  return -1;
}

Status World::ExcludeCollision(BodyId a, BodyId b) {
  if (a < 0 || b < 0 || a >= body_count() || b >= body_count() || a == b) {
    return Status::Error("ExcludeCollision: needs two different existing bodies");
  }
  const BodyPair p = a < b ? BodyPair{a, b} : BodyPair{b, a};
  auto it = std::lower_bound(excluded_pairs_.begin(), excluded_pairs_.end(), p);
  if (it == excluded_pairs_.end() || *it != p) excluded_pairs_.insert(it, p);
  return Status::Ok();
}

Status World::Step(double h) {
  if (!IsFinite(h) || h <= 0.0 || h > 0.1) {
    return Status::Error("timestep: must be in (0, 0.1] s, got " + FormatNumber(h));
  }
  if (Status s = ValidateFrictionDirections(settings_.friction_directions); !s.ok()) return s;
  if (!IsFinite(settings_.torsional_friction_radius) || settings_.torsional_friction_radius < 0.0) {
    return Status::Error("solver.torsionalFrictionRadius: must be a finite number >= 0, got " +
                         FormatNumber(settings_.torsional_friction_radius));
  }
  stats_.bisections = 0;
  if (settings_.contact_solver == ContactSolver::kPenalty) {
    if (Status s = StepPenalty(h); !s.ok()) return s;
  } else if (settings_.contact_time_mode == ContactTimeMode::kBisection) {
    // The search repeats the position step and the contact search; the
    // collision stages then hold the times of its last try.
    TimeStage(&stats_, Stage::kIntegratePositions, [&] { h = SearchContactTime(h); });
  } else {
    TimeStage(&stats_, Stage::kIntegratePositions, [&] { IntegratePositions(h); });
    FindContacts(h);
  }
  if (settings_.contact_solver != ContactSolver::kPenalty) {
    stats_.step_length = h;
    TimeStage(&stats_, Stage::kExternalImpulses, [&] { ExternalImpulses(h); });
    TimeStage(&stats_, Stage::kSolveVelocities, [&] { SolveVelocities(h); });
  }
  QuarantineNonFinite();
  stats_.contact_count = static_cast<int>(contacts_.size());
  // Compensated sum, so 800 steps of 2.5 ms read 2 s, not 1.9999999999999685.
  const double y = h - time_compensation_;
  const double t = time_ + y;
  time_compensation_ = (t - time_) - y;
  time_ = t;
  ++step_count_;
  return Status::Ok();
}

double World::TrialJointPosition(JointId j) const {
  const JointDef& d = joint_defs_[j];
  const double q = JointCoordinate(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child]);
  const double last = joint_state_[j].position;
  return d.type == JointType::kRevolute ? last + WrapAngle(q - last) : q;
}

double World::MinNormalizedGap() const {
  double m = std::numeric_limits<double>::infinity();
  for (const Contact& c : contacts_) m = std::min(m, c.separation / settings_.contact_threshold);
  for (JointId j = 0; j < joint_count(); ++j) {
    const JointDef& d = joint_defs_[j];
    if (!d.has_limits || d.type == JointType::kFixed) continue;
    const double thr = d.type == JointType::kRevolute ? settings_.joint_limit_angle : settings_.joint_limit_distance;
    const double q = TrialJointPosition(j);
    m = std::min(m, std::min(q - d.lower, d.upper - q) / thr);
  }
  return m;
}

double World::SearchContactTime(double h) {
  // Pairs already overlapping (or joints past a limit) at the start of the
  // step cannot be cured by a shorter step; leave them to error correction
  // and do not search. Contacts and limits share one normalised gap: the
  // paper searches each and takes the smaller step, which is the first
  // instant any of them reaches its threshold.
  const bool overlapping_before = MinNormalizedGap() < 0.0;
  const std::vector<Pose> start = X_WB_;
  auto try_step = [&](double length) {
    X_WB_ = start;
    IntegratePositions(length);
    FindContacts(length);
    return MinNormalizedGap();
  };
  if (try_step(h) >= 0.0 || overlapping_before) return h;
  // Bisect on the step length: lo leaves a gap (or is 0), hi overlaps.
  double lo = 0.0, hi = h;
  for (int i = 0; i < settings_.max_bisections; ++i) {
    ++stats_.bisections;
    const double mid = 0.5 * (lo + hi);
    const double gap = try_step(mid);
    if (gap < 0.0) {
      hi = mid;
    } else if (gap > 1.0) {
      lo = mid;
    } else {
      return mid;  // closest pair within (0, threshold]
    }
  }
  // Not within the threshold after the halvings: take the last gap-leaving
  // length; if even the shortest tried overlaps, take the full step and leave
  // the overlap to error correction (never a zero-length step).
  if (lo > 0.0) {
    try_step(lo);
    return lo;
  }
  try_step(h);
  return h;
}

void World::IntegratePositions(double h) {
  const int n = body_count();
  X_WB_prev_.assign(X_WB_.begin(), X_WB_.end());
  L_W_prev_.resize(n);
  for (int i = 0; i < n; ++i) {
    if (defs_[i].is_static) {
      L_W_prev_[i].setZero();
      continue;
    }
    L_W_prev_[i] = WorldInertia(X_WB_[i].q, I_B_[i]) * w_WB_[i];
    AdvancePose(h, v_WB_[i], w_WB_[i], &X_WB_[i]);
  }
}

void World::FindContacts(double h) {
  // Each body's AABB is inflated by half the contact threshold plus the
  // distance it can travel in the next position step (2 h times a bound on
  // its surface speed), so a pair's boxes overlap whenever its distance is
  // below the pair margin: the threshold plus both travel distances. The
  // velocity solve then sees contacts before they happen (speculative).
  FindPairs(h, 0.5 * settings_.contact_threshold, settings_.contact_time_mode == ContactTimeMode::kErrorCorrection);
  TimeStage(&stats_, Stage::kNarrowPhase, [&] { NarrowPhase(); });
}

void World::FindPairs(double h, double pad, bool speculative) {
  const int n = body_count();
  const double g = settings_.gravity.norm();
  travel_.assign(n, 0.0);
  TimeStage(&stats_, Stage::kBroadPhase, [&] {
    aabbs_.resize(n);
    for (int i = 0; i < n; ++i) {
      if (!defs_[i].is_static && speculative) {
        const double reach = v_WB_[i].norm() + w_WB_[i].norm() * BoundingRadius(defs_[i].shape) + h * g;
        travel_[i] = 2.0 * h * reach;
      }
      aabbs_[i] = WorldAabb(defs_[i].shape, X_WB_[i]).Inflated(pad + travel_[i]);
    }
    broad_phase_.FindPairs(aabbs_, is_static_, excluded_pairs_, &pairs_);
    std::erase_if(pairs_, [&](const BodyPair& p) { return !defs_[p.first].collides || !defs_[p.second].collides; });
  });
  stats_.pair_count = static_cast<int>(pairs_.size());
}

void World::NarrowPhase() {
  contacts_.clear();
  NarrowPhaseSettings np;
  for (const auto& [a, b] : pairs_) {
    np.margin = settings_.contact_threshold + travel_[a] + travel_[b];
    const std::size_t first = contacts_.size();
    CollideShapes(a, defs_[a].shape, X_WB_[a], b, defs_[b].shape, X_WB_[b], np, &contacts_);
    const PairProperties pair = materials_.Combine(defs_[a].material, defs_[b].material);
    for (std::size_t k = first; k < contacts_.size(); ++k) {
      Contact& c = contacts_[k];
      c.static_friction = pair.static_friction;
      c.kinetic_friction = pair.kinetic_friction;
      c.restitution = pair.restitution;
      // Eq. 13 with the velocities of the last step (v^l) at the new point.
      const int ia = c.body_a, ib = c.body_b;
      const Vec3 va = v_WB_[ia] + w_WB_[ia].cross(c.p_W - X_WB_[ia].p);
      const Vec3 vb = v_WB_[ib] + w_WB_[ib].cross(c.p_W - X_WB_[ib].p);
      c.friction = SelectFriction(pair, (va - vb).norm(), settings_.slip_threshold);
    }
  }
}

void World::LoadVelocityBodies() {
  const int n = body_count();
  velocity_bodies_.resize(n);
  for (int i = 0; i < n; ++i) {
    VelocityBody& vb = velocity_bodies_[i];
    vb.p_W = X_WB_[i].p;
    if (defs_[i].is_static) {
      vb.inv_mass = 0.0;
      vb.inv_I_W.setZero();
      vb.v_W.setZero();
      vb.w_W.setZero();
      continue;
    }
    const Mat3 R = X_WB_[i].q.toRotationMatrix();
    vb.inv_mass = inv_mass_[i];
    vb.inv_I_W = R * inv_I_B_[i] * R.transpose();
  }
}

void World::ApplyDragSpring(double h) {
  if (drag_.body < 0) return;
  VelocityBody& vb = velocity_bodies_[drag_.body];
  const Vec3 r = X_WB_[drag_.body].q * drag_.p_B;
  const Vec3 x_dot = v_WB_[drag_.body] + w_WB_[drag_.body].cross(r);
  drag_.force_W = drag_.kp * (drag_.target_W - (X_WB_[drag_.body].p + r)) - drag_.kv * x_dot;
  vb.v_W += (h * vb.inv_mass) * drag_.force_W;
  vb.w_W += vb.inv_I_W * r.cross(h * drag_.force_W);
}

void World::ExternalImpulses(double h) {
  LoadVelocityBodies();
  for (int i = 0; i < body_count(); ++i) {
    if (defs_[i].is_static) continue;
    VelocityBody& vb = velocity_bodies_[i];
    vb.v_W = v_WB_[i] + h * settings_.gravity;
    vb.w_W = vb.inv_I_W * L_W_prev_[i];  // eq. 15 with the gyroscopic term (header)
  }
  ApplyDragSpring(h);  // Chardonnet et al. eq. 7 (header)
  ApplyJointForces(h);
}

void World::SolveVelocities(double h, bool write_back) {
  // Islands (step 9), then per island (step 10): a plain Euler step for a
  // free body (eq. 15: v* is already in velocity_bodies_), else the LCP.
  std::vector<std::pair<int, int>> contact_links(contacts_.size());
  for (std::size_t c = 0; c < contacts_.size(); ++c) contact_links[c] = {contacts_[c].body_a, contacts_[c].body_b};
  // Joint links, then one extra link per coupled joint (child to its
  // master's child): a coupling row spans both joints, so their islands must
  // be one. The extra links' indices (>= joint_count) are not joints.
  std::vector<std::pair<int, int>> joint_links;
  for (const JointDef& d : joint_defs_) joint_links.push_back({d.parent, d.child});
  for (const JointDef& d : joint_defs_) {
    if (d.coupled_to >= 0) joint_links.push_back({d.child, joint_defs_[d.coupled_to].child});
  }
  if (settings_.single_island) {  // one collision group (benchmark only): chain every dynamic body
    int first = -1;
    for (int i = 0; i < body_count(); ++i) {
      if (is_static_[i]) continue;
      if (first >= 0) joint_links.push_back({first, i});
      else first = i;
    }
  }
  islands_ = BuildIslands(body_count(), is_static_, contact_links, joint_links);
  for (Island& island : islands_) {
    std::erase_if(island.joints, [&](int j) { return j >= joint_count(); });
  }
  UpdateJointPositions();
  stats_.island_count = static_cast<int>(islands_.size());
  stats_.lcp_size = stats_.lcp_max_size = stats_.lemke_pivots = 0;
  stats_.lcp_residual = 0.0;

  const bool pgs = settings_.contact_solver == ContactSolver::kPgs;
  const bool impulse = settings_.contact_solver == ContactSolver::kImpulse;
  stats_.impact_passes = 0;
  stats_.pgs_sweeps = 0;
  stats_.pgs_unconverged = 0;
  const bool warm = settings_.warm_start;
  stats_.warm_started = 0;
  stats_.lcp_islands = stats_.lcp_warm_islands = 0;
  if (warm) WarmStartContacts(pgs);
  PgsSettings ps;
  ps.max_iterations = settings_.pgs_iterations;
  ps.tolerance = settings_.pgs_tolerance;
  ps.h = h;
  ps.threshold = settings_.contact_threshold;
  ps.error_reduction = settings_.error_reduction;
  ps.friction_directions = settings_.friction_directions;
  ps.torsional_radius = settings_.torsional_friction_radius;
  LcpSolverSettings ls;
  ls.h = h;
  ls.threshold = settings_.contact_threshold;
  ls.error_reduction = settings_.error_reduction;
  ls.friction_directions = settings_.friction_directions;
  ls.torsional_radius = settings_.torsional_friction_radius;
  ls.lemke = settings_.lemke;
  ls.observer = lcp_observer_;
  std::vector<int> local(body_count(), -1);
  std::vector<double> joint_impulses, limit_impulses, bounded_impulses;
  for (const Island& island : islands_) {
    if (island.contacts.empty() && island.joints.empty()) continue;
    IslandSystem sys;
    for (std::size_t i = 0; i < island.bodies.size(); ++i) {
      local[island.bodies[i]] = static_cast<int>(i);
      sys.bodies.push_back(&velocity_bodies_[island.bodies[i]]);
    }
    for (int c : island.contacts) {
      Contact& ct = contacts_[c];
      sys.contacts.push_back(&ct);
      sys.contact_bodies.push_back({local[ct.body_a], local[ct.body_b]});
    }
    // Joint rows (eq. 7, 16), coupling rows, and reached limits (eq. 9).
    std::vector<std::pair<int, int>> row_range(island.joints.size());
    std::vector<std::pair<JointId, int>> limit_of;  // (joint, +1 lower / -1 upper)
    // Per bounded row: (joint, 2 Coulomb friction / 3 motor), its slot in joint_lcp_support_.
    std::vector<std::pair<JointId, int>> bounded_of;
    sys.warm_start = warm && !pgs;
    // Equality rows with the joints in reverse order: the models add a
    // child's joint after its parent's, so this puts every joint's rows
    // before its parent's, and the Cholesky factor of S = J W J^T has no
    // fill for a tree of joints (eliminating a leaf only couples joints
    // already sharing its parent body; reduced_island.cc skips the zeros).
    // The LCP's rows (friction, motors, limits) keep the joints' order.
    for (std::size_t kk = 0; kk < island.joints.size(); ++kk) {
      const std::size_t k = island.joints.size() - 1 - kk;
      const JointId j = island.joints[k];
      const JointDef& d = joint_defs_[j];
      const int P = local[d.parent], C = local[d.child];
      const int first = static_cast<int>(sys.joint_rows.size());
      AppendJointRows(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child], P, C, h, settings_.error_reduction,
                      &sys.joint_rows, &sys.joint_targets);
      if (d.type == JointType::kFixed && (mount_twist_[j].v.squaredNorm() > 0.0 || mount_twist_[j].w.squaredNorm() > 0.0)) {
        // A moving mount (SetMountTarget): the rows (3 linear along world
        // axes, then 3 angular) follow its twist.
        double* e = &sys.joint_targets[sys.joint_targets.size() - 6];
        for (int k = 0; k < 3; ++k) e[k] += mount_twist_[j].v[k], e[3 + k] += mount_twist_[j].w[k];
      }
      if (d.coupled_to >= 0) {
        const JointDef& m = joint_defs_[d.coupled_to];
        JacobianRow row = JointRateRow(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child], P, C);
        const JacobianRow mrow = JointRateRow(m, joint_frames_[d.coupled_to], X_WB_[m.parent], X_WB_[m.child],
                                              local[m.parent], local[m.child]);
        for (int b = 0; b < mrow.count; ++b) row.Add(mrow.body[b], -d.coupling_ratio * mrow.J[b]);
        const double error = joint_state_[j].position - d.coupling_ratio * joint_state_[d.coupled_to].position;
        sys.joint_rows.push_back(row);
        sys.joint_targets.push_back(-settings_.error_reduction * error / h);
      }
      row_range[k] = {first, static_cast<int>(sys.joint_rows.size())};
    }
    for (std::size_t k = 0; k < island.joints.size(); ++k) {
      const JointId j = island.joints[k];
      const JointDef& d = joint_defs_[j];
      const int P = local[d.parent], C = local[d.child];
      if (d.coulomb_friction > 0.0 && d.type != JointType::kFixed) {
        // Eq. 14's Coulomb part c sgn(q_dot) as a bounded impulse |f| <= c h
        // in the LCP: it sticks exactly while the other forces stay below c.
        sys.friction_rows.push_back(JointRateRow(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child], P, C));
        sys.friction_limits.push_back(d.coulomb_friction * h);
        bounded_of.push_back({j, 2});
      }
      if (controllers_[j].enabled) {
        const JointController& c = controllers_[j];
        const double denom = c.kd + h * c.kp;
        sys.friction_rows.push_back(JointRateRow(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child], P, C));
        sys.friction_limits.push_back(c.max_effort * h);
        sys.friction_targets.resize(sys.friction_rows.size(), 0.0);
        sys.friction_compliance.resize(sys.friction_rows.size(), 0.0);
        sys.friction_targets.back() = (c.kp * (c.target_position - joint_state_[j].position) + c.kd * c.target_velocity) / denom;
        sys.friction_compliance.back() = 1.0 / (h * denom);
        bounded_of.push_back({j, 3});
      }
      if (d.has_limits && d.type != JointType::kFixed) {
        const double thr = d.type == JointType::kRevolute ? settings_.joint_limit_angle : settings_.joint_limit_distance;
        // Speculative like contacts, except in the contact-time search mode,
        // where a limit is a row only once within its threshold.
        const double travel = settings_.contact_time_mode == ContactTimeMode::kErrorCorrection
                                  ? 2.0 * h * std::abs(JointRate(j))
                                  : 0.0;
        const double q = joint_state_[j].position;
        const JacobianRow rate = JointRateRow(d, joint_frames_[j], X_WB_[d.parent], X_WB_[d.child], P, C);
        for (int side : {+1, -1}) {
          const double gap = side > 0 ? q - d.lower : d.upper - q;
          if (gap >= thr + travel) continue;
          JacobianRow row = rate;
          for (int b = 0; b < row.count; ++b) row.J[b] *= side;
          sys.limit_rows.push_back(row);
          sys.limit_targets.push_back(ContactTargetVelocity(gap, h, thr, settings_.error_reduction));
          limit_of.push_back({j, side});
        }
      }
    }
    if (sys.warm_start) {
      for (const auto& [j, side] : limit_of) sys.limit_support.push_back(joint_lcp_support_[j][side > 0 ? 0 : 1]);
      for (const auto& [j, slot] : bounded_of) sys.friction_support.push_back(joint_lcp_support_[j][slot]);
    }
    std::vector<double> impact_normal;
    std::vector<Vec3> impact_friction;
    if (impulse) ResolveImpacts(sys, ls, h, &impact_normal, &impact_friction);
    LcpSolveStats r;
    if (pgs) {
      const PgsStats g = SolveIslandPgs(&sys, ps, &joint_impulses, &limit_impulses, &bounded_impulses);
      r.lcp_size = g.size;
      r.residual = g.residual;
      stats_.pgs_sweeps += g.iterations;
      if (!g.converged) ++stats_.pgs_unconverged;
    } else {
      r = SolveIslandLcp(&sys, ls, &joint_impulses, &limit_impulses, &bounded_impulses);
      ++stats_.lcp_islands;
      ++stats_.lcp_islands_total;
      if (r.warm) ++stats_.lcp_warm_islands, ++stats_.lcp_warm_islands_total;
    }
    if (sys.warm_start) {  // rows absent this step start cold when they return
      for (JointId j : island.joints) joint_lcp_support_[j] = {};
      for (std::size_t i = 0; i < limit_of.size(); ++i) {
        joint_lcp_support_[limit_of[i].first][limit_of[i].second > 0 ? 0 : 1] = sys.limit_support[i];
      }
      for (std::size_t i = 0; i < bounded_of.size(); ++i) {
        joint_lcp_support_[bounded_of[i].first][bounded_of[i].second] = sys.friction_support[i];
      }
    }
    for (std::size_t c = 0; c < impact_normal.size(); ++c) {  // the step's total impulses, impacts included
      sys.contacts[c]->normal_impulse += impact_normal[c];
      sys.contacts[c]->friction_impulse += impact_friction[c];
    }
    for (std::size_t i = 0; i < bounded_of.size(); ++i) {
      if (bounded_of[i].second == 3) controllers_[bounded_of[i].first].effort = bounded_impulses[i] / h;
    }
    for (std::size_t k = 0; k < island.joints.size(); ++k) {
      double sq = 0.0;
      for (int i = row_range[k].first; i < row_range[k].second; ++i) sq += joint_impulses[i] * joint_impulses[i];
      joint_state_[island.joints[k]].impulse = std::sqrt(sq);
      joint_state_[island.joints[k]].limit_impulse = 0.0;
    }
    for (std::size_t i = 0; i < limit_of.size(); ++i) joint_state_[limit_of[i].first].limit_impulse += limit_impulses[i];
    stats_.lcp_size += r.lcp_size;
    stats_.lcp_max_size = std::max(stats_.lcp_max_size, r.lcp_size);
    stats_.lemke_pivots += r.pivots;
    stats_.lemke_pivots_total += r.pivots;
    stats_.lcp_residual = std::max(stats_.lcp_residual, r.residual);
    if (r.fell_back) ++stats_.lcp_failures;
    for (int b : island.bodies) local[b] = -1;
  }
  if (!write_back) return;
  for (int i = 0; i < body_count(); ++i) {
    if (defs_[i].is_static) continue;
    v_WB_[i] = velocity_bodies_[i].v_W;
    w_WB_[i] = velocity_bodies_[i].w_W;
  }
  for (JointId j = 0; j < joint_count(); ++j) joint_state_[j].velocity = JointRate(j);
  if (warm) previous_contacts_ = contacts_;
}

void World::QuarantineNonFinite() {
  // A non-finite body never reaches the renderer: it goes back to its last
  // good pose, at rest, and the event is counted.
  for (int i = 0; i < body_count(); ++i) {
    if (IsFinite(X_WB_[i].p) && IsFinite(X_WB_[i].q) && IsFinite(v_WB_[i]) && IsFinite(w_WB_[i])) {
      continue;
    }
    X_WB_[i] = X_WB_prev_[i];
    v_WB_[i].setZero();
    w_WB_[i].setZero();
    ++stats_.nonfinite_events;
  }
}

void World::WritePoses(std::span<double> out) const {
  for (int i = 0; i < body_count(); ++i) {
    const Pose& X = X_WB_[i];
    double* o = out.data() + 7 * i;
    o[0] = X.p.x(); o[1] = X.p.y(); o[2] = X.p.z();
    o[3] = X.q.w(); o[4] = X.q.x(); o[5] = X.q.y(); o[6] = X.q.z();
  }
}

std::uint64_t World::StateHash() const {
  StateHasher hasher;
  for (int i = 0; i < body_count(); ++i) {
    hasher.Add(X_WB_[i].p);
    hasher.Add(X_WB_[i].q);
    hasher.Add(v_WB_[i]);
    hasher.Add(w_WB_[i]);
  }
  return hasher.value();
}

}  // namespace grasplab
