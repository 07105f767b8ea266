// A compliant pad's definition (what the scene asks for, in World terms)
// and its contact in the last step (what the pad stage found), as plain
// data: WorldModel::pads and WorldState::pads. The stage is
// world/pad_stage.h; the model contact/pad_compliance.h and
// contact/pad_pressure.h; the scene format's "pads" docs/contact-models.md.
#pragma once

#include <string>
#include <vector>

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/contact/pad_pressure.h"
#include "core/math/types.h"

namespace grasplab {

struct PadDef {
  std::string name;    // unique in the world, 1 to 256 characters
  BodyId body = -1;    // the body the pad is on (dynamic or static)
  Pose X_BP;           // pad frame P in the body frame (the COM frame, dynamics/body.h)
  PadMaterial material;
  PadGrid grid;
  double damping_ratio = 0.5;  // zeta, in [0, 10]
  PadSolver solver = PadSolver::kAuto;
};

// A pad's contact in the last step.
struct PadContact {
  BodyId other = -1;               // the indenter; -1 when nothing presses on the pad
  std::vector<double> pressure;    // Pa per node, row-major (PadGrid), >= 0
  double normal_force = 0.0;       // F (N): A sum p
  double stiffness = 0.0;          // K (N/m)
  double approach = 0.0;           // max_k -s_k (m): the deepest penetration of the undeformed pad
  double friction = 0.0;           // mu
  double torsion_arm = 0.0;        // rho (m)
  Vec3 n_W = Vec3::UnitZ();        // pad normal, world
  Vec3 c_W = Vec3::Zero();         // centre of pressure, world (m)
  Vec3 t1_W = Vec3::UnitX(), t2_W = Vec3::UnitY();
  double normal_impulse = 0.0;     // N s: h F plus the implicit row's impulse
  Vec3 friction_impulse_W = Vec3::Zero();  // N s, on the indenter
  double torsional_impulse = 0.0;  // N m s, about n on the indenter
  int active = 0;                  // nodes in contact
  int pivots = 0, sweeps = 0;      // the pressure solve's
  int bottomed = 0;                // nodes pressed deeper than the pad's thickness
  // Friction anchor (as world/friction_anchors.h for rigid contacts): the
  // material points, one in each body's frame, that coincided at c when
  // the pad began to stick; the friction rows aim to bring them back
  // together (target -gamma d / h), so a held object does not creep by the
  // LCP's regularisation. Reset when the indenter changes or the pad slips.
  bool anchored = false;
  bool slipping = false;           // a friction row at its bound in the last solve
  Vec3 anchor_other = Vec3::Zero(), anchor_pad = Vec3::Zero();
};

// Checks the definition's numbers (not its body id: World::AddPad does).
Status ValidatePadDef(const PadDef& def, const std::string& field);

}  // namespace grasplab
