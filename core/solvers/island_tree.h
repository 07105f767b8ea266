// An articulated tree as an island solver sees it in the reduced formulation
// (world/articulated_trees.h): its bodies move by their joints, so their
// velocities are not free 6-vectors but the image of the joint rates,
//   V_i = V_base + sum_{j on i's chain} s_j qd_j   (world spatial velocities),
// and the island's inverse inertia on them is J H^-1 J^T through the tree's
// LTDL factor (multibody/ltdl.h, operational_inertia.h) instead of the
// block-diagonal W = M^-1 of free bodies. A tree body with body = -1 is the
// base: its motion is prescribed (a static root or a moving mount), so
// impulses do not move it, but its twist enters the rows' rates.
#pragma once

#include "core/multibody/articulated_data.h"

namespace grasplab {

struct IslandTree {
  const ArticulatedModel* model = nullptr;
  const ArticulatedData* data = nullptr;  // s_W and the LTDL factor at q^{l+1}
  double* qd = nullptr;                   // in: the free joint rates qd*; out: qd^{l+1}
  SpatialVector V_base_W = SpatialVector::Zero();  // the base's world spatial velocity at l+1
};

// Per island body: the tree it belongs to (index into IslandSystem::trees)
// and its tree body (-1: the base), or tree = -1 for a free body.
struct IslandTreeLink {
  int tree = -1;
  int body = -1;
};

}  // namespace grasplab
