#include "core/scene/scene_json.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "core/base/format.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/triangle_mesh.h"
#include "core/geometry/mesh_io.h"
#include "core/robot/robot.h"
#include "core/robot/urdf.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

using Json = nlohmann::json;

// Levenshtein distance, for "did you mean" suggestions.
int EditDistance(const std::string& a, const std::string& b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string Describe(const Json& v) {
  std::string s = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

// A JSON value with the path that leads to it. Every accessor returns a
// Status naming that path.
class Node {
 public:
  Node(const Json& value, std::string path) : v_(value), path_(std::move(path)) {}
  const Json& json() const { return v_; }
  const std::string& path() const { return path_; }
  std::string Child(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  bool Has(const std::string& key) const { return v_.is_object() && v_.contains(key); }
  Node At(const std::string& key) const { return Node(v_.at(key), Child(key)); }
  Node At(std::size_t i) const { return Node(v_.at(i), path_ + "[" + std::to_string(i) + "]"); }

  Status Error(const std::string& what) const { return Status::Error(path_ + ": " + what); }

  Status ExpectObject(const std::vector<std::string>& allowed) const {
    if (!v_.is_object()) return Error("must be an object, got " + Describe(v_));
    for (auto it = v_.begin(); it != v_.end(); ++it) {
      if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end()) continue;
      std::string best;
      int best_d = 3;
      for (const std::string& a : allowed) {
        const int d = EditDistance(it.key(), a);
        if (d < best_d) best_d = d, best = a;
      }
      std::string msg = Child(it.key()) + ": unknown field";
      if (!best.empty()) msg += " (did you mean '" + best + "'?)";
      return Status::Error(msg);
    }
    return Status::Ok();
  }

 private:
  Json v_;  // a copy: scenes are read once, and temporaries stay valid
  std::string path_;
};

Status Number(const Node& parent, const std::string& key, double* out, bool required, double lo, double hi,
              bool lo_open = false) {
  if (!parent.Has(key)) {
    return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  }
  const Json& v = parent.json().at(key);
  const std::string path = parent.Child(key);
  if (!v.is_number()) return Status::Error(path + ": must be a number, got " + Describe(v));
  const double x = v.get<double>();
  const bool ok = IsFinite(x) && (lo_open ? x > lo : x >= lo) && x <= hi;
  if (!ok) {
    return Status::Error(path + ": must be a finite number " + (lo_open ? "> " : ">= ") + FormatNumber(lo) +
                         (hi < 1e300 ? " and <= " + FormatNumber(hi) : std::string()) + ", got " + Describe(v));
  }
  *out = x;
  return Status::Ok();
}

Status Vector(const Node& parent, const std::string& key, int n, double* out, bool required) {
  if (!parent.Has(key)) return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  const Json& v = parent.json().at(key);
  const std::string path = parent.Child(key);
  if (!v.is_array() || static_cast<int>(v.size()) != n) {
    return Status::Error(path + ": must be an array of " + std::to_string(n) + " numbers, got " + Describe(v));
  }
  for (int i = 0; i < n; ++i) {
    if (!v[i].is_number() || !IsFinite(v[i].get<double>())) {
      return Status::Error(path + "[" + std::to_string(i) + "]: must be a finite number, got " + Describe(v[i]));
    }
    out[i] = v[i].get<double>();
  }
  return Status::Ok();
}

Status String(const Node& parent, const std::string& key, std::string* out, bool required) {
  if (!parent.Has(key)) return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  const Json& v = parent.json().at(key);
  if (!v.is_string()) return Status::Error(parent.Child(key) + ": must be a string, got " + Describe(v));
  *out = v.get<std::string>();
  if (out->empty() || out->size() > 256) return Status::Error(parent.Child(key) + ": must have 1 to 256 characters");
  return Status::Ok();
}

Status Bool(const Node& parent, const std::string& key, bool* out) {
  if (!parent.Has(key)) return Status::Ok();
  const Json& v = parent.json().at(key);
  if (!v.is_boolean()) return Status::Error(parent.Child(key) + ": must be true or false, got " + Describe(v));
  *out = v.get<bool>();
  return Status::Ok();
}

#define GL_TRY(expr)                      \
  do {                                    \
    if (Status s_ = (expr); !s_.ok()) return s_; \
  } while (0)

// The bytes of an asset named in field `key` of `parent`: a path inside
// assets/ without '..'.
StatusOr<std::string> ReadAssetBytes(const Node& parent, const std::string& key, const SceneLoadOptions& options,
                                     std::string* path_out = nullptr) {
  std::string path;
  if (Status s = String(parent, key, &path, true); !s.ok()) return s;
  if (path.rfind("assets/", 0) != 0 || path.find("..") != std::string::npos || path.find('\\') != std::string::npos) {
    return Status::Error(parent.Child(key) + ": must be a path inside assets/ without '..', got \"" + path + "\"");
  }
  if (path_out) *path_out = path;
  if (options.read_asset) {
    auto bytes = options.read_asset(path);
    if (!bytes.ok()) return Status::Error(parent.Child(key) + ": " + bytes.status().message());
    return bytes;
  }
  if (options.asset_root.empty()) return Status::Error(parent.Child(key) + ": asset files cannot be read here");
  const std::string file = options.asset_root + "/" + path.substr(7);
  std::ifstream in(file, std::ios::binary);
  if (!in) return Status::Error(parent.Child(key) + ": " + file + ": cannot be opened");
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The OBJ/STL named by `asset`, its vertices times `scale` (default 1).
StatusOr<MeshData> ReadMeshAsset(const Node& n, const SceneLoadOptions& options) {
  std::string asset;
  double scale = 1.0;
  if (Status s = Number(n, "scale", &scale, false, 0.0, 1e6, true); !s.ok()) return s;
  auto bytes = ReadAssetBytes(n, "asset", options, &asset);
  if (!bytes.ok()) return bytes.status();
  auto data = ParseMesh(bytes.value(), asset);
  if (!data.ok()) return Status::Error(n.Child("asset") + ": " + data.status().message());
  for (Vec3& v : data.value().vertices) v *= scale;
  return data;
}

Status ReadShape(const Node& n, const SceneLoadOptions& options, Shape* shape, Vec3* centroid) {
  std::string type;
  if (!n.json().is_object()) return n.Error("must be an object, got " + Describe(n.json()));
  GL_TRY(String(n, "type", &type, true));
  const double kMax = kMaxShapeDimension;
  if (type == "plane") {
    GL_TRY(n.ExpectObject({"type"}));
    *shape = PlaneShape{};
  } else if (type == "sphere") {
    GL_TRY(n.ExpectObject({"type", "radius"}));
    double r = 0;
    GL_TRY(Number(n, "radius", &r, true, 0.0, kMax, true));
    *shape = SphereShape{r};
  } else if (type == "box") {
    GL_TRY(n.ExpectObject({"type", "size"}));
    double s[3];
    GL_TRY(Vector(n, "size", 3, s, true));
    for (int i = 0; i < 3; ++i) {
      if (!(s[i] > 0.0) || s[i] > kMax) {
        return Status::Error(n.Child("size") + "[" + std::to_string(i) + "]: must be > 0 and <= " +
                             FormatNumber(kMax) + ", got " + FormatNumber(s[i]));
      }
    }
    *shape = BoxShape{0.5 * Vec3(s[0], s[1], s[2])};
  } else if (type == "capsule" || type == "cylinder") {
    GL_TRY(n.ExpectObject({"type", "radius", "length"}));
    double r = 0, l = 0;
    GL_TRY(Number(n, "radius", &r, true, 0.0, kMax, true));
    GL_TRY(Number(n, "length", &l, true, 0.0, kMax, type == "cylinder"));
    if (type == "capsule") {
      *shape = CapsuleShape{r, l};
    } else {
      *shape = CylinderShape{r, l};
    }
  } else if (type == "convex") {
    // Points inline, or the vertices of a mesh asset (the hull of an OBJ/STL).
    GL_TRY(n.ExpectObject({"type", "points", "asset", "scale"}));
    std::vector<Vec3> points;
    if (n.Has("asset")) {
      if (n.Has("points")) return n.Error("give either points or asset, not both");
      auto data = ReadMeshAsset(n, options);
      if (!data.ok()) return data.status();
      points = std::move(data.value().vertices);
    } else {
      if (n.Has("scale")) return Status::Error(n.Child("scale") + ": only with asset");
      if (!n.Has("points") || !n.json().at("points").is_array()) return Status::Error(n.Child("points") + ": required, an array of [x, y, z] (or give asset)");
      const Node pts = n.At("points");
      if (pts.json().size() > 100000) return pts.Error("at most 100000 points");
      for (std::size_t i = 0; i < pts.json().size(); ++i) {
        double p[3];
        Node holder(Json{{"p", pts.json()[i]}}, pts.path());
        if (Status s = Vector(holder, "p", 3, p, true); !s.ok()) {
          return Status::Error(pts.path() + "[" + std::to_string(i) + "]: must be an array of 3 finite numbers");
        }
        points.push_back(Vec3(p[0], p[1], p[2]));
      }
    }
    auto hull = BuildConvexHull(points, n.Has("asset") ? n.Child("asset") : n.Child("points"));
    if (!hull.ok()) return hull.status();
    *centroid = hull.value()->centroid;
    *shape = ConvexShape{hull.value()};
  } else if (type == "mesh") {
    GL_TRY(n.ExpectObject({"type", "asset", "scale"}));
    auto data = ReadMeshAsset(n, options);
    if (!data.ok()) return data.status();
    auto mesh = TriangleMesh::Create(std::move(data.value().vertices), std::move(data.value().triangles), n.Child("asset"));
    if (!mesh.ok()) return mesh.status();
    *shape = MeshShape{mesh.value()};
  } else if (type == "compound") {
    // Pieces at poses in the body frame; the body frame is then moved to the
    // volume centroid (returned in *centroid, like a convex hull's).
    GL_TRY(n.ExpectObject({"type", "pieces"}));
    if (!n.Has("pieces") || !n.json().at("pieces").is_array()) {
      return Status::Error(n.Child("pieces") + ": required, an array of {shape, position, orientation}");
    }
    const Node list = n.At("pieces");
    if (list.json().empty() || list.json().size() > static_cast<std::size_t>(kMaxCompoundPieces)) {
      return list.Error("must have 1 to " + std::to_string(kMaxCompoundPieces) + " pieces, got " +
                        std::to_string(list.json().size()));
    }
    std::vector<CompoundPiece> pieces;
    for (std::size_t i = 0; i < list.json().size(); ++i) {
      const Node pn = list.At(i);
      GL_TRY(pn.ExpectObject({"shape", "position", "orientation"}));
      if (!pn.Has("shape")) return Status::Error(pn.Child("shape") + ": required");
      std::string piece_type;
      if (pn.json().at("shape").is_object() && pn.json().at("shape").contains("type") &&
          pn.json().at("shape").at("type").is_string()) {
        piece_type = pn.json().at("shape").at("type").get<std::string>();
      }
      if (piece_type == "plane" || piece_type == "mesh" || piece_type == "compound") {
        return Status::Error(pn.Child("shape") + ".type: a compound piece must be a sphere, box, capsule, "
                             "cylinder or convex shape, got \"" + piece_type + "\"");
      }
      CompoundPiece piece;
      Vec3 piece_centroid = Vec3::Zero();
      GL_TRY(ReadShape(pn.At("shape"), options, &piece.shape, &piece_centroid));
      double p[3] = {0, 0, 0}, q[4] = {1, 0, 0, 0};
      GL_TRY(Vector(pn, "position", 3, p, false));
      GL_TRY(Vector(pn, "orientation", 4, q, false));
      Quat qq(q[0], q[1], q[2], q[3]);
      if (!(qq.norm() > 1e-6)) return Status::Error(pn.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
      qq.normalize();
      piece.X_BS = {Vec3(p[0], p[1], p[2]) + qq * piece_centroid, qq};
      pieces.push_back(std::move(piece));
    }
    Shape whole = CompoundShape{std::make_shared<const std::vector<CompoundPiece>>(pieces)};
    *centroid = ShapeCentroid(whole);
    for (CompoundPiece& piece : pieces) piece.X_BS.p -= *centroid;
    *shape = CompoundShape{std::make_shared<const std::vector<CompoundPiece>>(std::move(pieces))};
    GL_TRY(ValidateShape(*shape, n.path()));
  } else {
    return Status::Error(n.Child("type") + ": must be one of plane, sphere, box, capsule, cylinder, convex, mesh, compound; got \"" + type + "\"");
  }
  return Status::Ok();
}

Status Pose7(const Node& n, Pose* X) {
  double p[3] = {0, 0, 0}, q[4] = {1, 0, 0, 0};
  GL_TRY(Vector(n, "position", 3, p, false));
  GL_TRY(Vector(n, "orientation", 4, q, false));
  Quat qq(q[0], q[1], q[2], q[3]);
  if (!(qq.norm() > 1e-6)) return Status::Error(n.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
  X->p = Vec3(p[0], p[1], p[2]);
  X->q = qq.normalized();
  return Status::Ok();
}

Status ReadRobots(const Node& root, const SceneLoadOptions& options, const std::map<std::string, BodyId>& bodies,
                  Scene* scene) {
  if (!root.Has("robots")) return Status::Ok();
  const Node list = root.At("robots");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > 16) return list.Error("at most 16 robots");
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node r = list.At(i);
    GL_TRY(r.ExpectObject({"name", "model", "position", "orientation", "attach", "joints", "controller"}));
    RobotPlacement pl;
    GL_TRY(String(r, "name", &pl.name, true));
    if (FindRobot(*scene, pl.name) >= 0) return Status::Error(r.Child("name") + ": duplicate name \"" + pl.name + "\"");
    if (pl.name.find('/') != std::string::npos) return Status::Error(r.Child("name") + ": must not contain '/'");
    std::string path;
    auto text = ReadAssetBytes(r, "model", options, &path);
    if (!text.ok()) return text.status();
    UrdfLoadOptions uo;
    uo.asset_root = options.asset_root;
    const std::size_t slash = path.find_last_of('/');
    if (!options.asset_root.empty()) uo.base_dir = options.asset_root + "/" + path.substr(7, slash - 7);
    auto model = ParseUrdf(text.value(), path.substr(slash + 1), uo);
    if (!model.ok()) return Status::Error(r.Child("model") + ": " + model.status().message());
    GL_TRY(Pose7(r, &pl.X_WR));
    if (r.Has("attach")) {
      const Node a = r.At("attach");
      GL_TRY(a.ExpectObject({"robot", "link", "body", "position", "orientation"}));
      BodyId body = -1;
      Pose X_WH;  // the host frame: the body's, or the link's
      std::string other, link, body_name;
      GL_TRY(String(a, "body", &body_name, false));
      GL_TRY(String(a, "robot", &other, false));
      if (!body_name.empty()) {
        const auto it = bodies.find(body_name);
        if (it == bodies.end()) return Status::Error(a.Child("body") + ": no body named \"" + body_name + "\"");
        body = it->second;
        X_WH = scene->world.pose(body);
      } else if (!other.empty()) {
        const int k = FindRobot(*scene, other);
        if (k < 0) return Status::Error(a.Child("robot") + ": no earlier robot named \"" + other + "\"");
        GL_TRY(String(a, "link", &link, true));
        const Robot& host = scene->robots[k].robot;
        const int li = host.model->FindLink(link);
        if (li < 0) return Status::Error(a.Child("link") + ": robot \"" + other + "\" has no link \"" + link + "\"");
        body = host.link_body[li];
        X_WH = host.LinkPose(scene->world, li);
      } else {
        return a.Error("needs \"robot\" and \"link\", or \"body\"");
      }
      Pose offset;
      GL_TRY(Pose7(a, &offset));
      pl.X_WR = Compose(X_WH, offset);
      pl.attach_to = body;
    }
    if (r.Has("joints")) {
      const Node j = r.At("joints");
      if (!j.json().is_object()) return j.Error("must be an object of joint name: value");
      for (auto it = j.json().begin(); it != j.json().end(); ++it) {
        const Node v(it.value(), j.Child(it.key()));
        if (!it.value().is_number() || !IsFinite(it.value().get<double>())) return v.Error("must be a finite number");
        pl.initial.push_back({it.key(), it.value().get<double>()});
      }
    }
    if (r.Has("controller")) {
      const Node c = r.At("controller");
      GL_TRY(c.ExpectObject({"type", "gains"}));
      std::string type = "pd";
      GL_TRY(String(c, "type", &type, false));
      if (type != "pd") return Status::Error(c.Child("type") + ": must be \"pd\", got \"" + type + "\"");
      if (c.Has("gains")) {
        const Node g = c.At("gains");
        if (!g.json().is_object()) return g.Error("must be an object of joint name: {kp, kd, maxEffort}");
        for (auto it = g.json().begin(); it != g.json().end(); ++it) {
          const Node e(it.value(), g.Child(it.key()));
          GL_TRY(e.ExpectObject({"kp", "kd", "maxEffort"}));
          RobotPlacement::Gains gains;
          gains.joint = it.key();
          GL_TRY(Number(e, "kp", &gains.kp, false, 0.0, 1e9, true));
          GL_TRY(Number(e, "kd", &gains.kd, false, 0.0, 1e9, true));
          GL_TRY(Number(e, "maxEffort", &gains.max_effort, false, 0.0, 1e9, true));
          pl.gains.push_back(gains);
        }
      }
    }
    pl.field = r.path();
    auto robot = AddRobot(&scene->world, model.value(), pl);
    if (!robot.ok()) return robot.status();
    for (const std::string& w : robot.value().warnings) scene->warnings.push_back(w);
    TrajectoryController controller(scene->world, robot.value());
    scene->robots.push_back({std::move(robot.value()), std::move(controller), nullptr});
  }
  return Status::Ok();
}

Status ReadActions(const Node& root, Scene* scene) {
  if (!root.Has("actions")) return Status::Ok();
  const Node list = root.At("actions");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > 1000) return list.Error("at most 1000 actions");
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node n = list.At(i);
    GL_TRY(n.ExpectObject({"at", "type", "robot", "mode", "duration", "position", "orientation", "height", "axis",
                           "amplitude", "frequency", "joints", "link"}));
    SceneAction a;
    GL_TRY(Number(n, "at", &a.at, true, 0.0, 1e6));
    std::string type, robot, mode = "dynamic";
    GL_TRY(String(n, "type", &type, true));
    GL_TRY(String(n, "robot", &robot, true));
    a.robot = FindRobot(*scene, robot);
    if (a.robot < 0) return Status::Error(n.Child("robot") + ": no robot named \"" + robot + "\"");
    GL_TRY(Number(n, "duration", &a.duration, false, 0.0, 1e6, true));
    const Robot& r = scene->robots[a.robot].robot;
    if (type == "autograsp") {
      GL_TRY(String(n, "mode", &mode, false));
      if (mode == "static") {
        a.type = ActionType::kAutoGraspStatic;
      } else if (mode == "dynamic") {
        a.type = ActionType::kAutoGraspDynamic;
      } else {
        return Status::Error(n.Child("mode") + ": must be \"static\" or \"dynamic\", got \"" + mode + "\"");
      }
    } else if (type == "open") {
      a.type = ActionType::kOpen;
    } else if (type == "move") {
      a.type = ActionType::kMove;
      if (!n.Has("position")) return Status::Error(n.Child("position") + ": required");
      GL_TRY(Pose7(n, &a.pose));
      GL_TRY(String(n, "link", &a.link, false));
      if (!a.link.empty() && r.model->FindLink(a.link) < 0) {
        return Status::Error(n.Child("link") + ": robot \"" + robot + "\" has no link \"" + a.link + "\"");
      }
    } else if (type == "lift") {
      a.type = ActionType::kLift;
      GL_TRY(Number(n, "height", &a.height, false, -10.0, 10.0));
    } else if (type == "shake") {
      a.type = ActionType::kShake;
      double ax[3] = {1, 0, 0};
      GL_TRY(Vector(n, "axis", 3, ax, false));
      a.axis = Vec3(ax[0], ax[1], ax[2]);
      if (!(a.axis.norm() > 1e-9)) return Status::Error(n.Child("axis") + ": must be non-zero");
      a.axis.normalize();
      GL_TRY(Number(n, "amplitude", &a.amplitude, false, 0.0, 1.0));
      GL_TRY(Number(n, "frequency", &a.frequency, false, 0.0, 50.0, true));
    } else if (type == "joints") {
      a.type = ActionType::kMoveJoints;
      if (!n.Has("joints") || !n.json().at("joints").is_object()) return Status::Error(n.Child("joints") + ": required, an object of joint name: target");
      const Node j = n.At("joints");
      for (auto it = j.json().begin(); it != j.json().end(); ++it) {
        const int dof = r.FindDof(it.key());
        if (dof < 0) return Status::Error(j.Child(it.key()) + ": robot \"" + robot + "\" has no driven joint of that name");
        if (!it.value().is_number() || !IsFinite(it.value().get<double>())) return Status::Error(j.Child(it.key()) + ": must be a finite number");
        a.joints.push_back({dof, it.value().get<double>()});
      }
    } else {
      return Status::Error(n.Child("type") + ": must be one of autograsp, open, move, lift, shake, joints; got \"" + type + "\"");
    }
    if (((a.type == ActionType::kMove && a.link.empty()) || a.type == ActionType::kLift || a.type == ActionType::kShake) &&
        (r.mount < 0 || scene->world.body_def(scene->world.joint_def(r.mount).parent).collides)) {
      return Status::Error(n.Child("type") + ": robot \"" + robot + "\" is not free-floating (it is static or attached), so it cannot " + type);
    }
    scene->actions.push_back(a);
  }
  std::stable_sort(scene->actions.begin(), scene->actions.end(),
                   [](const SceneAction& x, const SceneAction& y) { return x.at < y.at; });
  return Status::Ok();
}

Status ReadGrasp(const Node& root, const std::map<std::string, BodyId>& bodies, Scene* scene) {
  if (!root.Has("grasp")) return Status::Ok();
  const Node g = root.At("grasp");
  GL_TRY(g.ExpectObject({"object", "robot", "frictionEdges", "contactModel", "space", "torsionalRadius"}));
  GraspSpec spec;
  std::string object, robot, model, space;
  GL_TRY(String(g, "object", &object, true));
  const auto it = bodies.find(object);
  if (it == bodies.end()) return Status::Error(g.Child("object") + ": no body named \"" + object + "\"");
  spec.object = it->second;
  if (scene->world.body_def(spec.object).is_static) return Status::Error(g.Child("object") + ": must be a dynamic body");
  GL_TRY(String(g, "robot", &robot, false));
  if (!robot.empty()) {
    spec.robot = FindRobot(*scene, robot);
    if (spec.robot < 0) return Status::Error(g.Child("robot") + ": no robot named \"" + robot + "\"");
  }
  double edges = spec.settings.friction_edges;
  GL_TRY(Number(g, "frictionEdges", &edges, false, 4, 16));
  spec.settings.friction_edges = static_cast<int>(edges);
  if (edges != spec.settings.friction_edges || !ValidateFrictionDirections(spec.settings.friction_edges, "frictionEdges").ok()) {
    return Status::Error(g.Child("frictionEdges") + ": must be 4, 6, 8, 12 or 16");
  }
  GL_TRY(String(g, "contactModel", &model, false));
  if (model.empty() || model == "point") {
    spec.settings.model = GraspContactModel::kPointContact;
  } else if (model == "frictionless") {
    spec.settings.model = GraspContactModel::kFrictionless;
  } else if (model == "soft-finger") {
    spec.settings.model = GraspContactModel::kSoftFinger;
  } else {
    return Status::Error(g.Child("contactModel") + ": must be point, frictionless or soft-finger, got \"" + model + "\"");
  }
  GL_TRY(String(g, "space", &space, false));
  if (space == "planar") {
    spec.settings.space = GraspSpace::kPlanar;
  } else if (!space.empty() && space != "spatial") {
    return Status::Error(g.Child("space") + ": must be spatial or planar, got \"" + space + "\"");
  }
  GL_TRY(Number(g, "torsionalRadius", &spec.settings.torsional_radius, false, 0.0, 1.0));
  scene->grasp = spec;
  return Status::Ok();
}

}  // namespace

StatusOr<Scene> LoadSceneJson(std::string_view text, const SceneLoadOptions& options) {
  if (text.size() > static_cast<std::size_t>(kMaxSceneTextBytes)) {
    return Status::Error("scene: larger than " + std::to_string(kMaxSceneTextBytes) + " bytes");
  }
  const Json doc = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Status::Error("scene: not valid JSON");
  const Node root(doc, "");
  if (!doc.is_object()) return Status::Error("scene: must be a JSON object");
  {
    Status s = root.ExpectObject({"format", "version", "name", "gravity", "timestep", "solver", "contact", "materials",
                                  "frictionPairs", "bodies", "joints", "robots", "actions", "grasp"});
    if (!s.ok()) return s;
  }
  std::string format;
  if (Status s = String(root, "format", &format, true); !s.ok()) return s;
  if (format != "grasplab-scene") return Status::Error("format: must be \"grasplab-scene\", got \"" + format + "\"");
  double version = 0;
  if (!root.Has("version")) return Status::Error("version: required");
  if (Status s = Number(root, "version", &version, true, 1, 1); !s.ok()) {
    return Status::Error("version: this build reads version 1, got " + Describe(doc.at("version")));
  }

  Scene scene{"scene", 0.0025};
  WorldSettings ws;
  if (Status s = String(root, "name", &scene.name, false); !s.ok()) return s;
  double g[3] = {0.0, 0.0, -9.81};
  if (Status s = Vector(root, "gravity", 3, g, false); !s.ok()) return s;
  ws.gravity = Vec3(g[0], g[1], g[2]);
  if (Status s = Number(root, "timestep", &scene.timestep, false, 0.0, 0.1, true); !s.ok()) return s;
  if (root.Has("solver")) {
    const Node n = root.At("solver");
    if (Status s = n.ExpectObject({"type", "frictionEdges", "errorReduction", "torsionalFrictionRadius", "contactTime",
                                   "iterations", "tolerance", "warmStart", "penalty"});
        !s.ok()) {
      return s;
    }
    std::string type = "lcp";
    if (Status s = String(n, "type", &type, false); !s.ok()) return s;
    if (Status s = ParseContactSolver(type, &ws.contact_solver); !s.ok()) return Status::Error("solver.type: " + s.message());
    double iterations = ws.pgs_iterations;
    if (Status s = Number(n, "iterations", &iterations, false, 1, 100000); !s.ok()) return s;
    if (iterations != static_cast<int>(iterations)) return Status::Error("solver.iterations: must be a whole number");
    ws.pgs_iterations = static_cast<int>(iterations);
    if (Status s = Number(n, "tolerance", &ws.pgs_tolerance, false, 0.0, 1.0); !s.ok()) return s;
    double edges = ws.friction_directions;
    if (Status s = Number(n, "frictionEdges", &edges, false, 4, 16); !s.ok()) return s;
    if (edges != static_cast<int>(edges)) return Status::Error("solver.frictionEdges: must be 4, 6, 8, 12 or 16");
    ws.friction_directions = static_cast<int>(edges);
    if (Status s = ValidateFrictionDirections(ws.friction_directions, "solver.frictionEdges"); !s.ok()) return s;
    if (Status s = Number(n, "errorReduction", &ws.error_reduction, false, 0.0, 1.0); !s.ok()) return s;
    if (Status s = Number(n, "torsionalFrictionRadius", &ws.torsional_friction_radius, false, 0.0, 1.0); !s.ok()) return s;
    if (Status s = Bool(n, "warmStart", &ws.warm_start); !s.ok()) return s;
    if (n.Has("penalty")) {  // Zechmair & Morel's gains (solvers/penalty_contact.h), SI units
      const Node p = n.At("penalty");
      if (Status s = p.ExpectObject({"stiffness", "damping", "impactGain", "targetDepth", "impactDelay", "frictionSlope",
                                     "viscousFriction", "filterFrequency", "filterDamping", "measure", "direction", "adaptive",
                                     "tolerance", "fixedStep"});
          !s.ok()) {
        return s;
      }
      PenaltySettings& ps = ws.penalty;
      if (Status s = Number(p, "stiffness", &ps.stiffness, false, 0.0, 1e12, true); !s.ok()) return s;
      if (Status s = Number(p, "damping", &ps.damping, false, 0.0, 1e9); !s.ok()) return s;
      if (Status s = Number(p, "impactGain", &ps.impact_gain, false, 0.0, 1e6); !s.ok()) return s;
      if (Status s = Number(p, "targetDepth", &ps.target_depth, false, 0.0, 1.0, true); !s.ok()) return s;
      if (Status s = Number(p, "impactDelay", &ps.impact_delay, false, 0.0, 100.0); !s.ok()) return s;
      if (Status s = Number(p, "frictionSlope", &ps.friction_slope, false, 0.0, 1e6); !s.ok()) return s;
      if (Status s = Number(p, "viscousFriction", &ps.viscous_friction, false, 0.0, 1e6); !s.ok()) return s;
      if (Status s = Number(p, "filterFrequency", &ps.filter_frequency, false, 0.0, 1e7, true); !s.ok()) return s;
      if (Status s = Number(p, "filterDamping", &ps.filter_damping, false, 0.0, 100.0, true); !s.ok()) return s;
      if (Status s = Number(p, "tolerance", &ps.tolerance, false, 1e-12, 1.0); !s.ok()) return s;
      if (Status s = Number(p, "fixedStep", &ps.fixed_step, false, 1e-6, 0.1); !s.ok()) return s;
      if (Status s = Bool(p, "adaptive", &ps.adaptive); !s.ok()) return s;
      std::string measure;
      if (Status s = String(p, "measure", &measure, false); !s.ok()) return s;
      if (measure == "volume") {
        ps.measure = PenaltyMeasure::kVolume;
      } else if (!measure.empty() && measure != "depth") {
        return Status::Error("solver.penalty.measure: must be \"depth\" or \"volume\", got \"" + measure + "\"");
      }
      std::string direction;
      if (Status s = String(p, "direction", &direction, false); !s.ok()) return s;
      if (direction == "algorithm1") {
        ps.direction = PenaltyDirection::kAlgorithm1;
      } else if (!direction.empty() && direction != "gradient") {
        return Status::Error("solver.penalty.direction: must be \"gradient\" or \"algorithm1\", got \"" + direction + "\"");
      }
    }
    std::string mode;
    if (Status s = String(n, "contactTime", &mode, false); !s.ok()) return s;
    if (!mode.empty()) {
      if (mode == "errorCorrection") {
        ws.contact_time_mode = ContactTimeMode::kErrorCorrection;
      } else if (mode == "bisection") {
        ws.contact_time_mode = ContactTimeMode::kBisection;
      } else {
        return Status::Error("solver.contactTime: must be \"errorCorrection\" or \"bisection\", got \"" + mode + "\"");
      }
    }
  }
  if (root.Has("contact")) {
    const Node n = root.At("contact");
    if (Status s = n.ExpectObject({"threshold", "slipThreshold"}); !s.ok()) return s;
    if (Status s = Number(n, "threshold", &ws.contact_threshold, false, 0.0, 0.1, true); !s.ok()) return s;
    if (Status s = Number(n, "slipThreshold", &ws.slip_threshold, false, 0.0, 10.0); !s.ok()) return s;
  }
  scene.world = World(ws);
  World& world = scene.world;

  if (root.Has("materials")) {
    const Node mats = root.At("materials");
    if (!mats.json().is_object()) return mats.Error("must be an object of named materials");
    for (auto it = mats.json().begin(); it != mats.json().end(); ++it) {
      const Node m(it.value(), "materials." + it.key());
      if (Status s = m.ExpectObject({"staticFriction", "kineticFriction", "restitution"}); !s.ok()) return s;
      Material mat;
      mat.name = it.key();
      if (Status s = Number(m, "staticFriction", &mat.static_friction, true, 0.0, 100.0); !s.ok()) return s;
      mat.kinetic_friction = mat.static_friction;
      if (Status s = Number(m, "kineticFriction", &mat.kinetic_friction, false, 0.0, 100.0); !s.ok()) return s;
      if (Status s = Number(m, "restitution", &mat.restitution, false, 0.0, 1.0); !s.ok()) return s;
      if (mat.name == "default") {
        return Status::Error(m.path() + ": 'default' is built in (mu_s 0.5, mu_k 0.4, e 0); use another name");
      }
      auto id = world.materials().Add(mat);
      if (!id.ok()) return id.status();
    }
  }
  if (root.Has("frictionPairs")) {
    const Node pairs = root.At("frictionPairs");
    if (!pairs.json().is_array()) return pairs.Error("must be an array");
    for (std::size_t i = 0; i < pairs.json().size(); ++i) {
      const Node p = pairs.At(i);
      if (Status s = p.ExpectObject({"a", "b", "staticFriction", "kineticFriction"}); !s.ok()) return s;
      std::string a, b;
      if (Status s = String(p, "a", &a, true); !s.ok()) return s;
      if (Status s = String(p, "b", &b, true); !s.ok()) return s;
      const MaterialId ia = world.materials().Find(a), ib = world.materials().Find(b);
      if (ia < 0) return Status::Error(p.Child("a") + ": no material named \"" + a + "\"");
      if (ib < 0) return Status::Error(p.Child("b") + ": no material named \"" + b + "\"");
      double mus = 0, muk = 0;
      if (Status s = Number(p, "staticFriction", &mus, true, 0.0, 100.0); !s.ok()) return s;
      muk = mus;
      if (Status s = Number(p, "kineticFriction", &muk, false, 0.0, 100.0); !s.ok()) return s;
      if (Status s = world.materials().SetPair(ia, ib, mus, muk); !s.ok()) return Status::Error(p.path() + ": " + s.message());
    }
  }

  std::map<std::string, BodyId> body_ids;
  if (!root.Has("bodies") || !doc.at("bodies").is_array()) return Status::Error("bodies: required, an array");
  const Node bodies = root.At("bodies");
  if (bodies.json().size() > static_cast<std::size_t>(kMaxSceneBodies)) {
    return bodies.Error("at most " + std::to_string(kMaxSceneBodies) + " bodies, got " + std::to_string(bodies.json().size()));
  }
  for (std::size_t i = 0; i < bodies.json().size(); ++i) {
    const Node b = bodies.At(i);
    if (Status s = b.ExpectObject({"name", "static", "mass", "inertia", "shape", "position", "orientation",
                                   "linearVelocity", "angularVelocity", "material"});
        !s.ok()) {
      return s;
    }
    BodyDef d;
    if (Status s = String(b, "name", &d.name, true); !s.ok()) return s;
    if (body_ids.count(d.name)) return Status::Error(b.Child("name") + ": duplicate name \"" + d.name + "\"");
    if (Status s = Bool(b, "static", &d.is_static); !s.ok()) return s;
    if (!b.Has("shape")) return Status::Error(b.Child("shape") + ": required");
    Vec3 centroid = Vec3::Zero();
    if (Status s = ReadShape(b.At("shape"), options, &d.shape, &centroid); !s.ok()) return s;
    if (!d.is_static) {
      if (Status s = Number(b, "mass", &d.mass, true, 0.0, 1e6, true); !s.ok()) return s;
    } else if (b.Has("mass")) {
      return Status::Error(b.Child("mass") + ": a static body has no mass");
    }
    if (b.Has("inertia")) {
      double in[3];
      if (Status s = Vector(b, "inertia", 3, in, true); !s.ok()) {
        return Status::Error(b.Child("inertia") + ": must be [Ixx, Iyy, Izz] (principal, kg m^2)");
      }
      d.inertia = Vec3(in[0], in[1], in[2]).asDiagonal().toDenseMatrix();
    }
    double p[3] = {0, 0, 0}, q[4] = {1, 0, 0, 0}, v[3] = {0, 0, 0}, w[3] = {0, 0, 0};
    if (Status s = Vector(b, "position", 3, p, false); !s.ok()) return s;
    if (Status s = Vector(b, "orientation", 4, q, false); !s.ok()) return s;
    if (Status s = Vector(b, "linearVelocity", 3, v, false); !s.ok()) return s;
    if (Status s = Vector(b, "angularVelocity", 3, w, false); !s.ok()) return s;
    d.X_WB.q = Quat(q[0], q[1], q[2], q[3]);
    const double qn = d.X_WB.q.norm();
    if (!(qn > 1e-6)) return Status::Error(b.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
    d.X_WB.q.normalize();
    d.X_WB.p = Vec3(p[0], p[1], p[2]) + d.X_WB.q * centroid;
    d.v_WB = Vec3(v[0], v[1], v[2]);
    d.w_WB = Vec3(w[0], w[1], w[2]);
    std::string material;
    if (Status s = String(b, "material", &material, false); !s.ok()) return s;
    if (!material.empty()) {
      d.material = world.materials().Find(material);
      if (d.material < 0) return Status::Error(b.Child("material") + ": no material named \"" + material + "\"");
    }
    auto id = world.AddBody(d);
    if (!id.ok()) return id.status();
    body_ids[d.name] = id.value();
  }

  std::map<std::string, JointId> joint_ids;
  if (root.Has("joints")) {
    const Node joints = root.At("joints");
    if (!joints.json().is_array()) return joints.Error("must be an array");
    if (joints.json().size() > static_cast<std::size_t>(kMaxSceneJoints)) return joints.Error("too many joints");
    for (std::size_t i = 0; i < joints.json().size(); ++i) {
      const Node j = joints.At(i);
      if (Status s = j.ExpectObject({"name", "type", "parent", "child", "anchor", "axis", "limits", "friction",
                                     "coupling", "effort", "collideConnected"});
          !s.ok()) {
        return s;
      }
      JointDef d;
      if (Status s = String(j, "name", &d.name, true); !s.ok()) return s;
      if (joint_ids.count(d.name)) return Status::Error(j.Child("name") + ": duplicate name \"" + d.name + "\"");
      std::string type, parent, child;
      if (Status s = String(j, "type", &type, true); !s.ok()) return s;
      if (type == "revolute") {
        d.type = JointType::kRevolute;
      } else if (type == "prismatic") {
        d.type = JointType::kPrismatic;
      } else if (type == "fixed") {
        d.type = JointType::kFixed;
      } else {
        return Status::Error(j.Child("type") + ": must be revolute, prismatic or fixed, got \"" + type + "\"");
      }
      if (Status s = String(j, "parent", &parent, true); !s.ok()) return s;
      if (Status s = String(j, "child", &child, true); !s.ok()) return s;
      if (!body_ids.count(parent)) return Status::Error(j.Child("parent") + ": no body named \"" + parent + "\"");
      if (!body_ids.count(child)) return Status::Error(j.Child("child") + ": no body named \"" + child + "\"");
      d.parent = body_ids[parent];
      d.child = body_ids[child];
      double a[3] = {0, 0, 0}, ax[3] = {0, 0, 1};
      if (Status s = Vector(j, "anchor", 3, a, true); !s.ok()) return s;
      if (Status s = Vector(j, "axis", 3, ax, d.type != JointType::kFixed); !s.ok()) return s;
      d.anchor_W = Vec3(a[0], a[1], a[2]);
      d.axis_W = Vec3(ax[0], ax[1], ax[2]);
      if (j.Has("limits")) {
        double lim[2];
        if (Status s = Vector(j, "limits", 2, lim, true); !s.ok()) return s;
        d.has_limits = true;
        d.lower = lim[0];
        d.upper = lim[1];
      }
      if (j.Has("friction")) {
        const Node f = j.At("friction");
        if (Status s = f.ExpectObject({"coulomb", "viscous"}); !s.ok()) return s;
        if (Status s = Number(f, "coulomb", &d.coulomb_friction, false, 0.0, 1e9); !s.ok()) return s;
        if (Status s = Number(f, "viscous", &d.viscous_friction, false, 0.0, 1e9); !s.ok()) return s;
      }
      if (j.Has("coupling")) {
        const Node c = j.At("coupling");
        if (Status s = c.ExpectObject({"joint", "ratio"}); !s.ok()) return s;
        std::string master;
        if (Status s = String(c, "joint", &master, true); !s.ok()) return s;
        if (!joint_ids.count(master)) {
          return Status::Error(c.Child("joint") + ": no earlier joint named \"" + master + "\"");
        }
        d.coupled_to = joint_ids[master];
        if (Status s = Number(c, "ratio", &d.coupling_ratio, true, -100.0, 100.0); !s.ok()) return s;
      }
      if (Status s = Bool(j, "collideConnected", &d.collide_connected); !s.ok()) return s;
      double effort = 0.0;
      if (Status s = Number(j, "effort", &effort, false, -1e9, 1e9); !s.ok()) return s;
      auto id = world.AddJoint(d);
      if (!id.ok()) return Status::Error(id.status().message());
      joint_ids[d.name] = id.value();
      if (effort != 0.0) (void)world.SetJointEffort(id.value(), effort);
    }
  }
  GL_TRY(ReadRobots(root, options, body_ids, &scene));
  GL_TRY(ReadActions(root, &scene));
  GL_TRY(ReadGrasp(root, body_ids, &scene));
  GL_TRY(scene.world.PrepareContactModel());
  return scene;
}

StatusOr<Scene> LoadSceneFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot open file");
  std::ostringstream buf;
  buf << in.rdbuf();
  SceneLoadOptions options;
  // The assets root: the "assets" directory on the file's path, if any.
  const std::size_t at = path.rfind("assets/");
  if (at != std::string::npos) options.asset_root = path.substr(0, at + 6);
  auto scene = LoadSceneJson(buf.str(), options);
  if (!scene.ok()) return Status::Error(path + ": " + scene.status().message());
  return scene;
}

}  // namespace grasplab
