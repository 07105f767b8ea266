#include "core/world/sensor_suite.h"

#include <algorithm>

#include "core/geometry/shape.h"
#include "core/math/state_hash.h"
#include "core/world/tactile_sensor.h"

namespace grasplab {
namespace {

// FNV-1a of the name (StateHasher's), so two sensors with one seed differ.
std::uint64_t NameHash(const std::string& name) {
  StateHasher h;
  h.AddBytes(name);
  return h.value();
}

}  // namespace

int SensorSuite::Find(const std::string& name) const {
  for (int i = 0; i < size(); ++i) {
    if (sensors_[i].def.name == name) return i;
  }
  return -1;
}

StatusOr<int> SensorSuite::Add(const SensorDef& def_in, const WorldModel& model, const std::string& field) {
  SensorDef def = def_in;
  if (def.type == SensorType::kTactile && def.pad >= 0) {
    if (def.pad >= static_cast<int>(model.pads.size())) {
      return Status::Error(field + ".pad: unknown pad " + std::to_string(def.pad));
    }
    const PadDef& p = model.pads[def.pad];
    def.body = p.body;
    def.X_BS = p.X_BP;
    def.size_x = p.grid.size_x, def.size_y = p.grid.size_y;
    def.rows = p.grid.rows, def.cols = p.grid.cols;
  }
  GL_TRY(ValidateSensorDef(def, field));
  if (Find(def.name) >= 0) return Status::Error(field + ".name: duplicate sensor name \"" + def.name + "\"");
  Sensor s;
  s.def = def;
  s.def.X_BS.q.normalize();
  if (def.type == SensorType::kJoint) {
    for (JointId j : def.joints) {
      if (j < 0 || j >= model.joint_count()) return Status::Error(field + ".joints: unknown joint " + std::to_string(j));
    }
  } else {
    if (def.body < 0 || def.body >= model.body_count()) {
      return Status::Error(field + ".link: unknown body " + std::to_string(def.body));
    }
    if (def.type == SensorType::kForceTorque && model.is_static[def.body]) {
      return Status::Error(field + ".link: body '" + model.bodies[def.body].name +
                           "' is static; a force/torque sensor measures what a moving body exerts on its holder");
    }
  }
  if (def.type == SensorType::kForceTorque) {
    s.below = BodiesBelow(model, def.body, &s.in_below);
    needs_momentum_.resize(model.body_count(), 0);
    for (BodyId b : s.below) needs_momentum_[b] = 1;
  }
  s.noise = GaussianNoise(def.noise.seed ^ NameHash(def.name));
  s.reading.values.assign(SensorValueCount(def), 0.0);
  sensors_.push_back(std::move(s));
  return size() - 1;
}

void SensorSuite::BeginStep(const WorldModel& model, const WorldState& state) {
  if (needs_momentum_.empty()) return;
  before_.resize(model.body_count());
  for (BodyId i = 0; i < model.body_count(); ++i) {
    if (i < static_cast<BodyId>(needs_momentum_.size()) && needs_momentum_[i]) before_[i] = Momentum(model, state, i);
  }
}

bool SensorSuite::Due(const Sensor& s, const WorldState& state, double h) const {
  if (s.def.rate <= 0.0 || s.reading.count == 0) return true;
  // The next multiple of 1/R after the first reading, as first + k/R
  // (multiplied, not summed, so rounding does not accumulate).
  const double due = s.first_time + static_cast<double>(s.reading.count) / s.def.rate;
  return state.time >= due - 1e-6 * h;
}

void SensorSuite::Read(const WorldModel& model, const WorldState& state, const JointControllers& controllers,
                       const DragSpring& drag, double h) {
  for (Sensor& s : sensors_) {
    if (!Due(s, state, h)) continue;
    Measure(&s, model, state, controllers, drag, h);
    AddNoise(&s);
    if (s.reading.count == 0) s.first_time = state.time;
    s.reading.time = state.time;
    s.reading.step = state.step_count;
    ++s.reading.count;
  }
}

void SensorSuite::Measure(Sensor* s, const WorldModel& model, const WorldState& state,
                          const JointControllers& controllers, const DragSpring& drag, double h) {
  std::vector<double>& v = s->reading.values;
  const SensorDef& d = s->def;
  switch (d.type) {
    case SensorType::kJoint:
      for (std::size_t k = 0; k < d.joints.size(); ++k) {
        const JointId j = d.joints[k];
        const JointState& js = state.joints[j];
        v[3 * k] = js.position + (d.joint_offsets.empty() ? 0.0 : d.joint_offsets[k]);
        v[3 * k + 1] = js.velocity;
        v[3 * k + 2] = js.effort + (controllers[j].enabled ? controllers[j].effort : 0.0);
      }
      break;
    case SensorType::kForceTorque: {
      const Pose X_WS = Compose(state.X_WB[d.body], d.X_BS);
      const WrenchW w = SensorWrench(model, state, s->below, s->in_below, before_, drag, h, X_WS.p,
                                     d.gravity_compensation);
      const Vec3 f_S = X_WS.q.conjugate() * w.force, t_S = X_WS.q.conjugate() * w.torque;
      for (int k = 0; k < 3; ++k) v[k] = f_S[k], v[3 + k] = t_S[k];
      break;
    }
    case SensorType::kTactile:
      if (d.pad >= 0) {
        const double area = model.pads[d.pad].grid.element_area();
        const std::vector<double>& p = state.pads[d.pad].pressure;
        for (std::size_t k = 0; k < v.size() && k < p.size(); ++k) v[k] = p[k] * area;
      } else {
        BinContactForces(d, Compose(state.X_WB[d.body], d.X_BS), state.contacts, h, v);
      }
      break;
  }
}

void SensorSuite::AddNoise(Sensor* s) {
  const SensorNoise& n = s->def.noise;
  std::vector<double>& v = s->reading.values;
  switch (s->def.type) {
    case SensorType::kJoint:
      for (std::size_t k = 0; k < v.size(); k += 3) {
        v[k] += s->noise.Next(n.position);
        v[k + 1] += s->noise.Next(n.velocity);
        v[k + 2] += s->noise.Next(n.effort);
      }
      break;
    case SensorType::kForceTorque:
      for (int k = 0; k < 3; ++k) v[k] += s->noise.Next(n.force);
      for (int k = 3; k < 6; ++k) v[k] += s->noise.Next(n.torque);
      break;
    case SensorType::kTactile:
      for (double& x : v) x += s->noise.Next(n.taxel);
      break;
  }
}

}  // namespace grasplab
