// The scene's materials, friction pairs, bodies and joints.
#include <algorithm>

#include "core/scene/scene_parse_parts.h"

namespace grasplab {
namespace {

bool HasMaterial(const SceneSpec& spec, const std::string& name) {
  return name == "default" || std::any_of(spec.materials.begin(), spec.materials.end(),
                                          [&](const MaterialSpec& m) { return m.material.name == name; });
}

int FindBodySpec(const SceneSpec& spec, const std::string& name) {
  for (std::size_t i = 0; i < spec.bodies.size(); ++i) {
    if (spec.bodies[i].def.name == name) return static_cast<int>(i);
  }
  return -1;
}

Status ParseJointType(const Node& j, JointType* type) {
  std::string name;
  GL_TRY(String(j, "type", &name, true));
  if (name == "revolute") {
    *type = JointType::kRevolute;
  } else if (name == "prismatic") {
    *type = JointType::kPrismatic;
  } else if (name == "fixed") {
    *type = JointType::kFixed;
  } else {
    return Status::Error(j.Child("type") + ": must be revolute, prismatic or fixed, got \"" + name + "\"");
  }
  return Status::Ok();
}

}  // namespace

Status ParseMaterials(const Node& root, SceneSpec* spec) {
  if (root.Has("materials")) {
    const Node mats = root.At("materials");
    if (!mats.json().is_object()) return mats.Error("must be an object of named materials");
    for (auto it = mats.json().begin(); it != mats.json().end(); ++it) {
      const Node m(it.value(), "materials." + it.key());
      GL_TRY(m.ExpectObject({"staticFriction", "kineticFriction", "restitution"}));
      MaterialSpec ms;
      Material& mat = ms.material;
      mat.name = it.key();
      GL_TRY(Number(m, "staticFriction", &mat.static_friction, true, 0.0, 100.0));
      mat.kinetic_friction = mat.static_friction;
      GL_TRY(Number(m, "kineticFriction", &mat.kinetic_friction, false, 0.0, 100.0));
      GL_TRY(Number(m, "restitution", &mat.restitution, false, 0.0, 1.0));
      if (mat.name == "default") {
        return Status::Error(m.path() + ": 'default' is built in (mu_s 0.5, mu_k 0.4, e 0); use another name");
      }
      ms.field = m.path();
      spec->materials.push_back(std::move(ms));
    }
  }
  if (root.Has("frictionPairs")) {
    const Node pairs = root.At("frictionPairs");
    if (!pairs.json().is_array()) return pairs.Error("must be an array");
    for (std::size_t i = 0; i < pairs.json().size(); ++i) {
      const Node p = pairs.At(i);
      GL_TRY(p.ExpectObject({"a", "b", "staticFriction", "kineticFriction"}));
      FrictionPairSpec fp;
      GL_TRY(String(p, "a", &fp.a, true));
      GL_TRY(String(p, "b", &fp.b, true));
      if (!HasMaterial(*spec, fp.a)) return Status::Error(p.Child("a") + ": no material named \"" + fp.a + "\"");
      if (!HasMaterial(*spec, fp.b)) return Status::Error(p.Child("b") + ": no material named \"" + fp.b + "\"");
      GL_TRY(Number(p, "staticFriction", &fp.static_friction, true, 0.0, 100.0));
      fp.kinetic_friction = fp.static_friction;
      GL_TRY(Number(p, "kineticFriction", &fp.kinetic_friction, false, 0.0, 100.0));
      fp.field = p.path();
      spec->friction_pairs.push_back(std::move(fp));
    }
  }
  return Status::Ok();
}

Status ParseBodies(const Node& root, const SceneLoadOptions& options, SceneSpec* spec) {
  if (!root.Has("bodies") || !root.json().at("bodies").is_array()) return Status::Error("bodies: required, an array");
  const Node bodies = root.At("bodies");
  if (bodies.json().size() > static_cast<std::size_t>(kMaxSceneBodies)) {
    return bodies.Error("at most " + std::to_string(kMaxSceneBodies) + " bodies, got " + std::to_string(bodies.json().size()));
  }
  for (std::size_t i = 0; i < bodies.json().size(); ++i) {
    const Node b = bodies.At(i);
    GL_TRY(b.ExpectObject({"name", "static", "mass", "inertia", "shape", "position", "orientation", "linearVelocity",
                           "angularVelocity", "material"}));
    BodySpec bs;
    BodyDef& d = bs.def;
    GL_TRY(String(b, "name", &d.name, true));
    if (FindBodySpec(*spec, d.name) >= 0) return Status::Error(b.Child("name") + ": duplicate name \"" + d.name + "\"");
    GL_TRY(Bool(b, "static", &d.is_static));
    if (!b.Has("shape")) return Status::Error(b.Child("shape") + ": required");
    Vec3 centroid = Vec3::Zero();
    GL_TRY(ParseShape(b.At("shape"), options, &d.shape, &centroid));
    if (!d.is_static) {
      GL_TRY(Number(b, "mass", &d.mass, true, 0.0, 1e6, true));
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
    GL_TRY(Vector(b, "position", 3, p, false));
    GL_TRY(Vector(b, "orientation", 4, q, false));
    GL_TRY(Vector(b, "linearVelocity", 3, v, false));
    GL_TRY(Vector(b, "angularVelocity", 3, w, false));
    d.X_WB.q = Quat(q[0], q[1], q[2], q[3]);
    if (!(d.X_WB.q.norm() > 1e-6)) return Status::Error(b.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
    d.X_WB.q.normalize();
    d.X_WB.p = Vec3(p[0], p[1], p[2]) + d.X_WB.q * centroid;
    d.v_WB = Vec3(v[0], v[1], v[2]);
    d.w_WB = Vec3(w[0], w[1], w[2]);
    GL_TRY(String(b, "material", &bs.material, false));
    if (!bs.material.empty() && !HasMaterial(*spec, bs.material)) {
      return Status::Error(b.Child("material") + ": no material named \"" + bs.material + "\"");
    }
    bs.field = b.path();
    spec->bodies.push_back(std::move(bs));
  }
  return Status::Ok();
}

Status ParseJoints(const Node& root, SceneSpec* spec) {
  if (!root.Has("joints")) return Status::Ok();
  const Node joints = root.At("joints");
  if (!joints.json().is_array()) return joints.Error("must be an array");
  if (joints.json().size() > static_cast<std::size_t>(kMaxSceneJoints)) return joints.Error("too many joints");
  for (std::size_t i = 0; i < joints.json().size(); ++i) {
    const Node j = joints.At(i);
    GL_TRY(j.ExpectObject({"name", "type", "parent", "child", "anchor", "axis", "limits", "friction", "coupling",
                           "effort", "collideConnected"}));
    JointSpec js;
    JointDef& d = js.def;
    GL_TRY(String(j, "name", &d.name, true));
    for (const JointSpec& other : spec->joints) {
      if (other.def.name == d.name) return Status::Error(j.Child("name") + ": duplicate name \"" + d.name + "\"");
    }
    GL_TRY(ParseJointType(j, &d.type));
    GL_TRY(String(j, "parent", &js.parent, true));
    GL_TRY(String(j, "child", &js.child, true));
    if (FindBodySpec(*spec, js.parent) < 0) return Status::Error(j.Child("parent") + ": no body named \"" + js.parent + "\"");
    if (FindBodySpec(*spec, js.child) < 0) return Status::Error(j.Child("child") + ": no body named \"" + js.child + "\"");
    double a[3] = {0, 0, 0}, ax[3] = {0, 0, 1};
    GL_TRY(Vector(j, "anchor", 3, a, true));
    GL_TRY(Vector(j, "axis", 3, ax, d.type != JointType::kFixed));
    d.anchor_W = Vec3(a[0], a[1], a[2]);
    d.axis_W = Vec3(ax[0], ax[1], ax[2]);
    if (j.Has("limits")) {
      double lim[2];
      GL_TRY(Vector(j, "limits", 2, lim, true));
      d.has_limits = true;
      d.lower = lim[0];
      d.upper = lim[1];
    }
    if (j.Has("friction")) {
      const Node f = j.At("friction");
      GL_TRY(f.ExpectObject({"coulomb", "viscous"}));
      GL_TRY(Number(f, "coulomb", &d.coulomb_friction, false, 0.0, 1e9));
      GL_TRY(Number(f, "viscous", &d.viscous_friction, false, 0.0, 1e9));
    }
    if (j.Has("coupling")) {
      const Node c = j.At("coupling");
      GL_TRY(c.ExpectObject({"joint", "ratio"}));
      GL_TRY(String(c, "joint", &js.coupled_to, true));
      const bool earlier = std::any_of(spec->joints.begin(), spec->joints.end(),
                                       [&](const JointSpec& o) { return o.def.name == js.coupled_to; });
      if (!earlier) return Status::Error(c.Child("joint") + ": no earlier joint named \"" + js.coupled_to + "\"");
      GL_TRY(Number(c, "ratio", &d.coupling_ratio, true, -100.0, 100.0));
    }
    GL_TRY(Bool(j, "collideConnected", &d.collide_connected));
    GL_TRY(Number(j, "effort", &js.effort, false, -1e9, 1e9));
    js.field = j.path();
    spec->joints.push_back(std::move(js));
  }
  return Status::Ok();
}

}  // namespace grasplab
