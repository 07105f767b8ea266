// The one interface through which a contact model plugs into the step
// (world/world.h). The step's stages are the same for every model; a model
// decides how an island's impulses are found (stage kSolveIslands):
//   kLcp      Miller & Christensen: the mixed LCP with the friction pyramid,
//             reduced to a pure LCP and solved by Lemke (solvers/lcp_solver.h);
//   kPgs      Chardonnet et al.: exact Coulomb cones by block Gauss-Seidel
//             (solvers/pgs_cone_solver.h), warm-started from impulses;
//   kImpulse  Lee, Ruspini & Khatib: impacts with restitution first
//             (solvers/impulse_solver.h), then the resting LCP;
//   kPenalty  Zechmair & Morel: contacts are not rows but forces of the
//             state, integrated through the step (world/penalty_model.h);
//             its islands carry joint rows only, solved as kLcp's.
#pragma once

#include <memory>
#include <vector>

#include "core/solvers/contact_solver_type.h"
#include "core/solvers/impulse_solver.h"
#include "core/solvers/lcp_solver.h"
#include "core/solvers/pgs_cone_solver.h"

namespace grasplab {

class WorkerPool;

// The impulses of an island's non-contact rows, in its IslandSystem's row
// order (N s or N m s): joint equality rows, limit rows, bounded rows.
struct IslandImpulses {
  std::vector<double> joint;
  std::vector<double> limit;
  std::vector<double> bounded;
};

// What one island's solve reports (summed into StepStats by the World).
struct IslandSolveStats {
  int size = 0;            // unknowns of the LCP (or rows of the sweep)
  int pivots = 0;          // Lemke pivots
  int failures = 0;        // Lemke fallbacks (the resting solve's and the impact passes')
  bool lcp = false;        // solved by the LCP
  bool warm = false;       // on the previous step's support, without pivoting
  bool repaired = false;   // a warm miss solved by Lemke from the previous step's basis
  bool polished = false;   // solved by Lemke from the Gauss-Seidel fallback's support
  int sweeps = 0;          // Gauss-Seidel sweeps
  bool unconverged = false;  // Gauss-Seidel stopped at its sweep limit
  int impact_passes = 0;   // impulse problems before the resting solve
  double residual = 0.0;   // N s
};

// What the models read from the World's settings.
struct ContactModelSettings {
  LcpSolverSettings lcp;  // h is set per solve
  PgsSettings pgs;        // h is set per solve
  double gravity_norm = 9.81;  // m/s^2, the impulse model's resting speed 4 |g| h + 1 mm/s
};

class ContactModel {
 public:
  enum class Level {
    kVelocity,  // contacts are rows of each island's velocity problem (Miller & Christensen section 4)
    kForce,     // contacts are forces of the state, integrated within the step
  };
  virtual ~ContactModel() = default;
  virtual ContactSolver type() const = 0;
  virtual Level level() const { return Level::kVelocity; }
  // The warm start the World prepares for this model: each contact's
  // impulses (true) or its LCP support (false).
  virtual bool warm_starts_impulses() const { return false; }
  // Worker threads the model may use inside a solve (the World's pool;
  // base/worker_pool.h), with the same results as without. Not owned.
  virtual void SetWorkerPool(WorkerPool* /*pool*/) {}
  // Stage kSolveIslands: the island's impulses over the step h. Writes
  // v^{l+1} into the island's velocity bodies, the contact impulses into its
  // contacts and the other rows' impulses into *out. v holds the velocities
  // before the step (the impulse model's impact speeds).
  virtual IslandSolveStats SolveIsland(IslandSystem* system, double h, const PreStepVelocities& v,
                                       IslandImpulses* out) = 0;
};

// kLcp, kPgs or kImpulse (kPenalty is made by the World: world/penalty_model.h).
std::unique_ptr<ContactModel> MakeVelocityContactModel(ContactSolver type, const ContactModelSettings& settings);

// The Lemke LCP of an island by `solver` (the kLcp model's solve, which
// kImpulse and kPenalty use for their resting and joint solves).
IslandSolveStats SolveIslandByLcp(IslandLcpSolver* solver, IslandSystem* system, const LcpSolverSettings& settings,
                                  IslandImpulses* out);

}  // namespace grasplab
