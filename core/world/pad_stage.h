// Stage kPads of World::Step: compliant fingertip pads (Golle, Ulbrich &
// Pfeiffer, section 2, Fig. 1c, eq. 6) in the rigid velocity-level step.
//
// A pad is a rectangle on a face of a body (frame P fixed in the body, the
// pad covering |x| <= size_x/2, |y| <= size_y/2 of P's xy plane, +z of P its
// outward normal n), discretised into nodes (contact/pad_compliance.h). The
// pad is the outer layer of the body's collision shape: the face the narrow
// phase sees is the pad's undeformed surface, and what the indenter
// penetrates of it is the pad's deformation.
//
// Each step, after the narrow phase (state.contacts at q^{l+1}):
//  1. Take over the contacts on the pad's face: those between the pad's
//     body and another body whose point lies on the pad (within 1 mm of the
//     rectangle, within the pad's thickness + 1 mm below the face, 1 mm
//     above it) and whose normal is within 45 degrees of n. Of the bodies
//     touching the pad, the one of the deepest such contact is the pad's
//     indenter this step; its face contacts leave state.contacts (the pad
//     replaces them), the other bodies' contacts stay rigid.
//  2. Node separations s_k from the indenter's surface along n (m; see
//     NodeSeparation), and the displacement-controlled pressure LCP
//     g = s + C p >= 0, p >= 0, p^T g = 0 (contact/pad_pressure.h).
//  3. The resultant: F = A sum p_k along n on the indenter (N) at the
//     centre of pressure c = sum p_k x_k / sum p_k (pressures are parallel,
//     so force and torque are exactly this force at c); -F on the pad's
//     body. The pad's tangent stiffness K = dF/d(approach) (N/m) on the
//     active nodes.
// Then, in the rigid step (the seed's M qdd + h + W_u f_u = 0 with f_u
// the pads' forces):
//  4. After the free velocities (stage kExternalImpulses), the explicit
//     impulse h F at c on both bodies.
//  5. In the indenter's island (the pad pair joins the two bodies' islands
//     like a contact), bounded rows (solvers/lcp_solver.h) over the
//     relative velocity of the indenter's material point at c with respect
//     to the pad's:
//       normal     r = n . v_rel (separating > 0): the step's stiffness and
//                  damping implicitly, r + c_n f = 0 with
//                  c_n = 1 / (h (h K + D)),  D = 2 zeta sqrt(K m)
//                  (zeta the pad's damping ratio, m the lighter dynamic
//                  body's mass), |f| <= h F: the increment over the step
//                  of the linearised pad force, so the total normal impulse
//                  h F + f stays in [0, 2 h F] (the pad never pulls);
//       friction   two rows t1 . v_rel, t2 . v_rel, |f| <= mu h F each
//                  (Coulomb's box in place of eq. 6's regularised tau, so a
//                  held object sticks exactly), mu the pair's static
//                  friction (the contacts' coefficient), aiming at
//                  -gamma d . t / h with d the drift of a friction anchor
//                  (PadContact) while the pad sticks;
//       torsion    n . w_rel, |f| <= mu h F rho, rho = sum p_k |x_k - c| /
//                  sum p_k (m): Coulomb's limit for the pressure
//                  distribution turning rigidly about c.
// Every velocity-level contact model (kLcp, kPgs, kImpulse) solves bounded
// rows: the pad is the same rows whatever the model. In the reduced
// formulation a row's blocks on tree bodies become their joint-space image
// J^T F (solvers/reduced_island.h) like a contact row's, and step 4's
// h F at c reaches a tree body as the external force F at c in ABA
// (AddNormalForces into ArticulatedTrees::FreeVelocities: the impulse
// J^T h F in joint space); free bodies take it as an impulse.
// The penalty model (world/penalty_model.h) runs steps 1-3 on its overlaps
// inside its derivative and applies the pad's force with explicit damping
// and its own regularised friction (AddPenaltyForces).
// The grasp analysis sees a pressed pad as one soft-finger contact at c
// (scene/scene.h: GraspContacts).
//
// Determinism: fixed loops over pads, nodes and contacts; the LCP solvers
// are the project's own (bit-identical native and WASM).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/contact/pad_pressure.h"
#include "core/world/pad_def.h"
#include "core/geometry/shape.h"
#include "core/solvers/lcp_solver.h"
#include "core/solvers/penalty_contact.h"
#include "core/world/world_data.h"

namespace grasplab {

// Distance (m) along n_W from x_W to the surface of `shape` at X_WO, where
// the line x_W + t n_W enters it (negative when x_W is inside); +inf when
// the line misses it or leaves it behind x_W. Exact for planes, spheres and
// boxes; other shapes are seen through the tangent plane of `fallback`
// (the pair's deepest contact: point, normal pointing out of the shape).
double NodeSeparation(const Shape& shape, const Pose& X_WO, const Vec3& x_W, const Vec3& n_W, const Vec3& fallback_p_W,
                      const Vec3& fallback_n_W);

class PadStage {
 public:
  // A new pad's solver (C built now: O(n^2) half-space entries).
  void Add(const PadDef& def);
  bool empty() const { return solvers_.empty(); }

  // Steps 1-3 (header) for every pad; writes state->pads, and the contacts
  // the pads took over leave state->contacts.
  void Solve(const WorldModel& model, WorldState* state);
  // Steps 1-3 over `contacts` at the poses X_WB (the penalty model's
  // overlaps, world/penalty_model.h): writes *pads and marks taken[c] = 1
  // for each contact a pad took over (contacts are not removed).
  void Solve(const WorldModel& model, std::span<const Pose> X_WB, std::span<const Contact> contacts,
             std::vector<PadContact>* pads, std::vector<std::uint8_t>* taken);
  // Step 4: h F at c on both bodies, except those marked in `skip` (per
  // world body; empty: none), whose velocities are not body twists of their
  // own: the reduced formulation's tree bodies, which take F through
  // AddNormalForces into their trees' free velocities instead.
  // Sets each pad's normal_impulse to h F.
  void ApplyNormalImpulses(const WorldModel& model, double h, WorldState* state, std::vector<VelocityBody>* bodies,
                           std::span<const std::uint8_t> skip = {}) const;
  // The pads' forces F n at c as forces (N) and torques about each body's
  // centre of mass (N m), world frame, added into force_W and torque_W (per
  // world body, sized by the caller): F n on the indenter, -F n on the pad's
  // body. The reduced formulation passes them to ABA
  // (ArticulatedTrees::FreeVelocities), where over the step they are the
  // impulse h F at c in joint space, J^T h F.
  void AddNormalForces(const WorldModel& model, const WorldState& state, std::vector<Vec3>* force_W,
                       std::vector<Vec3>* torque_W) const;
  // The penalty model's pad forces (world/penalty_model.h), added into
  // force_W and torque_W (per world body; torques about the centre of
  // mass): on the indenter at c, with v_rel its material point's velocity
  // relative to the pad body's and w_rel its angular velocity relative to
  // the pad body's,
  //   normal    f_n = max(0, F - D n . v_rel)   (N; F the pressure LCP's
  //             resultant, D = 2 zeta sqrt(K m) as in the normal row: the
  //             pad's stiffness is F itself, its damping explicit)
  //   friction  eq. 8 with f_n (solvers/penalty_contact.h: PenaltyFriction)
  //   torsion   eq. 8 at the pad's torsion arm rho about n
  //             (PenaltyTorsionalFriction), bounded by mu f_n rho
  // and the opposite on the pad's body. Records them in *pads as impulses
  // over h (normal_impulse = h f_n, friction_impulse_W, torsional_impulse).
  void AddPenaltyForces(const WorldModel& model, const WorldState& state, const PenaltySettings& settings, double h,
                        std::vector<PadContact>* pads, std::vector<Vec3>* force_W, std::vector<Vec3>* torque_W) const;
  // Whether a pressed pad touches one of these bodies (its island has pad
  // rows even without contacts or joints).
  bool Presses(const WorldModel& model, const WorldState& state, std::span<const int> bodies) const;
  // Links joining each pressed pad's two bodies into one island.
  void AppendIslandLinks(const WorldModel& model, const WorldState& state,
                         std::vector<std::pair<int, int>>* links) const;
  // Step 5: the rows of the pads whose bodies are in the island (local:
  // world body id -> island-local index, -1 outside). Records which row is
  // which for StoreImpulses.
  void AppendRows(const WorldModel& model, const WorldState& state, std::span<const int> local, double h,
                  IslandSystem* sys);
  // The rows' impulses (bounded, in the island system's row order) back
  // into state->pads.
  void StoreImpulses(std::span<const double> bounded, double h, WorldState* state) const;

 private:
  std::vector<PadPressureSolver> solvers_;
  std::vector<double> s_;
  std::vector<std::uint8_t> taken_;
  struct RowOf {
    int pad = -1;
    int slot = 0;  // 0 normal, 1 t1, 2 t2, 3 torsion
    int row = 0;   // bounded row index
    double limit = 0.0;
  };
  std::vector<RowOf> rows_;
};

}  // namespace grasplab
