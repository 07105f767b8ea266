#include "core/planning/hand_configuration.h"

#include <algorithm>
#include <cmath>

#include "core/math/det_math.h"

namespace grasplab {

Vec3 Lateral(const Vec3& u, int i) {
  const Vec3 a = u.cwiseAbs();
  const Vec3 pick = a.x() <= a.y() && a.x() <= a.z() ? Vec3::UnitX() : (a.y() <= a.z() ? Vec3::UnitY() : Vec3::UnitZ());
  const Vec3 e1 = pick.cross(u).normalized();
  return i == 0 ? e1 : Vec3(u.cross(e1));
}

Pose HandRootPose(const Vec3& approach_R, const Vec3& u, double psi, const Vec3& p) {
  // Shortest rotation a -> u: q = [1 + a.u, a x u] normalised; for a = -u,
  // a half turn about an axis normal to a.
  const double c = approach_R.dot(u);
  Quat turn;
  if (c < -1.0 + 1e-12) {
    const Vec3 axis = Lateral(approach_R, 0);
    turn = Quat(0.0, axis.x(), axis.y(), axis.z());
  } else {
    const Vec3 x = approach_R.cross(u);
    turn = Quat(1.0 + c, x.x(), x.y(), x.z()).normalized();
  }
  double s, cs;
  DetSinCos(0.5 * psi, &s, &cs);
  const Quat roll(cs, s * u.x(), s * u.y(), s * u.z());
  return Pose{p, (roll * turn).normalized()};
}

HandPosture::HandPosture(const RobotModel& model) : model_(&model) {
  for (std::size_t k = 0; k < model.joints.size(); ++k) {
    const UrdfJoint& j = model.joints[k];
    if (j.type != UrdfJointType::kFixed && j.mimic.empty()) driven_.push_back(static_cast<int>(k));
  }
  origin_.resize(driven_.size());
  for (std::size_t d = 0; d < driven_.size(); ++d) {
    const UrdfJoint& j = model.joints[driven_[d]];
    if (j.closes && j.has_limits) {
      origin_[d] = j.close_direction > 0 ? j.lower : j.upper;
    } else if (j.has_limits) {
      origin_[d] = 0.5 * (j.lower + j.upper);
    } else {
      origin_[d] = 0.0;
    }
  }
  if (!model.hand) return;
  for (const auto& [k, v] : model.hand->origin) {
    for (std::size_t d = 0; d < driven_.size(); ++d) {
      if (driven_[d] == k) origin_[d] = v;
    }
  }
  for (const UrdfEigengrasp& g : model.hand->eigengrasps) {
    std::vector<double> e(driven_.size(), 0.0);
    for (const auto& [k, w] : g.weights) {
      for (std::size_t d = 0; d < driven_.size(); ++d) {
        if (driven_[d] == k) e[d] = w;
      }
    }
    e_.push_back(std::move(e));
  }
}

std::vector<std::pair<double, double>> HandPosture::Ranges() const {
  std::vector<std::pair<double, double>> out;
  for (const std::vector<double>& e : e_) {
    double lo = -1e300, hi = 1e300;
    bool limited = false;
    for (std::size_t d = 0; d < driven_.size(); ++d) {
      const UrdfJoint& j = model_->joints[driven_[d]];
      if (e[d] == 0.0 || !j.has_limits) continue;
      limited = true;
      double a = (j.lower - origin_[d]) / e[d], b = (j.upper - origin_[d]) / e[d];
      if (a > b) std::swap(a, b);
      lo = std::max(lo, a);
      hi = std::min(hi, b);
    }
    if (!limited) lo = -1.0, hi = 1.0;
    if (hi < lo) lo = hi = 0.0;
    out.emplace_back(lo, hi);
  }
  return out;
}

std::vector<double> HandPosture::Driven(const std::vector<double>& amplitudes) const {
  std::vector<double> q = origin_;
  for (std::size_t i = 0; i < e_.size() && i < amplitudes.size(); ++i) {
    for (std::size_t d = 0; d < driven_.size(); ++d) q[d] += amplitudes[i] * e_[i][d];
  }
  for (std::size_t d = 0; d < driven_.size(); ++d) {
    const UrdfJoint& j = model_->joints[driven_[d]];
    if (j.has_limits) q[d] = std::clamp(q[d], j.lower, j.upper);
  }
  return q;
}

std::vector<double> HandPosture::JointValues(const std::vector<double>& driven) const {
  std::vector<double> q(model_->joints.size(), 0.0);
  for (std::size_t d = 0; d < driven_.size() && d < driven.size(); ++d) q[driven_[d]] = driven[d];
  for (std::size_t k = 0; k < model_->joints.size(); ++k) {
    const UrdfJoint& j = model_->joints[k];
    if (!j.mimic.empty()) q[k] = j.mimic_multiplier * q[model_->FindJoint(j.mimic)] + j.mimic_offset;
  }
  return q;
}

double HandPosture::ClosingRate(int k) const {
  const UrdfJoint& j = model_->joints[k];
  if (j.mimic.empty()) return j.closes ? static_cast<double>(j.close_direction) : 0.0;
  const UrdfJoint& master = model_->joints[model_->FindJoint(j.mimic)];
  return master.closes ? j.mimic_multiplier * master.close_direction : 0.0;
}

}  // namespace grasplab
