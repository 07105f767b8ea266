// Collision and mass geometry of a body, expressed in the body frame B.
//
// Shapes are plain values (a closed std::variant), so a scene model can be
// copied and compared, and the narrow phase dispatches on the alternative.
// All shapes are centred on the body origin; capsules and cylinders lie along
// the body's z axis.
//
// Sign convention: a Plane is the half-space z <= 0 of its body frame; its
// outward normal is +z of B. It is only allowed on static bodies.
#pragma once

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

struct PlaneShape {};

struct SphereShape {
  double radius = 0.0;  // m, > 0
};

struct BoxShape {
  Vec3 half_extents = Vec3::Zero();  // m, each > 0 (the scene format's size / 2)
};

// A segment of `length` along z, swept by a sphere of `radius` (total height
// length + 2 radius).
struct CapsuleShape {
  double radius = 0.0;  // m, > 0
  double length = 0.0;  // m, >= 0, distance between the hemisphere centres
};

struct CylinderShape {
  double radius = 0.0;  // m, > 0
  double length = 0.0;  // m, > 0, height along z
};

class TriangleMesh;
struct ConvexHull;

// The convex hull of a point set (geometry/convex_hull.h), stored about its
// volume centroid. Shared: copies of a scene do not copy the vertices.
struct ConvexShape {
  std::shared_ptr<const ConvexHull> hull;
};

// A triangle mesh, possibly non-convex: static bodies only (a dynamic mesh is
// simulated as its ConvexShape).
struct MeshShape {
  std::shared_ptr<const TriangleMesh> mesh;
};

// One triangle of a mesh, as the narrow phase sees it (vertices in the
// mesh's frame). Internal: not a body shape.
struct TriangleShape {
  Vec3 a = Vec3::Zero(), b = Vec3::Zero(), c = Vec3::Zero();
};

// Several convex pieces rigidly joined (a URDF link with several collision
// elements, a phone handset made of boxes). Each piece is a sphere, box,
// capsule, cylinder or convex shape at its pose X_BS in the body frame. The
// narrow phase collides piece by piece; the mass is spread over the pieces by
// volume (uniform density). Shared like ConvexShape.
struct CompoundPiece;
struct CompoundShape {
  std::shared_ptr<const std::vector<CompoundPiece>> pieces;
};

using Shape = std::variant<PlaneShape, SphereShape, BoxShape, CapsuleShape, CylinderShape, ConvexShape, MeshShape,
                           TriangleShape, CompoundShape>;

struct CompoundPiece {
  Shape shape;
  Pose X_BS;  // the piece's frame in the body frame
};

// The most pieces one compound may have.
inline constexpr int kMaxCompoundPieces = 64;

// X_AC = X_AB * X_BC.
inline Pose Compose(const Pose& X_AB, const Pose& X_BC) { return {X_AB.Apply(X_BC.p), X_AB.q * X_BC.q}; }
// X_BA = X_AB^-1.
inline Pose Inverse(const Pose& X_AB) {
  const Quat q_BA = X_AB.q.conjugate();
  return {-(q_BA * X_AB.p), q_BA};
}

// Largest dimension accepted anywhere (m). Bigger numbers make the contact
// threshold (0.1 mm) meaningless in double precision.
inline constexpr double kMaxShapeDimension = 1.0e4;

// Name used in messages and in the scene format ("plane", "sphere", ...).
const char* ShapeTypeName(const Shape& shape);

// Rejects non-finite, zero, negative or oversized dimensions. `field` names
// the shape in the message (for example "bodies[2].shape").
Status ValidateShape(const Shape& shape, const std::string& field);

// Inertia tensor about the centroid, in the shape frame, for a solid of
// uniform density and the given mass (kg); kg m^2. Planes: zero (static only).
// A compound's is about its own centroid (ShapeCentroid), which the scene
// loader places at the body origin.
Mat3 SolidInertia(const Shape& shape, double mass);

// Volume (m^3): 0 for planes, triangles and meshes (static only).
double ShapeVolume(const Shape& shape);

// Volume centroid in the shape frame: the origin except for compounds.
Vec3 ShapeCentroid(const Shape& shape);

// Radius of the smallest origin-centred sphere containing the shape (m);
// infinite for planes.
double BoundingRadius(const Shape& shape);

}  // namespace grasplab
