// The grasplab core as a Python module (pybind11, Debian's python3-pybind11).
// Thin by design, like wasm/bindings.cc: a Simulation adapter that owns one
// Scene and forwards to the core; arrays leave as NumPy copies in the
// layouts of core/io/frame_arrays.h. Errors raise ValueError with the core's
// message (the JSON path for bad scenes); a failed load leaves no object
// behind and touches no other. step(n) releases the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/io/frame_arrays.h"
#include "core/io/grasp_json.h"
#include "core/io/grasp_probe.h"
#include "core/io/run_summary.h"
#include "core/io/scene_description.h"
#include "core/math/state_hash.h"
#include "core/scene/scene_build.h"
#include "core/scene/scene_json.h"

namespace py = pybind11;

namespace grasplab {
namespace {

void Check(const Status& s) {
  if (!s.ok()) throw py::value_error(s.message());
}

// JSON from the core as Python objects (dict, list, ...).
py::object ToPython(const nlohmann::ordered_json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// Rows of `stride` doubles as an (n, stride) float64 array (a copy).
py::array_t<double> Rows(const std::vector<double>& flat, int stride) {
  const py::ssize_t n = static_cast<py::ssize_t>(flat.size()) / stride;
  py::array_t<double> out({n, static_cast<py::ssize_t>(stride)});
  std::copy(flat.begin(), flat.end(), out.mutable_data());
  return out;
}

class Simulation {
 public:
  explicit Simulation(Scene scene) : scene_(std::move(scene)) {}

  static Simulation FromFile(const std::string& path) {
    auto scene = LoadSceneFile(path);
    Check(scene.status());
    return Simulation(std::move(scene).value());
  }
  static Simulation FromJson(const std::string& text, const std::string& asset_root) {
    SceneLoadOptions options;
    options.asset_root = asset_root;
    auto scene = LoadSceneJson(text, options);
    Check(scene.status());
    return Simulation(std::move(scene).value());
  }

  void Step(long long n) {
    if (n < 0) throw py::value_error("step: n must be >= 0, got " + std::to_string(n));
    Status status = Status::Ok();
    {
      py::gil_scoped_release release;
      for (long long k = 0; k < n && status.ok(); ++k) status = StepScene(&scene_, scene_.timestep);
    }
    Check(status);
  }
  void Reset() {
    if (!scene_.spec) throw py::value_error("reset: the scene has no spec to rebuild from");
    auto scene = BuildScene(scene_.spec);
    Check(scene.status());
    scene_ = std::move(scene).value();
  }

  std::string StateHash() const { return HashToHex(scene_.world.StateHash()); }
  double Time() const { return scene_.world.time(); }
  long long StepCount() const { return scene_.world.step_count(); }
  double Timestep() const { return scene_.timestep; }
  std::string Name() const { return scene_.name; }
  std::vector<std::string> BodyNames() const {
    std::vector<std::string> names;
    for (BodyId i = 0; i < scene_.world.body_count(); ++i) names.push_back(scene_.world.body_name(i));
    return names;
  }
  std::vector<std::string> Warnings() const { return scene_.warnings; }

  // (bodies, 7): position (m) and quaternion [w, x, y, z], world frame.
  py::array_t<double> Poses() const {
    std::vector<double> poses(7 * scene_.world.body_count());
    scene_.world.WritePoses(poses);
    return Rows(poses, 7);
  }
  // (bodies, 6): linear then angular velocity (m/s, rad/s), world frame.
  py::array_t<double> Velocities() const {
    const World& w = scene_.world;
    std::vector<double> v;
    for (BodyId i = 0; i < w.body_count(); ++i) {
      for (int k = 0; k < 3; ++k) v.push_back(w.linear_velocity(i)[k]);
      for (int k = 0; k < 3; ++k) v.push_back(w.angular_velocity(i)[k]);
    }
    return Rows(v, 6);
  }
  py::array_t<double> Contacts() const {
    std::vector<double> out;
    WriteContactArray(scene_.world, &out);
    return Rows(out, kContactStride);
  }
  py::array_t<double> Joints() const {
    std::vector<double> out;
    WriteJointArray(scene_.world, &out);
    return Rows(out, kJointStride);
  }
  py::array_t<double> Stats() const {
    std::vector<double> out;
    WriteStatsArray(scene_.world, &out);
    py::array_t<double> a(static_cast<py::ssize_t>(out.size()));
    std::copy(out.begin(), out.end(), a.mutable_data());
    return a;
  }

  py::object Summary() const { return ToPython(RunSummary(scene_.name, scene_.world)); }
  py::object Description() const { return ToPython(DescribeScene(scene_)); }
  py::object Settings() const { return ToPython(DescribeSettings(scene_)); }
  py::object RobotJoints(const std::string& robot) const {
    const auto j = DescribeRobotJoints(scene_, robot);
    if (j.is_null()) throw py::value_error("the scene has no robot named \"" + robot + "\"");
    return ToPython(j);
  }
  py::object Grasp(bool linf) const { return ToPython(GraspQualityJson(EvaluateSceneGraspLive(scene_, linf))); }
  // The L1 wrench space (io/grasp_json.h: WrenchSpaceJson), generators as an (n, dim) array.
  py::object WrenchSpace() const {
    py::object d = ToPython(WrenchSpaceJson(EvaluateSceneGraspLive(scene_, false)));
    const int dim = d["dim"].cast<int>();
    d["generators"] = py::module_::import("numpy").attr("array")(d["generators"], "float64").attr("reshape")(-1, dim);
    return d;
  }
  // The grasp's contacts, centre, torque scale and settings as a grasp_probe
  // input (io/grasp_probe.h): grasp_probe of it is the live grasp bit for bit.
  py::object GraspProbeInputDict() const { return ToPython(GraspProbeInput(scene_)); }
  void Action(const std::string& type, const std::string& robot, double duration) {
    Check(RunButtonAction(&scene_, type, robot, duration));
  }
  void SetExternal(const std::string& robot, bool external) { Check(SetExternalControl(&scene_, robot, external)); }
  void SetGravity(double gx, double gy, double gz) { Check(scene_.world.SetGravity(Vec3(gx, gy, gz))); }
  void SetMaterialFriction(const std::string& name, double mu_s, double mu_k) {
    const MaterialId m = scene_.world.materials().Find(name);
    if (m < 0) throw py::value_error("materials: the scene has no material named \"" + name + "\"");
    Check(scene_.world.SetMaterialFriction(m, mu_s, mu_k));
  }
  void SetJointTarget(const std::string& robot, const std::string& joint, double position, double velocity) {
    Check(SetRobotJointTarget(&scene_, robot, joint, position, velocity));
  }

 private:
  Scene scene_;
};

}  // namespace
}  // namespace grasplab

PYBIND11_MODULE(grasplab, m) {
  using grasplab::Simulation;
  m.doc() = "grasplab: GraspIt!-style grasping dynamics (docs/python.md)";
  m.attr("CONTACT_STRIDE") = grasplab::kContactStride;
  m.attr("JOINT_STRIDE") = grasplab::kJointStride;
  m.attr("frame_layout") = py::module_::import("json").attr("loads")(grasplab::FrameLayoutJson());
  m.def(
      "grasp_probe",
      [](const py::object& probe) {
        // io/grasp_probe.h: contacts placed by hand; bad input raises ValueError naming the field.
        const std::string text = py::module_::import("json").attr("dumps")(probe).cast<std::string>();
        py::object out = py::module_::import("json").attr("loads")(grasplab::EvaluateGraspProbeJson(text));
        if (out.contains("error")) throw py::value_error(out["error"].cast<std::string>());
        return out;
      },
      py::arg("probe"),
      "Force closure, epsilon and the wrench space of hand-placed contacts: {'contacts': [{'position', 'normal', "
      "'friction'}], 'center', 'torqueScale', 'frictionEdges'?, 'contactModel'?, 'space'?, 'torsionalRadius'?, 'linf'?} "
      "(docs/grasping.md)");
  py::class_<Simulation>(m, "Simulation")
      .def_static("from_file", &Simulation::FromFile, py::arg("path"),
                  "Loads a scene file (assets from the assets/ folder that contains it).")
      .def_static("from_json", &Simulation::FromJson, py::arg("text"), py::arg("asset_root") = "",
                  "Loads a scene from JSON text; assets ('assets/...') are read from asset_root.")
      .def("step", &Simulation::Step, py::arg("n") = 1, "Advances n steps of the scene's timestep.")
      .def("reset", &Simulation::Reset, "Rebuilds the scene from its spec: time 0, actions pending again.")
      .def("state_hash", &Simulation::StateHash, "FNV-1a of every pose and velocity, as the CLI and the page print it.")
      .def_property_readonly("time", &Simulation::Time)
      .def_property_readonly("step_count", &Simulation::StepCount)
      .def_property_readonly("timestep", &Simulation::Timestep)
      .def_property_readonly("name", &Simulation::Name)
      .def_property_readonly("body_names", &Simulation::BodyNames)
      .def_property_readonly("warnings", &Simulation::Warnings)
      .def("poses", &Simulation::Poses, "(bodies, 7) float64: x, y, z, qw, qx, qy, qz")
      .def("velocities", &Simulation::Velocities, "(bodies, 6) float64: vx, vy, vz, wx, wy, wz")
      .def("contacts", &Simulation::Contacts, "(contacts, CONTACT_STRIDE) float64, core/io/frame_arrays.h")
      .def("joints", &Simulation::Joints, "(joints, JOINT_STRIDE) float64, core/io/frame_arrays.h")
      .def("stats", &Simulation::Stats, "the last step's stage seconds and counters, core/io/frame_arrays.h")
      .def("summary", &Simulation::Summary, "what `grasplab run` prints")
      .def("description", &Simulation::Description)
      .def("settings", &Simulation::Settings, "the settings in force, defaults included")
      .def("robot_joints", &Simulation::RobotJoints, py::arg("robot"))
      .def("grasp", &Simulation::Grasp, py::arg("linf") = false, "force closure, epsilon and volume of the scene's grasp")
      .def("action", &Simulation::Action, py::arg("type"), py::arg("robot"), py::arg("duration") = 1.0)
      .def("set_external_control", &Simulation::SetExternal, py::arg("robot"), py::arg("external") = true)
      .def("grasp_probe_input", &Simulation::GraspProbeInputDict,
           "The grasp as grasp_probe input (contacts, center, torqueScale, settings); None without a grasp")
      .def("wrench_space", &Simulation::WrenchSpace,
           "The grasp's L1 wrench space: generators (n, dim), the weakest direction and its margin (epsilon when > 0)")
      .def("set_gravity", &Simulation::SetGravity, py::arg("gx"), py::arg("gy"), py::arg("gz"),
           "Gravity (m/s^2, world frame) from the next step on; each component in [-1000, 1000].")
      .def("set_material_friction", &Simulation::SetMaterialFriction, py::arg("material"), py::arg("static_friction"),
           py::arg("kinetic_friction"), "A material's friction coefficients from the next step on (0 <= mu_k <= mu_s).")
      .def("set_joint_target", &Simulation::SetJointTarget, py::arg("robot"), py::arg("joint"), py::arg("position"),
           py::arg("velocity") = 0.0);
}
