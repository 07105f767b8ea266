// World::StepPenalty: the penalty contact model of Zechmair & Morel
// (../shared/papers/002), contact_solver = kPenalty.
//
// One step of length h, as a pipeline:
//   1. PreparePenaltyShapes  every collision shape as a convex polyhedron,
//                            once (geometry/convex_polyhedron.h)
//   2. BroadPhase            body pairs whose boxes, grown by what the
//                            bodies can travel in h, overlap
//   3. Dormand-Prince 4(5)   substeps over [t, t + h] with error control
//                            (dynamics/dormand_prince.h) of the state
//                              y = (p, q, v, w per dynamic body; v_f, vdot_f per tracked overlap)
//                            whose derivative (PenaltyDerivative) is
//        a. the overlaps of the candidate pairs at y (collision/overlap_volume.h),
//        b. their forces, eqs. 4-8 (solvers/penalty_contact.h),
//        c. gravity, the drag spring, joint motors and friction, the
//           gyroscopic torque -w x I w,
//        d. the joints: the island solve of the other models with its
//           contact rows left out, over the horizon delta = h: the
//           constraint impulses that make the joint rows hold after delta
//           divided by delta are the constraint forces. That is the
//           acceleration-level joint solve J a = (e - J v) / delta, i.e.
//           Baumgarte stabilisation with time constant h (the joint rows'
//           targets e carry eq. 16's position correction), with the same
//           limits, PD motors and joint friction as the other models.
//   4. After each accepted substep, overlaps that began are tracked from
//      then on (t_c, dv_c, v_f = v, vdot_f = 0) and those that ended are
//      dropped; the next substep starts from the changed state.
// The contacts shown afterwards are the overlaps at the end of the step:
// point c, normal s_n, and the forces times h as impulses.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/format.h"
#include "core/geometry/aabb.h"
#include "core/math/det_math.h"
#include "core/world.h"

namespace grasplab {
namespace {

constexpr int kBodyState = 13;  // p(3) q(4) v(3) w(3)

// Tolerance scales per kind of state: the absolute tolerance is rtol times this.
constexpr double kPositionScale = 0.01;   // m
constexpr double kRotationScale = 0.01;   // quaternion components
constexpr double kVelocityScale = 0.1;    // m/s
constexpr double kAngularScale = 1.0;     // rad/s
constexpr double kVolumeScale = 1e-9;     // m^3 (1 mm^3)
constexpr double kVolumeRateScale = 1e-7; // m^3/s

// Most substeps one step may take before it is cut short with an error.
constexpr int kMaxSubsteps = 1'000'000;

}  // namespace

Status World::PrepareContactModel() {
  if (settings_.contact_solver != ContactSolver::kPenalty) return Status::Ok();
  return PreparePenaltyShapes();
}

Status World::PreparePenaltyShapes() {
  if (penalty_ready_) return Status::Ok();
  std::vector<std::vector<ConvexPolyhedron>> local(body_count());
  for (int i = 0; i < body_count(); ++i) {
    const Shape& shape = defs_[i].shape;
    const std::string field = "bodies[" + std::to_string(i) + "] (" + defs_[i].name + ")";
    if (std::holds_alternative<PlaneShape>(shape)) continue;  // empty: a half-space
    if (!defs_[i].collides) continue;
    if (std::holds_alternative<MeshShape>(shape)) {
      return Status::Error("solver.type penalty: " + field +
                           " is a static triangle mesh; the overlap volume needs convex solids (use a convex or compound shape)");
    }
    if (const auto* c = std::get_if<CompoundShape>(&shape)) {
      for (const CompoundPiece& piece : *c->pieces) {
        auto p = PolyhedronOfShape(piece.shape, 0);
        if (!p.ok()) return Status::Error("solver.type penalty: " + field + ": " + p.status().message());
        ConvexPolyhedron placed;
        TransformPolyhedron(p.value(), piece.X_BS, &placed);
        local[i].push_back(std::move(placed));
      }
      continue;
    }
    auto p = PolyhedronOfShape(shape, 0);
    if (!p.ok()) return Status::Error("solver.type penalty: " + field + ": " + p.status().message());
    local[i].push_back(std::move(p).value());
  }
  penalty_local_ = std::move(local);
  penalty_bounds_.assign(body_count(), {});
  for (int i = 0; i < body_count(); ++i) {
    for (ConvexPolyhedron& p : penalty_local_[i]) {  // its bounding box, in the body frame
      ConvexPolyhedron boxed;
      TransformPolyhedron(p, Pose{}, &boxed);
      p.lo = boxed.lo;
      p.hi = boxed.hi;
    }
    for (const ConvexPolyhedron& p : penalty_local_[i]) {  // bounding sphere: vertex mean, farthest vertex
      Vec3 c = Vec3::Zero();
      for (const Vec3& x : p.points) c += x;
      c /= static_cast<double>(p.points.size());
      double r = 0.0;
      for (const Vec3& x : p.points) r = std::max(r, (x - c).norm());
      penalty_bounds_[i].push_back(Eigen::Vector4d(c.x(), c.y(), c.z(), r));
    }
  }
  penalty_dynamic_.clear();
  for (int i = 0; i < body_count(); ++i) {
    if (!defs_[i].is_static) penalty_dynamic_.push_back(i);
  }
  penalty_ready_ = true;
  return Status::Ok();
}

void World::StorePenaltyState(std::vector<double>* y) const {
  y->resize(kBodyState * penalty_dynamic_.size() + 2 * penalty_pairs_.size());
  double* o = y->data();
  for (int i : penalty_dynamic_) {
    const Pose& X = X_WB_[i];
    o[0] = X.p.x(), o[1] = X.p.y(), o[2] = X.p.z();
    o[3] = X.q.w(), o[4] = X.q.x(), o[5] = X.q.y(), o[6] = X.q.z();
    o[7] = v_WB_[i].x(), o[8] = v_WB_[i].y(), o[9] = v_WB_[i].z();
    o[10] = w_WB_[i].x(), o[11] = w_WB_[i].y(), o[12] = w_WB_[i].z();
    o += kBodyState;
  }
}

void World::LoadPenaltyState(const std::vector<double>& y) {
  const double* o = y.data();
  for (int i : penalty_dynamic_) {
    X_WB_[i].p = Vec3(o[0], o[1], o[2]);
    Quat q(o[3], o[4], o[5], o[6]);
    const double n = std::sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z());
    if (n > 0.0) q.coeffs() /= n;
    X_WB_[i].q = q;
    v_WB_[i] = Vec3(o[7], o[8], o[9]);
    w_WB_[i] = Vec3(o[10], o[11], o[12]);
    o += kBodyState;
  }
}

void World::PenaltyDerivative(double t, const std::vector<double>& y, std::vector<double>* dydt) {
  penalty_time_ = t;
  LoadPenaltyState(y);
  const PenaltySettings& ps = settings_.penalty;
  const int n = body_count();
  penalty_force_.assign(n, Vec3::Zero());
  penalty_torque_.assign(n, Vec3::Zero());
  dydt->assign(y.size(), 0.0);

  // a-b. Overlaps and their forces.
  // Each overlap is computed in the body frame of the piece with more faces
  // (a sphere's 320), so only the other piece is transformed, after a
  // bounding-sphere test.
  auto centre = [&](BodyId body, std::size_t k) { return X_WB_[body].Apply(penalty_bounds_[body][k].head<3>()); };
  auto to_world = [](const Pose& X, Overlap* o) {
    o->centroid = X.Apply(o->centroid);
    o->direction = X.q * o->direction;
    o->gradient = X.q * o->gradient;
  };
  penalty_eval_.clear();
  const std::size_t pair_base = kBodyState * penalty_dynamic_.size();
  for (const auto& [a0, b0] : pairs_) {
    // A is the body with a solid; a plane is always B.
    BodyId a = a0, b = b0;
    if (penalty_local_[a].empty()) std::swap(a, b);
    if (penalty_local_[a].empty()) continue;
    const bool plane_b = penalty_local_[b].empty();
    const PairProperties props = materials_.Combine(defs_[a].material, defs_[b].material);
    for (std::size_t ka = 0; ka < penalty_local_[a].size(); ++ka) {
      const int pieces_b = plane_b ? 1 : static_cast<int>(penalty_local_[b].size());
      for (int kb = 0; kb < pieces_b; ++kb) {
        PenaltyEval e;
        e.key = {a, b, static_cast<int>(ka), kb};
        bool hit = false;
        const Vec3 ca = centre(a, ka);
        const double ra = penalty_bounds_[a][ka][3];
        ConvexPolyhedron& la = penalty_local_[a][ka];
        if (plane_b) {
          const Vec3 normal = X_WB_[b].q * Vec3::UnitZ();
          const double d = normal.dot(X_WB_[b].p);
          if (normal.dot(ca) - ra <= d) {
            const Pose& X = X_WB_[a];
            for (ConvexPolyhedron::Face& f : la.faces) f.origin = 0;
            hit = HalfSpaceOverlap(la, X.q.conjugate() * normal, d - normal.dot(X.p), &overlap_scratch_, &e.overlap);
            if (hit) to_world(X, &e.overlap);
          }
        } else if ((centre(b, kb) - ca).norm() <= ra + penalty_bounds_[b][kb][3]) {
          ConvexPolyhedron& lb = penalty_local_[b][kb];
          const bool a_big = la.faces.size() >= lb.faces.size();
          ConvexPolyhedron& big = a_big ? la : lb;
          const Pose& X_big = X_WB_[a_big ? a : b];
          TransformPolyhedron(a_big ? lb : la, Compose(Inverse(X_big), X_WB_[a_big ? b : a]), &penalty_moved_);
          // Algorithm 1's tri_A (0) and tri_B (1).
          for (ConvexPolyhedron::Face& f : big.faces) f.origin = a_big ? 0 : 1;
          for (ConvexPolyhedron::Face& f : penalty_moved_.faces) f.origin = a_big ? 1 : 0;
          hit = a_big ? ConvexOverlap(big, penalty_moved_, &overlap_scratch_, &e.overlap)
                      : ConvexOverlap(penalty_moved_, big, &overlap_scratch_, &e.overlap);
          if (hit) to_world(X_big, &e.overlap);
        }
        if (!hit) continue;
        const Vec3 s_n = (ps.direction == PenaltyDirection::kAlgorithm1 ? e.overlap.direction : e.overlap.gradient).normalized();
        const Vec3& c = e.overlap.centroid;
        const Vec3 v_rel = PointVelocity(a, c) - PointVelocity(b, c);
        e.approach_speed = -v_rel.dot(s_n);
        e.mass_sum = (defs_[a].is_static ? 0.0 : defs_[a].mass) + (defs_[b].is_static ? 0.0 : defs_[b].mass);
        e.mu = props.kinetic_friction;
        // The tracked state of this overlap, if it began in an earlier substep.
        const auto it = std::lower_bound(penalty_pairs_.begin(), penalty_pairs_.end(), e.key,
                                         [](const PenaltyPair& p, const PenaltyKey& k) { return p.key < k; });
        double rate = 0.0, impact = 0.0;
        if (it != penalty_pairs_.end() && it->key == e.key) {
          e.tracked = static_cast<int>(it - penalty_pairs_.begin());
          rate = y[pair_base + 2 * e.tracked + 1];
          impact = ImpactGain(ps, t - it->t_contact, it->approach_speed, it->mass_sum);
        }
        e.force = PenaltyContactForce(ps, e.overlap.volume, e.overlap.area, rate, s_n, v_rel, e.mu, impact);
        const Vec3 f = e.force.normal + e.force.friction;
        penalty_force_[a] += f;
        penalty_torque_[a] += (c - X_WB_[a].p).cross(f);  // eq. 7
        penalty_force_[b] -= f;
        penalty_torque_[b] -= (c - X_WB_[b].p).cross(f);
        penalty_eval_.push_back(e);
      }
    }
  }
  // Eq. 4 for every tracked overlap (v = 0 once it has ended within the substep).
  for (std::size_t k = 0; k < penalty_pairs_.size(); ++k) {
    double v = 0.0;
    for (const PenaltyEval& e : penalty_eval_) {
      if (e.tracked == static_cast<int>(k)) v = e.overlap.volume;
    }
    const double w = 2.0 * kPi * ps.filter_frequency;
    const double vf = y[pair_base + 2 * k], vf_dot = y[pair_base + 2 * k + 1];
    (*dydt)[pair_base + 2 * k] = vf_dot;
    (*dydt)[pair_base + 2 * k + 1] = -2.0 * ps.filter_damping * w * vf_dot + w * w * (v - vf);
  }

  // c. The other forces, as the free velocities after the horizon delta.
  const double delta = stats_.step_length;
  LoadVelocityBodies();
  for (int i : penalty_dynamic_) {
    VelocityBody& vb = velocity_bodies_[i];
    const Vec3 torque = penalty_torque_[i] - w_WB_[i].cross(InertiaWorld(i) * w_WB_[i]);
    vb.v_W = v_WB_[i] + delta * (settings_.gravity + inv_mass_[i] * penalty_force_[i]);
    vb.w_W = w_WB_[i] + delta * (vb.inv_I_W * torque);
  }
  ApplyDragSpring(delta);
  ApplyJointForces(delta);
  // d. The joints (contact rows left out).
  contacts_.clear();
  SolveVelocities(delta, /*write_back=*/false);

  double* o = dydt->data();
  for (int i : penalty_dynamic_) {
    const Quat& q = X_WB_[i].q;
    const Vec3& w = w_WB_[i];
    o[0] = v_WB_[i].x(), o[1] = v_WB_[i].y(), o[2] = v_WB_[i].z();
    // q_dot = (1/2) (0, w) q, w in the world frame.
    o[3] = 0.5 * (-w.x() * q.x() - w.y() * q.y() - w.z() * q.z());
    o[4] = 0.5 * (w.x() * q.w() + w.y() * q.z() - w.z() * q.y());
    o[5] = 0.5 * (w.y() * q.w() + w.z() * q.x() - w.x() * q.z());
    o[6] = 0.5 * (w.z() * q.w() + w.x() * q.y() - w.y() * q.x());
    const Vec3 a = (velocity_bodies_[i].v_W - v_WB_[i]) / delta;
    const Vec3 alpha = (velocity_bodies_[i].w_W - w_WB_[i]) / delta;
    o[7] = a.x(), o[8] = a.y(), o[9] = a.z();
    o[10] = alpha.x(), o[11] = alpha.y(), o[12] = alpha.z();
    o += kBodyState;
  }
}

Status World::StepPenalty(double h) {
  using Clock = std::chrono::steady_clock;
  if (Status s = PreparePenaltyShapes(); !s.ok()) return s;
  const PenaltySettings& ps = settings_.penalty;
  stats_.step_length = h;
  stats_.penalty_substeps = stats_.penalty_rejected = stats_.penalty_forced = 0;
  stats_.penalty_min_substep = h;
  X_WB_prev_.assign(X_WB_.begin(), X_WB_.end());
  stats_.stage_seconds.fill(0.0);

  // 2. Candidate pairs for the whole step.
  FindPairs(h, settings_.contact_threshold, /*speculative=*/true);
  const auto t1 = Clock::now();

  // Tracked overlaps of pairs no longer candidates have ended.
  std::erase_if(penalty_pairs_, [&](const PenaltyPair& p) {
    const BodyPair bp{std::min(p.key.a, p.key.b), std::max(p.key.a, p.key.b)};
    return !std::binary_search(pairs_.begin(), pairs_.end(), bp);
  });

  // 3-4. Substeps.
  std::vector<double> y, k1, y5, k7, atol;
  auto derivative = [this](double t, const std::vector<double>& s, std::vector<double>* d) {
    PenaltyDerivative(t, s, d);
  };
  auto load = [&] {  // y and its tolerances from the world and the tracked pairs
    StorePenaltyState(&y);
    const std::size_t base = kBodyState * penalty_dynamic_.size();
    for (std::size_t k = 0; k < penalty_pairs_.size(); ++k) {
      y[base + 2 * k] = penalty_pairs_[k].filter[0];
      y[base + 2 * k + 1] = penalty_pairs_[k].filter[1];
    }
    atol.resize(y.size());
    for (std::size_t i = 0; i < base; ++i) {
      const int c = static_cast<int>(i % kBodyState);
      const double scale = c < 3 ? kPositionScale : c < 7 ? kRotationScale : c < 10 ? kVelocityScale : kAngularScale;
      atol[i] = ps.tolerance * scale;
    }
    for (std::size_t i = base; i < y.size(); ++i) {
      atol[i] = ps.tolerance * ((i - base) % 2 == 0 ? kVolumeScale : kVolumeRateScale);
    }
  };
  const double t_start = time_;
  double t = 0.0;
  double sub = ps.adaptive ? (penalty_substep_ > 0.0 ? std::min(penalty_substep_, h) : std::min(h, 1e-4))
                           : std::min(ps.fixed_step, h);
  load();
  derivative(t_start, y, &k1);
  int steps = 0;
  while (t < h) {
    if (++steps > kMaxSubsteps) {
      return Status::Error("solver.penalty: more than " + std::to_string(kMaxSubsteps) +
                           " substeps in one step at t = " + FormatNumber(t_start + t) + " s; loosen the tolerance");
    }
    double s = std::min(sub, h - t);
    if (h - t - s < 1e-9 * h) s = h - t;  // no sliver at the end
    const double err = dormand_prince_.TryStep(derivative, t_start + t, y, k1, s, atol, ps.tolerance, &y5, &k7);
    const bool accept = !ps.adaptive || err <= 1.0 || s <= ps.min_step;
    if (ps.adaptive) sub = std::max(DormandPrince45::NextStepLength(s, err), ps.min_step);
    if (!accept) {
      ++stats_.penalty_rejected;
      ++stats_.penalty_rejected_total;
      continue;
    }
    if (err > 1.0) ++stats_.penalty_forced;
    ++stats_.penalty_substeps;
    ++stats_.penalty_substeps_total;
    stats_.penalty_min_substep = std::min(stats_.penalty_min_substep, s);
    t = (h - t - s == 0.0) ? h : t + s;
    y.swap(y5);
    // k7 was evaluated at the new y: penalty_eval_ holds its overlaps.
    const std::size_t base = kBodyState * penalty_dynamic_.size();
    for (std::size_t k = 0; k < penalty_pairs_.size(); ++k) {
      penalty_pairs_[k].filter = {y[base + 2 * k], y[base + 2 * k + 1]};
    }
    // Overlaps that began are tracked; those that ended are dropped.
    std::vector<PenaltyPair> next;
    bool changed = false;
    for (const PenaltyEval& e : penalty_eval_) {
      if (e.tracked >= 0) {
        next.push_back(penalty_pairs_[e.tracked]);
        continue;
      }
      PenaltyPair p;
      p.key = e.key;
      p.t_contact = t_start + t;
      p.approach_speed = std::max(0.0, e.approach_speed);
      p.mass_sum = e.mass_sum;
      p.filter = {e.overlap.volume, 0.0};
      next.push_back(p);
      changed = true;
    }
    std::sort(next.begin(), next.end(), [](const PenaltyPair& x, const PenaltyPair& z) { return x.key < z.key; });
    if (next.size() != penalty_pairs_.size()) changed = true;
    if (changed) {
      penalty_pairs_ = std::move(next);
      load();
      derivative(t_start + t, y, &k1);
    } else {
      k1.swap(k7);
    }
  }
  if (ps.adaptive) penalty_substep_ = sub;
  LoadPenaltyState(y);
  // A non-finite filter state would poison every later step; the bodies
  // themselves are quarantined by Step().
  std::erase_if(penalty_pairs_, [](const PenaltyPair& p) { return !IsFinite(p.filter[0]) || !IsFinite(p.filter[1]); });
  if (!IsFinite(penalty_substep_) || penalty_substep_ <= 0.0) penalty_substep_ = 0.0;
  const auto t2 = Clock::now();
  stats_.stage_seconds[static_cast<int>(Stage::kSolveVelocities)] = std::chrono::duration<double>(t2 - t1).count();

  // The contacts of the end state, for the viewer and the CLI.
  contacts_.clear();
  for (const PenaltyEval& e : penalty_eval_) {
    Contact c;
    c.body_a = e.key.a;
    c.body_b = e.key.b;
    c.p_W = e.overlap.centroid;
    c.n_W = (settings_.penalty.direction == PenaltyDirection::kAlgorithm1 ? e.overlap.direction : e.overlap.gradient)
                .normalized();
    c.separation = -e.overlap.volume / e.overlap.area;
    c.kinetic_friction = c.static_friction = c.friction = e.mu;
    c.normal_impulse = e.force.normal.norm() * h;
    c.friction_impulse = e.force.friction * h;
    contacts_.push_back(c);
  }
  UpdateJointPositions();
  for (int i = 0; i < body_count(); ++i) {
    velocity_bodies_[i].v_W = v_WB_[i];
    velocity_bodies_[i].w_W = w_WB_[i];
  }
  for (JointId j = 0; j < joint_count(); ++j) joint_state_[j].velocity = JointRate(j);
  return Status::Ok();
}

}  // namespace grasplab
