// The names of the four contact models (the contact-models issue): which one
// a World uses is a setting (WorldSettings::contact_solver, a scene's
// solver.type, the CLI's --solver); the models themselves are in
// solvers/contact_model.h and world/penalty_model.h.
#pragma once

#include <string>

#include "core/base/status.h"

namespace grasplab {

enum class ContactSolver {
  kLcp,  // Miller & Christensen: friction pyramid, Lemke's algorithm (solvers/lcp_solver.h)
  kPgs,  // Chardonnet et al.: exact Coulomb cone, block Gauss-Seidel (solvers/pgs_cone_solver.h)
  // Lee, Ruspini & Khatib (after Baraff): impacts first, as impulse problems
  // with restitution, then the resting contacts (solvers/impulse_solver.h).
  kImpulse,
  // Zechmair & Morel: overlap-volume penalty forces, integrated with an
  // adaptive Dormand-Prince 4(5) inside each step (world/penalty_model.h).
  kPenalty,
};

// "lcp", "pgs", "impulse" or "penalty".
const char* ContactSolverName(ContactSolver solver);
// The inverse of ContactSolverName; anything else is an error naming the
// four (without a field name: the caller prefixes its own).
Status ParseContactSolver(const std::string& name, ContactSolver* out);

}  // namespace grasplab
