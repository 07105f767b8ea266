// Materials and the friction/restitution of a contacting pair.
//
// GraspIt! computes the coefficient of friction "between two contacting
// bodies" from their materials (Miller & Christensen, section 3.1); a pair
// table gives it explicitly. Where the table is silent, the combination rule
// is: friction coefficients by geometric mean, sqrt(mu_a mu_b) (a frictionless
// material makes the pair frictionless), restitution by the larger value.
// Static vs kinetic friction is chosen per contact by the slip speed (eq. 13).
#pragma once

#include <string>
#include <vector>

#include "core/base/ids.h"
#include "core/base/status.h"

namespace grasplab {

// MaterialId: core/base/ids.h

struct Material {
  std::string name;
  double static_friction = 0.5;   // mu_s, >= 0
  double kinetic_friction = 0.4;  // mu_k, 0 <= mu_k <= mu_s
  double restitution = 0.0;       // e in [0, 1]
};

struct PairProperties {
  double static_friction = 0.0;
  double kinetic_friction = 0.0;
  double restitution = 0.0;
};

class MaterialTable {
 public:
  // Starts with one material, "default" (mu_s 0.5, mu_k 0.4, e 0), id 0.
  MaterialTable();

  StatusOr<MaterialId> Add(const Material& material);
  // Overrides the pair (a, b), in either order. Restitution stays by rule.
  Status SetPair(MaterialId a, MaterialId b, double static_friction, double kinetic_friction);

  // Replaces a material's friction coefficients (validated as in Add).
  Status SetFriction(MaterialId id, double static_friction, double kinetic_friction);
  int size() const { return static_cast<int>(materials_.size()); }
  const Material& material(MaterialId id) const { return materials_[id]; }
  // -1 if unknown.
  MaterialId Find(const std::string& name) const;

  PairProperties Combine(MaterialId a, MaterialId b) const;

 private:
  struct PairOverride {
    MaterialId a, b;  // a <= b
    double static_friction, kinetic_friction;
  };
  std::vector<Material> materials_;
  std::vector<PairOverride> pairs_;  // sorted by (a, b)
};

// Eq. 13: mu_s when the relative speed at the contact is below the slip
// threshold s_t (m/s), mu_k otherwise.
double SelectFriction(const PairProperties& pair, double slip_speed, double slip_threshold);

}  // namespace grasplab
