// grasplab plan, evaluate and merge (docs/planning.md): grasp sets planned
// by the EigenGrasp planner, verified by dynamics, split over Slurm array
// tasks and joined again. Outputs are written to FILE.partial row by row
// and renamed to FILE when complete, so an interrupted run loses nothing:
// running the same command again keeps the finished rows and does the rest.
#pragma once

namespace grasplab::cli {

int PlanCommand(int argc, char** argv);
int EvaluateCommand(int argc, char** argv);
int MergeCommand(int argc, char** argv);
int GraspSceneCommand(int argc, char** argv);

extern const char* const kGraspUsage;

}  // namespace grasplab::cli
