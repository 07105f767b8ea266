// Stages kBroadPhase and kNarrowPhase, Miller & Christensen section 4 steps
// 4-5: the contact sets at q^{l+1} (collision/: sort and sweep, GJK/EPA,
// contact regions reduced to their planar hull) and each contact's friction
// coefficient by eq. 13 (mu_s below the slip threshold, mu_k above it, from
// the relative velocity v^l at the contact point).
//
// Speculative margins (contact-time mode errorCorrection): each body's AABB
// is grown by half the contact threshold plus the distance it can travel in
// the next position step (2 h times a bound on its surface speed), so a
// pair's boxes overlap whenever its distance is below the pair margin: the
// threshold plus both travel distances. The velocity solve then sees
// contacts before they happen.
//
// Reused contact sets (WorldSettings::contact_reuse_distance, delta): a
// pair's contacts are kept as material points of each body (body frames)
// with the normal in A's frame, and the relative pose of the pair at the
// query (the smaller body S, by bounding radius r_S, in the larger L's
// frame). While every point of S has since moved relative to L by at most
// delta, exactly bounded by |p_LS - p_LS'| + 2 |vec(q_LS'^* q_LS)| r_S (the
// chord of the relative rotation at r_S), the pair is not collided again:
// its points are placed by the current poses, p = (p_A + p_B) / 2, n = R_A
// n_A, separation n . (p_A - p_B). Queried pairs look delta farther than
// their margin, so a reused set still holds every feature pair within the
// current margin: reuse needs margin + moved <= the margin queried. A set
// whose closest point lies beyond the pair's current margin is kept but not
// emitted (the pair has no contacts, as without reuse). Jolt's
// body pair cache does the same with 1 mm and 2 degrees; delta defaults to
// 10 um, a tenth of the contact threshold. An empty set is kept too (a pair
// farther apart than its margin stays so within delta).
//
// A curved surface (sphere, capsule, cylinder) is the exception to that
// bound: when the pair turns by phi, its contact point moves along the
// surface by rho phi (rho its radius of curvature) while the material point
// kept stays behind, so the reused point lags behind the true one. Under a
// rolling ball the normal force then acts behind its centre, a couple
// N * lag that drives the rolling: with a lag of up to 10 um a ball
// (r = 5 cm) on a slope of 1 mm/s^2 rolled 26 % faster than 5/7 g
// sin(theta), a negative rolling resistance of about 2.5 um. Such a pair is
// reused only while rho phi <= delta / 100 (kRollingShare; 0.1 um, a
// thousandth of MuJoCo's default rolling friction coefficient), with rho the
// sum of both bodies' curvature radii (contact_reuse_test.cc). The cache holds
// only poses and points found from them, so a trajectory stays a function of
// the scene and its commands (native = WASM, links replay).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/worker_pool.h"
#include "core/collision/broad_phase.h"
#include "core/collision/narrow_phase.h"
#include "core/world/world_data.h"

namespace grasplab {

class ContactFinder {
 public:
  // Candidate pairs (stage kBroadPhase): boxes grown by pad, plus, when
  // speculative, what each dynamic body can travel in 2 h. Pairs where
  // either body does not collide are dropped.
  void FindPairs(const WorldModel& model, const WorldState& state, double h, double pad, bool speculative);
  // The contact sets of pairs() (stage kNarrowPhase) into state->contacts,
  // with the pair's materials and eq. 13's mu. With `asleep` (per body,
  // world/island_sleep.h), a pair of two bodies each asleep or static keeps
  // the contacts the last call found for it, impulses and anchors included:
  // neither moved, so collision would find the same set again.
  // With a pool of more than one worker, the pairs' queries run on its
  // workers (when there are at least kParallelJobs of them) and the list is
  // assembled in pair order afterwards: the same contacts, bit for bit, on
  // any number of workers (worker_pool.h).
  void NarrowPhase(const WorldModel& model, WorldState* state, std::span<const std::uint8_t> asleep = {},
                   WorkerPool* pool = nullptr);

  const std::vector<BodyPair>& pairs() const { return pairs_; }
  // Pairs the last NarrowPhase queried (the rest kept a sleeping pair's
  // contacts or placed a reused set).
  int queries() const { return static_cast<int>(jobs_.size()); }
  // m per body: the travel allowance of the last FindPairs.
  std::span<const double> travel() const { return travel_; }

 private:
  BroadPhase broad_phase_;
  std::vector<Aabb> aabbs_;
  std::vector<double> travel_;
  double speculative_h_ = 0.0;  // s: the step of the last speculative FindPairs, 0 otherwise (speculative_points.h)
  std::vector<BodyPair> pairs_;
  // Each pair's plan for this call (NarrowPhase's first pass), in pairs_'
  // order: keep a sleeping pair's contacts, place a reused set, or query.
  struct PairPlan {
    enum Kind : std::uint8_t { kKeep, kReuse, kCollide };
    Kind kind = kCollide;
    int previous = -1;  // kKeep: into previous_ranges_
    int reused = -1;    // into reused_, -1 when the pair has no reused set
    int job = -1;       // kCollide: into jobs_
    double margin = 0.0;        // m: the pair's own (threshold plus both travels)
    double query_margin = 0.0;  // m: the band queried (margin, plus delta with reuse)
    Pose X_LS;                  // with reuse: S in L's frame now
  };
  // A query and where its worker put the contacts it found.
  struct Job {
    int pair = 0;
    int worker = 0, first = 0, count = 0;
  };
  // A worker's narrow-phase memory and the contacts of its queries, kept
  // between steps: no allocation at steady state.
  struct WorkerBuffers {
    NarrowPhaseScratch scratch;
    std::vector<Contact> contacts;
  };
  std::vector<PairPlan> plans_;
  std::vector<Job> jobs_;
  std::vector<WorkerBuffers> worker_;
  // Queries go to the pool from this many on, in chunks of kJobChunk pairs.
  // Waking the pool's threads costs ~50 us here (a ParallelFor of trivial
  // items on 2 workers, 2 vCPU VM); on two threads the pile's narrow phase
  // (a query ~2-4 us) gains from about 128 queries a step, and bin-picking
  // (up to 182) gains nothing below that (docs/benchmarks.md, stop 47).
  static constexpr int kParallelJobs = 128;
  static constexpr int kJobChunk = 16;
  // Where each pair's contacts lie in the contact list (recorded when
  // `asleep` is given), and the last call's list and ranges, for keeping a
  // sleeping pair's contacts.
  struct PairContacts {
    BodyPair pair;
    int first = 0, count = 0;
  };
  std::vector<PairContacts> ranges_, previous_ranges_;
  std::vector<Contact> previous_;
  bool ranges_valid_ = false;  // the last call recorded ranges_
  // Reused contact sets (header), in pairs_' sorted order: this call's
  // entries are written to next_* and swapped in at the end.
  struct ReusedPair {
    BodyPair pair;
    Pose X_LS;             // S in L's frame at the query
    double margin = 0.0;   // m: the margin queried (the pair's own plus delta)
    int first = 0, count = 0;  // into points_
  };
  struct ReusedPoint {
    BodyId body_a = -1, body_b = -1;  // as in the Contact (a plane may be either)
    Vec3 p_A, p_B;  // the surface points, in A's and B's body frames (m)
    Vec3 n_A;       // the normal in A's frame
  };
  // This call's entry for a pair: r itself (its points copied), a reused
  // set placed at the current poses, or a queried set recorded.
  void CarryReused(const ReusedPair& r);
  void PlaceReused(const ReusedPair& r, const std::vector<Pose>& X_WB, std::vector<Contact>* out) const;
  void RecordReused(const BodyPair& pair, const Pose& X_LS, double margin, std::span<const Contact> found,
                    const std::vector<Pose>& X_WB);

  std::vector<double> radius_;  // BoundingRadius per body (m), set by FindPairs
  std::vector<double> curvature_;  // per body (m): its curved surface's largest radius of curvature, 0 if flat-faced
  // A pair with a curved surface is reused while the point on it has moved
  // along it by at most this share of delta (header).
  static constexpr double kRollingShare = 0.01;
  std::vector<ReusedPair> reused_, next_reused_;
  std::vector<ReusedPoint> points_, next_points_;
};

}  // namespace grasplab
