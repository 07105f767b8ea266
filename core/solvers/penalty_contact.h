// Penalty contact from overlap volume (Zechmair & Morel,
// ../shared/papers/002, section II-C and III): the bodies may overlap, and
// each overlapping pair of convex solids pushes apart with
//
//   f_r = (1 + delta_i(t)) (g1 v(t) + g2 vdot_f(t)) / A  s_n       (eq. 6)
//   tau_r = (c - p_o) x f_r                                         (eq. 7)
//   vddot_f = -2 zeta w_n vdot_f + w_n^2 (v - v_f),  v_f(0) = v(0), vdot_f(0) = 0   (eq. 4)
//   delta_i = i_v / (sqrt(pi) d_v) exp(-((t - t_v) / d_v)^2),       (eq. 5)
//       i_v = g_i (m_A + m_B) dv_c,  d_v = d_t / dv_c,  t_v = t_c + g_t d_v
//   f_f = -(mu |f_n| tanh(gamma |v_r|) + beta |v_r|) v_r / |v_r|    (eq. 8)
//
// with v the overlap volume, c its centroid and s_n = s_d/|s_d| the
// direction of eq. 3 (collision/overlap_volume.h), t_c the time the overlap
// began and dv_c the approach speed of the pair at c along s_n then, v_r the
// tangential velocity of A relative to B at c, and f_n = f_r.
//
// Our reading of the paper, where it is silent or inconsistent (each is a
// setting, so the other reading can be run):
//  * s_n. Eq. 3's direction, taken literally, is dominated by the thin side
//    slivers of a flat overlap, turns sideways at microradian tilts and
//    makes a resting cube rock itself apart (collision/overlap_volume.h).
//    By default s_n follows the overlap volume's gradient instead, the
//    direction in which A's motion reduces the overlap fastest, which is the
//    paper's stated aim for s_d (direction kAlgorithm1 restores eq. 3).
//  * Units. The gains are given as g1 = 740 N/cm and g2 = 50 N/(cm s), the
//    units of a Kelvin-Voigt spring and damper on a depth (the paper calls
//    the model "comparable to a linear Kelvin-Voigt contact model"), while
//    eq. 6 multiplies them by a volume. By default (measure kDepth) A is the
//    overlap's contact area seen along s_n, so g1 v / A is g1 times the mean
//    overlap depth: 740 N/cm = 7.4e4 N/m and 50 N/(cm s) = 5e3 N s/m act on
//    a depth, whatever the contact's size. measure kVolume takes eq. 6
//    literally with the gains per cm^3 (A = 1 cm^2): 740 N per cm^3 of
//    overlap. The paper's gamma = 1 and beta = 0.2, read in the same
//    centimetre units, are gamma = 100 s/m and beta = 20 N s/m.
//  * Friction defaults (a deviation from the paper's numbers, not its
//    equation): beta = 0 and gamma = 1000 s/m, so that Coulomb's law, not
//    the viscous term, decides sliding. With beta = 20 N s/m a 1 kg block on
//    a 35 degree plane (mu 0.4) reached a terminal 0.12 m/s, where Coulomb
//    says it accelerates at g (sin - mu cos) = 2.41 m/s^2, and a 0.2 kg cube
//    launched at 0.5 m/s tipped over its front edge; with beta = 0 it
//    accelerates at 2.419 m/s^2 (0.3 %). tanh alone regularises the sign:
//    gamma sets the creep of a contact that Coulomb would stick,
//    v = atanh(f_t / (mu f_n)) / gamma, 1 mm/s at 77 % of the cone with
//    gamma = 1000 s/m (10 mm/s at the paper's 100 s/m). Steeper than about
//    1e4 s/m the friction's own stiffness (mu f_n gamma) rocks a block
//    resting on a slope, and the creep grows again (measured: 4.2 mm/s at
//    1e4, 5.8 mm/s at 1e5). friction_slope 100, viscous_friction 20 restore
//    the paper's numbers.
//  * delta_i. Eq. 6 multiplies the whole reaction by delta_i, which decays
//    to 0 after the impact: the paper calls it a "transient correction
//    multiplier", so we apply (1 + delta_i). As eq. 5 writes it, delta_i is
//    a force (an impulse i_v spread over d_v); we make it a factor by
//    dividing by g1 d_t, the reaction at the target depth. Its peak for
//    0.25 kg meeting at 10 cm/s is then 1.2 (the SI value taken as a pure
//    number would be 176, and destabilises every impact, below).
//  * t_v. The paper writes t_v = g_t d_v - t_c, and gives no g_t; we take
//    t_v = t_c + g_t d_v with g_t = 1: the gain peaks one d_v (the time to
//    cross the target depth at the impact speed) after first contact.
//  * The filter's w_n and zeta are not given. A damper c seen through a
//    second-order low-pass destabilises a mass m unless 2 zeta m w_n > c
//    (Routh-Hurwitz on m s^2 + k + c s w_n^2 / (s^2 + 2 zeta w_n s + w_n^2)),
//    with c = (1 + delta_i) g2. The default w_n = 2 pi 20 kHz, zeta = 1
//    keeps an effective mass of 20 g stable with g2 = 5e3 N s/m (a finger
//    tip, a cube's corner rocking); lighter bodies and large delta_i
//    jitter, as the paper's Figures 5-6 show for large gains. The cost is
//    stiffness: the integrator's steps are then about 10 us.
//  * f_n >= 0: the damping term may not pull the bodies together (no
//    adhesion while they separate); the paper does not say.
//  * mu is the pair's kinetic friction from the scene's materials, so
//    switching solvers changes nothing else in a scene (the paper's 0.2 is
//    its material).
#pragma once

#include <cstdint>

#include "core/math/types.h"

namespace grasplab {

enum class PenaltyMeasure {
  kDepth,   // g1 v / A: gains per metre of mean depth (default, above)
  kVolume,  // g1 v / (1 cm^2): gains per cm^3 of overlap
};

enum class PenaltyDirection {
  kVolumeGradient,  // s_n along g = -dv/dx_A (default; collision/overlap_volume.h)
  kAlgorithm1,      // s_n along eq. 3's s_d, literally
};

struct PenaltySettings {
  double stiffness = 7.4e4;          // g1, N/m (740 N/cm)
  double damping = 5.0e3;            // g2, N s/m (50 N/(cm s))
  double impact_gain = 250.0;        // g_i
  double target_depth = 0.002;       // d_t, m (2 mm)
  double impact_delay = 1.0;         // g_t (our choice, header)
  double friction_slope = 1000.0;    // gamma, s/m (the paper's 1 s/cm is 100; header)
  double viscous_friction = 0.0;     // beta, N s/m (the paper's 0.2 N/(cm/s) is 20; header)
  double filter_frequency = 20000.0; // w_n / 2 pi, Hz (our choice, header)
  double filter_damping = 1.0;       // zeta (our choice)
  PenaltyMeasure measure = PenaltyMeasure::kDepth;
  PenaltyDirection direction = PenaltyDirection::kVolumeGradient;
  // Integration (Dormand-Prince 4(5), dynamics/dormand_prince.h).
  bool adaptive = true;              // false: fixed steps of fixed_step
  double tolerance = 1e-4;           // rtol; atol = rtol x a scale per kind of state
  double fixed_step = 2e-5;          // s, when !adaptive
  double min_step = 1e-6;            // s: a step this short is accepted whatever its error (forced)
};

// The forces of one overlapping pair on A (B gets the opposite at c).
struct PenaltyForce {
  Vec3 normal = Vec3::Zero();    // f_r, N
  Vec3 friction = Vec3::Zero();  // f_f, N
  double impact_factor = 0.0;    // delta_i
};

// delta_i(t) of eq. 5 (our reading, header): 0 when dv_c <= 0.
// time_since_contact = t - t_c (s), mass_sum = m_A + m_B (kg, static: 0).
double ImpactGain(const PenaltySettings& s, double time_since_contact, double approach_speed, double mass_sum);

// Eqs. 6 and 8 for one pair: volume v (m^3), contact area along s_n (m^2),
// filtered volume rate vdot_f (m^3/s), unit s_n (on A), the velocity of A's
// material point at c relative to B's (m/s), mu, and delta_i.
PenaltyForce PenaltyContactForce(const PenaltySettings& s, double volume, double area, double volume_rate,
                                 const Vec3& s_n, const Vec3& relative_velocity, double mu, double impact_factor);

// Eq. 8 alone for a normal force f_n >= 0 (N) given by another law (a
// compliant pad's, world/pad_stage.h): the friction on A (N) from the
// velocity of A's point relative to B's (m/s), tangent to the unit s_n.
Vec3 PenaltyFriction(const PenaltySettings& s, double normal_force, const Vec3& s_n, const Vec3& relative_velocity,
                     double mu);

// Eq. 8 for a twist about the normal: a pressure distribution with mean
// arm rho (m, sum p |x - c| / sum p) spinning at `spin` (rad/s, A relative
// to B about s_n) feels the torque (N m, on A about s_n)
//   tau = -(mu f_n tanh(gamma rho |spin|) + beta rho |spin|) rho sign(spin),
// eq. 8 at the speed of the arm's rim, so its bound mu f_n rho is the
// Coulomb limit of the velocity-level pad's torsion row.
double PenaltyTorsionalFriction(const PenaltySettings& s, double normal_force, double arm, double spin, double mu);

}  // namespace grasplab
