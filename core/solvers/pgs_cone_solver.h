// Projected block Gauss-Seidel with exact Coulomb cones (Chardonnet et al.,
// section 3.1: "an iterative Gauss-Seidel approach ... (Liu and Wang, 2005),
// combined with a Newton-Coulomb method (Jean, 1993)"), on the same island
// and the same joint elimination as the Lemke LCP (solvers/reduced_island.h):
// joints are eliminated through S = J W J^T before the sweep, so the sweep
// sees only contacts, joint limits and bounded rows. Friction is the true
// circular cone |lambda_t| <= mu lambda_n, not the pyramid.
//
// Rows H: per contact c the normal n and two tangents t1, t2 (t1 = the
// first friction direction of friction_directions.h, t2 = n x t1); per
// joint limit one row; per bounded row (joint Coulomb friction, PD motors;
// lcp_solver.h) one row. With the Delassus operator G = H A H^T (the
// paper's Lambda^-1, 3x3 blocks per contact) and w = G z + b the rows'
// velocities (b = H v_c minus each row's target), one sweep visits:
//   limit row i:    z_i <- max(0, z_i - w_i / G_ii)
//   bounded row i:  z_i <- clamp(z_i - w_i / (G_ii + c_i), -limit_i, limit_i)
//   contact c:      the normal impulse first,
//                     z_n <- max(0, z_n - w_n / G_nn),
//                   then the tangential pair with the 2x2 block G_tt (the
//                   tangential velocities updated for the normal change),
//                     z_t <- z_t - G_tt^-1 w_t,
//                   projected onto the disk |z_t| <= mu z_n (the exact
//                   circular cone, no pyramid) in the metric of G_tt: the
//                   disk point nearest to the sticking impulse, whose slip
//                   velocity is opposite to it (maximal dissipation, the
//                   Coulomb law at a sliding contact). A Euclidean radial
//                   clamp (as in Box2D or Bullet) let a sliding box drift
//                   sideways by 8 % of its speed. Jean's
//                   Newton-Coulomb solve of the coupled 3x3 block was tried
//                   first; on statically indeterminate contacts at the
//                   stick/slip boundary (a box on a slope of tan theta = 0.45,
//                   mu_s = 0.5) it cycled without converging in 5,000 sweeps.
// Torsional friction (torsional_radius > 0) is one more row per contact
// (the spin rho (w_a - w_b) . n), |z_tau| <= mu z_n, i.e. a torque of at most
// mu z_n rho, clamped separately (the LCP shares one bound between the
// tangential and torsional columns).
//
// Rolling resistance (rolling_resistance = mu_r > 0, m) is two more rows per
// contact, the bodies' relative angular velocity about the tangents t1, t2,
// (w_a - w_b) . t_k, whose angular impulse z_r is held to the disk
// |z_r| <= mu_r z_n (a couple of at most mu_r f_n, MuJoCo's rolling
// friction), updated after the contact's block as the tangential pair is:
// the 2x2 sticking solve, then the disk point nearest to it in the metric of
// the rows' block. A ball rolling at v on a level floor then decelerates at
// mu_r g r / (r^2 + I / m) (5/7 mu_r g / r for a solid ball) and a ball on a
// slope stays put while tan(theta) <= mu_r / r
// (tests/core/solvers/rolling_resistance_test.cc). Without it a ball rolls
// on forever and a settled pile never sleeps.
//
// Two forms of the same sweep: an island with joints, limits or bounded rows
// forms G (sparse) and updates w += G_k dz; an island of contacts only (a
// pile, a stack) never forms G and sweeps on body velocities, as Box2D,
// Bullet and Jolt do: w = H v - target + r z, with v = v_c + W H^T z the
// island's velocity kept up to date and r the regularisation, so a row's
// velocity and an impulse change cost 12 flops each (two bodies) instead of
// the row's ~50 nonzeros of G. The same iterates up to rounding
// (pgs_cone_solver.cc, PgsProblem::velocity_form).
//
// Warm start: the contacts' normal_impulse, friction_impulse,
// torsional_impulse and rolling_impulse_W on entry (World copies them from
// matching contacts of the previous step), each clipped into this step's
// cone or disk of the warm normal impulse. A resting body's spin and
// rolling couples are steady, so the sweeps start at them rather than at 0
// (before stop 48 they started at 0; a ball held on a slope by its rolling
// rows then took 6 sweeps a step instead of 1, and at 20 sweeps a step the
// 1,000-body pile's bottom cylinders and capsules kept turning at 1-3
// rad/s). The sweep
// stops when the largest change of any impulse in a sweep is below
// tolerance * (1 + the largest impulse), or after max_iterations sweeps; the
// stats report the sweeps and that last change (N s).
//
// Line search (contacts-only islands, PgsSettings::line_search): in the
// sweeps' tail (a sweep changed no impulse by more than 1e-5 relative), after
// each sweep z moves on along the sweep's change d to the minimum of the
// quadratic 1/2 z.G z + b.z on that line, alpha = -(d . w) / (d . G d), when
// every contact stays inside its cone and alpha <= 256. A stack's slowest
// mode is global (the column rocking), a sweep removes 0.66 % of its error
// on 4 boxes, and late in the sweeps d lies along it. The fixed point and the
// stopping test (on a plain sweep's change) are unchanged.
#pragma once

#include <memory>
#include <vector>

#include "core/solvers/lcp_solver.h"

namespace grasplab {

struct PgsSettings {
  int max_iterations = 200;   // sweeps
  double tolerance = 1e-7;    // relative change per sweep that counts as converged
  // Added to the Delassus diagonal, relative to its largest entry, as in
  // LcpSolverSettings::regularization (redundant coplanar contacts).
  double regularization = 1e-6;
  double h = 0.0025;
  double threshold = 1e-4;
  double error_reduction = 0.2;
  double slop = 0.0;              // m, WorldSettings::contact_slop (solvers/contact_target.h)
  int friction_directions = 8;  // only for t1 (the viewer's reference direction)
  double torsional_radius = 0.0;
  double rolling_resistance = 0.0;  // mu_r, m (header)
  // Soft contacts (solvers/soft_contact.h): the normal row of a contact
  // past its resting gap as a spring-damper of this natural frequency (Hz)
  // and damping ratio. 0 Hz (default): rigid, eq. 19 with error_reduction.
  double contact_hertz = 0.0;
  double contact_damping_ratio = 10.0;
  // Substeps (islands of contacts only; pgs_cone_solver.cc, SolveSubsteps):
  // the step's contact solve in this many substeps of h / n, each with its
  // share of gravity, the last substep's impulses, max_iterations sweeps
  // on the rows' targets from the separations the substeps have reached,
  // and one relaxing sweep; the bodies move inside the step. 1 (default):
  // one solve of the whole step, as the papers do.
  int substeps = 1;
  // A contacts-only island (velocity form) takes the exact line search
  // along each sweep's change after the sweep (PgsIterate::Extrapolate):
  // the same fixed point, reached in fewer sweeps. Off: plain sweeps.
  bool line_search = true;
};

struct PgsStats {
  int size = 0;          // rows in the sweep
  int iterations = 0;    // sweeps done
  double residual = 0.0; // largest impulse change in the last sweep (N s)
  bool converged = false;
};

struct PgsWorkspace;
class WorkerPool;

// The Gauss-Seidel solve with its working memory (rows, Delassus operator,
// iterates) kept between islands and steps: no allocation once it has seen
// the largest island. Same contract as IslandLcpSolver::Solve: velocities
// into the bodies, impulses into the contacts and the vectors.
class IslandPgsSolver {
 public:
  IslandPgsSolver();
  ~IslandPgsSolver();
  IslandPgsSolver(IslandPgsSolver&&) noexcept;
  IslandPgsSolver& operator=(IslandPgsSolver&&) noexcept;
  PgsStats Solve(IslandSystem* system, const PgsSettings& settings, std::vector<double>* joint_impulses,
                 std::vector<double>* limit_impulses, std::vector<double>* friction_impulses = nullptr);
  // Workers for the substeps' stages (pgs_cone_solver.cc,
  // SolveSubsteps; the same bits with or without). Not owned; null: one.
  void set_pool(WorkerPool* pool) { pool_ = pool; }

 private:
  std::unique_ptr<PgsWorkspace> ws_;
  WorkerPool* pool_ = nullptr;
};

// One solve with a fresh IslandPgsSolver.
PgsStats SolveIslandPgs(IslandSystem* system, const PgsSettings& settings, std::vector<double>* joint_impulses,
                        std::vector<double>* limit_impulses, std::vector<double>* friction_impulses = nullptr);

}  // namespace grasplab
