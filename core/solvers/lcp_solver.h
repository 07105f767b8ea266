// The contact and joint solve of one island: the mixed LCP of Miller &
// Christensen eq. 18, reduced to a pure LCP by eliminating the joint
// equalities (eqs. 20-21), and solved by Lemke's algorithm (solvers/lemke.h).
//
// Unknowns (impulses over the step, N s or N m s): joint impulses c_j,
// joint-limit impulses c_l, contact normal impulses c_n, friction weights
// beta (u per contact, along the directions of solvers/friction_directions.h)
// and lambda (one per contact, about the sliding speed). With W = M^-1 and
// the free velocity v* = v^l + h M^-1 k (already in the bodies):
//
//   v^{l+1} = v* + W J^T c_j + W H^T z,       z = [c_l, c_n, beta]
//   J v^{l+1} = e_j                           (eq. 7 with eq. 16's correction)
//
// Eliminating c_j with S = J W J^T (eq. 20):
//   v^{l+1} = v_c + A H^T z,   v_c = v* + W J^T S^-1 (e_j - J v*),
//   A = W - W J^T S^-1 J W,
// and the complementarity rows become the pure LCP (eq. 21) in
// [c_l, c_n, beta, lambda]:
//   limits:   l^T v^{l+1} - b_l              >= 0  compl. to c_l    >= 0   (eq. 9)
//   normals:  n^T v^{l+1} - b_n              >= 0  compl. to c_n    >= 0   (eq. 3, eq. 19)
//   friction: D^T v^{l+1} + E lambda         >= 0  compl. to beta   >= 0   (eq. 5)
//   cone:     mu c_n - E^T beta              >= 0  compl. to lambda >= 0   (eq. 6)
// whose matrix is [[G, 0], [.., E], [mu, -E^T, 0]] with G = H A H^T.
//
// The elimination itself (v_c, A H^T, S's factor) is shared with the other
// island solvers: solvers/reduced_island.h.
//
// If Lemke fails (ray termination, pivot cap, non-finite, or a residual
// above max_relative_residual), it is retried with pivot tolerances 1e-12
// and 1e-6; if those fail too, the fallback is a
// projected Gauss-Seidel on the same LCP rows: normal and limit impulses
// clamped at zero, each friction weight clamped at zero and the weights of a
// contact scaled into its pyramid e^T beta <= mu c_n, 100 sweeps. The
// failure is counted and reported; the step continues.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/collision/contact.h"
#include "core/base/jacobian_row.h"
#include "core/solvers/island_tree.h"
#include "core/solvers/lemke.h"
#include "core/solvers/velocity_body.h"

namespace grasplab {

struct IslandSystem {
  std::vector<VelocityBody*> bodies;  // in: free velocities v*; out: v^{l+1}
  std::vector<JacobianRow> joint_rows;
  std::vector<double> joint_targets;  // e_j (m/s or rad/s)
  std::vector<JacobianRow> limit_rows;
  std::vector<double> limit_targets;  // b_l
  // Bounded rows (joint Coulomb friction, eq. 14, and effort-limited PD
  // motors): each row r gives an impulse f along r with |f| <= limit that
  // drives r . v + c f towards the target v_t, by maximal dissipation: rows
  // +r and -r with weights beta+- (f = beta+ - beta-),
  //    +r:  r . v + c f - v_t + lambda >= 0   compl. to beta+ >= 0
  //    -r: -r . v - c f + v_t + lambda >= 0   compl. to beta- >= 0
  //         limit - beta+ - beta-      >= 0   compl. to lambda >= 0,
  // the contact friction structure with a constant bound in place of mu c_n.
  // Friction: v_t = 0, c = 0. A PD motor (World::SetJointController): v_t
  // and the compliance c from the gains. Targets and compliances may be
  // left empty (zeros).
  std::vector<JacobianRow> friction_rows;
  std::vector<double> friction_limits;      // N s (or N m s), >= 0
  std::vector<double> friction_targets;     // v_t: m/s or rad/s
  std::vector<double> friction_compliance;  // c: (m/s)/(N s) or (rad/s)/(N m s), >= 0
  std::vector<Contact*> contacts;     // with island-local body indices in contact_bodies
  std::vector<std::pair<int, int>> contact_bodies;  // (a, b) island-local, -1 when static
  // Optional: each contact's target normal velocity (m/s) in place of the
  // error-correction target of eq. 19 (the impulse model's restitution
  // targets -e v_n^-); empty = eq. 19.
  std::vector<double> contact_targets;
  // Warm start (solvers/lcp_warm_start.h). When true, the previous step's
  // support (which unknowns were positive) is read from each contact's
  // lcp_support and from the two vectors below (missing entries: 0), tried
  // as a complementary basis first, and this step's support is written back
  // to them (the vectors resized to the rows). World carries them from step
  // to step by matching contacts and by joint.
  bool warm_start = false;
  std::vector<std::uint8_t> limit_support;     // per limit row: c_l > 0
  std::vector<std::uint8_t> friction_support;  // per bounded row: bit 0 beta+, 1 beta-, 2 lambda > 0
  // The reduced formulation (solvers/island_tree.h): the island's trees,
  // and per body its tree link (empty: every body is free, the maximal
  // formulation). Tree joints have no equality rows; the remaining joint
  // rows (couplings, loops) are eliminated as in eq. 20 over the trees'
  // inverse inertia.
  std::vector<IslandTree> trees;
  std::vector<IslandTreeLink> tree_links;

  // Empties every row and list, keeping the vectors' capacity (an island
  // system reused step after step allocates nothing).
  void Clear() {
    bodies.clear();
    joint_rows.clear();
    joint_targets.clear();
    limit_rows.clear();
    limit_targets.clear();
    friction_rows.clear();
    friction_limits.clear();
    friction_targets.clear();
    friction_compliance.clear();
    contacts.clear();
    contact_bodies.clear();
    contact_targets.clear();
    warm_start = false;
    limit_support.clear();
    friction_support.clear();
    trees.clear();
    tree_links.clear();
  }
};

// Sees every island LCP before it is solved: M, q and the warm-start
// support tried first (empty without warm start). For recording LCP
// sequences from real simulations (tests, the Lemke kernel benchmark).
using LcpObserver = std::function<void(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                                       const std::vector<std::uint8_t>& support)>;

struct LcpSolverSettings {
  // Added to G's diagonal, relative to its largest entry: a tiny compliance
  // (ODE's constraint force mixing) that makes the redundant rows of many
  // coplanar contacts well-posed, so the pivots stay well conditioned.
  // Measured on a 5-box stack (200 unknowns, rank 30): 1e-9 fails 2.9 % of
  // steps, 1e-7 40 %, 1e-6 none (29 pivots per step). For a 1 kg box the
  // compliance is about 1e-5 (m/s)/(N s): under 1 nm of extra approach per
  // step at resting impulses.
  double regularization = 1e-6;
  // A "solved" answer whose residual exceeds this (relative to 1 + |q|) is
  // numerically broken and treated as a failure. On degenerate grasps
  // (three fingers and a palm on one object) Lemke's path can end on a basis
  // infeasible by ~1e-5 relative (a few um/s of velocity error, physically
  // nothing, and far better than the fallback), so the bound is 1e-4.
  double max_relative_residual = 1e-4;
  double h = 0.0025;
  double threshold = 1e-4;
  double error_reduction = 0.2;
  double slop = 0.0;              // m, WorldSettings::contact_slop (solvers/contact_target.h)
  int friction_directions = 8;
  // Torsional friction (Miller & Christensen: "D can include" torsional
  // columns): when > 0, each contact's D gets two more columns, +-rho n as a
  // pure torque about the normal, sharing the cone bound e^T beta <= mu c_n
  // with the tangential columns (a soft-finger contact whose torsional limit
  // is mu c_n rho). rho in m; 0 = off (the paper's default).
  double torsional_radius = 0.0;
  LemkeSettings lemke;
  // A warm basis is accepted when its natural residual is at most this,
  // relative to 1 + max |q| (else Lemke runs cold). Measured on a resting
  // stack of 5 boxes: at 1e-9 a basis infeasible by a few 1e-10 m/s was
  // accepted step after step, the stack spun up to 2e-7 rad/s and lost a
  // contact within 1.75 s; at 1e-12 the LU's own rounding on the
  // regularised block is above the bound and no step is warm; at 1e-10
  // every step is warm and the spin stays at 8e-11 rad/s (cold: 3e-11).
  double warm_tolerance = 1e-10;
  // On a warm-start miss, block principal pivoting from the previous
  // support gets this many k x k solves (RepairSupport,
  // solvers/lcp_warm_start.h) before Lemke pivots from the previous basis;
  // 0 turns it off. Measured on the recorded grasp sequences
  // (grasplab_bench_lemke): 1-2 solves repaired every miss.
  int repair_iterations = 6;
  LcpObserver observer;  // optional
};

// Pivots allowed to Lemke from the previous step's basis on a warm-start
// miss before the island solver gives up for a cold start: a cold solve
// takes about one pivot per active unknown (about n / 3 on grasps); a warm
// path longer than n has cost more than that already.
inline int WarmPivotCap(int n) { return n > 20 ? n : 20; }

struct LcpSolveStats {
  int lcp_size = 0;
  int pivots = 0;
  LcpStatus status = LcpStatus::kSolved;
  bool fell_back = false;
  bool warm = false;      // solved on the previous step's support, no pivots
  bool repaired = false;  // a miss solved without a cold start: by block pivots on the support or Lemke from the previous basis
  bool polished = false;  // every Lemke attempt failed; Lemke from the Gauss-Seidel answer's support solved it
  double residual = 0.0;
};

struct LcpWorkspace;

// The island solve with its working memory (rows, the reduction, the LCP,
// Lemke's tableau), kept from island to island and step to step: once it
// has solved the largest island of a scene it allocates nothing. The
// step's contact model owns one.
class IslandLcpSolver {
 public:
  IslandLcpSolver();
  ~IslandLcpSolver();
  IslandLcpSolver(IslandLcpSolver&&) noexcept;
  IslandLcpSolver& operator=(IslandLcpSolver&&) noexcept;
  // Solves the island; writes velocities into the bodies, impulses into the
  // contacts, and the joint, limit and bounded-friction impulses (N s) into
  // the vectors.
  LcpSolveStats Solve(IslandSystem* system, const LcpSolverSettings& settings, std::vector<double>* joint_impulses,
                      std::vector<double>* limit_impulses, std::vector<double>* friction_impulses = nullptr);

 private:
  std::unique_ptr<LcpWorkspace> ws_;
};

// One solve with a fresh IslandLcpSolver (tests and one-off callers).
LcpSolveStats SolveIslandLcp(IslandSystem* system, const LcpSolverSettings& settings,
                             std::vector<double>* joint_impulses, std::vector<double>* limit_impulses,
                             std::vector<double>* friction_impulses = nullptr);

}  // namespace grasplab
