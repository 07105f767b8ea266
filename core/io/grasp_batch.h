// Planning and verifying many grasps of one set (io/grasp_set.h), row by
// row, for every front end: the CLI writes each row as it comes, Python and
// Dask workers collect them. A row's result depends only on the set's
// header and the row (its seed is PlanSeed(seed, index)), so any split of a
// set over processes or machines gives the same rows.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/status.h"
#include "core/io/grasp_set.h"
#include "core/scene/scene_parse.h"

namespace grasplab {

// Receives each finished row (GraspRowJson); an error stops the batch.
using GraspRowSink = std::function<Status(const nlohmann::ordered_json& row)>;

// The set's scene, parsed with `options` (where its assets are), checked as
// a planning target.
StatusOr<std::shared_ptr<const SceneSpec>> GraspSetScene(const GraspSetHeader& header,
                                                         const SceneLoadOptions& options);

// Plans rows `indices` of the set (a row that cannot be planned carries
// "error"). Errors: the scene or target is bad, or the sink failed.
Status PlanGraspRows(const GraspSetHeader& header, const SceneLoadOptions& options, const std::vector<int>& indices,
                     const GraspRowSink& sink);

// Verifies planned rows by dynamics (planning/grasp_verification.h): each
// row comes back with "dynamic" (or "dynamicError"). Rows are GraspRowJson
// objects, as plan wrote them; a row that is not one is an error naming
// its position and field.
Status EvaluateGraspRows(const GraspSetHeader& header, const SceneLoadOptions& options,
                         const std::vector<nlohmann::ordered_json>& rows, const GraspRowSink& sink);

}  // namespace grasplab
