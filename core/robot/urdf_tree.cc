#include "core/robot/urdf_tree.h"

#include <utility>

#include "core/geometry/shape.h"
#include "core/multibody/articulated_data.h"
#include "core/multibody/crba.h"
#include "core/multibody/kinematics.h"
#include "core/multibody/ltdl.h"

namespace grasplab {
namespace {

struct Builder {
  const RobotModel& model;
  ArticulatedModel out;
  std::vector<std::vector<int>> child_joints;  // per link, URDF joint indices in file order

  // Adds the link's inertial to the body it rides on.
  void AddLinkInertia(int link) {
    const UrdfLink& l = model.links[link];
    if (!l.has_inertial) return;
    const Pose X_BI = Compose(out.X_BL[link], l.X_LI);
    const Mat3 R = X_BI.q.toRotationMatrix();
    const SpatialInertia I = SpatialInertia::FromCentroidal(l.mass, X_BI.p, R * l.I_I * R.transpose());
    if (out.link_body[link] < 0) {
      out.base_inertia += I;
    } else {
      out.bodies[out.link_body[link]].inertia += I;
    }
  }

  // Depth-first from `link`, which rides on `body` at X_BL[link].
  void Visit(int link) {
    AddLinkInertia(link);
    for (int j : child_joints[link]) {
      const UrdfJoint& joint = model.joints[j];
      const int child = model.FindLink(joint.child);
      const int body = out.link_body[link];
      const Pose X_BJ = Compose(out.X_BL[link], joint.X_PJ);  // the joint frame in the parent body
      if (joint.type == UrdfJointType::kFixed) {
        out.link_body[child] = body;
        out.X_BL[child] = X_BJ;
      } else {
        TreeBody tb;
        tb.name = joint.name;
        tb.parent = body;
        tb.type = joint.type == UrdfJointType::kPrismatic ? TreeJointType::kPrismatic : TreeJointType::kRevolute;
        tb.axis = joint.axis;
        tb.X_T = TransformFromPose(X_BJ);
        out.joint_body[j] = out.dof();
        out.body_joint.push_back(j);
        out.bodies.push_back(std::move(tb));
        out.link_body[child] = out.dof() - 1;
        out.X_BL[child] = Pose{};
      }
      Visit(child);
    }
  }
};

}  // namespace

StatusOr<ArticulatedModel> BuildArticulatedModel(const RobotModel& model) {
  Builder b{model, {}, {}};
  const int nl = static_cast<int>(model.links.size());
  b.child_joints.assign(nl, {});
  for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
    const int parent = model.FindLink(model.joints[j].parent);
    const int child = model.FindLink(model.joints[j].child);
    if (parent < 0 || child < 0) {
      return Status::Error(model.file + ": joint '" + model.joints[j].name + "' names a missing link");
    }
    b.child_joints[parent].push_back(j);
  }
  b.out.link_body.assign(nl, -1);
  b.out.X_BL.assign(nl, Pose{});
  b.out.joint_body.assign(model.joints.size(), -1);
  b.Visit(model.root);
  // Every movable joint must move some inertia: a zero pivot of the
  // joint-space inertia's factor at q = 0 names the joint.
  ArticulatedModel& m = b.out;
  if (m.dof() > 0) {
    ArticulatedData data(m);
    std::vector<double> q(m.dof(), 0.0), qd(m.dof(), 0.0);
    UpdateKinematics(m, q.data(), qd.data(), Pose{}, SpatialVector::Zero(), &data);
    ComputeMassMatrix(m, &data);
    const int bad = FactorLtdl(m, &data);
    if (bad >= 0) {
      return Status::Error(model.file + ": joint '" + m.bodies[bad].name +
                           "' moves no mass or no inertia about its axis (its subtree is massless); the reduced "
                           "formulation needs <inertial> on the links it moves");
    }
  }
  return std::move(b.out);
}

}  // namespace grasplab
