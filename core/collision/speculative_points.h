// Speculative points: the corners of a body that can reach another body's
// flat face within the step, part of stage kNarrowPhase (issue 19: a larger
// step without tunnelling).
//
// A pair's contact set (contact_region.h) is built from each body's support
// feature within the narrow phase's angle tolerance (2 degrees,
// geometry/support.h): a box or hull falling tilted onto a floor gives one
// point, its lowest corner. Its speculative row (solvers/contact_target.h)
// stops that corner at the floor, the impulse there turns the body, and the
// corner on the other side swings down through the floor within the next
// step with nothing to stop it. At h = 5 ms a 4 x 3 x 2 cm box dropped from
// 10 cm at a 0.3 rad tilt sank 10.2 mm into the floor (its half height is
// 10 mm), at 10 ms a hull of the 1,000-body pile 6.8 mm, at the default
// 2.5 ms the box 0.47-0.88 mm (docs/benchmarks.md, stop 46).
//
// So each pair also gets, as contacts of their own, the candidate points of
// one body X that may meet a flat face of the other body Y before the next
// step's contacts are found:
//
//   Y's face: the face of Y whose outward normal m is within the angle
//     tolerance of the pair's normal (n for Y = B, -n for Y = A): a box's
//     face, a cylinder's cap or a plane (m its +z). Only exact flat faces,
//     so a candidate's gap to the face's plane is its distance: a candidate
//     counts only over the face (within the rectangle, the disk; a plane
//     has no rim). Not a convex hull's face: its support feature within the
//     tolerance can hold vertices of neighbouring facets, so no one plane
//     is the surface; tried with the plane through the outermost vertex
//     (Newell's normal), the understated gaps pushed resting points apart
//     and 2 of 8 60-body piles (tests/bench/pile_scene.h, seeds 1-8) never
//     fell asleep in 6 s.
//   X's candidates: a box's 8 corners, a convex hull's vertices, on each
//     cap of a cylinder the rim point farthest along -m and the 12 rim
//     points of the cap feature (geometry/support.h), on each end of a
//     capsule the point r m below its centre. (A sphere's only point is
//     already the region's.)
//   The pair takes part only in an impact toward the face: when some point
//   of X could close 10 contact thresholds (1 mm by default) on the face
//   within 2 h, the speculative margin's own horizon (contact_finder.h), by
//   the bound
//       2 h (-m . (v_X - v_Y) + |w_X| r_X + |w_Y| (r_X + |x_X - x_Y|)) >= 10 threshold
//   (the linear approach along -m plus whatever the bodies' turning can
//   add, whichever way; velocities of their origins before the step, r_X
//   X's bounding radius): at h = 2.5 ms, 20 cm/s. A resting pair, one
//   moving apart (a body lifted off a table) or one closing slowly (a body
//   rocking or settling) keeps the contact set it had: a corner that can
//   sink at most 1 mm before the next step's contacts find it is left to
//   them and to eq. 19, as before.
//   In an impact, every candidate c is kept whose gap d = m . (c - p_face)
//   is below the pair's margin (the band of the region's features: the
//   contact threshold plus what both bodies can travel in 2 h), that lies
//   over the face, and that no point of the pair's region lies over
//   already (within 1 um along the face). No test of the candidate's own
//   approach: the impulse that stops the first corner is what turns the
//   body, so a corner at rest before the step can be the one that swings
//   through the face within it. Tried and dropped (docs/benchmarks.md,
//   stop 46): candidates of every moving pair (over 1 cm/s at 2.5 ms)
//   made the rocking Barrett bunny's bottom vertices rows of its LCP (its
//   step 1.77x); a test on each candidate's own approach let a vertex of
//   the 1,000-body pile at 10 ms 5.6 mm deep, and one on its bound set
//   points appearing and vanishing as a settling body rocked (60-body piles
//   asleep 0.3 s later on average).
//   Each kept candidate is a contact at c - d m / 2 (midway between the
//   surfaces), normal n_W = m for Y = B and -m for Y = A (from B to A),
//   separation d. Its normal row n . v >= -(d - threshold / 2) / h lets the
//   corner close its gap but not pass the face, as every speculative row.
//
// Units: m, m/s, s. Determinism: the candidates in a fixed order (corners
// by index, hull vertices by index, caps -z then +z with the lowest rim
// point before the 12, capsule ends -z then +z), + - * / and sqrt only.
#pragma once

#include <cstddef>
#include <vector>

#include "core/base/ids.h"
#include "core/collision/contact.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

// One body of the pair as the speculative points need it: shape, pose,
// velocity (m/s) and angular velocity (rad/s) of its origin, world frame.
struct SpeculativeBody {
  BodyId id = -1;
  const Shape* shape = nullptr;
  Pose X_W;
  Vec3 v_W = Vec3::Zero();
  Vec3 w_W = Vec3::Zero();
  double radius = 0.0;  // m, the bounding radius about the origin (BoundingRadius, geometry/shape.h)
};

struct SpeculativeSettings {
  double h = 0.0;             // s, the step (0: no speculative points)
  double margin = 0.0;        // m, the pair's margin (contact threshold + travel)
  double threshold = 1e-4;    // m, WorldSettings::contact_threshold
  double sin_tolerance = 0.035;  // the narrow phase's feature angle tolerance (a sine)
};

// Appends to *contacts the speculative points of pair (a, b) whose region
// is (*contacts)[first, end) (not empty: a pair without a region has every
// point beyond its margin), in the region's order of the two bodies (its
// first contact's body_a is A). Returns how many it added.
int AddSpeculativePoints(const SpeculativeBody& a, const SpeculativeBody& b, const SpeculativeSettings& s,
                         std::size_t first, std::vector<Contact>* contacts);

}  // namespace grasplab
