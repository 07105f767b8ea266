// The target normal velocity of a contact (Miller & Christensen eq. 19,
// extended to speculative contacts).
//
//     dp = separation - threshold / 2
//     b  = -dp / h            if dp >= 0   (may approach, but not past thr/2)
//     b  = -gamma * dp / h    if dp <  0   (pushed back apart: eq. 19)
// and the normal row of the LCP is n^T v^{l+1} >= b. The paper's contacts are
// always within the threshold (dp <= thr/2, so b ~ 0); contacts found
// within a speculative margin may close their gap, but only to half the
// threshold, in the next position step.
#pragma once

namespace grasplab {

inline double ContactTargetVelocity(double separation, double h, double threshold, double gamma) {
  const double dp = separation - 0.5 * threshold;
  return dp >= 0.0 ? -dp / h : -gamma * dp / h;
}

}  // namespace grasplab
