#include "core/solvers/penalty_contact.h"

#include <cmath>

#include "core/math/det_math.h"

namespace grasplab {

double ImpactGain(const PenaltySettings& s, double time_since_contact, double approach_speed, double mass_sum) {
  if (!(approach_speed > 0.0) || !(s.impact_gain > 0.0)) return 0.0;
  // i_v / (sqrt(pi) d_v) = g_i (m_A + m_B) dv_c^2 / (sqrt(pi) d_t), a
  // force, over g1 d_t; (t - t_v) / d_v = (t - t_c) dv_c / d_t - g_t.
  const double force = s.impact_gain * mass_sum * approach_speed * approach_speed / (1.7724538509055160 * s.target_depth);
  const double peak = force / (s.stiffness * s.target_depth);
  const double x = time_since_contact * approach_speed / s.target_depth - s.impact_delay;
  return peak * DetExp(-x * x);
}

PenaltyForce PenaltyContactForce(const PenaltySettings& s, double volume, double area, double volume_rate,
                                 const Vec3& s_n, const Vec3& relative_velocity, double mu, double impact_factor) {
  PenaltyForce out;
  out.impact_factor = impact_factor;
  const double a = s.measure == PenaltyMeasure::kDepth ? area : 1e-4;
  double magnitude = (1.0 + impact_factor) * (s.stiffness * volume + s.damping * volume_rate) / a;
  if (!(magnitude > 0.0)) magnitude = 0.0;  // no adhesion (header)
  out.normal = magnitude * s_n;
  out.friction = PenaltyFriction(s, magnitude, s_n, relative_velocity, mu);
  return out;
}

Vec3 PenaltyFriction(const PenaltySettings& s, double normal_force, const Vec3& s_n, const Vec3& relative_velocity,
                     double mu) {
  const Vec3 v_r = relative_velocity - relative_velocity.dot(s_n) * s_n;
  const double speed = v_r.norm();
  if (!(speed > 0.0)) return Vec3::Zero();
  const double f = mu * normal_force * DetTanh(s.friction_slope * speed) + s.viscous_friction * speed;
  return -(f / speed) * v_r;
}

double PenaltyTorsionalFriction(const PenaltySettings& s, double normal_force, double arm, double spin, double mu) {
  // Eq. 8 at the radius arm: the rim speed arm |spin| in place of |v_r|.
  const double speed = arm * std::abs(spin);
  if (!(speed > 0.0)) return 0.0;
  const double f = mu * normal_force * DetTanh(s.friction_slope * speed) + s.viscous_friction * speed;
  return spin > 0.0 ? -f * arm : f * arm;
}

}  // namespace grasplab
