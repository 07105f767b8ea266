// The one plain data structure through which contact sets reach the solvers
// and, from them, the viewer and the CLI.
//
// Sign conventions: the normal n_W is a unit vector pointing from body B to
// body A; separation is the signed distance along n_W (m), negative when the
// bodies overlap. The impulses are the solver's answer for the last step,
// applied to A (and their opposite to B), in N s.
#pragma once

#include <cstdint>

#include "core/base/ids.h"
#include "core/math/types.h"

namespace grasplab {

struct Contact {
  BodyId body_a = -1;
  BodyId body_b = -1;
  Vec3 p_W = Vec3::Zero();      // contact point, midway between the surfaces
  Vec3 n_W = Vec3::UnitZ();     // unit normal, from B to A
  double separation = 0.0;      // m, signed
  // The pair's materials (dynamics/material.h) and the coefficient chosen
  // for this step by the slip speed (eq. 13).
  double static_friction = 0.0;
  double kinetic_friction = 0.0;
  double restitution = 0.0;
  double friction = 0.0;
  double normal_impulse = 0.0;  // N s, >= 0, along n_W on A
  Vec3 friction_impulse = Vec3::Zero();  // N s, tangent to n_W, on A
  double torsional_impulse = 0.0;        // N m s about n_W on A (torsional friction only)
  Vec3 rolling_impulse_W = Vec3::Zero(); // N m s, tangent to n_W, on A (rolling resistance only)
  // The LCP's warm start (solvers/lcp_warm_start.h): which of this
  // contact's unknowns were positive in its last solve; bit 0 the normal
  // impulse, bit 1 + k the pyramid weight beta_k, bit u + 1 lambda (u: the
  // friction columns, at most 18).
  std::uint32_t lcp_support = 0;
  // Which of those unknowns were positive in the last solve, i.e. above its
  // natural residual (same bits; a basic unknown can be 0 at a degenerate
  // vertex, and a rounding-level one is no more than 0). For display and
  // tests (io/frame_arrays.h), never read by a solver.
  std::uint32_t lcp_positive = 0;
  // Friction anchor (world/friction_anchors.h): where a sticking contact
  // began, as a material point of each body (body frames, m), and the
  // tangential velocity of A relative to B (world, m/s) that the friction
  // rows aim for this step to return to it; zero without an anchor.
  bool anchored = false;
  Vec3 anchor_A = Vec3::Zero();
  Vec3 anchor_B = Vec3::Zero();
  Vec3 slip_target_W = Vec3::Zero();
};

}  // namespace grasplab
