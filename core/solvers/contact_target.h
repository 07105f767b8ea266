// The target normal velocity of a contact (Miller & Christensen eq. 19,
// extended to speculative contacts).
//
//     dp = separation - threshold / 2
//     b  = -dp / h                   if dp >= 0       (may approach, but not past thr/2)
//     b  = 0                         if -s <= dp < 0  (within the slop: left alone)
//     b  = -gamma * (dp + s) / h     if dp <  -s      (pushed back apart: eq. 19)
//
// and the normal row of the LCP is n^T v^{l+1} >= b. The paper's contacts are
// always within the threshold (dp <= thr/2, so b ~ 0); contacts found
// within a speculative margin may close their gap, but only to half the
// threshold, in the next position step. s is the slop
// (WorldSettings::contact_slop; 0 by default: eq. 19 as written, the same
// bits as before it existed). Units: separation, threshold, s in m, h in s,
// b in m/s.
#pragma once

namespace grasplab {

inline double ContactTargetVelocity(double separation, double h, double threshold, double gamma, double slop = 0.0) {
  const double dp = separation - 0.5 * threshold;
  if (dp >= 0.0) return -dp / h;
  return dp >= -slop ? 0.0 : -gamma * (dp + slop) / h;
}

}  // namespace grasplab
