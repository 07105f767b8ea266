#include "core/world/contact_time_search.h"

#include <algorithm>
#include <limits>

#include "core/world/joint_kinematics.h"

namespace grasplab {

double MinNormalizedGap(const WorldModel& model, const WorldState& state) {
  const WorldSettings& s = model.settings;
  double m = std::numeric_limits<double>::infinity();
  for (const Contact& c : state.contacts) m = std::min(m, c.separation / s.contact_threshold);
  for (JointId j = 0; j < model.joint_count(); ++j) {
    const JointDef& d = model.joints[j];
    if (!d.has_limits || d.type == JointType::kFixed) continue;
    const double thr = d.type == JointType::kRevolute ? s.joint_limit_angle : s.joint_limit_distance;
    const double q = TrialJointPosition(model, state, j);
    m = std::min(m, std::min(q - d.lower, d.upper - q) / thr);
  }
  return m;
}

}  // namespace grasplab
