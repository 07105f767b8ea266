// Axis-aligned bounding boxes in the world frame, for the broad phase.
#pragma once

#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct Aabb {
  Vec3 min = Vec3::Zero();  // m
  Vec3 max = Vec3::Zero();  // m

  bool Overlaps(const Aabb& o) const {
    return min.x() <= o.max.x() && o.min.x() <= max.x() && min.y() <= o.max.y() && o.min.y() <= max.y() &&
           min.z() <= o.max.z() && o.min.z() <= max.z();
  }
  Aabb Inflated(double d) const { return {min - Vec3::Constant(d), max + Vec3::Constant(d)}; }
  Aabb Union(const Aabb& o) const { return {min.cwiseMin(o.min), max.cwiseMax(o.max)}; }
};

// World bounds of the local box [lo, hi] at pose X_WS (conservative).
Aabb RotatedBox(const Vec3& lo, const Vec3& hi, const Pose& X_WS);

// Tight world bounds of a shape at pose X_WS. Planes are unbounded
// (+-infinity on every axis; a tilted half-space is not boxed).
Aabb WorldAabb(const Shape& shape, const Pose& X_WS);

}  // namespace grasplab
