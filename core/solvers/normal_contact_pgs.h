// Walking-skeleton contact solver: projected Gauss-Seidel on the normal
// impulses only (no friction). It solves, for every contact j,
//     n_j^T (v_A + w_A x r_A - v_B - w_B x r_B)^{l+1} >= b_j
//     compl. to  c_n,j >= 0                         (Miller & Christensen eq. 3)
// with the target velocity b_j chosen so that the next position step neither
// closes the gap below half the contact threshold nor leaves an overlap
// uncorrected (eq. 19, gamma = error_reduction):
//     dp = separation - threshold / 2
//     b  = -dp / h            if dp >= 0   (may approach, not beyond thr/2)
//     b  = -gamma * dp / h    if dp <  0   (pushed back apart)
// This is temporary physics: the LCP step with friction replaces it.
#pragma once

#include <span>

#include "core/collision/contact.h"
#include "core/solvers/velocity_body.h"

namespace grasplab {

struct NormalContactPgsSettings {
  int iterations = 20;
  double threshold = 1e-4;      // m, contact threshold
  double error_reduction = 0.2; // gamma of eq. 16/19
};

// Target normal velocity b of the header comment (m/s).
double ContactTargetVelocity(double separation, double h, double threshold, double gamma);

// Updates bodies' velocities and the contacts' normal_impulse in place.
void SolveNormalContactsPgs(double h, const NormalContactPgsSettings& settings,
                            std::span<Contact> contacts, std::span<VelocityBody> bodies);

}  // namespace grasplab
