// Grasp sets on disk (docs/planning.md): JSON Lines, a header line, then one
// row per grasp in index order.
//
//   grasplab plan     writes  {"format": "grasplab-grasps", ...header}
//                             {"index": 0, ...planned grasp (planning/planner.h)}
//   grasplab evaluate writes  {"format": "grasplab-grasp-results", ...header, "shard": [I, N]}
//                             {"index": 0, ...planned grasp, "dynamic": {...} (planning/grasp_verification.h)}
//
// The header carries the scene's text verbatim, so a set is evaluated on
// any machine against the scene it was planned in, and a set id (a hash of
// scene, robot, object, seed, steps and count) that merge checks shards
// against. Numbers are written so that they read back bit for bit: a pose
// read from a file is the pose planned. A row that could not be planned
// carries "error" instead of the grasp.
//
// Reading is strict, each error naming the file, line and field; a last
// line without its newline is a truncated row (an error for input files;
// dropped, and redone, when resuming an output file).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/status.h"
#include "core/planning/grasp_verification.h"
#include "core/planning/planner.h"

namespace grasplab {

inline constexpr const char* kGraspSetFormat = "grasplab-grasps";
inline constexpr const char* kGraspResultsFormat = "grasplab-grasp-results";

struct GraspSetHeader {
  std::string scene;       // as given to plan (a path or a bundled name)
  std::string scene_text;  // the scene file's text
  std::string robot, object;
  std::uint64_t seed = 1;
  int steps = 1000;        // annealing steps per grasp
  int grasps = 0;          // rows in the set

  // 16 hex digits: FNV-1a of every field above but `scene`.
  std::string SetId() const;
};

struct GraspRow {
  int index = 0;
  std::string error;                        // planning failed: why (no grasp)
  PlannedGrasp grasp;
  std::optional<GraspVerification> dynamic;
  std::string dynamic_error;                // verification failed: why
  // As read (ParseGraspFile): the row's JSON, written back unchanged by
  // evaluate (which adds "dynamic") and merge. Parsing fills index, error,
  // grasp.index, grasp.X_WR and grasp.pregrasp; the rest stays here.
  nlohmann::ordered_json json;
  bool has_dynamic = false;                 // the row read holds "dynamic" or "dynamicError"
};

struct GraspFile {
  std::string format;                 // kGraspSetFormat or kGraspResultsFormat
  GraspSetHeader header;
  int shard = 0, shards = 1;          // results: which slice
  std::vector<GraspRow> rows;
  bool dropped_truncated_tail = false;
};

nlohmann::ordered_json GraspHeaderJson(const GraspSetHeader& header, const char* format, int shard = 0,
                                       int shards = 1);
// A planned row (index, grasp or error) and, when set, its verification
// ("dynamic", or "dynamicError").
nlohmann::ordered_json GraspRowJson(const GraspRow& row);
nlohmann::ordered_json VerificationJson(const GraspVerification& v);

// Parses a grasp set or results file. allow_truncated_tail: a last line
// without a newline is dropped (resuming an interrupted output) instead of
// refused.
StatusOr<GraspFile> ParseGraspFile(std::string_view text, const std::string& file, bool allow_truncated_tail = false);

// What a set's rows say, for the summary that plan, evaluate and merge
// print and docs/planning.md tabulates: how many were planned, reached
// force closure statically, were lifted and held, and the fraction held by
// static epsilon bin ("how often does a high-epsilon grasp survive
// dynamics"). Reads the rows' JSON (GraspRowJson).
nlohmann::ordered_json SummarizeGraspRows(const std::vector<nlohmann::ordered_json>& rows);

// One row (a GraspRowJson object); `where` prefixes errors.
Status ParseGraspRow(const nlohmann::ordered_json& row, const std::string& where, const GraspSetHeader& header,
                     GraspRow* out);

// The header of a grasp set or results file (its first line, parsed).
StatusOr<GraspFile> ParseGraspHeader(const nlohmann::ordered_json& header, const std::string& where);

// A shard spec "I/N" (0 <= I < N <= 100000), naming the problem.
Status ParseShard(std::string_view text, int* shard, int* shards);

// Whether row `index` belongs to shard I of N: index mod N == I.
inline bool InShard(int index, int shard, int shards) { return index % shards == shard; }

}  // namespace grasplab
