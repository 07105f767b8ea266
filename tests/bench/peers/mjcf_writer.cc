#include "tests/bench/peers/mjcf_writer.h"

#include <algorithm>
#include <functional>
#include <sstream>
#include <variant>

#include "core/base/format.h"
#include "core/geometry/convex_hull.h"

namespace grasplab::peers {
namespace {

// MuJoCo's contact time constant, in steps: 2 h, the stiffest it allows
// (MuJoCo's default, 0.02 s, lets 1 N m fingers sink into a 0.2 kg handset
// and squeeze it out of the hand; see the header).
constexpr double kSolref = 2.0;

std::string Num(double x) { return FormatNumber(x); }
std::string Vec(const Vec3& v) { return Num(v.x()) + " " + Num(v.y()) + " " + Num(v.z()); }
std::string QuatStr(const Quat& q) { return Num(q.w()) + " " + Num(q.x()) + " " + Num(q.y()) + " " + Num(q.z()); }
std::string PoseAttrs(const Pose& X) { return "pos=\"" + Vec(X.p) + "\" quat=\"" + QuatStr(X.q) + "\""; }

// XML attribute values: body and joint names contain '/' only, but escape anyway.
std::string Esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

struct Writer {
  const Scene& scene;
  const World& w;
  BodyId object;
  std::ostringstream assets, body_xml, contact, equality, actuator;
  std::vector<std::vector<JointId>> children;  // per body: joints whose parent it is
  std::vector<JointId> parent_joint;           // per body: the joint it is the child of
  std::vector<std::string> object_geoms, other_geoms;  // names, with their body
  std::vector<BodyId> other_geom_body;
  MjcfScene out;
  int mesh_count = 0;

  Writer(const Scene& s, BodyId obj) : scene(s), w(s.world), object(obj) {}

  std::string GeomName(BodyId b, int k) const { return w.body_name(b) + "#" + std::to_string(k); }

  // One <geom> per convex piece, at X_FS in the enclosing frame F.
  Status Geoms(BodyId b, const Pose& X_FB, std::ostringstream& xml, const std::string& indent) {
    const BodyDef& def = w.body_def(b);
    std::vector<std::pair<const Shape*, Pose>> pieces;
    if (const auto* c = std::get_if<CompoundShape>(&def.shape)) {
      for (const CompoundPiece& p : *c->pieces) pieces.push_back({&p.shape, Compose(X_FB, p.X_BS)});
    } else {
      pieces.push_back({&def.shape, X_FB});
    }
    const double mu = w.materials().material(def.material).static_friction;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const Shape& shape = *pieces[k].first;
      std::string type, size, extra;
      if (std::holds_alternative<PlaneShape>(shape)) {
        type = "plane", size = "0 0 1";
      } else if (const auto* s = std::get_if<SphereShape>(&shape)) {
        type = "sphere", size = Num(s->radius);
      } else if (const auto* s = std::get_if<BoxShape>(&shape)) {
        type = "box", size = Vec(s->half_extents);
      } else if (const auto* s = std::get_if<CapsuleShape>(&shape)) {
        type = "capsule", size = Num(s->radius) + " " + Num(0.5 * s->length);
      } else if (const auto* s = std::get_if<CylinderShape>(&shape)) {
        type = "cylinder", size = Num(s->radius) + " " + Num(0.5 * s->length);
      } else if (const auto* s = std::get_if<ConvexShape>(&shape)) {
        const std::string mesh = "hull" + std::to_string(mesh_count++);
        assets << "    <mesh name=\"" << mesh << "\" vertex=\"";
        for (const Vec3& v : s->hull->vertices) assets << Vec(v) << " ";
        assets << "\"/>\n";
        type = "mesh", extra = " mesh=\"" + mesh + "\"";
      } else {
        return Status::Error("mjcf: body '" + w.body_name(b) + "': shape '" + ShapeTypeName(shape) +
                             "' has no MuJoCo counterpart here");
      }
      const std::string name = GeomName(b, static_cast<int>(k));
      xml << indent << "<geom name=\"" << Esc(name) << "\" type=\"" << type << "\"";
      if (type != "mesh") xml << " size=\"" << size << "\"";
      xml << extra << " " << PoseAttrs(pieces[k].second) << " friction=\"" << Num(mu) << " 0.005 0.0001\"";
      if (!def.collides || b == object) xml << " contype=\"0\" conaffinity=\"0\"";
      xml << "/>\n";
      if (!def.collides) continue;
      if (b == object) object_geoms.push_back(name);
      else other_geoms.push_back(name), other_geom_body.push_back(b);
    }
    return Status::Ok();
  }

  void Inertial(BodyId b, std::ostringstream& xml, const std::string& indent) {
    const Mat3 R = w.pose(b).q.toRotationMatrix();
    const Mat3 I = R.transpose() * w.InertiaWorld(b) * R;
    xml << indent << "<inertial pos=\"0 0 0\" mass=\"" << Num(w.body_def(b).mass) << "\" fullinertia=\"" << Num(I(0, 0))
        << " " << Num(I(1, 1)) << " " << Num(I(2, 2)) << " " << Num(I(0, 1)) << " " << Num(I(0, 2)) << " "
        << Num(I(1, 2)) << "\"/>\n";
  }

  // A dynamic body and its subtree, in the frame of `X_WF` (its parent body's pose, or the world).
  Status Body(BodyId b, const Pose& X_WF, std::ostringstream& xml, const std::string& indent) {
    const Pose X_FB = Compose(Inverse(X_WF), w.pose(b));
    const JointId pj = parent_joint[b];
    const bool mount = pj >= 0 && w.joint_def(pj).type == JointType::kFixed && w.body_def(w.joint_def(pj).parent).is_static;
    if (mount) {
      out.mocap.push_back(b);
      xml << indent << "<body name=\"" << Esc(w.body_name(b)) << "@mount\" mocap=\"true\" " << PoseAttrs(X_FB) << "/>\n";
      equality << "    <weld body1=\"" << Esc(w.body_name(b)) << "@mount\" body2=\"" << Esc(w.body_name(b)) << "\"/>\n";
    }
    xml << indent << "<body name=\"" << Esc(w.body_name(b)) << "\" " << PoseAttrs(X_FB) << ">\n";
    const std::string in = indent + "  ";
    if (pj < 0 || mount) {
      xml << in << "<freejoint name=\"" << Esc(w.body_name(b)) << "@free\"/>\n";
    } else if (const JointDef& d = w.joint_def(pj); d.type != JointType::kFixed) {
      const Pose& X_WC = w.pose(b);
      xml << in << "<joint name=\"" << Esc(d.name) << "\" type=\"" << (d.type == JointType::kRevolute ? "hinge" : "slide")
          << "\" pos=\"" << Vec(X_WC.ApplyInverse(d.anchor_W)) << "\" axis=\"" << Vec(X_WC.q.conjugate() * d.axis_W)
          << "\"";
      if (d.has_limits) xml << " limited=\"true\" range=\"" << Num(d.lower) << " " << Num(d.upper) << "\"";
      if (d.viscous_friction > 0.0) xml << " damping=\"" << Num(d.viscous_friction) << "\"";
      if (d.coulomb_friction > 0.0) xml << " frictionloss=\"" << Num(d.coulomb_friction) << "\"";
      xml << "/>\n";
      if (d.coupled_to >= 0) {
        equality << "    <joint joint1=\"" << Esc(d.name) << "\" joint2=\"" << Esc(w.joint_def(d.coupled_to).name)
                 << "\" polycoef=\"0 " << Num(d.coupling_ratio) << " 0 0 0\"/>\n";
      }
    }
    Inertial(b, xml, in);
    if (Status s = Geoms(b, Pose{}, xml, in); !s.ok()) return s;
    for (JointId j : children[b]) {
      if (Status s = Body(w.joint_def(j).child, w.pose(b), xml, in); !s.ok()) return s;
    }
    xml << indent << "</body>\n";
    return Status::Ok();
  }

  StatusOr<MjcfScene> Run() {
    const int nb = w.body_count();
    children.assign(nb, {});
    parent_joint.assign(nb, -1);
    for (JointId j = 0; j < w.joint_count(); ++j) {
      const JointDef& d = w.joint_def(j);
      if (parent_joint[d.child] >= 0) {
        return Status::Error("mjcf: body '" + w.body_name(d.child) + "' is the child of two joints (not a tree)");
      }
      parent_joint[d.child] = j;
      if (!w.body_def(d.parent).is_static) children[d.parent].push_back(j);
    }
    for (BodyId b = 0; b < nb; ++b) {
      if (w.body_def(b).is_static) {
        if (Status s = Geoms(b, w.pose(b), body_xml, "    "); !s.ok()) return s;
      }
    }
    for (BodyId b = 0; b < nb; ++b) {
      if (w.body_def(b).is_static) continue;
      const JointId pj = parent_joint[b];
      if (pj >= 0 && !w.body_def(w.joint_def(pj).parent).is_static) continue;  // nested under its parent
      if (Status s = Body(b, Pose{}, body_xml, "    "); !s.ok()) return s;
    }
    // The object's pairs with grasplab's pair coefficient (header).
    bool first = true;
    for (const std::string& g1 : object_geoms) {
      for (std::size_t k = 0; k < other_geoms.size(); ++k) {
        const double mu = w.materials().Combine(w.body_def(object).material, w.body_def(other_geom_body[k]).material)
                              .static_friction;
        out.object_friction_min = first ? mu : std::min(out.object_friction_min, mu);
        out.object_friction_max = first ? mu : std::max(out.object_friction_max, mu);
        first = false;
        contact << "    <pair geom1=\"" << Esc(g1) << "\" geom2=\"" << Esc(other_geoms[k]) << "\" condim=\"3\" friction=\""
                << Num(mu) << " " << Num(mu) << " 0.005 0.0001 0.0001\" solref=\"" << Num(kSolref * scene.timestep) << " 1\"/>\n";
      }
    }
    for (const SceneRobot& r : scene.robots) {
      for (const RobotDof& dof : r.robot.dofs) {
        if (dof.max_effort <= 0.0 || !w.has_joint_controller(dof.joint)) continue;
        if (!(dof.kp > 0.0)) return Status::Error("mjcf: joint '" + dof.name + "': a PD controller needs kp > 0 here");
        out.actuators.push_back({dof.joint, dof.kp, dof.kd, dof.max_effort});
        actuator << "    <general joint=\"" << Esc(w.joint_def(dof.joint).name) << "\" gainprm=\"" << Num(dof.kp)
                 << "\" biastype=\"affine\" biasprm=\"0 " << Num(-dof.kp) << " " << Num(-dof.kd)
                 << "\" forcelimited=\"true\" forcerange=\"" << Num(-dof.max_effort) << " " << Num(dof.max_effort)
                 << "\"/>\n";
      }
    }
    const std::string solref = Num(kSolref * scene.timestep) + " 1";
    std::ostringstream xml;
    xml << "<mujoco model=\"" << Esc(scene.name) << "\">\n"
        << "  <compiler angle=\"radian\" autolimits=\"true\"/>\n"
        << "  <option timestep=\"" << Num(scene.timestep) << "\" gravity=\"" << Vec(w.settings().gravity)
        << "\" integrator=\"implicit\" cone=\"pyramidal\"/>\n"
        << "  <default>\n    <geom solref=\"" << solref << "\"/>\n    <joint solreflimit=\"" << solref
        << "\"/>\n    <equality solref=\"" << solref << "\"/>\n  </default>\n"
        << "  <asset>\n" << assets.str() << "  </asset>\n"
        << "  <worldbody>\n" << body_xml.str() << "  </worldbody>\n"
        << "  <contact>\n" << contact.str() << "  </contact>\n"
        << "  <equality>\n" << equality.str() << "  </equality>\n"
        << "  <actuator>\n" << actuator.str() << "  </actuator>\n"
        << "</mujoco>\n";
    out.xml = xml.str();
    return out;
  }
};

}  // namespace

StatusOr<MjcfScene> WriteMjcf(const Scene& scene, BodyId object) { return Writer(scene, object).Run(); }

}  // namespace grasplab::peers
