// Stage kContactTime, Miller & Christensen section 4 step 3, in the
// contact-time mode "bisection" (WorldSettings::contact_time_mode): after
// the position step, if any pair interpenetrates or a joint has passed a
// limit, bisect the step length until the closest pair is within
// (0, threshold] (0.1 mm; 0.1 degree or 0.1 mm for a limit). Contacts and
// limits share one normalised gap: the paper searches each and takes the
// smaller step, which is the first instant any of them reaches its
// threshold.
#pragma once

#include "core/world/world_data.h"

namespace grasplab {

// The smallest of every contact's separation / contact threshold and every
// limited joint's distance to its limits / limit threshold, at the current
// poses: < 0 means interpenetration or a passed limit, (0, 1] within the
// thresholds; +inf with nothing to measure.
double MinNormalizedGap(const WorldModel& model, const WorldState& state);

// The step length to take. try_step(length) must restore q^l, move every
// body by `length`, find the contacts there and return MinNormalizedGap.
// gap_before is MinNormalizedGap at q^l: pairs already overlapping (or
// joints past a limit) cannot be cured by a shorter step, so they are left
// to error correction and nothing is searched. When the halvings end
// without a gap within the threshold, the last gap-leaving length is taken;
// if even the shortest tried overlaps, the full step (never a zero-length
// step). The world is left at the returned length's try.
template <class TryStep>
double SearchContactTime(double h, double gap_before, int max_bisections, TryStep&& try_step, int* bisections) {
  if (try_step(h) >= 0.0 || gap_before < 0.0) return h;
  double lo = 0.0, hi = h;  // lo leaves a gap (or is 0), hi overlaps
  for (int i = 0; i < max_bisections; ++i) {
    ++*bisections;
    const double mid = 0.5 * (lo + hi);
    const double gap = try_step(mid);
    if (gap < 0.0) {
      hi = mid;
    } else if (gap > 1.0) {
      lo = mid;
    } else {
      return mid;  // closest pair within (0, threshold]
    }
  }
  if (lo > 0.0) {
    try_step(lo);
    return lo;
  }
  try_step(h);
  return h;
}

}  // namespace grasplab
