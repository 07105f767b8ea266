#include "core/multibody/spatial.h"

namespace grasplab {
namespace {

Mat3 Skew(const Vec3& v) {
  Mat3 s;
  s << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return s;
}

}  // namespace

Eigen::Matrix<double, 6, 6> SpatialTransform::Matrix() const {
  Eigen::Matrix<double, 6, 6> X = Eigen::Matrix<double, 6, 6>::Zero();
  X.topLeftCorner<3, 3>() = E;
  X.bottomRightCorner<3, 3>() = E;
  X.bottomLeftCorner<3, 3>() = -E * Skew(r);
  return X;
}

SpatialInertia SpatialInertia::FromCentroidal(double mass, const Vec3& c, const Mat3& I_c) {
  SpatialInertia I;
  I.m = mass;
  I.h = mass * c;
  const Mat3 cx = Skew(c);
  I.Ibar = I_c - mass * cx * cx;
  return I;
}

// X^T I X with X = B_X_A (E, r), h' = E^T h the first moment rotated into A's
// axes (RBDL's SpatialRigidBodyInertia::transform written for X^T I X):
//   m_A = m,  h_A = h' + m r,  Ibar_A = E^T Ibar E - [r]x [h']x - [h_A]x [r]x.
SpatialInertia SpatialInertia::ExpressedIn(const SpatialTransform& B_X_A) const {
  const Mat3& E = B_X_A.E;
  const Vec3& r = B_X_A.r;
  const Vec3 hr = E.transpose() * h;
  SpatialInertia out;
  out.m = m;
  out.h = hr + m * r;
  const Mat3 rx = Skew(r);
  out.Ibar = E.transpose() * Ibar * E - rx * Skew(hr) - Skew(out.h) * rx;
  return out;
}

Eigen::Matrix<double, 6, 6> SpatialInertia::Matrix() const {
  Eigen::Matrix<double, 6, 6> I = Eigen::Matrix<double, 6, 6>::Zero();
  I.topLeftCorner<3, 3>() = Ibar;
  I.topRightCorner<3, 3>() = Skew(h);
  I.bottomLeftCorner<3, 3>() = Skew(h).transpose();
  I.bottomRightCorner<3, 3>() = m * Mat3::Identity();
  return I;
}

}  // namespace grasplab
