#include "core/multibody/articulated_model.h"

#include "core/math/det_math.h"


namespace grasplab {

SpatialTransform JointTransform(const TreeBody& body, double q) {
  SpatialTransform X_J;
  if (body.type == TreeJointType::kRevolute) {
    // The child frame is the zero frame turned by q about the axis: E is
    // that rotation's transpose. Rodrigues' formula R = c 1 + s [a]x +
    // (1 - c) a a^T with the project's own sine and cosine (math/det_math.h):
    // libm's differ between glibc and the WASM build's.
    const Vec3& a = body.axis;
    const double c = DetCos(q), s = DetSin(q), t = 1.0 - c;
    Mat3 R;
    R << c + t * a.x() * a.x(), t * a.x() * a.y() - s * a.z(), t * a.x() * a.z() + s * a.y(),
        t * a.x() * a.y() + s * a.z(), c + t * a.y() * a.y(), t * a.y() * a.z() - s * a.x(),
        t * a.x() * a.z() - s * a.y(), t * a.y() * a.z() + s * a.x(), c + t * a.z() * a.z();
    X_J.E = R.transpose();
  } else {
    X_J.r = q * body.axis;
  }
  return body.X_T.Then(X_J);
}

}  // namespace grasplab
