#include "core/io/sensor_json.h"

#include "core/geometry/shape.h"

namespace grasplab {

nlohmann::ordered_json SensorReadingJson(const World& world, int i, bool with_names) {
  const SensorDef& d = world.sensor_def(i);
  const SensorReading& r = world.sensor_reading(i);
  const std::vector<double>& v = r.values;
  nlohmann::ordered_json j;
  j["name"] = d.name;
  j["type"] = SensorTypeName(d.type);
  j["time"] = r.time;
  j["step"] = r.step;
  j["count"] = r.count;
  if (with_names && d.type != SensorType::kJoint) {
    const Pose X_WS = Compose(world.pose(d.body), d.X_BS);
    j["position"] = {X_WS.p.x(), X_WS.p.y(), X_WS.p.z()};
    j["orientation"] = {X_WS.q.w(), X_WS.q.x(), X_WS.q.y(), X_WS.q.z()};
  }
  switch (d.type) {
    case SensorType::kJoint: {
      if (with_names) {
        j["joints"] = nlohmann::ordered_json::array();
        for (JointId k : d.joints) j["joints"].push_back(world.joint_def(k).name);
      }
      nlohmann::ordered_json q = nlohmann::ordered_json::array(), qd = q, e = q;
      for (std::size_t k = 0; k + 2 < v.size(); k += 3) q.push_back(v[k]), qd.push_back(v[k + 1]), e.push_back(v[k + 2]);
      j["position"] = std::move(q);
      j["velocity"] = std::move(qd);
      j["effort"] = std::move(e);
      break;
    }
    case SensorType::kForceTorque:
      if (with_names) j["body"] = world.body_name(d.body);
      j["force"] = {v[0], v[1], v[2]};
      j["torque"] = {v[3], v[4], v[5]};
      break;
    case SensorType::kTactile: {
      if (with_names) {
        j["body"] = world.body_name(d.body);
        j["rows"] = d.rows;
        j["cols"] = d.cols;
      }
      double total = 0.0;
      for (double x : v) total += x;
      j["taxels"] = v;
      j["total"] = total;
      break;
    }
  }
  return j;
}

nlohmann::ordered_json SensorsJson(const World& world, bool with_names) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (int i = 0; i < world.sensor_count(); ++i) out.push_back(SensorReadingJson(world, i, with_names));
  return out;
}

}  // namespace grasplab
