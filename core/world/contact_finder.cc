#include "core/world/contact_finder.h"

#include <algorithm>
#include <limits>

#include "core/base/worker_pool.h"
#include "core/collision/narrow_phase.h"
#include "core/collision/speculative_points.h"
#include "core/geometry/aabb.h"

namespace grasplab {
namespace {

// m: the largest radius of curvature of the shape's curved surface (a
// sphere's, a capsule's or a cylinder's radius; the largest of a compound's
// pieces), 0 for a shape of flat faces (plane, box, hull, mesh, triangle).
// A contact point on a curved surface moves along it by rho * phi when the
// pair turns by phi (rolling), while the material points barely move
// (header: reuse).
double CurvatureRadius(const Shape& shape) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return s->radius;
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) return c->radius;
  if (const auto* c = std::get_if<CylinderShape>(&shape)) return c->radius;
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    double rho = 0.0;
    if (c->pieces) {
      for (const CompoundPiece& piece : *c->pieces) rho = std::max(rho, CurvatureRadius(piece.shape));
    }
    return rho;
  }
  return 0.0;
}

}  // namespace

void ContactFinder::FindPairs(const WorldModel& model, const WorldState& state, double h, double pad, bool speculative) {
  const int n = model.body_count();
  const double g = model.settings.gravity.norm();
  travel_.assign(n, 0.0);
  speculative_h_ = speculative ? h : 0.0;
  aabbs_.resize(n);
  radius_.resize(n);
  curvature_.resize(n);
  for (int i = 0; i < n; ++i) {
    radius_[i] = BoundingRadius(model.bodies[i].shape);
    curvature_[i] = CurvatureRadius(model.bodies[i].shape);
    if (!model.bodies[i].is_static && speculative) {
      const double reach = state.v_WB[i].norm() + state.w_WB[i].norm() * radius_[i] + h * g;
      travel_[i] = 2.0 * h * reach;
    }
    aabbs_[i] = WorldAabb(model.bodies[i].shape, state.X_WB[i]).Inflated(pad + travel_[i]);
  }
  broad_phase_.FindPairs(aabbs_, model.is_static, model.excluded_pairs, &pairs_);
  std::erase_if(pairs_, [&](const BodyPair& p) { return !model.bodies[p.first].collides || !model.bodies[p.second].collides; });
}

void ContactFinder::NarrowPhase(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> asleep,
                                WorkerPool* pool) {
  std::vector<Contact>& contacts = state->contacts;
  const bool keep = !asleep.empty() && ranges_valid_;
  if (keep) {
    previous_.swap(contacts);
    previous_ranges_.swap(ranges_);
  }
  contacts.clear();
  ranges_.clear();
  const double delta = model.settings.contact_reuse_distance;
  next_reused_.clear();
  next_points_.clear();

  // 1. Each pair's plan, in pairs_' sorted order: keep a sleeping pair's
  // contacts, place a reused set, or query the pair (a job).
  const int pair_count = static_cast<int>(pairs_.size());
  plans_.resize(pair_count);
  jobs_.clear();
  std::size_t cursor = 0;        // into previous_ranges_; both lists follow pairs_' sorted order
  std::size_t reuse_cursor = 0;  // into reused_, in the same order
  for (int i = 0; i < pair_count; ++i) {
    const auto [a, b] = pairs_[i];
    const BodyPair p{a, b};
    PairPlan& plan = plans_[i];
    plan = PairPlan{};
    if (delta > 0.0) {
      while (reuse_cursor < reused_.size() && reused_[reuse_cursor].pair < p) ++reuse_cursor;
      if (reuse_cursor < reused_.size() && reused_[reuse_cursor].pair == p) plan.reused = static_cast<int>(reuse_cursor);
    }
    if (keep && (asleep[a] || model.is_static[a]) && (asleep[b] || model.is_static[b])) {
      while (cursor < previous_ranges_.size() && previous_ranges_[cursor].pair < p) ++cursor;
      if (cursor < previous_ranges_.size() && previous_ranges_[cursor].pair == p) {
        plan.kind = PairPlan::kKeep;
        plan.previous = static_cast<int>(cursor);
        continue;
      }
    }
    plan.margin = model.settings.contact_threshold + travel_[a] + travel_[b];
    plan.query_margin = plan.margin;
    if (delta > 0.0) {
      // S: the body of the smaller bounding radius (a plane's is infinite).
      const BodyId L = radius_[b] <= radius_[a] ? a : b, S = L == a ? b : a;
      const Pose& X_WL = state->X_WB[L];
      plan.X_LS.q = X_WL.q.conjugate() * state->X_WB[S].q;
      plan.X_LS.p = X_WL.ApplyInverse(state->X_WB[S].p);
      bool reuse = false;
      if (plan.reused >= 0) {
        const ReusedPair& reused = reused_[plan.reused];
        const Quat dq = reused.X_LS.q.conjugate() * plan.X_LS.q;
        const double chord = 2.0 * dq.vec().norm();  // 2 sin(phi / 2), phi the relative turn
        const double moved = (plan.X_LS.p - reused.X_LS.p).norm() + chord * radius_[S];
        const double rolled = chord * (curvature_[a] + curvature_[b]);  // how far a curved surface's point moved along it
        reuse = moved <= delta && rolled <= kRollingShare * delta && plan.margin + moved <= reused.margin;  // false for NaN
      }
      if (reuse) {
        plan.kind = PairPlan::kReuse;
        continue;
      }
      plan.query_margin += delta;
    }
    plan.kind = PairPlan::kCollide;
    plan.job = static_cast<int>(jobs_.size());
    jobs_.push_back({i, 0, 0, 0});
  }

  // 2. The queries: the pair's region, then its speculative points
  // (speculative_points.h), each into its worker's own list. A query reads
  // only the poses, velocities and shapes, so it finds the same set on any
  // worker (worker_pool.h).
  const int workers = pool ? pool->size() : 1;
  if (static_cast<int>(worker_.size()) < workers) worker_.resize(workers);
  for (int w = 0; w < workers; ++w) worker_[w].contacts.clear();
  const auto query = [&](int w, int begin, int end) {
    WorkerBuffers& buffers = worker_[w];
    NarrowPhaseSettings np;
    for (int j = begin; j < end; ++j) {
      Job& job = jobs_[j];
      const auto [a, b] = pairs_[job.pair];
      np.margin = plans_[job.pair].query_margin;
      std::vector<Contact>& out = buffers.contacts;
      const std::size_t first = out.size();
      CollideShapes(a, model.bodies[a].shape, state->X_WB[a], b, model.bodies[b].shape, state->X_WB[b], np, &out,
                    &buffers.scratch);
      if (speculative_h_ > 0.0 && out.size() > first) {
        const SpeculativeBody A{a, &model.bodies[a].shape, state->X_WB[a], state->v_WB[a], state->w_WB[a], radius_[a]};
        const SpeculativeBody B{b, &model.bodies[b].shape, state->X_WB[b], state->v_WB[b], state->w_WB[b], radius_[b]};
        const SpeculativeSettings spec{speculative_h_, np.margin, model.settings.contact_threshold, np.sin_feature_tolerance};
        AddSpeculativePoints(A, B, spec, first, &out);
      }
      job.worker = w;
      job.first = static_cast<int>(first);
      job.count = static_cast<int>(out.size() - first);
    }
  };
  const int job_count = static_cast<int>(jobs_.size());
  if (pool && job_count >= kParallelJobs) pool->ParallelFor(job_count, kJobChunk, query);  // query by reference
  else query(0, 0, job_count);

  // 3. The contact list in pairs_' order, whatever worker found a set.
  for (int i = 0; i < pair_count; ++i) {
    const auto [a, b] = pairs_[i];
    const BodyPair p{a, b};
    const PairPlan& plan = plans_[i];
    const std::size_t first = contacts.size();
    if (plan.kind == PairPlan::kKeep) {
      const PairContacts& r = previous_ranges_[plan.previous];
      contacts.insert(contacts.end(), previous_.begin() + r.first, previous_.begin() + r.first + r.count);
      ranges_.push_back({p, static_cast<int>(first), r.count});
      if (plan.reused >= 0) CarryReused(reused_[plan.reused]);
      continue;
    }
    if (plan.kind == PairPlan::kReuse) {
      PlaceReused(reused_[plan.reused], state->X_WB, &contacts);
      CarryReused(reused_[plan.reused]);
    } else {
      const Job& job = jobs_[plan.job];
      const std::vector<Contact>& found = worker_[job.worker].contacts;
      contacts.insert(contacts.end(), found.begin() + job.first, found.begin() + job.first + job.count);
      if (delta > 0.0) {
        RecordReused(p, plan.X_LS, plan.query_margin, std::span<const Contact>(contacts).subspan(first), state->X_WB);
      }
    }
    if (delta > 0.0) {
      // A set whose closest point lies beyond the pair's own margin (found in
      // the delta-wider band) is kept for reuse but not emitted: the pair has
      // the contacts it would have without reuse, none.
      double closest = std::numeric_limits<double>::infinity();
      for (std::size_t k = first; k < contacts.size(); ++k) closest = std::min(closest, contacts[k].separation);
      if (!(closest <= plan.margin)) contacts.resize(first);
    }
    const PairProperties pair = model.materials.Combine(model.bodies[a].material, model.bodies[b].material);
    for (std::size_t k = first; k < contacts.size(); ++k) {
      Contact& c = contacts[k];
      c.static_friction = pair.static_friction;
      c.kinetic_friction = pair.kinetic_friction;
      c.restitution = pair.restitution;
      // Eq. 13 with the velocities of the last step (v^l) at the new point.
      const int ia = c.body_a, ib = c.body_b;
      const Vec3 va = state->v_WB[ia] + state->w_WB[ia].cross(c.p_W - state->X_WB[ia].p);
      const Vec3 vb = state->v_WB[ib] + state->w_WB[ib].cross(c.p_W - state->X_WB[ib].p);
      c.friction = SelectFriction(pair, (va - vb).norm(), model.settings.slip_threshold);
    }
    if (!asleep.empty()) ranges_.push_back({BodyPair{a, b}, static_cast<int>(first), static_cast<int>(contacts.size() - first)});
  }
  ranges_valid_ = !asleep.empty();
  reused_.swap(next_reused_);
  points_.swap(next_points_);
  // The two buffers of each list grow together, in one step: a step after
  // the lists' largest size so far allocates nothing.
  next_reused_.reserve(reused_.capacity());
  next_points_.reserve(points_.capacity());
}

void ContactFinder::CarryReused(const ReusedPair& r) {
  next_reused_.push_back(r);
  next_reused_.back().first = static_cast<int>(next_points_.size());
  next_points_.insert(next_points_.end(), points_.begin() + r.first, points_.begin() + r.first + r.count);
}

void ContactFinder::PlaceReused(const ReusedPair& r, const std::vector<Pose>& X_WB, std::vector<Contact>* out) const {
  for (int k = r.first; k < r.first + r.count; ++k) {
    const ReusedPoint& rp = points_[k];
    Contact& c = out->emplace_back();
    c.body_a = rp.body_a;
    c.body_b = rp.body_b;
    const Vec3 p_A = X_WB[rp.body_a].Apply(rp.p_A), p_B = X_WB[rp.body_b].Apply(rp.p_B);
    c.n_W = X_WB[rp.body_a].q * rp.n_A;
    c.separation = c.n_W.dot(p_A - p_B);
    c.p_W = 0.5 * (p_A + p_B);
  }
}

void ContactFinder::RecordReused(const BodyPair& pair, const Pose& X_LS, double margin, std::span<const Contact> found,
                                 const std::vector<Pose>& X_WB) {
  next_reused_.push_back({pair, X_LS, margin, static_cast<int>(next_points_.size()), static_cast<int>(found.size())});
  for (const Contact& c : found) {
    // The surface points: A lies on the normal's side, separation/2 from p.
    const Vec3 half = 0.5 * c.separation * c.n_W;
    const Pose& X_WA = X_WB[c.body_a];
    next_points_.push_back({c.body_a, c.body_b, X_WA.ApplyInverse(c.p_W + half), X_WB[c.body_b].ApplyInverse(c.p_W - half),
                            X_WA.q.conjugate() * c.n_W});
  }
}

}  // namespace grasplab
