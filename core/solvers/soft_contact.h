// Soft contacts: a contact's normal row as an implicit spring-damper of
// natural frequency f (Hz) and damping ratio zeta, instead of eq. 19's rigid
// row with Baumgarte's push-out gamma / h (Catto, "Soft Constraints", GDC
// 2011; Box2D v3's contact softness, b2MakeSoft; ODE's ERP/CFM). Ours
// where the physics is the point: the mapping below is five lines and its
// bits must match native and WASM.
//
// With omega = 2 pi f, a step h and the effective mass m_eff = 1 / G_nn of
// the row (G the Delassus operator), the spring k = m_eff omega^2 and the
// damper c = 2 zeta m_eff omega integrated implicitly over the step give
//     a1 = 2 zeta + h omega,   a2 = h omega a1,
//     bias rate    beta = omega / a1                      (1/s)
//     the row's regularisation   r = G_nn / a2            (the diagonal's CFM)
// and the normal row of a contact past its resting gap (dp < 0, contact
// target's dp, plus the slop s) reads
//     w_n = n^T v - b + r z_n >= 0,   b = -beta * min(0, dp + s)   (m/s),
// one Gauss-Seidel update being Box2D's
//     dz = -massScale m_eff (n^T v - b) - impulseScale z_n,
//     massScale = a2 / (1 + a2), impulseScale = 1 / (1 + a2).
// At rest (n^T v = 0, dz = 0) the row carries z_n = h k (-(dp + s)): the
// contact is a spring of stiffness k = m_eff omega^2, so a ball on a floor
// (m_eff = m) sinks g / omega^2 below its resting gap (0.28 mm at 30 Hz).
// A gap (dp >= 0) stays rigid and speculative (contact_target.h).
//
// What for: a compliant contact with a stated stiffness and damping (a
// rubber foot, a lesson on contact as a spring), as MuJoCo's solref and
// Box2D's contact hertz give. It was measured as a remedy for the 1,000-body
// pile's settling at few sweeps (issue 19) and is not one: the friction,
// spin and rolling rows stay rigid, and the pile settles no sooner than
// with rigid rows (docs/benchmarks.md, stop 49). In substeps
// (PgsSettings::substeps) they are each substep's push apart.
// Units: f in Hz, h in s, r in 1 / kg (or 1 / (kg m^2)) as G_nn.
#pragma once

#include <numbers>

namespace grasplab {

struct SoftContact {
  double bias_rate = 0.0;  // beta, 1/s
  double a2 = 0.0;         // h omega (2 zeta + h omega): r = G_nn / a2
  bool enabled() const { return a2 > 0.0; }
};

// f <= 0: rigid (the paper's eq. 19), enabled() false.
inline SoftContact MakeSoftContact(double hertz, double damping_ratio, double h) {
  if (!(hertz > 0.0)) return {};
  const double omega = 2.0 * std::numbers::pi * hertz;
  const double a1 = 2.0 * damping_ratio + h * omega;
  return {omega / a1, h * omega * a1};
}

// The soft normal row's target b (m/s) for a contact whose dp (contact
// target's separation less half the threshold) is below 0, slop s.
inline double SoftContactTarget(const SoftContact& soft, double dp, double slop) {
  const double x = dp + slop;
  return x < 0.0 ? -soft.bias_rate * x : 0.0;
}

}  // namespace grasplab
