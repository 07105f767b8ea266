// A tactile array on a rigid link (stage kSensors, world/sensor_suite.h):
// the normal forces of the step's contacts on one face of a body, binned to
// a grid of taxels, as a grid of pressure cells under a thin skin reads
// them.
//
// The face is a rectangle in the sensor frame S fixed in the body (S's xy
// plane, centred on S's origin, size_x by size_y, +z its outward normal).
// A contact counts when
//   - it touches the body (as A or B) and another body,
//   - its point, in S, lies within the rectangle (or on its rim, within
//     kTactileRim: a flat patch's corners lie on the face's edges) and
//     within `depth` of the plane (|z| <= depth), and
//   - its normal force pushes into the face: the force on the body along
//     the contact normal is within 60 degrees of S's -z (so contacts on a
//     neighbouring face of a box, at its edge, do not count).
// Its normal force f_n = normal impulse / h (N) goes to the taxels whose
// centres surround the point, with bilinear weights (a point between
// the outermost centres and the edge goes to the edge taxels alone), so
// each contact's force is divided among at most four taxels and the taxels
// sum to the counted contacts' normal forces (to rounding, ~1e-16
// relative). Taxel (r, c) is centred at
//   x = -size_x/2 + (c + 1/2) size_x / cols,  y = -size_y/2 + (r + 1/2) size_y / rows.
// Friction is not measured: a taxel reads normal force only. A rigid flat
// patch reaches the solver as the corners of its planar hull
// (collision/contact_region.h), so a face pressed flat reads its force at
// those corners, not as a uniform pressure over the patch.
#pragma once

#include <span>

#include "core/world/sensor_def.h"
#include "core/world/world_data.h"

namespace grasplab {

inline constexpr double kTactileRim = 1e-6;     // m
inline constexpr double kTactileMinCos = 0.5;   // cos 60 degrees

// Adds the step's binned normal forces into taxels (rows x cols, row-major,
// zeroed first). X_WS is the face frame in the world.
void BinContactForces(const SensorDef& def, const Pose& X_WS, std::span<const Contact> contacts, double h,
                      std::span<double> taxels);

}  // namespace grasplab
