// The grasplab core as a Python extension, grasplab._core (pybind11,
// Debian's python3-pybind11); python/grasplab/__init__.py re-exports it as
// the package grasplab. Thin by design, like wasm/bindings.cc: a Simulation
// adapter that owns one Scene and forwards to the core; arrays leave as
// NumPy copies in the layouts of core/io/frame_arrays.h. Errors raise
// ValueError with the core's message (the JSON path for bad scenes); a
// failed load leaves no object behind and touches no other. step(n) releases
// the GIL.
//
// Grasp sets (io/grasp_set.h, io/grasp_batch.h) cross as JSON text, one
// string per header or row: the package turns them into dicts and wraps
// them in its GraspSet class. Planning and evaluating release the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "cli/scene_link.h"
#include "core/base/heap.h"
#include "core/base/worker_pool.h"
#include "core/io/frame_arrays.h"
#include "core/io/grasp_batch.h"
#include "core/io/grasp_json.h"
#include "core/io/grasp_probe.h"
#include "core/io/grasp_set.h"
#include "core/io/run_summary.h"
#include "core/io/sensor_json.h"
#include "core/io/teleop_json.h"
#include "core/io/scene_description.h"
#include "core/math/state_hash.h"
#include "core/planning/planning_scene.h"
#include "core/scene/scene_build.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_teleop.h"

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
  static Simulation FromLink(const std::string& link, const std::string& asset_root) {
    auto text = DecodeSceneLink(link);
    Check(text.status());
    SceneLoadOptions options;
    options.asset_root = asset_root;
    auto scene = LoadSceneJson(text.value(), options);
    if (!scene.ok()) throw py::value_error("link: " + scene.status().message());
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
    const int threads = scene_.world.threads();
    scene_ = std::move(scene).value();
    scene_.world.SetThreads(threads);  // an engine setting, not the scene's: kept
  }

  int Threads() const { return scene_.world.threads(); }
  void SetThreads(int threads) {
    if (threads < 0 || threads > WorkerPool::kMaxThreads) {
      throw py::value_error("threads: must be in [0, 16] (0: one per hardware thread), got " + std::to_string(threads));
    }
    scene_.world.SetThreads(threads);
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
  // (bodies,) bool: asleep (core/world/island_sleep.h); static bodies never are.
  py::array_t<bool> Sleeping() const {
    const std::span<const std::uint8_t> s = scene_.world.sleeping_bodies();
    py::array_t<bool> out(static_cast<py::ssize_t>(s.size()));
    for (std::size_t i = 0; i < s.size(); ++i) out.mutable_at(i) = s[i] != 0;
    return out;
  }
  // Kinematic placement and a push (World::SetBodyPose, SetBodyVelocity):
  // both wake the body's island.
  void SetBodyPose(int body, const std::vector<double>& p, const std::vector<double>& q) {
    if (p.size() != 3 || q.size() != 4) throw py::value_error("set_body_pose: position has 3 numbers, orientation 4 [w, x, y, z]");
    Check(scene_.world.SetBodyPose(body, Pose{Vec3(p[0], p[1], p[2]), Quat(q[0], q[1], q[2], q[3])}));
  }
  void SetBodyVelocity(int body, const std::vector<double>& v, const std::vector<double>& w) {
    if (v.size() != 3 || w.size() != 3) throw py::value_error("set_body_velocity: linear and angular have 3 numbers each");
    Check(scene_.world.SetBodyVelocity(body, Vec3(v[0], v[1], v[2]), Vec3(w[0], w[1], w[2])));
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
  // Every sensor's last reading with names (io/sensor_json.h).
  py::object Sensors() const { return ToPython(SensorsJson(scene_.world, true)); }
  // Teleoperation (docs/teleoperation.md): a recorded session's records
  // queued (its JSON text; errors name "teleop.commands[i].<field>"), a
  // live command at the current step, the records so far, the set-up.
  void QueueTeleop(const std::string& text) {
    auto session = ParseTeleopSessionJson(text, "teleop");
    Check(session.status());
    Check(QueueTeleopCommands(&scene_, session.value()));
  }
  void TeleopCommand(const std::vector<double>& v, const std::vector<double>& w, double closure) {
    if (v.size() != 3 || w.size() != 3) throw py::value_error("teleop_command: velocity and angular_velocity have 3 numbers each");
    TeleopInput in;
    in.v_W = Vec3(v[0], v[1], v[2]);
    in.w_W = Vec3(w[0], w[1], w[2]);
    in.closure = closure;
    Check(PushTeleopCommand(&scene_, in));
  }
  std::string TeleopSession() const {
    if (!scene_.teleop) throw py::value_error("teleop: the scene has no \"teleop\" entry (docs/teleoperation.md)");
    return TeleopSessionJson(scene_.teleop->commands).dump();
  }
  py::object Teleop() const { return ToPython(TeleopDescriptionJson(scene_)); }
  // One sensor's raw reading (world/sensor_def.h: the layout per type).
  py::array_t<double> SensorValues(const std::string& name) const {
    const int i = scene_.world.FindSensor(name);
    if (i < 0) throw py::value_error("the scene has no sensor named \"" + name + "\"");
    const std::vector<double>& v = scene_.world.sensor_reading(i).values;
    py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
  }
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

// ---- Grasp sets: JSON text in and out (python/grasplab/__init__.py) ----

using Json = nlohmann::ordered_json;

StatusOr<Json> ParseJsonText(const std::string& text, const std::string& where) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::Error(where + ": not valid JSON");
  return j;
}

// The rows of a plan: the scene (text; `label` prefixes its errors, as the
// CLI's file name does), the hand and object (empty: the scene's "grasp"
// entry, as `grasplab plan` takes them), and the set's parameters. Returns
// the header (a grasplab-grasps header) and rows `indices` (all when
// absent), each as JSON text. The GIL is released while planning.
py::tuple PlanRows(const std::string& scene_text, const std::string& label, std::string robot, std::string object,
                   long long grasps, std::uint64_t seed, long long steps, const std::optional<std::vector<int>>& indices,
                   const std::string& asset_root) {
  if (grasps < 1 || grasps > 10000000) {
    throw py::value_error("grasps: must be a whole number in [1, 10000000], got " + std::to_string(grasps));
  }
  if (steps < 1 || steps > 1000000) {
    throw py::value_error("steps: must be a whole number in [1, 1000000], got " + std::to_string(steps));
  }
  SceneLoadOptions options;
  options.asset_root = asset_root;
  GraspSetHeader header;
  std::vector<std::string> rows;
  Status status = Status::Ok();
  {
    py::gil_scoped_release release;
    status = [&]() -> Status {
      auto scene = LoadSceneJson(scene_text, options);
      if (!scene.ok()) return Status::Error((label.empty() ? "" : label + ": ") + scene.status().message());
      const Scene& s = scene.value();
      if (robot.empty() && s.grasp && s.grasp->robot >= 0) robot = s.robots[s.grasp->robot].robot.name;
      if (object.empty() && s.grasp) object = s.world.body_name(s.grasp->object);
      if (robot.empty()) return Status::Error("robot: needed (the scene's \"grasp\" entry names no robot)");
      if (object.empty()) return Status::Error("object: needed (the scene has no \"grasp\" entry)");
      GL_TRY(CheckPlanningTarget(*s.spec, robot, object));
      header.scene = label.empty() ? s.name : label;
      header.scene_text = scene_text;
      header.robot = robot;
      header.object = object;
      header.seed = seed;
      header.steps = static_cast<int>(steps);
      header.grasps = static_cast<int>(grasps);
      std::vector<int> todo;
      if (indices) {
        todo = *indices;
      } else {
        for (int i = 0; i < header.grasps; ++i) todo.push_back(i);
      }
      return PlanGraspRows(header, options, todo, [&](const Json& row) {
        rows.push_back(row.dump());
        return Status::Ok();
      });
    }();
  }
  Check(status);
  return py::make_tuple(GraspHeaderJson(header, kGraspSetFormat).dump(), rows);
}

// A header and rows given as JSON text, checked as the core reads a file:
// the header's fields and set id, each row's index (in the set's range,
// once) and grasp. Errors name "header" or "rows[k]" and the field.
struct CheckedRows {
  GraspFile file;  // header (its rows stay empty)
  std::vector<Json> rows;
};

StatusOr<CheckedRows> CheckRows(const std::string& header_text, const std::vector<std::string>& row_texts) {
  CheckedRows out;
  auto header = ParseJsonText(header_text, "header");
  if (!header.ok()) return header.status();
  auto file = ParseGraspHeader(header.value(), "header");
  if (!file.ok()) return file.status();
  out.file = std::move(file).value();
  std::set<int> seen;
  for (std::size_t k = 0; k < row_texts.size(); ++k) {
    const std::string where = "rows[" + std::to_string(k) + "]";
    auto row = ParseJsonText(row_texts[k], where);
    if (!row.ok()) return row.status();
    GraspRow parsed;
    GL_TRY(ParseGraspRow(row.value(), where, out.file.header, &parsed));
    if (!seen.insert(parsed.index).second) {
      return Status::Error(where + ": row " + std::to_string(parsed.index) + " appears twice");
    }
    out.rows.push_back(std::move(row).value());
  }
  return out;
}

// Checks a header and rows for evaluation (CheckRows, and the set's scene
// and target with the assets from `asset_root`): the results header, as
// JSON text. What a Dask client runs before sending rows out.
std::string PrepareEvaluation(const std::string& header_text, const std::vector<std::string>& row_texts,
                              const std::string& asset_root) {
  SceneLoadOptions options;
  options.asset_root = asset_root;
  std::optional<CheckedRows> checked;
  Status status = Status::Ok();
  {
    py::gil_scoped_release release;
    status = [&]() -> Status {
      auto c = CheckRows(header_text, row_texts);
      if (!c.ok()) return c.status();
      checked = std::move(c).value();
      auto scene = GraspSetScene(checked->file.header, options);
      return scene.ok() ? Status::Ok() : scene.status();
    }();
  }
  Check(status);
  return GraspHeaderJson(checked->file.header, kGraspResultsFormat).dump();
}

// Verifies rows by dynamics (EvaluateGraspRows): the results header and the
// rows with "dynamic" (or "dynamicError"), as JSON text, in the order given.
// The GIL is released while evaluating.
py::tuple EvaluateRows(const std::string& header_text, const std::vector<std::string>& row_texts,
                       const std::string& asset_root) {
  SceneLoadOptions options;
  options.asset_root = asset_root;
  std::optional<CheckedRows> checked;
  std::vector<std::string> rows;
  Status status = Status::Ok();
  {
    py::gil_scoped_release release;
    status = [&]() -> Status {
      auto c = CheckRows(header_text, row_texts);
      if (!c.ok()) return c.status();
      checked = std::move(c).value();
      return EvaluateGraspRows(checked->file.header, options, checked->rows, [&](const Json& row) {
        rows.push_back(row.dump());
        return Status::Ok();
      });
    }();
  }
  Check(status);
  return py::make_tuple(GraspHeaderJson(checked->file.header, kGraspResultsFormat).dump(), rows);
}

// A grasp set or results file's bytes, read strictly (ParseGraspFile: errors
// name file:line and the field): its header line and rows as JSON text.
py::tuple ParseFile(const std::string& data, const std::string& file) {
  auto parsed = ParseGraspFile(data, file);
  Check(parsed.status());
  const Json header = Json::parse(data.substr(0, data.find('\n')));
  std::vector<std::string> rows;
  for (const GraspRow& r : parsed.value().rows) rows.push_back(r.json.dump());
  return py::make_tuple(header.dump(), rows);
}

// SummarizeGraspRows, after checking the fields it reads (it expects rows as
// plan and evaluate write them).
std::string SummarizeRows(const std::vector<std::string>& row_texts) {
  std::vector<Json> rows;
  for (std::size_t k = 0; k < row_texts.size(); ++k) {
    const std::string where = "rows[" + std::to_string(k) + "]";
    auto row = ParseJsonText(row_texts[k], where);
    if (!row.ok()) Check(row.status());
    const Json& r = row.value();
    auto need = [&](const Json& object, const std::string& path, const char* key, bool boolean) {
      if (!object.is_object() || !object.contains(key) ||
          !(boolean ? object[key].is_boolean() : object[key].is_number())) {
        throw py::value_error(where + ": field \"" + path + key + "\": must be " + (boolean ? "true or false" : "a number"));
      }
    };
    if (!r.is_object()) throw py::value_error(where + ": a row must be a JSON object");
    if (!r.contains("error")) {
      if (!r.contains("static")) throw py::value_error(where + ": field \"static\": required (or \"error\")");
      need(r["static"], "static.", "forceClosure", true);
      need(r["static"], "static.", "epsilon", false);
      if (r.contains("dynamic")) {
        for (const char* key : {"held", "lifted", "forceClosure"}) need(r["dynamic"], "dynamic.", key, true);
        need(r["dynamic"], "dynamic.", "slipMm", false);
      }
    }
    rows.push_back(r);
  }
  return SummarizeGraspRows(rows).dump();
}

}  // namespace
}  // namespace grasplab

PYBIND11_MODULE(_core, m) {
  grasplab::KeepHeapWarm();  // core/base/heap.h: a step loop without brk churn
  using grasplab::Simulation;
  m.doc() = "grasplab: GraspIt!-style grasping dynamics (docs/python.md); the extension behind the grasplab package";
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
  // Grasp sets as JSON text; python/grasplab/__init__.py is the API (plan,
  // evaluate, read_grasps, GraspSet).
  m.attr("GRASP_SET_FORMAT") = grasplab::kGraspSetFormat;
  m.attr("GRASP_RESULTS_FORMAT") = grasplab::kGraspResultsFormat;
  m.def("_plan_rows", &grasplab::PlanRows, py::arg("scene_text"), py::arg("label"), py::arg("robot"),
        py::arg("object"), py::arg("grasps"), py::arg("seed"), py::arg("steps"), py::arg("indices"),
        py::arg("asset_root"),
        "Plans a grasp set's rows (io/grasp_batch.h PlanGraspRows): (header JSON, [row JSON]). "
        "Empty robot/object: the scene's \"grasp\" entry. indices None: every row. Releases the GIL.");
  m.def("_prepare_evaluation", &grasplab::PrepareEvaluation, py::arg("header"), py::arg("rows"),
        py::arg("asset_root"),
        "Checks a header, rows (JSON text) and the set's scene for evaluation; returns the results header JSON.");
  m.def("_evaluate_rows", &grasplab::EvaluateRows, py::arg("header"), py::arg("rows"), py::arg("asset_root"),
        "Verifies rows by dynamics (io/grasp_batch.h EvaluateGraspRows): (results header JSON, [row JSON]). "
        "Releases the GIL.");
  m.def("_parse_grasp_file", &grasplab::ParseFile, py::arg("data"), py::arg("file"),
        "Reads a grasp set or results file strictly (io/grasp_set.h ParseGraspFile): (header JSON, [row JSON]).");
  m.def("_summarize_rows", &grasplab::SummarizeRows, py::arg("rows"),
        "io/grasp_set.h SummarizeGraspRows of rows given as JSON text: the summary as JSON text.");
  py::class_<Simulation>(m, "Simulation")
      .def_static("from_file", &Simulation::FromFile, py::arg("path"),
                  "Loads a scene file (assets from the assets/ folder that contains it).")
      .def_static("from_json", &Simulation::FromJson, py::arg("text"), py::arg("asset_root") = "",
                  "Loads a scene from JSON text; assets ('assets/...') are read from asset_root.")
      .def_static("_from_link", &Simulation::FromLink, py::arg("link"), py::arg("asset_root"),
                  "Loads a scene from a share link (cli/scene_link.h); grasplab.Simulation.from_link wraps it.")
      .def("step", &Simulation::Step, py::arg("n") = 1, "Advances n steps of the scene's timestep.")
      .def("reset", &Simulation::Reset, "Rebuilds the scene from its spec: time 0, actions pending again.")
      .def("state_hash", &Simulation::StateHash, "FNV-1a of every pose and velocity, as the CLI and the page print it.")
      .def_property("threads", &Simulation::Threads, &Simulation::SetThreads,
                    "Worker threads for the step (1 by default; 0 sets one per hardware thread, at most 16). "
                    "The trajectory is the same bits on any number.")
      .def_property_readonly("time", &Simulation::Time)
      .def_property_readonly("step_count", &Simulation::StepCount)
      .def_property_readonly("timestep", &Simulation::Timestep)
      .def_property_readonly("name", &Simulation::Name)
      .def_property_readonly("body_names", &Simulation::BodyNames)
      .def_property_readonly("warnings", &Simulation::Warnings)
      .def("poses", &Simulation::Poses, "(bodies, 7) float64: x, y, z, qw, qx, qy, qz")
      .def("velocities", &Simulation::Velocities, "(bodies, 6) float64: vx, vy, vz, wx, wy, wz")
      .def("sleeping", &Simulation::Sleeping, "(bodies,) bool: asleep (sleeping islands; static bodies never are)")
      .def("set_body_pose", &Simulation::SetBodyPose, py::arg("body"), py::arg("position"), py::arg("orientation"),
           "Places a body (m; quaternion [w, x, y, z]) and wakes its island.")
      .def("set_body_velocity", &Simulation::SetBodyVelocity, py::arg("body"), py::arg("linear"), py::arg("angular"),
           "Sets a dynamic body's velocities (m/s, rad/s, world frame) and wakes its island.")
      .def("contacts", &Simulation::Contacts, "(contacts, CONTACT_STRIDE) float64, core/io/frame_arrays.h")
      .def("joints", &Simulation::Joints, "(joints, JOINT_STRIDE) float64, core/io/frame_arrays.h")
      .def("stats", &Simulation::Stats, "the last step's stage seconds and counters, core/io/frame_arrays.h")
      .def("summary", &Simulation::Summary, "what `grasplab run` prints")
      .def("sensors", &Simulation::Sensors, "every sensor's last reading, docs/sensors.md")
      .def("queue_teleop", &Simulation::QueueTeleop, py::arg("session_json"),
           "queue a recorded teleoperation session's records (docs/teleoperation.md)")
      .def("teleop_command", &Simulation::TeleopCommand, py::arg("velocity"), py::arg("angular_velocity"),
           py::arg("closure"), "a live teleoperation command from the current step on (world frame, m/s, rad/s, 0..1)")
      .def("teleop_session", &Simulation::TeleopSession, "the teleoperation records so far, as session JSON")
      .def("teleop", &Simulation::Teleop, "the scene's teleop set-up (robot, workspace, speeds, tau, records) or None")
      .def("sensor_values", &Simulation::SensorValues, py::arg("name"),
           "one sensor's reading as float64: joint [q, qd, effort] per joint, force_torque [fx..tz], tactile taxels")
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
