#include "core/dynamics/integrate_pose.h"

namespace grasplab {

Eigen::Matrix<double, 4, 3> EulerParameterRateMatrix(const Quat& e) {
  const double q4 = e.w(), q5 = e.x(), q6 = e.y(), q7 = e.z();
  Eigen::Matrix<double, 4, 3> B;
  B << -q5, -q6, -q7,
        q4, -q7,  q6,
        q7,  q4, -q5,
       -q6,  q5,  q4;
  return 0.5 * B;
}

Eigen::Matrix<double, 7, 6> PoseRateMatrix(const Quat& e) {
  Eigen::Matrix<double, 7, 6> G = Eigen::Matrix<double, 7, 6>::Zero();
  G.topLeftCorner<3, 3>().setIdentity();
  G.bottomRightCorner<4, 3>() = EulerParameterRateMatrix(e) * e.toRotationMatrix().transpose();
  return G;
}

void AdvancePose(double h, const Vec3& v_WB, const Vec3& w_WB, Pose* X_WB) {
  X_WB->p += h * v_WB;
  const Vec3 w_B = X_WB->q.conjugate() * w_WB;  // R^T w
  const Eigen::Vector4d e_dot = EulerParameterRateMatrix(X_WB->q) * w_B;
  Quat& e = X_WB->q;
  e = Quat(e.w() + h * e_dot(0), e.x() + h * e_dot(1), e.y() + h * e_dot(2), e.z() + h * e_dot(3));
  e.normalize();
}

}  // namespace grasplab
