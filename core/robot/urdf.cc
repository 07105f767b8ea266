#include "core/robot/urdf.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/base/format.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/mesh_io.h"
#include "core/math/det_math.h"
#include "core/robot/xml.h"

namespace grasplab {

Quat QuatFromRpy(double roll, double pitch, double yaw) {
  double sr, cr, sp, cp, sy, cy;
  DetSinCos(0.5 * roll, &sr, &cr);
  DetSinCos(0.5 * pitch, &sp, &cp);
  DetSinCos(0.5 * yaw, &sy, &cy);
  // q = qz(yaw) qy(pitch) qx(roll)
  Quat q(cy * cp * cr + sy * sp * sr, cy * cp * sr - sy * sp * cr, cy * sp * cr + sy * cp * sr,
         sy * cp * cr - cy * sp * sr);
  q.normalize();
  return q;
}

int RobotModel::FindLink(const std::string& link) const {
  for (std::size_t i = 0; i < links.size(); ++i) {
    if (links[i].name == link) return static_cast<int>(i);
  }
  return -1;
}

int RobotModel::ParentJoint(const std::string& link) const {
  for (std::size_t i = 0; i < joints.size(); ++i) {
    if (joints[i].child == link) return static_cast<int>(i);
  }
  return -1;
}

int RobotModel::FindJoint(const std::string& joint) const {
  for (std::size_t i = 0; i < joints.size(); ++i) {
    if (joints[i].name == joint) return static_cast<int>(i);
  }
  return -1;
}

namespace {

class UrdfReader {
 public:
  UrdfReader(const std::string& file, const UrdfLoadOptions& options) : file_(file), options_(options) {}

  StatusOr<RobotModel> Read(const XmlElement& root);

 private:
  Status Hand(const XmlElement& e);
  Status HandJoints(const XmlElement& e, std::vector<std::pair<int, double>>* out);
  std::string Where(const XmlElement& e) const { return file_ + ":" + std::to_string(e.line) + ": <" + e.name + ">"; }
  Status Error(const XmlElement& e, const std::string& what) const { return Status::Error(Where(e) + " " + what); }
  void Warn(const XmlElement& e, const std::string& what) { model_.warnings.push_back(Where(e) + " " + what); }

  // Warns about children and attributes outside the allowed sets.
  void CheckKnown(const XmlElement& e, std::initializer_list<const char*> children,
                  std::initializer_list<const char*> attributes) {
    for (const XmlElement& c : e.children) {
      bool known = false;
      for (const char* k : children) known = known || c.name == k;
      if (!known) Warn(c, "is not supported and was ignored");
    }
    for (const auto& [key, value] : e.attributes) {
      bool known = false;
      for (const char* k : attributes) known = known || key == k;
      if (!known) Warn(e, "attribute '" + key + "' is not supported and was ignored");
    }
  }

  Status Numbers(const XmlElement& e, const char* key, int n, double* out, bool required) {
    const std::string* v = e.Attribute(key);
    if (!v) return required ? Error(e, std::string("needs attribute '") + key + "'") : Status::Ok();
    std::istringstream in(*v);
    in.imbue(std::locale::classic());
    for (int i = 0; i < n; ++i) {
      std::string token;
      if (!(in >> token)) {
        return Error(e, std::string("attribute '") + key + "' must hold " + std::to_string(n) + " numbers, got \"" + *v + "\"");
      }
      char* end = nullptr;
      const double x = std::strtod(token.c_str(), &end);
      if (end == token.c_str() || *end != '\0' || !IsFinite(x)) {
        return Error(e, std::string("attribute '") + key + "': \"" + token + "\" is not a finite number");
      }
      out[i] = x;
    }
    std::string extra;
    if (in >> extra) {
      return Error(e, std::string("attribute '") + key + "' must hold " + std::to_string(n) + " numbers, got \"" + *v + "\"");
    }
    return Status::Ok();
  }

  Status Origin(const XmlElement& parent, Pose* X) {
    *X = Pose{};
    const XmlElement* o = parent.Child("origin");
    if (!o) return Status::Ok();
    CheckKnown(*o, {}, {"xyz", "rpy"});
    double xyz[3] = {0, 0, 0}, rpy[3] = {0, 0, 0};
    if (Status s = Numbers(*o, "xyz", 3, xyz, false); !s.ok()) return s;
    if (Status s = Numbers(*o, "rpy", 3, rpy, false); !s.ok()) return s;
    for (double r : rpy) {
      if (std::abs(r) > 1e3) return Error(*o, "attribute 'rpy': angles must be within +-1000 rad");
    }
    for (double p : xyz) {
      if (std::abs(p) > kMaxShapeDimension) return Error(*o, "attribute 'xyz': must be within +-1e4 m");
    }
    X->p = Vec3(xyz[0], xyz[1], xyz[2]);
    X->q = QuatFromRpy(rpy[0], rpy[1], rpy[2]);
    return Status::Ok();
  }

  Status Positive(const XmlElement& e, const char* key, double* out) {
    if (Status s = Numbers(e, key, 1, out, true); !s.ok()) return s;
    if (!(*out > 0.0) || *out > kMaxShapeDimension) {
      return Error(e, std::string("attribute '") + key + "' must be > 0 and <= 1e4, got " + FormatNumber(*out));
    }
    return Status::Ok();
  }

  Status Geometry(const XmlElement& holder, bool dynamic_hint, UrdfGeometry* g);
  Status Link(const XmlElement& e);
  Status Joint(const XmlElement& e);

  std::string file_;
  UrdfLoadOptions options_;
  RobotModel model_;
};

Status UrdfReader::Geometry(const XmlElement& holder, bool /*dynamic_hint*/, UrdfGeometry* g) {
  CheckKnown(holder, {"origin", "geometry", "material"}, {"name"});
  if (Status s = Origin(holder, &g->X_LG); !s.ok()) return s;
  const XmlElement* geo = holder.Child("geometry");
  if (!geo) return Error(holder, "needs a <geometry>");
  if (geo->children.size() != 1) return Error(*geo, "must hold exactly one of box, sphere, cylinder, mesh");
  const XmlElement& s = geo->children[0];
  if (s.name == "box") {
    CheckKnown(s, {}, {"size"});
    double size[3];
    if (Status st = Numbers(s, "size", 3, size, true); !st.ok()) return st;
    for (double x : size) {
      if (!(x > 0.0) || x > kMaxShapeDimension) return Error(s, "attribute 'size': each must be > 0 and <= 1e4, got " + FormatNumber(x));
    }
    g->shape = BoxShape{0.5 * Vec3(size[0], size[1], size[2])};
  } else if (s.name == "sphere") {
    CheckKnown(s, {}, {"radius"});
    double r;
    if (Status st = Positive(s, "radius", &r); !st.ok()) return st;
    g->shape = SphereShape{r};
  } else if (s.name == "cylinder" || s.name == "capsule") {
    CheckKnown(s, {}, {"radius", "length"});
    double r, l;
    if (Status st = Positive(s, "radius", &r); !st.ok()) return st;
    if (Status st = Positive(s, "length", &l); !st.ok()) return st;
    if (s.name == "cylinder") {
      g->shape = CylinderShape{r, l};
    } else {
      g->shape = CapsuleShape{r, l};
    }
  } else if (s.name == "mesh") {
    CheckKnown(s, {}, {"filename", "scale"});
    const std::string* name = s.Attribute("filename");
    if (!name || name->empty()) return Error(s, "needs attribute 'filename'");
    double scale[3] = {1, 1, 1};
    if (Status st = Numbers(s, "scale", 3, scale, false); !st.ok()) return st;
    for (double x : scale) {
      if (!(x > 0.0) || x > 1e6) return Error(s, "attribute 'scale': each must be > 0, got " + FormatNumber(x));
    }
    std::string rel = *name;
    if (rel.rfind("package://", 0) == 0 || rel.rfind("file://", 0) == 0 || rel.front() == '/' ||
        rel.find("..") != std::string::npos || rel.find('\\') != std::string::npos) {
      return Error(s, "filename \"" + rel + "\": must be a relative path below the URDF's folder, without '..'");
    }
    if (options_.asset_root.empty()) return Error(s, "filename \"" + rel + "\": mesh files cannot be read here");
    const std::string path = (options_.base_dir.empty() ? options_.asset_root : options_.base_dir) + "/" + rel;
    auto data = ReadMeshFile(path);
    if (!data.ok()) return Error(s, "filename \"" + rel + "\": " + data.status().message());
    std::vector<Vec3> pts = std::move(data.value().vertices);
    for (Vec3& v : pts) v = v.cwiseProduct(Vec3(scale[0], scale[1], scale[2]));
    auto hull = BuildConvexHull(pts, Where(s));
    if (!hull.ok()) return hull.status();
    // The hull is centred on its centroid: move the frame there.
    g->X_LG.p += g->X_LG.q * hull.value()->centroid;
    g->shape = ConvexShape{hull.value()};
  } else {
    return Error(s, "is not a supported geometry (box, sphere, cylinder, capsule, mesh)");
  }
  return Status::Ok();
}

Status UrdfReader::Link(const XmlElement& e) {
  CheckKnown(e, {"inertial", "collision", "visual"}, {"name"});
  UrdfLink link;
  link.line = e.line;
  const std::string* name = e.Attribute("name");
  if (!name || name->empty()) return Error(e, "needs attribute 'name'");
  link.name = *name;
  if (model_.FindLink(link.name) >= 0) return Error(e, "duplicate link name \"" + link.name + "\"");
  if (const XmlElement* in = e.Child("inertial")) {
    CheckKnown(*in, {"origin", "mass", "inertia"}, {});
    if (Status s = Origin(*in, &link.X_LI); !s.ok()) return s;
    const XmlElement* m = in->Child("mass");
    if (!m) return Error(*in, "needs <mass value=...>");
    CheckKnown(*m, {}, {"value"});
    if (Status s = Numbers(*m, "value", 1, &link.mass, true); !s.ok()) return s;
    if (!(link.mass > 0.0) || link.mass > 1e6) return Error(*m, "value must be > 0 and <= 1e6 kg, got " + FormatNumber(link.mass));
    const XmlElement* I = in->Child("inertia");
    if (!I) return Error(*in, "needs <inertia ixx=... iyy=... izz=...>");
    CheckKnown(*I, {}, {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"});
    double v[6] = {0, 0, 0, 0, 0, 0};
    const char* keys[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    for (int k = 0; k < 6; ++k) {
      if (Status s = Numbers(*I, keys[k], 1, &v[k], k == 0 || k == 3 || k == 5); !s.ok()) return s;
    }
    link.I_I << v[0], v[1], v[2], v[1], v[3], v[4], v[2], v[4], v[5];
    Eigen::SelfAdjointEigenSolver<Mat3> eig(link.I_I, Eigen::EigenvaluesOnly);
    if (!(eig.eigenvalues().minCoeff() > 0.0)) return Error(*I, "must be positive definite");
    link.has_inertial = true;
  }
  for (const XmlElement& c : e.children) {
    if (c.name != "collision" && c.name != "visual") continue;
    UrdfGeometry g;
    if (Status s = Geometry(c, link.has_inertial, &g); !s.ok()) return s;
    (c.name == "collision" ? link.collisions : link.visuals).push_back(std::move(g));
  }
  if (link.collisions.size() > static_cast<std::size_t>(kMaxCompoundPieces)) {
    return Error(e, "has more than " + std::to_string(kMaxCompoundPieces) + " collision elements");
  }
  model_.links.push_back(std::move(link));
  return Status::Ok();
}

Status UrdfReader::Joint(const XmlElement& e) {
  CheckKnown(e, {"origin", "parent", "child", "axis", "limit", "dynamics", "mimic", "grasplab", "safety_controller", "calibration"},
             {"name", "type"});
  UrdfJoint j;
  j.line = e.line;
  const std::string* name = e.Attribute("name");
  if (!name || name->empty()) return Error(e, "needs attribute 'name'");
  j.name = *name;
  if (model_.FindJoint(j.name) >= 0) return Error(e, "duplicate joint name \"" + j.name + "\"");
  const std::string* type = e.Attribute("type");
  if (!type) return Error(e, "needs attribute 'type'");
  if (*type == "revolute") {
    j.type = UrdfJointType::kRevolute;
  } else if (*type == "continuous") {
    j.type = UrdfJointType::kContinuous;
  } else if (*type == "prismatic") {
    j.type = UrdfJointType::kPrismatic;
  } else if (*type == "fixed") {
    j.type = UrdfJointType::kFixed;
  } else {
    return Error(e, "type \"" + *type + "\" is not supported (revolute, continuous, prismatic, fixed)");
  }
  for (const char* side : {"parent", "child"}) {
    const XmlElement* p = e.Child(side);
    if (!p) return Error(e, std::string("needs <") + side + " link=...>");
    CheckKnown(*p, {}, {"link"});
    const std::string* link = p->Attribute("link");
    if (!link) return Error(*p, "needs attribute 'link'");
    if (model_.FindLink(*link) < 0) return Error(*p, "no link named \"" + *link + "\"");
    (std::string(side) == "parent" ? j.parent : j.child) = *link;
  }
  if (j.parent == j.child) return Error(e, "parent and child are the same link");
  if (Status s = Origin(e, &j.X_PJ); !s.ok()) return s;
  if (const XmlElement* a = e.Child("axis")) {
    CheckKnown(*a, {}, {"xyz"});
    double xyz[3];
    if (Status s = Numbers(*a, "xyz", 3, xyz, true); !s.ok()) return s;
    const Vec3 axis(xyz[0], xyz[1], xyz[2]);
    if (!(axis.norm() > 1e-9)) return Error(*a, "attribute 'xyz' must be a non-zero vector");
    j.axis = axis.normalized();
  }
  const bool moving = j.type != UrdfJointType::kFixed;
  if (const XmlElement* l = e.Child("limit")) {
    CheckKnown(*l, {}, {"lower", "upper", "effort", "velocity"});
    if (Status s = Numbers(*l, "effort", 1, &j.effort, false); !s.ok()) return s;
    if (Status s = Numbers(*l, "velocity", 1, &j.velocity, false); !s.ok()) return s;
    if (j.effort < 0.0) return Error(*l, "effort must be >= 0, got " + FormatNumber(j.effort));
    if (j.velocity < 0.0) return Error(*l, "velocity must be >= 0, got " + FormatNumber(j.velocity));
    if (j.type == UrdfJointType::kRevolute || j.type == UrdfJointType::kPrismatic) {
      if (Status s = Numbers(*l, "lower", 1, &j.lower, false); !s.ok()) return s;
      if (Status s = Numbers(*l, "upper", 1, &j.upper, false); !s.ok()) return s;
      if (j.lower > j.upper) {
        return Error(*l, "lower " + FormatNumber(j.lower) + " is above upper " + FormatNumber(j.upper));
      }
      j.has_limits = true;
    }
  } else if (j.type == UrdfJointType::kRevolute || j.type == UrdfJointType::kPrismatic) {
    return Error(e, "a " + *type + " joint needs <limit> (URDF requires it)");
  }
  if (const XmlElement* d = e.Child("dynamics")) {
    CheckKnown(*d, {}, {"damping", "friction"});
    if (Status s = Numbers(*d, "damping", 1, &j.damping, false); !s.ok()) return s;
    if (Status s = Numbers(*d, "friction", 1, &j.friction, false); !s.ok()) return s;
    if (j.damping < 0.0 || j.friction < 0.0) return Error(*d, "damping and friction must be >= 0");
  }
  if (const XmlElement* m = e.Child("mimic")) {
    CheckKnown(*m, {}, {"joint", "multiplier", "offset"});
    const std::string* master = m->Attribute("joint");
    if (!master) return Error(*m, "needs attribute 'joint'");
    j.mimic = *master;
    if (Status s = Numbers(*m, "multiplier", 1, &j.mimic_multiplier, false); !s.ok()) return s;
    if (Status s = Numbers(*m, "offset", 1, &j.mimic_offset, false); !s.ok()) return s;
    if (!moving) return Error(*m, "a fixed joint cannot mimic");
  }
  if (const XmlElement* g = e.Child("grasplab")) {
    CheckKnown(*g, {}, {"kp", "kd", "close"});
    double kp = 0, kd = 0;
    if (g->Attribute("kp")) {
      if (Status s = Numbers(*g, "kp", 1, &kp, true); !s.ok()) return s;
      if (kp < 0.0) return Error(*g, "kp must be >= 0");
      j.kp = kp;
    }
    if (g->Attribute("kd")) {
      if (Status s = Numbers(*g, "kd", 1, &kd, true); !s.ok()) return s;
      if (kd < 0.0) return Error(*g, "kd must be >= 0");
      j.kd = kd;
    }
    if (const std::string* c = g->Attribute("close")) {
      j.closes = true;
      if (*c == "upper") {
        j.close_direction = +1;
      } else if (*c == "lower") {
        j.close_direction = -1;
      } else {
        return Error(*g, "close must be \"upper\" or \"lower\", got \"" + *c + "\"");
      }
    }
  }
  model_.joints.push_back(std::move(j));
  return Status::Ok();
}

// <joint name=".." value=".."/> children: driven joints (moving, not
// mimics), each once.
Status UrdfReader::HandJoints(const XmlElement& e, std::vector<std::pair<int, double>>* out) {
  CheckKnown(e, {"joint"}, {"name"});
  for (const XmlElement& c : e.children) {
    if (c.name != "joint") continue;
    CheckKnown(c, {}, {"name", "value"});
    const std::string* name = c.Attribute("name");
    if (!name) return Error(c, "needs attribute 'name'");
    const int k = model_.FindJoint(*name);
    if (k < 0) return Error(c, "names no joint of this robot: \"" + *name + "\"");
    const UrdfJoint& j = model_.joints[k];
    if (j.type == UrdfJointType::kFixed) return Error(c, "joint \"" + *name + "\" is fixed");
    if (!j.mimic.empty()) return Error(c, "joint \"" + *name + "\" mimics \"" + j.mimic + "\"; name that joint instead");
    for (const auto& [other, v] : *out) {
      if (other == k) return Error(c, "joint \"" + *name + "\" is named twice");
    }
    double value = 0.0;
    if (Status s = Numbers(c, "value", 1, &value, true); !s.ok()) return s;
    out->emplace_back(k, value);
  }
  return Status::Ok();
}

Status UrdfReader::Hand(const XmlElement& e) {
  CheckKnown(e, {"eigengrasp", "eigengrasp_origin"}, {"approach"});
  UrdfHand hand;
  hand.line = e.line;
  double a[3];
  if (Status s = Numbers(e, "approach", 3, a, true); !s.ok()) return s;
  const Vec3 approach(a[0], a[1], a[2]);
  if (!(approach.norm() > 1e-9)) return Error(e, "approach must be a non-zero direction");
  hand.approach = approach.normalized();
  bool has_origin = false;
  for (const XmlElement& c : e.children) {
    if (c.name == "eigengrasp") {
      if (static_cast<int>(hand.eigengrasps.size()) >= kMaxEigengrasps) {
        return Error(c, "more than " + std::to_string(kMaxEigengrasps) + " eigengrasps");
      }
      UrdfEigengrasp g;
      g.line = c.line;
      const std::string* name = c.Attribute("name");
      g.name = name ? *name : "e" + std::to_string(hand.eigengrasps.size() + 1);
      if (Status s = HandJoints(c, &g.weights); !s.ok()) return s;
      bool nonzero = false;
      for (const auto& [k, w] : g.weights) nonzero = nonzero || w != 0.0;
      if (!nonzero) return Error(c, "needs at least one joint with a non-zero value");
      hand.eigengrasps.push_back(std::move(g));
    } else if (c.name == "eigengrasp_origin") {
      if (has_origin) return Error(c, "appears twice");
      has_origin = true;
      if (Status s = HandJoints(c, &hand.origin); !s.ok()) return s;
      for (const auto& [k, v] : hand.origin) {
        const UrdfJoint& j = model_.joints[k];
        if (j.has_limits && (v < j.lower || v > j.upper)) {
          return Error(c, "joint \"" + j.name + "\": " + FormatNumber(v) + " is outside its limits [" +
                              FormatNumber(j.lower) + ", " + FormatNumber(j.upper) + "]");
        }
      }
    }
  }
  if (hand.eigengrasps.empty()) return Error(e, "needs at least one <eigengrasp>");
  model_.hand = std::move(hand);
  return Status::Ok();
}

StatusOr<RobotModel> UrdfReader::Read(const XmlElement& root) {
  model_.file = file_;
  if (root.name != "robot") return Error(root, "the root element must be <robot>");
  const std::string* name = root.Attribute("name");
  if (!name || name->empty()) return Error(root, "needs attribute 'name'");
  model_.name = *name;
  CheckKnown(root, {"link", "joint", "material", "transmission", "gazebo", "grasplab_hand"}, {"name", "version"});
  for (const XmlElement& c : root.children) {
    if (c.name == "link") {
      if (model_.links.size() >= static_cast<std::size_t>(kMaxUrdfLinks)) {
        return Error(c, "more than " + std::to_string(kMaxUrdfLinks) + " links");
      }
      if (Status s = Link(c); !s.ok()) return s;
    } else if (c.name == "transmission" || c.name == "gazebo") {
      // CheckKnown allowed them so that this warning is the only one.
      Warn(c, "is not supported and was ignored");
    }
  }
  for (const XmlElement& c : root.children) {
    if (c.name == "joint") {
      if (Status s = Joint(c); !s.ok()) return s;
    }
  }
  if (model_.links.empty()) return Error(root, "has no links");
  // A tree: every link is the child of at most one joint, one root.
  std::vector<int> parent_of(model_.links.size(), -1);
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    const int child = model_.FindLink(model_.joints[k].child);
    if (parent_of[child] >= 0) {
      return Status::Error(file_ + ":" + std::to_string(model_.joints[k].line) + ": <joint> \"" + model_.joints[k].name +
                           "\": link \"" + model_.joints[k].child + "\" already has a parent joint");
    }
    parent_of[child] = static_cast<int>(k);
  }
  int roots = 0;
  for (std::size_t i = 0; i < model_.links.size(); ++i) {
    if (parent_of[i] < 0) ++roots, model_.root = static_cast<int>(i);
  }
  if (roots != 1) {
    return Status::Error(file_ + ": the links must form one tree (found " + std::to_string(roots) + " roots)");
  }
  // No cycles: walking up from any link reaches the root within n steps.
  for (std::size_t i = 0; i < model_.links.size(); ++i) {
    int at = static_cast<int>(i), steps = 0;
    while (parent_of[at] >= 0 && steps <= static_cast<int>(model_.links.size())) {
      at = model_.FindLink(model_.joints[parent_of[at]].parent);
      ++steps;
    }
    if (parent_of[at] >= 0) return Status::Error(file_ + ": the joints form a cycle through link \"" + model_.links[i].name + "\"");
  }
  for (const UrdfJoint& j : model_.joints) {
    if (j.mimic.empty()) continue;
    const int m = model_.FindJoint(j.mimic);
    if (m < 0) return Status::Error(file_ + ":" + std::to_string(j.line) + ": <mimic> of joint \"" + j.name + "\": no joint named \"" + j.mimic + "\"");
    const UrdfJoint& master = model_.joints[m];
    if (!master.mimic.empty()) {
      return Status::Error(file_ + ":" + std::to_string(j.line) + ": joint \"" + j.name + "\" mimics \"" + j.mimic +
                           "\", which mimics another joint (chains are not supported)");
    }
    const bool same_kind = (master.type == UrdfJointType::kPrismatic) == (j.type == UrdfJointType::kPrismatic);
    if (!same_kind || master.type == UrdfJointType::kFixed) {
      return Status::Error(file_ + ":" + std::to_string(j.line) + ": joint \"" + j.name + "\" must mimic a joint of the same kind");
    }
  }
  const XmlElement* hand = nullptr;
  for (const XmlElement& c : root.children) {
    if (c.name != "grasplab_hand") continue;
    if (hand) return Error(c, "appears twice (one <grasplab_hand> per robot)");
    hand = &c;
    if (Status s = Hand(c); !s.ok()) return s;
  }
  return std::move(model_);
}

}  // namespace

StatusOr<RobotModel> ParseUrdf(std::string_view text, const std::string& file, const UrdfLoadOptions& options) {
  auto xml = ParseXml(text, file);
  if (!xml.ok()) return xml.status();
  return UrdfReader(file, options).Read(xml.value());
}

StatusOr<RobotModel> LoadUrdfFile(const std::string& path, const UrdfLoadOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot be opened");
  std::ostringstream s;
  s << in.rdbuf();
  UrdfLoadOptions o = options;
  if (o.base_dir.empty()) {
    const std::size_t slash = path.find_last_of('/');
    o.base_dir = slash == std::string::npos ? "." : path.substr(0, slash);
  }
  const std::size_t slash = path.find_last_of('/');
  return ParseUrdf(s.str(), slash == std::string::npos ? path : path.substr(slash + 1), o);
}

}  // namespace grasplab
