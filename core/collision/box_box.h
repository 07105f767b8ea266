// Narrow phase, box against box: the separating axis test with feature
// clipping (Gottschalk, Lin & Manocha 1996; Ericson, Real-Time Collision
// Detection 4.4 and 5.1.9; Box2D's b2CollidePolygons and ODE's dBoxBox do
// the same), a fast path for what CollideShapes otherwise does by GJK, EPA
// and the contact-region builder (docs/collision.md, docs/benchmarks.md).
//
// SAT. Two boxes are apart iff some axis separates them, and only 15 axes
// can: the 3 face normals of each box and the 9 cross products of an edge
// direction of each. Along a unit axis L the signed gap is
//   s(L) = |L . (p_A - p_B)| - r_A(L) - r_B(L),   r_X(L) = sum_k e_X,k |L . u_X,k|
// (m; e the half extents, u the box axes). For overlapping boxes the largest
// s over the 15 axes is minus the penetration depth, exactly what EPA finds:
// the faces of the Minkowski difference A - B have these normals. For boxes
// apart, s <= the distance on every axis, with equality on the chosen axis
// when the two features it selects face each other across it (the closest
// points differ by s L); when they do not (boxes apart corner to corner) the
// test cannot give the distance, and the pair is left to GJK (`decided`
// false). Edge pairs closer to parallel than kMinEdgeSine have no axis of
// their own (their cross product is noise; the face axes bound them).
//
// The chosen axis. The largest s wins, except that an edge axis must beat the
// best face axis by kEdgeBias (1 um, 1 % of the default contact threshold)
// and A's faces must beat B's by kFaceBias (1 nm), so a resting box keeps a
// face normal and its corners where rounding or a micrometre of tilt would
// otherwise hand the normal to an edge pair (Box2D's tolerance in
// b2FindMaxSeparation, ODE's fudge factor). Overlapping, the depth is then up
// to 1 um more than EPA's (`face_by_bias`). Apart, the bias changes nothing:
// when the face's features do not face each other, the best edge pair is
// tried before GJK, and a realized gap is the distance either way.
//
// The contact set is the general path's (collision/contact_region.h): the
// normal n points from B to A; each box's support feature facing the other
// along n, with the narrow phase's angle tolerance (vertex, edge or face,
// geometry/support.h), is projected along n and clipped against the other's;
// each resulting point is lifted onto both features, its separation is
// n . (p_A - p_B) (negative when overlapping), it sits midway between them,
// points with separation >= margin are dropped and the rest reduced to their
// planar hull. On a face axis the reference face's feature is that face and
// n its normal, so projecting along n is dropping a coordinate in the
// reference box's frame, and clipping against the other's projection is
// Sutherland-Hodgman against the face's 4 side planes. On an edge axis the
// two features are the two edges and the contact is the midpoint of their
// closest points, unless the tolerance makes a feature a face (an edge axis
// within 2 degrees of a face normal, as between boxes stacked with a turn):
// then that face is clipped against the other feature as seen along n.
//
// Determinism: + - * / and sqrt, fixed iteration order, no allocation beyond
// the caller's scratch vectors once they have held a box pair's region.
#pragma once

#include <vector>

#include "core/collision/contact_region.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

// Which of the 15 axes separates least (or penetrates least).
enum class BoxBoxAxis {
  kFaceB,  // B's face normal `index` (0..2, a body axis of B)
  kFaceA,  // A's face normal `index`
  kEdges,  // B's edge direction index / 3 crossed with A's index % 3
};

struct BoxBoxResult {
  // False when the boxes are apart within the margin but the chosen axis's
  // features do not face each other: the SAT gap is then only a lower bound
  // of the distance, and the caller runs GJK. Nothing is written to the
  // region in that case.
  bool decided = true;
  BoxBoxAxis axis = BoxBoxAxis::kFaceB;
  int index = 0;
  double separation = 0.0;    // m, s on the chosen axis (minus the depth when overlapping)
  // A face axis was kept over an edge axis that separated more, by less
  // than the bias: the depth is then up to kEdgeBias (1 um) more than EPA's
  // and the normal the face's rather than the edges'.
  bool face_by_bias = false;
  Vec3 n_BA = Vec3::UnitZ();  // world, unit, from B to A
};

// The contact region of box A at X_WA against box B at X_WB into *region
// (emptied first; empty when the boxes are at least `margin` apart, m),
// reduced to its planar hull, normal in the result. `sin_feature_tolerance`
// is the narrow phase's (NarrowPhaseSettings); `scratch` lends the planar
// hull's working memory.
BoxBoxResult CollideBoxes(const BoxShape& A, const Pose& X_WA, const BoxShape& B, const Pose& X_WB, double margin,
                          double sin_feature_tolerance, std::vector<ContactPoint>* region,
                          ContactRegionScratch* scratch);

}  // namespace grasplab
