// The pad's contact pressures (Golle, Ulbrich & Pfeiffer, section 2, eq. 6
// with the friction term tau left to the rigid step): a unilateral contact
// between the pad's surface nodes (contact/pad_compliance.h) and a rigid
// indenter, as a linear complementarity problem.
//
// Symbols (node k of the pad, n nodes):
//   s_k  separation (m) of the indenter's surface from the undeformed pad
//        surface at node k, along the pad's outward normal; negative where
//        the undeformed surfaces overlap
//   p_k  the element's pressure (Pa), >= 0 pushing into the pad
//   u    = C p, the surface's displacement into the pad (m)
//   g_k  = s_k + (C p)_k, the gap after deformation (m)
// Contact law (eq. 6's LCP in normal direction):
//   g = s + C p >= 0,   p >= 0,   p^T g = 0.
// Solved as LCP(M, q) with M = C / C_00 (unit diagonal) and q = s, for
// z = C_00 p (m): the same solution, scaled so the pivot tolerances see
// numbers of order one.
//
// Two problems:
//   displacement-controlled  s given (the indenter's rigid position);
//   load-controlled          s = s0 - delta 1 with the shape s0 given and
//                            the approach delta (m) the extra unknown of
//                            the mixed LCP  A sum_k p_k = F  (total normal
//                            force F in N, A the element area).
// The load-controlled one is solved as a Newton iteration on delta over the
// displacement-controlled LCP: F(delta) is continuous, piecewise linear and
// convex (each node that comes into contact steepens it), so from any point
// with an active node Newton's step lands on or past the root and then
// decreases to it, exactly, once the active set stops changing:
//   delta+ = delta + (F - F(delta)) / F'(delta),
//   F'(delta) = A 1^T C_SS^-1 1   (S: the nodes with p > 0).
// At the answer the force balance holds to rounding (~1e-12 relative).
//
// Solvers (PadSolver):
//   active set    (contact/pad_active_set.h; the default, "auto") C is
//                 symmetric positive definite, so the LCP is a strictly
//                 convex QP; a primal active-set method from the previous
//                 solve's contact set: one Cholesky factorisation of C_SS
//                 and one check of the gaps when the set has not changed
//                 (a resting grasp's step, Newton's last iterates), exact
//                 to rounding; the tangent stiffness reuses its factor.
//   Lemke         (solvers/lemke.h; exact to rounding, O(n^2) per pivot,
//                 about one pivot per contacting node cold; warm from the
//                 last basis it still rebuilds the n x n tableau, O(n^3),
//                 even with no pivot);
//   Gauss-Seidel  projected, O(n^2) per sweep, until the natural residual
//                 is below 1e-12 of max |s|, checked every 8th sweep; a few
//                 hundred sweeps on half-space grids, which are strongly
//                 coupled.
// grasplab_bench_pads measures the three (docs/benchmarks.md, "Compliant
// pads"): the active set is the fastest on every grid measured and removed
// the haptic-rate check's slow steps. Winkler's diagonal C is solved in
// closed form whatever the choice: p_k = max(0, -s_k) k.
//
// Everything is plain loops in a fixed order: bit-identical native and WASM.
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "core/contact/pad_active_set.h"
#include "core/contact/pad_compliance.h"
#include "core/math/dense_lu.h"
#include "core/solvers/lemke.h"

namespace grasplab {

enum class PadSolver { kAuto, kLemke, kGaussSeidel, kActiveSet };
// "auto", "lemke", "gauss-seidel", "active-set".
const char* PadSolverName(PadSolver solver);

struct PadSolveStats {
  bool ok = true;        // false: the LCP solver failed (the pressures are Gauss-Seidel's best)
  int pivots = 0;        // Lemke pivots, summed over Newton iterations
  int sweeps = 0;        // Gauss-Seidel sweeps, summed
  int factorizations = 0;  // active set: Cholesky factorisations of C_SS, summed
  int newton = 0;        // load-controlled: Newton iterations
  int active = 0;        // nodes with p > 0
  double residual = 0.0; // max_k |min(p_k C_00, g_k)| (m)
};

// One pad's compliance with its solver's working memory (reused from solve
// to solve: after the first, a solve of the same pad allocates nothing).
class PadPressureSolver {
 public:
  PadPressureSolver() = default;
  // Builds C; the material and grid must be valid (ValidatePad).
  PadPressureSolver(const PadMaterial& material, const PadGrid& grid, PadSolver solver = PadSolver::kAuto);
  // With a given compliance C (n x n row-major, m/Pa, symmetric positive
  // definite; e.g. a finite-element layer on a mesh of the caller's choice).
  PadPressureSolver(const PadMaterial& material, const PadGrid& grid, std::vector<double> C,
                    PadSolver solver = PadSolver::kAuto);

  const PadMaterial& material() const { return material_; }
  const PadGrid& grid() const { return grid_; }
  const std::vector<double>& compliance() const { return C_; }  // row-major, m/Pa
  void set_solver(PadSolver solver) { solver_ = solver; }
  // Lemke from the previous solve's basis (default on); off: every solve
  // cold. The answer is the same LCP solution either way (to rounding).
  void set_warm_start(bool on) { warm_ = on; }

  // Displacement-controlled: p (Pa) from the separations s (m), both of
  // node_count() entries. Gauss-Seidel starts from *p when it has that
  // size (a warm start; the solution is the LCP's unique one either way).
  PadSolveStats SolveDisplacement(const std::vector<double>& s, std::vector<double>* p);

  // Load-controlled: the approach *delta (m) and p (Pa) for a total normal
  // force F (N, > 0) on the shape s0 (m). F <= 0 gives p = 0 and
  // delta = min s0.
  PadSolveStats SolveLoad(const std::vector<double>& s0, double F, std::vector<double>* p, double* delta);

  // A sum_k p_k (N).
  double TotalForce(const std::vector<double>& p) const;

  // dF/d(delta) (N/m) with the nodes where p > 0 in contact:
  // A 1^T C_SS^-1 1 (0 with none).
  double TangentStiffness(const std::vector<double>& p);

 private:
  PadSolveStats SolveScaled(const std::vector<double>& s, std::vector<double>* p);
  void Init();
  PadSolveStats GaussSeidel(const std::vector<double>& s, std::vector<double>* p, int max_sweeps);

  PadMaterial material_;
  PadGrid grid_;
  PadSolver solver_ = PadSolver::kAuto;
  std::vector<double> C_;
  double c00_ = 1.0;
  Eigen::MatrixXd M_;  // C / C_00
  Eigen::VectorXd q_, z_;
  LemkeSolver lemke_;
  PadActiveSetSolver active_set_;
  std::vector<std::uint8_t> active_prev_;  // the active-set solver's last active set
  LemkeSettings lemke_settings_;
  bool warm_ = true;
  std::vector<std::uint8_t> basis_, start_;  // Lemke's last basis (z_k basic)
  std::vector<double> s_work_, sub_, rhs_;
  std::vector<int> active_;
  DenseLu lu_;
};

}  // namespace grasplab
