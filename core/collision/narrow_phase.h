// Narrow phase: the contact set of one pair of bodies.
//
// Dispatch: plane vs anything (the other shape's support feature against the
// half-space), static mesh vs convex (each nearby triangle from the mesh's
// BVH as a convex pair, regions merged by normal), sphere vs sphere
// (analytic), box vs box by the separating axis test with feature clipping
// (collision/box_box.h; GJK still measures boxes apart corner to corner),
// and every other convex pair by
// GJK on the shapes' cores (collision/gjk.h), with EPA on the full shapes
// (collision/epa.h) when the cores overlap. The normal then feeds the
// contact-region builder (collision/contact_region.h).
#pragma once

#include <vector>

#include "core/collision/contact.h"
#include "core/collision/contact_region.h"
#include "core/collision/epa.h"
#include "core/geometry/support.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct NarrowPhaseSettings {
  // Pairs closer than this (m) produce contacts: the contact threshold plus
  // the speculative distance the pair can close in one step.
  double margin = 1e-4;
  // Sine of the angle within which a face or edge counts as facing the
  // other body (about 2 degrees).
  double sin_feature_tolerance = 0.035;
  // Box pairs through the separating axis test (collision/box_box.h); false
  // sends them through GJK/EPA like any convex pair (the corpus test and the
  // benchmark compare the two).
  bool box_box_sat = true;
  // GJK stops at the first support that proves the cores farther apart than
  // the margin plus both radii (collision/gjk.h, GjkOptions::stop_beyond):
  // the pair has no contact, and running GJK to convergence would only say
  // so more precisely. False runs every pair to convergence (the corpus
  // test compares the two; the contact sets are identical).
  bool separated_early_out = true;
};

// Appends the contacts between body a (shape A at X_WA) and body b to *out,
// with normals from b to a (or from a to b, with a and b swapped in the
// Contact, when a is the plane). Returns the number appended.
int CollideShapes(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Shape& B, const Pose& X_WB,
                  const NarrowPhaseSettings& settings, std::vector<Contact>* out);

// The narrow phase's working memory: features, the contact region, EPA's
// polytope, a mesh pair's triangles and groups. The world's contact finder
// keeps one, so a steady step's collision allocates nothing once every
// buffer has held its largest case.
struct NarrowPhaseScratch {
  WorldFeature feature_A, feature_B;
  SupportFeatureScratch support;
  ContactRegionScratch region;
  std::vector<ContactPoint> points;
  EpaPolytope epa;
  std::vector<int> triangles;
  std::vector<Contact> mesh_contacts;
  std::vector<std::vector<ContactPoint>> mesh_groups;  // the first mesh_group_count are in use
  std::vector<Vec3> mesh_normals;
};

// The same with the caller's scratch.
int CollideShapes(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Shape& B, const Pose& X_WB,
                  const NarrowPhaseSettings& settings, std::vector<Contact>* out, NarrowPhaseScratch* scratch);

}  // namespace grasplab
