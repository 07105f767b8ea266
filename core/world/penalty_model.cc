#include "core/world/penalty_model.h"

#include <algorithm>
#include <cmath>

#include "core/base/format.h"
#include "core/dynamics/integrate_pose.h"
#include "core/math/det_math.h"
#include "core/world/external_impulses.h"
#include "core/world/joint_forces.h"
#include "core/world/joint_kinematics.h"

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

Mat3 WorldInertia(const Quat& q, const Mat3& I_B) {
  const Mat3 R = q.toRotationMatrix();
  return R * I_B * R.transpose();
}

// One overlap of the last derivative (PenaltyModel::Evaluation) as a
// contact: at the overlap's centroid, along its normal (eq. 10's direction
// or the volume's gradient, PenaltySettings::direction), its separation the
// overlap's mean depth -V/A, the pair's friction. No impulses.
template <class Evaluation>
Contact OverlapContact(const Evaluation& e, PenaltyDirection direction) {
  Contact c;
  c.body_a = e.key.a;
  c.body_b = e.key.b;
  c.p_W = e.overlap.centroid;
  c.n_W = (direction == PenaltyDirection::kAlgorithm1 ? e.overlap.direction : e.overlap.gradient).normalized();
  c.separation = -e.overlap.volume / e.overlap.area;
  c.static_friction = c.kinetic_friction = c.friction = e.mu;
  return c;
}

}  // namespace

IslandSolveStats PenaltyModel::SolveIsland(IslandSystem* sys, double h, const PreStepVelocities&, IslandImpulses* out) {
  lcp_.h = h;
  return SolveIslandByLcp(&lcp_solver_, sys, lcp_, out);
}

Status PenaltyModel::Prepare(const WorldModel& model) {
  if (prepared_bodies_ == model.body_count()) return Status::Ok();
  std::vector<std::vector<ConvexPolyhedron>> local(model.body_count());
  for (int i = 0; i < model.body_count(); ++i) {
    const Shape& shape = model.bodies[i].shape;
    const std::string field = "bodies[" + std::to_string(i) + "] (" + model.bodies[i].name + ")";
    if (std::holds_alternative<PlaneShape>(shape)) continue;  // empty: a half-space
    if (!model.bodies[i].collides) continue;
    if (std::holds_alternative<MeshShape>(shape)) {
      return Status::Error(field + " is a static triangle mesh; the penalty model's overlap volume needs convex "
                           "solids (use a convex or compound shape)");
    }
    if (const auto* c = std::get_if<CompoundShape>(&shape)) {
      for (const CompoundPiece& piece : *c->pieces) {
        auto p = PolyhedronOfShape(piece.shape, 0);
        if (!p.ok()) return Status::Error(field + ": " + p.status().message());
        ConvexPolyhedron placed;
        TransformPolyhedron(p.value(), piece.X_BS, &placed);
        local[i].push_back(std::move(placed));
      }
      continue;
    }
    auto p = PolyhedronOfShape(shape, 0);
    if (!p.ok()) return Status::Error(field + ": " + p.status().message());
    local[i].push_back(std::move(p).value());
  }
  local_ = std::move(local);
  bounds_.assign(model.body_count(), {});
  for (int i = 0; i < model.body_count(); ++i) {
    for (ConvexPolyhedron& p : local_[i]) {  // its bounding box, in the body frame
      ConvexPolyhedron boxed;
      TransformPolyhedron(p, Pose{}, &boxed);
      p.lo = boxed.lo;
      p.hi = boxed.hi;
    }
    for (const ConvexPolyhedron& p : local_[i]) {  // bounding sphere: vertex mean, farthest vertex
      Vec3 c = Vec3::Zero();
      for (const Vec3& x : p.points) c += x;
      c /= static_cast<double>(p.points.size());
      double r = 0.0;
      for (const Vec3& x : p.points) r = std::max(r, (x - c).norm());
      bounds_[i].push_back(Eigen::Vector4d(c.x(), c.y(), c.z(), r));
    }
  }
  dynamic_.clear();
  for (int i = 0; i < model.body_count(); ++i) {
    if (!model.bodies[i].is_static) dynamic_.push_back(i);
  }
  prepared_bodies_ = model.body_count();
  return Status::Ok();
}

void PenaltyModel::StoreState(const PenaltyStepContext& ctx, const WorldState& state, std::vector<double>* y) const {
  y->resize(pair_base_ + 2 * tracked_.size());
  double* o = y->data();
  for (int i : free_) {
    const Pose& X = state.X_WB[i];
    o[0] = X.p.x(), o[1] = X.p.y(), o[2] = X.p.z();
    o[3] = X.q.w(), o[4] = X.q.x(), o[5] = X.q.y(), o[6] = X.q.z();
    o[7] = state.v_WB[i].x(), o[8] = state.v_WB[i].y(), o[9] = state.v_WB[i].z();
    o[10] = state.w_WB[i].x(), o[11] = state.w_WB[i].y(), o[12] = state.w_WB[i].z();
    o += kBodyState;
  }
  if (ctx.trees) ctx.trees->StorePenaltyState(state, y->data() + tree_base_);
}

void PenaltyModel::LoadState(const PenaltyStepContext& ctx, const std::vector<double>& y, WorldState* state) const {
  const double* o = y.data();
  for (int i : free_) {
    state->X_WB[i].p = Vec3(o[0], o[1], o[2]);
    Quat q(o[3], o[4], o[5], o[6]);
    const double n = std::sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z());
    if (n > 0.0) q.coeffs() /= n;
    state->X_WB[i].q = q;
    state->v_WB[i] = Vec3(o[7], o[8], o[9]);
    state->w_WB[i] = Vec3(o[10], o[11], o[12]);
    o += kBodyState;
  }
  if (ctx.trees) ctx.trees->LoadPenaltyState(ctx.model, y.data() + tree_base_, state);
}

// The overlaps at the loaded state and their forces (eqs. 4-8) into
// evaluations_, force_ and torque_. Each overlap is computed in the body
// frame of the piece with more faces (a sphere's 320), so only the other
// piece is transformed, after a bounding-sphere test.
void PenaltyModel::Overlaps(const PenaltyStepContext& ctx, double t, const std::vector<double>& y) {
  const WorldModel& model = ctx.model;
  const WorldState& state = ctx.state;
  const PenaltySettings& ps = model.settings.penalty;
  const std::vector<Pose>& X = state.X_WB;
  auto centre = [&](BodyId body, std::size_t k) { return X[body].Apply(bounds_[body][k].head<3>()); };
  auto to_world = [](const Pose& X_W, Overlap* o) {
    o->centroid = X_W.Apply(o->centroid);
    o->direction = X_W.q * o->direction;
    o->gradient = X_W.q * o->gradient;
  };
  auto point_velocity = [&](BodyId id, const Vec3& p) { return Vec3(state.v_WB[id] + state.w_WB[id].cross(p - X[id].p)); };
  evaluations_.clear();
  const std::size_t pair_base = pair_base_;
  for (const auto& [a0, b0] : ctx.finder.pairs()) {
    // A is the body with a solid; a plane is always B.
    BodyId a = a0, b = b0;
    if (local_[a].empty()) std::swap(a, b);
    if (local_[a].empty()) continue;
    const bool plane_b = local_[b].empty();
    const PairProperties props = model.materials.Combine(model.bodies[a].material, model.bodies[b].material);
    for (std::size_t ka = 0; ka < local_[a].size(); ++ka) {
      const int pieces_b = plane_b ? 1 : static_cast<int>(local_[b].size());
      for (int kb = 0; kb < pieces_b; ++kb) {
        Evaluation e;
        e.key = {a, b, static_cast<int>(ka), kb};
        bool hit = false;
        const Vec3 ca = centre(a, ka);
        const double ra = bounds_[a][ka][3];
        ConvexPolyhedron& la = local_[a][ka];
        if (plane_b) {
          const Vec3 normal = X[b].q * Vec3::UnitZ();
          const double d = normal.dot(X[b].p);
          if (normal.dot(ca) - ra <= d) {
            const Pose& X_A = X[a];
            for (ConvexPolyhedron::Face& f : la.faces) f.origin = 0;
            hit = HalfSpaceOverlap(la, X_A.q.conjugate() * normal, d - normal.dot(X_A.p), &overlap_scratch_, &e.overlap);
            if (hit) to_world(X_A, &e.overlap);
          }
        } else if ((centre(b, kb) - ca).norm() <= ra + bounds_[b][kb][3]) {
          ConvexPolyhedron& lb = local_[b][kb];
          const bool a_big = la.faces.size() >= lb.faces.size();
          ConvexPolyhedron& big = a_big ? la : lb;
          const Pose& X_big = X[a_big ? a : b];
          TransformPolyhedron(a_big ? lb : la, Compose(Inverse(X_big), X[a_big ? b : a]), &moved_);
          // Algorithm 1's tri_A (0) and tri_B (1).
          for (ConvexPolyhedron::Face& f : big.faces) f.origin = a_big ? 0 : 1;
          for (ConvexPolyhedron::Face& f : moved_.faces) f.origin = a_big ? 1 : 0;
          hit = a_big ? ConvexOverlap(big, moved_, &overlap_scratch_, &e.overlap)
                      : ConvexOverlap(moved_, big, &overlap_scratch_, &e.overlap);
          if (hit) to_world(X_big, &e.overlap);
        }
        if (!hit) continue;
        const Vec3 s_n = (ps.direction == PenaltyDirection::kAlgorithm1 ? e.overlap.direction : e.overlap.gradient).normalized();
        const Vec3& c = e.overlap.centroid;
        const Vec3 v_rel = point_velocity(a, c) - point_velocity(b, c);
        e.approach_speed = -v_rel.dot(s_n);
        e.mass_sum = (model.bodies[a].is_static ? 0.0 : model.bodies[a].mass) +
                     (model.bodies[b].is_static ? 0.0 : model.bodies[b].mass);
        e.mu = props.kinetic_friction;
        // The tracked state of this overlap, if it began in an earlier substep.
        const auto it = std::lower_bound(tracked_.begin(), tracked_.end(), e.key,
                                         [](const TrackedPair& p, const Key& k) { return p.key < k; });
        double rate = 0.0, impact = 0.0;
        if (it != tracked_.end() && it->key == e.key) {
          e.tracked = static_cast<int>(it - tracked_.begin());
          rate = y[pair_base + 2 * e.tracked + 1];
          impact = ImpactGain(ps, t - it->t_contact, it->approach_speed, it->mass_sum);
        }
        e.force = PenaltyContactForce(ps, e.overlap.volume, e.overlap.area, rate, s_n, v_rel, e.mu, impact);
        evaluations_.push_back(e);
      }
    }
  }
  // The pads take over the overlaps on their faces (header).
  if (ctx.pads) {
    pad_candidates_.clear();
    for (const Evaluation& e : evaluations_) {
      pad_candidates_.push_back(OverlapContact(e, ps.direction));
    }
    ctx.pads->Solve(model, X, pad_candidates_, &ctx.state.pads, &pad_taken_);
    for (std::size_t k = 0; k < evaluations_.size(); ++k) evaluations_[k].padded = pad_taken_[k] != 0;
    ctx.pads->AddPenaltyForces(model, state, ps, ctx.stats.step_length, &ctx.state.pads, &force_, &torque_);
  }
  for (const Evaluation& e : evaluations_) {
    if (e.padded) continue;
    const BodyId a = e.key.a, b = e.key.b;
    const Vec3& c = e.overlap.centroid;
    const Vec3 f = e.force.normal + e.force.friction;
    force_[a] += f;
    torque_[a] += (c - X[a].p).cross(f);  // eq. 7
    force_[b] -= f;
    torque_[b] -= (c - X[b].p).cross(f);
  }
}

void PenaltyModel::Derivative(const PenaltyStepContext& ctx, double t, const std::vector<double>& y,
                              std::vector<double>* dydt) {
  const WorldModel& model = ctx.model;
  WorldState& state = ctx.state;
  LoadState(ctx, y, &state);
  const PenaltySettings& ps = model.settings.penalty;
  const int n = model.body_count();
  force_.assign(n, Vec3::Zero());
  torque_.assign(n, Vec3::Zero());
  dydt->assign(y.size(), 0.0);
  RunStage(&ctx.clock, Stage::kNarrowPhase, [&] { Overlaps(ctx, t, y); });
  // Eq. 4 for every tracked overlap (v = 0 once it has ended within the substep).
  const std::size_t pair_base = pair_base_;
  for (std::size_t k = 0; k < tracked_.size(); ++k) {
    double v = 0.0;
    for (const Evaluation& e : evaluations_) {
      if (e.tracked == static_cast<int>(k)) v = e.overlap.volume;
    }
    const double w = 2.0 * kPi * ps.filter_frequency;
    const double vf = y[pair_base + 2 * k], vf_dot = y[pair_base + 2 * k + 1];
    (*dydt)[pair_base + 2 * k] = vf_dot;
    (*dydt)[pair_base + 2 * k + 1] = -2.0 * ps.filter_damping * w * vf_dot + w * w * (v - vf);
  }

  // The other forces, as the free velocities after the horizon delta.
  const double delta = ctx.stats.step_length;
  std::vector<VelocityBody>& bodies = ctx.scratch.velocity_bodies;
  RunStage(&ctx.clock, Stage::kExternalImpulses, [&] {
    LoadVelocityBodies(model, state, &bodies);
    for (int i : free_) {
      VelocityBody& vb = bodies[i];
      const Vec3 torque = torque_[i] - state.w_WB[i].cross(WorldInertia(state.X_WB[i].q, model.I_B[i]) * state.w_WB[i]);
      vb.v_W = state.v_WB[i] + delta * (model.settings.gravity + model.inv_mass[i] * force_[i]);
      vb.w_W = state.w_WB[i] + delta * (vb.inv_I_W * torque);
    }
    if (ctx.drag.body >= 0) {
      const BodyId d = ctx.drag.body;
      ApplyDragSpring(state.X_WB[d], state.v_WB[d], state.w_WB[d], delta, &ctx.drag, &bodies[d]);
    }
    // The trees: qd* by ABA with the contact forces (and the drag) on their bodies.
    if (ctx.trees) ctx.trees->FreeVelocities(model, state, delta, ctx.drag, &bodies, force_, torque_);
  });
  const std::span<const std::uint8_t> tree_joints = ctx.trees ? ctx.trees->joint_in_tree() : std::span<const std::uint8_t>{};
  RunStage(&ctx.clock, Stage::kJointForces, [&] { ApplyJointForces(model, state, delta, &bodies, tree_joints); });
  // The joints (contact rows left out).
  state.contacts.clear();
  ctx.islands.SolveIslands(delta, /*write_back=*/false);

  double* o = dydt->data();
  for (int i : free_) {
    const Quat& q = state.X_WB[i].q;
    const Vec3& w = state.w_WB[i];
    o[0] = state.v_WB[i].x(), o[1] = state.v_WB[i].y(), o[2] = state.v_WB[i].z();
    QuaternionRate(q, w, o + 3);
    const Vec3 a = (bodies[i].v_W - state.v_WB[i]) / delta;
    const Vec3 alpha = (bodies[i].w_W - state.w_WB[i]) / delta;
    o[7] = a.x(), o[8] = a.y(), o[9] = a.z();
    o[10] = alpha.x(), o[11] = alpha.y(), o[12] = alpha.z();
    o += kBodyState;
  }
  if (ctx.trees) ctx.trees->PenaltyDerivative(y.data() + tree_base_, delta, dydt->data() + tree_base_);
}

bool PenaltyModel::UpdateTrackedPairs(double t_now) {
  std::vector<TrackedPair>& next = next_tracked_;
  next.clear();
  bool changed = false;
  for (const Evaluation& e : evaluations_) {
    if (e.tracked >= 0) {
      next.push_back(tracked_[e.tracked]);
      continue;
    }
    TrackedPair p;
    p.key = e.key;
    p.t_contact = t_now;
    p.approach_speed = std::max(0.0, e.approach_speed);
    p.mass_sum = e.mass_sum;
    p.filter = {e.overlap.volume, 0.0};
    next.push_back(p);
    changed = true;
  }
  std::sort(next.begin(), next.end(), [](const TrackedPair& x, const TrackedPair& z) { return x.key < z.key; });
  if (next.size() != tracked_.size()) changed = true;
  if (changed) tracked_.swap(next);
  return changed;
}

void PenaltyModel::StoreContacts(const PenaltyStepContext& ctx, double h) {
  const WorldModel& model = ctx.model;
  WorldState& state = ctx.state;
  const PenaltySettings& ps = model.settings.penalty;
  state.contacts.clear();
  for (const Evaluation& e : evaluations_) {
    if (e.padded) continue;  // the pad shows it (WorldState::pads)
    Contact c = OverlapContact(e, ps.direction);
    c.normal_impulse = e.force.normal.norm() * h;
    c.friction_impulse = e.force.friction * h;
    state.contacts.push_back(c);
  }
  // Tree joints keep their q and qd (the state); the others' from the bodies.
  const std::span<const std::uint8_t> tree_joints = ctx.trees ? ctx.trees->joint_in_tree() : std::span<const std::uint8_t>{};
  UpdateJointPositions(model, &state, tree_joints);
  std::vector<VelocityBody>& bodies = ctx.scratch.velocity_bodies;
  for (int i = 0; i < model.body_count(); ++i) {
    bodies[i].v_W = state.v_WB[i];
    bodies[i].w_W = state.w_WB[i];
  }
  for (JointId j = 0; j < model.joint_count(); ++j) {
    if (!tree_joints.empty() && tree_joints[j]) continue;
    state.joints[j].velocity = JointRate(model, state, bodies, j);
  }
}

Status PenaltyModel::Step(const PenaltyStepContext& ctx, double h) {
  const WorldModel& model = ctx.model;
  WorldState& state = ctx.state;
  StepStats& stats = ctx.stats;
  if (Status s = Prepare(model); !s.ok()) return s;
  const PenaltySettings& ps = model.settings.penalty;
  stats.step_length = h;
  stats.penalty_substeps = stats.penalty_rejected = stats.penalty_forced = 0;
  stats.penalty_min_substep = h;
  ctx.scratch.X_WB_prev.assign(state.X_WB.begin(), state.X_WB.end());
  // The layout of y: free bodies, the trees, the tracked pairs.
  free_.clear();
  for (int i : dynamic_) {
    if (!ctx.trees || !ctx.trees->body_in_tree()[i]) free_.push_back(i);
  }
  tree_base_ = kBodyState * free_.size();
  pair_base_ = tree_base_ + (ctx.trees ? ctx.trees->PenaltyStateSize() : 0);
  if (ctx.trees) ctx.trees->MarkStepStart(model, state);

  // Candidate pairs for the whole step.
  RunStage(&ctx.clock, Stage::kBroadPhase,
           [&] { ctx.finder.FindPairs(model, state, h, model.settings.contact_threshold, /*speculative=*/true); });
  const std::vector<BodyPair>& pairs = ctx.finder.pairs();
  // Tracked overlaps of pairs no longer candidates have ended.
  std::erase_if(tracked_, [&](const TrackedPair& p) {
    const BodyPair bp{std::min(p.key.a, p.key.b), std::max(p.key.a, p.key.b)};
    return !std::binary_search(pairs.begin(), pairs.end(), bp);
  });

  ctx.clock.Enter(Stage::kIntegratePositions);
  std::vector<double>& y = y_;
  std::vector<double>& k1 = k1_;
  std::vector<double>& y5 = y5_;
  std::vector<double>& k7 = k7_;
  std::vector<double>& atol = atol_;
  auto derivative = [&](double t, const std::vector<double>& s, std::vector<double>* d) { Derivative(ctx, t, s, d); };
  auto load = [&] {  // y and its tolerances from the world and the tracked pairs
    StoreState(ctx, state, &y);
    const std::size_t base = pair_base_;
    for (std::size_t k = 0; k < tracked_.size(); ++k) {
      y[base + 2 * k] = tracked_[k].filter[0];
      y[base + 2 * k + 1] = tracked_[k].filter[1];
    }
    atol.resize(y.size());
    if (ctx.trees) {
      ctx.trees->PenaltyTolerances(ps.tolerance * kPositionScale, ps.tolerance * kRotationScale,
                                   ps.tolerance * kVelocityScale, ps.tolerance * kAngularScale, atol.data() + tree_base_);
    }
    for (std::size_t i = 0; i < tree_base_; ++i) {
      const int c = static_cast<int>(i % kBodyState);
      const double scale = c < 3 ? kPositionScale : c < 7 ? kRotationScale : c < 10 ? kVelocityScale : kAngularScale;
      atol[i] = ps.tolerance * scale;
    }
    for (std::size_t i = base; i < y.size(); ++i) {
      atol[i] = ps.tolerance * ((i - base) % 2 == 0 ? kVolumeScale : kVolumeRateScale);
    }
  };
  const double t_start = state.time;
  double t = 0.0;
  double sub = ps.adaptive ? (substep_ > 0.0 ? std::min(substep_, h) : std::min(h, 1e-4)) : std::min(ps.fixed_step, h);
  load();
  derivative(t_start, y, &k1);
  int steps = 0;
  while (t < h) {
    if (++steps > kMaxSubsteps) {
      ctx.clock.Leave();
      return Status::Error("penalty model: more than " + std::to_string(kMaxSubsteps) +
                           " substeps in one step at t = " + FormatNumber(t_start + t) + " s; loosen its tolerance");
    }
    double s = std::min(sub, h - t);
    if (h - t - s < 1e-9 * h) s = h - t;  // no sliver at the end
    const double err = dormand_prince_.TryStep(derivative, t_start + t, y, k1, s, atol, ps.tolerance, &y5, &k7);
    const bool accept = !ps.adaptive || err <= 1.0 || s <= ps.min_step;
    if (ps.adaptive) sub = std::max(DormandPrince45::NextStepLength(s, err), ps.min_step);
    if (!accept) {
      ++stats.penalty_rejected;
      ++stats.penalty_rejected_total;
      continue;
    }
    if (err > 1.0) ++stats.penalty_forced;
    ++stats.penalty_substeps;
    ++stats.penalty_substeps_total;
    stats.penalty_min_substep = std::min(stats.penalty_min_substep, s);
    t = (h - t - s == 0.0) ? h : t + s;
    y.swap(y5);
    // k7 was evaluated at the new y: evaluations_ holds its overlaps.
    const std::size_t base = pair_base_;
    for (std::size_t k = 0; k < tracked_.size(); ++k) tracked_[k].filter = {y[base + 2 * k], y[base + 2 * k + 1]};
    if (UpdateTrackedPairs(t_start + t)) {
      load();
      derivative(t_start + t, y, &k1);
    } else {
      k1.swap(k7);
    }
  }
  if (ps.adaptive) substep_ = sub;
  LoadState(ctx, y, &state);
  // A non-finite filter state would poison every later step; the bodies
  // themselves are quarantined by the World.
  std::erase_if(tracked_, [](const TrackedPair& p) { return !IsFinite(p.filter[0]) || !IsFinite(p.filter[1]); });
  if (!IsFinite(substep_) || substep_ <= 0.0) substep_ = 0.0;
  ctx.clock.Leave();

  RunStage(&ctx.clock, Stage::kStoreSolution, [&] { StoreContacts(ctx, h); });
  return Status::Ok();
}

}  // namespace grasplab
