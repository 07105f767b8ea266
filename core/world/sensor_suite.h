// Stage kSensors of World::Step: every declared sensor's reading, taken
// after the step from its state (q^{l+1}, v^{l+1}, the step's contact
// impulses). Sensors only read: the trajectory is the same with or without
// them, bit for bit.
//
// Rate. A sensor with rate R > 0 Hz takes its first reading at the end of
// the first step and then at the end of the first step at or after each
// multiple of 1/R s since that one (within 1e-6 of a step, so rounding in
// the simulated time does not skip a sample): with a fixed step h and 1/(R h)
// a whole number, every 1/(R h) steps. Between readings the last one is
// held (SensorReading::time says when it was taken). R = 0, or R above the
// step rate, reads every step.
//
// Noise. Each channel of a reading gets a zero-mean Gaussian deviate of its
// SensorNoise standard deviation, drawn in channel order from the sensor's
// own generator (math/gaussian_noise.h), only when a reading is taken.
// Readings are not clamped: a tactile taxel with noise can read below 0,
// as a zero-offset-calibrated one does.
//
// Working memory is kept: after the first reading a step allocates nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/status.h"
#include "core/control/drag_spring.h"
#include "core/control/joint_controllers.h"
#include "core/math/gaussian_noise.h"
#include "core/world/force_torque_sensor.h"
#include "core/world/sensor_def.h"
#include "core/world/world_data.h"

namespace grasplab {

class SensorSuite {
 public:
  // Validates against the model (joints and bodies exist; the name is new)
  // with messages naming `field`, and adds it. The force/torque sensor's
  // bodies below it are those jointed below its body now.
  StatusOr<int> Add(const SensorDef& def, const WorldModel& model, const std::string& field);

  bool empty() const { return sensors_.empty(); }
  int size() const { return static_cast<int>(sensors_.size()); }
  const SensorDef& def(int i) const { return sensors_[i].def; }
  const SensorReading& reading(int i) const { return sensors_[i].reading; }
  int Find(const std::string& name) const;

  // Before the step: the momenta the force/torque sensors need.
  void BeginStep(const WorldModel& model, const WorldState& state);
  // After the step of length h (state.time already advanced).
  void Read(const WorldModel& model, const WorldState& state, const JointControllers& controllers,
            const DragSpring& drag, double h);

 private:
  struct Sensor {
    SensorDef def;
    SensorReading reading;
    GaussianNoise noise;
    double first_time = 0.0;               // s, the first reading's time
    std::vector<BodyId> below;             // kForceTorque
    std::vector<std::uint8_t> in_below;    // kForceTorque, per body
  };
  bool Due(const Sensor& s, const WorldState& state, double h) const;
  void Measure(Sensor* s, const WorldModel& model, const WorldState& state, const JointControllers& controllers,
               const DragSpring& drag, double h);
  void AddNoise(Sensor* s);

  std::vector<Sensor> sensors_;
  std::vector<std::uint8_t> needs_momentum_;  // per body: below some force/torque sensor
  std::vector<BodyMomentum> before_;          // per body, at the start of the step
};

}  // namespace grasplab
