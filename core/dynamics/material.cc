#include "core/base/format.h"
#include "core/dynamics/material.h"

#include <algorithm>
#include <cmath>

#include "core/math/types.h"

namespace grasplab {
namespace {

Status CheckFriction(double mu_s, double mu_k, const std::string& field) {
  if (!IsFinite(mu_s) || mu_s < 0.0 || mu_s > 100.0) {
    return Status::Error(field + ".staticFriction: must be a number in [0, 100], got " + FormatNumber(mu_s));
  }
  if (!IsFinite(mu_k) || mu_k < 0.0 || mu_k > mu_s) {
    return Status::Error(field + ".kineticFriction: must be a number in [0, staticFriction = " + FormatNumber(mu_s) +
                         "], got " + FormatNumber(mu_k));
  }
  return Status::Ok();
}

}  // namespace

MaterialTable::MaterialTable() { materials_.push_back(Material{"default", 0.5, 0.4, 0.0}); }

StatusOr<MaterialId> MaterialTable::Add(const Material& m) {
  const std::string field = "materials." + m.name;
  if (m.name.empty()) return Status::Error("materials: a material needs a non-empty name");
  if (Find(m.name) >= 0) return Status::Error(field + ": duplicate material name");
  if (Status s = CheckFriction(m.static_friction, m.kinetic_friction, field); !s.ok()) return s;
  if (!IsFinite(m.restitution) || m.restitution < 0.0 || m.restitution > 1.0) {
    return Status::Error(field + ".restitution: must be a number in [0, 1], got " + FormatNumber(m.restitution));
  }
  materials_.push_back(m);
  return static_cast<MaterialId>(materials_.size() - 1);
}

Status MaterialTable::SetFriction(MaterialId id, double mu_s, double mu_k) {
  if (id < 0 || id >= size()) return Status::Error("materials: unknown material id " + std::to_string(id));
  if (Status s = CheckFriction(mu_s, mu_k, "materials." + materials_[id].name); !s.ok()) return s;
  materials_[id].static_friction = mu_s;
  materials_[id].kinetic_friction = mu_k;
  return Status::Ok();
}

Status MaterialTable::SetPair(MaterialId a, MaterialId b, double mu_s, double mu_k) {
  if (a < 0 || b < 0 || a >= size() || b >= size()) return Status::Error("frictionPairs: unknown material id");
  if (a > b) std::swap(a, b);
  const std::string field = "frictionPairs(" + materials_[a].name + ", " + materials_[b].name + ")";
  if (Status s = CheckFriction(mu_s, mu_k, field); !s.ok()) return s;
  const PairOverride p{a, b, mu_s, mu_k};
  auto it = std::lower_bound(pairs_.begin(), pairs_.end(), p, [](const PairOverride& x, const PairOverride& y) {
    return x.a < y.a || (x.a == y.a && x.b < y.b);
  });
  if (it != pairs_.end() && it->a == a && it->b == b) {
    *it = p;
  } else {
    pairs_.insert(it, p);
  }
  return Status::Ok();
}

MaterialId MaterialTable::Find(const std::string& name) const {
  for (int i = 0; i < size(); ++i) {
    if (materials_[i].name == name) return i;
  }
  return -1;
}

PairProperties MaterialTable::Combine(MaterialId a, MaterialId b) const {
  const Material& ma = materials_[a];
  const Material& mb = materials_[b];
  PairProperties p;
  p.restitution = std::max(ma.restitution, mb.restitution);
  if (a > b) std::swap(a, b);
  for (const PairOverride& o : pairs_) {
    if (o.a == a && o.b == b) {
      p.static_friction = o.static_friction;
      p.kinetic_friction = o.kinetic_friction;
      return p;
    }
  }
  p.static_friction = std::sqrt(ma.static_friction * mb.static_friction);
  p.kinetic_friction = std::sqrt(ma.kinetic_friction * mb.kinetic_friction);
  return p;
}

double SelectFriction(const PairProperties& pair, double slip_speed, double slip_threshold) {
  return slip_speed < slip_threshold ? pair.static_friction : pair.kinetic_friction;
}

}  // namespace grasplab
