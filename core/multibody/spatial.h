// Spatial (6-D) vector algebra after Featherstone, "Rigid Body Dynamics
// Algorithms" (2008), chapter 2: the notation of the articulated-body
// algorithms in this folder (seed 003, Chardonnet et al. section 3.1, runs
// "Featherstone's algorithm" in it).
//
// Conventions (Featherstone's, not the rest of the core's):
//   motion vector  m = [w; v]  w (rad/s) the angular velocity, v (m/s) the
//                              velocity of the body-fixed point that is at
//                              the frame's origin (not of the centre of mass);
//   force vector   f = [n; f]  n (N m) the moment about the frame's origin,
//                              f (N) the force;
//   transform B_X_A            maps A coordinates to B coordinates; held as
//                              E = B_R_A (a rotation matrix, B_x = E A_x for
//                              free vectors) and r = the position of B's
//                              origin relative to A's, in A coordinates:
//                              B_X_A m = [E w; E (v - r x w)],
//                              B_X_A^* f = [E (n - r x f); E f].
// Written here rather than taken from a library: it is the physics of the
// recursions, and its operation order must be fixed for native = WASM.
#pragma once

#include <Eigen/Core>

#include "core/math/types.h"

namespace grasplab {

using SpatialVector = Eigen::Matrix<double, 6, 1>;

inline Vec3 Angular(const SpatialVector& s) { return s.head<3>(); }
inline Vec3 Linear(const SpatialVector& s) { return s.tail<3>(); }
inline SpatialVector MakeSpatial(const Vec3& angular, const Vec3& linear) {
  SpatialVector s;
  s << angular, linear;
  return s;
}

// m1 x m: the spatial cross product of motion vectors (Featherstone eq. 2.31).
inline SpatialVector CrossMotion(const SpatialVector& m1, const SpatialVector& m) {
  const Vec3 w1 = Angular(m1), v1 = Linear(m1), w = Angular(m), v = Linear(m);
  return MakeSpatial(w1.cross(w), w1.cross(v) + v1.cross(w));
}

// m1 x* f: the cross product of a motion vector with a force vector (eq. 2.32).
inline SpatialVector CrossForce(const SpatialVector& m1, const SpatialVector& f) {
  const Vec3 w1 = Angular(m1), v1 = Linear(m1), n = Angular(f), fl = Linear(f);
  return MakeSpatial(w1.cross(n) + v1.cross(fl), w1.cross(fl));
}

struct SpatialTransform {
  Mat3 E = Mat3::Identity();  // B_R_A
  Vec3 r = Vec3::Zero();      // B's origin in A, m

  // B_X_A m.
  SpatialVector ApplyMotion(const SpatialVector& m) const {
    const Vec3 w = Angular(m);
    return MakeSpatial(E * w, E * (Linear(m) - r.cross(w)));
  }
  // A_X_B m (the inverse on a motion vector given in B).
  SpatialVector InverseMotion(const SpatialVector& m) const {
    const Vec3 w = E.transpose() * Angular(m);
    return MakeSpatial(w, E.transpose() * Linear(m) + r.cross(w));
  }
  // B_X_A^* f.
  SpatialVector ApplyForce(const SpatialVector& f) const {
    const Vec3 fl = Linear(f);
    return MakeSpatial(E * (Angular(f) - r.cross(fl)), E * fl);
  }
  // (B_X_A)^T f = A_X_B^* f: a force given in B, expressed in A.
  SpatialVector TransposeForce(const SpatialVector& f) const {
    const Vec3 fl = E.transpose() * Linear(f);
    return MakeSpatial(E.transpose() * Angular(f) + r.cross(fl), fl);
  }
  // C_X_A = (C_X_B)(B_X_A) with *this = B_X_A.
  SpatialTransform Then(const SpatialTransform& C_X_B) const {
    return {C_X_B.E * E, r + E.transpose() * C_X_B.r};
  }
  // The 6x6 matrix of B_X_A (tests and dense reference computations).
  Eigen::Matrix<double, 6, 6> Matrix() const;
};

// The pose X_AB (core convention: x_A = X_AB x_B) as the transform B_X_A.
inline SpatialTransform TransformFromPose(const Pose& X_AB) {
  return {X_AB.q.toRotationMatrix().transpose(), X_AB.p};
}

// A rigid body's spatial inertia about a frame's origin, in that frame:
// mass m (kg), first moment h = m c (kg m, c the centre of mass) and the
// rotational inertia about the origin Ibar = I_c - m [c]x^2 (kg m^2).
// As a 6x6 matrix [[Ibar, [h]x], [[h]x^T, m 1]] (Featherstone eq. 2.63).
struct SpatialInertia {
  double m = 0.0;
  Vec3 h = Vec3::Zero();
  Mat3 Ibar = Mat3::Zero();

  // From mass, centre of mass c and inertia about it, I_c (in the frame).
  static SpatialInertia FromCentroidal(double mass, const Vec3& c, const Mat3& I_c);
  // I m: the momentum of a body moving with m = [w; v].
  SpatialVector Apply(const SpatialVector& v) const {
    const Vec3 w = Angular(v), lin = Linear(v);
    return MakeSpatial(Ibar * w + h.cross(lin), m * lin - h.cross(w));
  }
  SpatialInertia& operator+=(const SpatialInertia& o) {
    m += o.m;
    h += o.h;
    Ibar += o.Ibar;
    return *this;
  }
  // The same inertia expressed in A, given *this in B and B_X_A
  // (X^T I X, Featherstone eq. 2.66).
  SpatialInertia ExpressedIn(const SpatialTransform& B_X_A) const;
  Eigen::Matrix<double, 6, 6> Matrix() const;
};

}  // namespace grasplab
