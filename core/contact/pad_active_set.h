// The pad's pressure LCP by a primal active-set method (contact/pad_pressure.h
// calls it): with the compliance C symmetric positive definite, the LCP
//     w = M z + q >= 0,   z >= 0,   z^T w = 0       (M = C / C_00, q = s)
// is the optimality condition of the strictly convex quadratic programme
//     minimise  f(z) = 1/2 z^T M z + q^T z   subject to  z >= 0,
// whose unique minimiser a feasible-descent active-set method reaches in
// finitely many steps (Lawson & Hanson, Solving Least Squares Problems,
// 1974, ch. 23, for the least-squares case; Nocedal & Wright, Numerical
// Optimization, 2006, section 16.5, for a convex QP).
//
// Symbols: S the free ("passive") set, where z may be > 0; the others are
// held at 0. y the minimiser of f on S alone: M_SS y_S = -q_S, y = 0 off S.
//
// Algorithm (z feasible throughout, f decreasing):
//   start     S = the previous solve's active set when given (warm start),
//             else {k : q_k < 0} (where the undeformed surfaces overlap);
//             solve for y and drop from S every k with y_k <= 0 until
//             y_S > 0; z = y. (Any S whose y is positive gives a feasible
//             point; the warm start's is usually the answer already.)
//   outer     w = M z + q. If w_k >= -tol for every k outside S: done (the
//             KKT conditions hold: z_S > 0 with w_S = 0 to rounding, w >= 0
//             and z = 0 outside). Else add every k outside S with
//             w_k < -tol to S (each is a descent direction; adding them
//             together keeps the descent, so no free set repeats).
//   inner     solve for y on S. If y_S > 0: z = y, next outer. Else step
//             from z towards y as far as feasibility allows,
//             alpha = min over y_k <= 0 of z_k / (z_k - y_k), z += alpha (y - z),
//             drop the k that reached 0, repeat.
// Each solve is a Cholesky factorisation of M_SS (m^3/3 flops) plus one
// step of iterative refinement. When the active set barely changes from
// the previous solve (a step of a resting grasp, a Newton iterate of the
// load-controlled solve), it is one factorisation and one check of w: no
// pivot sequence, and degenerate problems (a flat face: many equal q_k)
// cost no more than any other. tol = 1e-12 max |q|, as Gauss-Seidel's.
//
// Everything is plain loops in a fixed order (ties broken by the lower
// index): bit-identical native and WASM.
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/Core>

namespace grasplab {

struct ActiveSetResult {
  bool ok = true;         // false: the iteration cap was hit or a factorisation failed
  int factorizations = 0; // Cholesky factorisations of M_SS
  int outer = 0;          // outer iterations (checks of w)
  double residual = 0.0;  // max_k |min(z_k, w_k)| (units of q)
};

class PadActiveSetSolver {
 public:
  // Solves LCP(M, q) for symmetric positive definite M (n x n). `warm`:
  // the previous solve's active set (z_k > 0 where warm[k] != 0) or empty
  // for a cold start. On return *active holds this solve's active set.
  ActiveSetResult Solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Eigen::VectorXd* z,
                        const std::vector<std::uint8_t>& warm, std::vector<std::uint8_t>* active);

  // Solves M_SS x = b in place with the last solve's final factor, if its
  // free set S is exactly `set` (ascending indices); false otherwise (the
  // caller factors M_SS itself). The load-controlled solve's tangent
  // stiffness uses it: no second factorisation of the same matrix.
  bool SolveWithLastFactor(const std::vector<int>& set, std::vector<double>* b) const;

 private:
  // y on the free set S (in_set_): false if M_SS is not positive definite.
  bool SolveOnSet(const Eigen::MatrixXd& M, const Eigen::VectorXd& q);
  void FactorSolve(std::vector<double>* b) const;

  std::vector<std::uint8_t> in_set_;
  std::vector<int> set_, set_w_;
  bool factor_valid_ = false;  // L_ factors M_SS for S = set_
  std::vector<double> L_, rhs_, y_set_, r_;
  Eigen::VectorXd y_, w_;
};

}  // namespace grasplab
