#include "core/io/frame_record.h"

#include "core/io/grasp_json.h"
#include "core/io/sensor_json.h"

namespace grasplab {

nlohmann::ordered_json FrameJson(const Scene& scene) {
  const World& w = scene.world;
  nlohmann::ordered_json f;
  f["time"] = w.time();
  f["step"] = w.step_count();
  nlohmann::ordered_json poses = nlohmann::ordered_json::array();
  for (BodyId i = 0; i < w.body_count(); ++i) {
    const Pose& X = w.pose(i);
    poses.push_back({X.p.x(), X.p.y(), X.p.z(), X.q.w(), X.q.x(), X.q.y(), X.q.z()});
  }
  f["poses"] = std::move(poses);
  const double h = w.stats().step_length > 0.0 ? w.stats().step_length : scene.timestep;
  nlohmann::ordered_json contacts = nlohmann::ordered_json::array();
  for (const Contact& c : w.contacts()) {
    const Vec3 ft = c.friction_impulse / h;
    contacts.push_back({{"a", w.body_name(c.body_a)},
                        {"b", w.body_name(c.body_b)},
                        {"point", {c.p_W.x(), c.p_W.y(), c.p_W.z()}},
                        {"normal", {c.n_W.x(), c.n_W.y(), c.n_W.z()}},
                        {"normalForce", c.normal_impulse / h},
                        {"frictionForce", {ft.x(), ft.y(), ft.z()}}});
  }
  f["contacts"] = std::move(contacts);
  nlohmann::ordered_json joints = nlohmann::ordered_json::array();
  for (JointId j = 0; j < w.joint_count(); ++j) joints.push_back(w.joint_position(j));
  f["joints"] = std::move(joints);
  f["grasp"] = nullptr;
  if (scene.grasp) {
    GraspQualitySettings l1 = scene.grasp->settings;
    l1.compute_linf = false;
    f["grasp"] = GraspQualityJson(EvaluateSceneGrasp(scene, l1));
    const KineticEnergyRatio k = EvaluateSceneEnergy(scene);
    f["energy"] = {{"T", k.actual},
                   {"Tgrip", k.expected},
                   {"ratio", k.defined ? nlohmann::ordered_json(k.ratio) : nlohmann::ordered_json(nullptr)}};
  }
  if (w.sensor_count() > 0) f["sensors"] = SensorsJson(w, /*with_names=*/false);
  return f;
}

}  // namespace grasplab
