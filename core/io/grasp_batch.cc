#include "core/io/grasp_batch.h"

#include <string>

#include "core/planning/planning_scene.h"

namespace grasplab {

StatusOr<std::shared_ptr<const SceneSpec>> GraspSetScene(const GraspSetHeader& header,
                                                         const SceneLoadOptions& options) {
  auto spec = ParseSceneSpec(header.scene_text, options);
  if (!spec.ok()) return Status::Error("the set's scene: " + spec.status().message());
  auto shared = std::make_shared<const SceneSpec>(std::move(spec).value());
  GL_TRY(CheckPlanningTarget(*shared, header.robot, header.object));
  return std::shared_ptr<const SceneSpec>(std::move(shared));
}

Status PlanGraspRows(const GraspSetHeader& header, const SceneLoadOptions& options, const std::vector<int>& indices,
                     const GraspRowSink& sink) {
  auto spec = GraspSetScene(header, options);
  if (!spec.ok()) return spec.status();
  PlannerSettings settings;
  settings.steps = header.steps;
  auto planner = GraspPlanner::Create(spec.value(), header.robot, header.object, settings);
  if (!planner.ok()) return planner.status();
  for (int i : indices) {
    if (i < 0 || i >= header.grasps) {
      return Status::Error("row " + std::to_string(i) + ": outside the set's rows [0, " +
                           std::to_string(header.grasps) + ")");
    }
    GraspRow row;
    row.index = i;
    auto planned = planner.value().Plan(i, header.seed);
    if (planned.ok()) {
      row.grasp = std::move(planned).value();
    } else {
      row.grasp.seed = PlanSeed(header.seed, i);
      row.error = planned.status().message();
    }
    GL_TRY(sink(GraspRowJson(row)));
  }
  return Status::Ok();
}

Status EvaluateGraspRows(const GraspSetHeader& header, const SceneLoadOptions& options,
                         const std::vector<nlohmann::ordered_json>& rows, const GraspRowSink& sink) {
  auto spec = GraspSetScene(header, options);
  if (!spec.ok()) return spec.status();
  for (std::size_t k = 0; k < rows.size(); ++k) {
    GraspRow row;
    GL_TRY(ParseGraspRow(rows[k], "row " + std::to_string(k), header, &row));
    row.json.erase("dynamic");
    row.json.erase("dynamicError");
    if (!row.error.empty()) {
      row.dynamic_error = "not planned";
    } else {
      auto v = VerifyGrasp(spec.value(), header.robot, header.object, HandPlacement{row.grasp.X_WR, row.grasp.pregrasp});
      if (v.ok()) {
        row.dynamic = v.value();
      } else {
        row.dynamic_error = v.status().message();
      }
    }
    GL_TRY(sink(GraspRowJson(row)));
  }
  return Status::Ok();
}

}  // namespace grasplab
