#include "core/multibody/articulated_model.h"


namespace grasplab {

SpatialTransform JointTransform(const TreeBody& body, double q) {
  SpatialTransform X_J;
  if (body.type == TreeJointType::kRevolute) {
    // The child frame is the zero frame turned by q about the axis: E is
    // that rotation's transpose.
    X_J.E = Eigen::AngleAxisd(q, body.axis).toRotationMatrix().transpose();
  } else {
    X_J.r = q * body.axis;
  }
  return body.X_T.Then(X_J);
}

}  // namespace grasplab
