// Bodies that start inside each other. A scene that starts in overlap makes
// the first steps push the bodies apart with whatever force the error
// reduction (eq. 19) asks for: a fingertip 5.8 mm inside the ground took
// 15.5 kN for 0.47 s on a hand whose motors give 1-2 N m. Scenes report it
// as a warning (Scene::warnings: the page's warning panel, the CLI's
// modelWarnings), naming both bodies and the depth.
#pragma once

#include <string>
#include <vector>

#include "core/world/world.h"

namespace grasplab {

struct InitialOverlap {
  BodyId a = -1, b = -1;
  double depth = 0.0;        // m, > 0: the deepest contact of the pair
  Vec3 p_W = Vec3::Zero();   // m, where
  Vec3 n_W = Vec3::UnitZ();  // unit, from b to a: moving a along it (or b against it) separates them
};

// The body pairs whose contacts in the world's current state are deeper
// than `tolerance` (m), deepest contact per pair, in body order. The world
// itself is not changed (its contacts are found on a copy).
std::vector<InitialOverlap> FindInitialOverlaps(const World& world, double tolerance);

// "bodies \"hand/f1_tip\" and \"ground\" start 5.80 mm inside each other (at [x, y, z] m)".
std::string DescribeOverlap(const World& world, const InitialOverlap& overlap);

// The scene format's "initialOverlap": "resolve": moves free bodies
// (dynamic, in no joint) apart by the least translation, before the first
// step: for each overlapping pair, deepest contact first, along its normal
// by the depth plus half the contact threshold (where resting contacts
// settle, eq. 19), shared in inverse proportion to mass when both are free.
// Repeated (a stack needs several passes) until no pair is deeper than the
// contact threshold, at most 50 passes. A pair neither of whose bodies is
// free (static, or a robot's link or other jointed body) cannot be moved
// this way: the error names it, and the scene must move the robot or the
// body itself. Returns the number of bodies moved.
StatusOr<int> ResolveInitialOverlaps(World* world);

}  // namespace grasplab
