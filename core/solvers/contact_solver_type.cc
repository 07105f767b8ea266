#include "core/solvers/contact_solver_type.h"

namespace grasplab {

const char* ContactSolverName(ContactSolver solver) {
  switch (solver) {
    case ContactSolver::kLcp: return "lcp";
    case ContactSolver::kPgs: return "pgs";
    case ContactSolver::kImpulse: return "impulse";
    case ContactSolver::kPenalty: return "penalty";
  }
  return "?";
}

Status ParseContactSolver(const std::string& name, ContactSolver* out) {
  for (ContactSolver s : {ContactSolver::kLcp, ContactSolver::kPgs, ContactSolver::kImpulse, ContactSolver::kPenalty}) {
    if (name == ContactSolverName(s)) {
      *out = s;
      return Status::Ok();
    }
  }
  return Status::Error("must be one of lcp, pgs, penalty, impulse; got \"" + name + "\"");
}

}  // namespace grasplab
