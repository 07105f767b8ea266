#include "cli/grasp_commands.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_support.h"
#include "cli/scene_link.h"
#include "core/io/grasp_batch.h"
#include "core/io/grasp_row_scene.h"
#include "core/io/grasp_set.h"
#include "core/io/json_format.h"
#include "core/io/mesh_planning_scene.h"
#include "core/planning/planning_scene.h"

namespace grasplab::cli {

const char* const kGraspUsage =
    "       grasplab plan [SCENE.json | --scene NAME] [--robot R] [--object O] [--grasps N]\n"
    "                     [--seed S] [--steps K] --out GRASPS.jsonl\n"
    "       grasplab plan --mesh FILE.obj|stl [--scale S] [--mass KG] [--hand H] [--grasps N]\n"
    "                     [--seed S] [--steps K] --out GRASPS.jsonl\n"
    "       grasplab evaluate GRASPS.jsonl [--shard I/N] [--out RESULTS.jsonl] [--assets DIR]\n"
    "       grasplab merge --out RESULTS.jsonl SHARD.jsonl...\n"
    "       grasplab grasp-scene GRASPS.jsonl ROW [--link [--base URL]] [--assets DIR]\n"
    "\n"
    "  plan         plan N grasps of object O with hand R (defaults: the scene's\n"
    "               \"grasp\" entry) by simulated annealing over the wrist pose and\n"
    "               the hand's eigengrasps, K steps each (default 1000), seed S\n"
    "               (default 1); each closed by the kinematic auto-grasp and scored\n"
    "               (force closure, epsilon); docs/planning.md. --mesh plans on any\n"
    "               closed OBJ/STL mesh (its hull, resting on the ground; --scale\n"
    "               converts its units to m, 0.001 for mm; --mass default 0.2 kg)\n"
    "               with hand H (a bundled robot, default barrett)\n"
    "  evaluate     verify every grasp of a set by dynamics: the dynamic auto-grasp\n"
    "               from the pre-grasp, lift and shake; records lifted, held, slip\n"
    "               and hold time, force closure and epsilon after. --shard I/N does\n"
    "               rows with index mod N = I (0 <= I < N); in a Slurm array job\n"
    "               SLURM_ARRAY_TASK_ID/COUNT give it. Default output:\n"
    "               GRASPS.results.jsonl (GRASPS.results.I-of-N.jsonl for a shard)\n"
    "  merge        join the shards' results into one file, checking that they come\n"
    "               from the same set and that every row is there\n"
    "  grasp-scene  print row ROW of a set as a scene file (the hand at its\n"
    "               pre-grasp, the verification's actions) or, with --link, as a\n"
    "               share link the page opens: the run that gave the row's result\n"
    "\n"
    "Outputs are written to FILE.partial and renamed when complete; running the\n"
    "same command again after an interruption keeps the finished rows.\n";

namespace {

using Json = nlohmann::ordered_json;

// Progress on stderr: a bar redrawn in place on a terminal, otherwise a
// plain line every tenth of the work (and at least every 30 s).
class Progress {
 public:
  Progress(std::string what, int total, int done)
      : what_(std::move(what)), total_(total), start_done_(done), tty_(isatty(fileno(stderr)) != 0),
        start_(std::chrono::steady_clock::now()), last_(start_) {}

  void Update(int done, const std::string& tail) {
    const auto now = std::chrono::steady_clock::now();
    const double wall = std::chrono::duration<double>(now - start_).count();
    const int fresh = done - start_done_;
    const double eta = fresh > 0 ? wall / fresh * (total_ - done) : 0.0;
    char line[256];
    if (tty_) {
      const int width = 24;
      const int fill = total_ > 0 ? width * done / total_ : width;
      std::snprintf(line, sizeof line, "\r%s [%s%s] %d/%d %s, %.0f s left ", what_.c_str(),
                    std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), done, total_, tail.c_str(),
                    eta);
      std::fputs(line, stderr);
      if (done == total_) std::fputs("\n", stderr);
      return;
    }
    const int step = std::max(1, total_ / 10);
    if (done == total_ || done % step == 0 || now - last_ > std::chrono::seconds(30)) {
      std::snprintf(line, sizeof line, "%s: %d/%d %s, %.1f s elapsed, %.0f s left\n", what_.c_str(), done, total_,
                    tail.c_str(), wall, eta);
      std::fputs(line, stderr);
      last_ = now;
    }
  }

 private:
  std::string what_;
  int total_, start_done_;
  bool tty_;
  std::chrono::steady_clock::time_point start_, last_;
};

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// An output written row by row to OUT.partial and renamed to OUT when
// complete. Open() keeps the rows of an earlier, interrupted run of the same
// set and shard.
class ResumableOutput {
 public:
  ResumableOutput(std::string path, const char* format, GraspSetHeader header, int shard, int shards)
      : path_(std::move(path)), partial_(path_ + ".partial"), format_(format), header_(std::move(header)),
        shard_(shard), shards_(shards) {}

  // Finished rows by index (empty for a fresh start). An existing OUT or
  // OUT.partial of another set or shard is refused, not overwritten.
  StatusOr<std::map<int, Json>> Open() {
    std::map<int, Json> done;
    if (auto existing = ReadFile(path_)) {
      auto file = ParseGraspFile(*existing, path_);
      if (!file.ok()) return Status::Error("refusing to overwrite " + path_ + ": " + file.status().message());
      GL_TRY(Same(file.value(), path_));
      for (GraspRow& r : file.value().rows) done[r.index] = std::move(r.json);
      complete_ = true;
      return done;
    }
    if (auto partial = ReadFile(partial_)) {
      auto file = ParseGraspFile(*partial, partial_, /*allow_truncated_tail=*/true);
      if (!file.ok()) return Status::Error("cannot resume from " + partial_ + ": " + file.status().message());
      GL_TRY(Same(file.value(), partial_));
      for (GraspRow& r : file.value().rows) done[r.index] = std::move(r.json);
      resumed_ = static_cast<int>(done.size());
    }
    out_.open(partial_, std::ios::binary | std::ios::trunc);
    if (!out_) return Status::Error("cannot write " + partial_);
    out_ << GraspHeaderJson(header_, format_, shard_, shards_).dump() << "\n";
    for (const auto& [index, row] : done) out_ << row.dump() << "\n";
    out_.flush();
    return done;
  }

  bool complete() const { return complete_; }
  int resumed() const { return resumed_; }

  Status Write(const Json& row) {
    out_ << row.dump() << "\n";
    out_.flush();
    return out_ ? Status::Ok() : Status::Error("writing " + partial_ + " failed");
  }

  // Closes and renames OUT.partial to OUT.
  Status Finish() {
    out_.close();
    if (!out_) return Status::Error("writing " + partial_ + " failed");
    if (std::rename(partial_.c_str(), path_.c_str()) != 0) {
      return Status::Error("cannot rename " + partial_ + " to " + path_);
    }
    return Status::Ok();
  }

 private:
  Status Same(const GraspFile& f, const std::string& where) const {
    if (f.format != format_ || f.header.SetId() != header_.SetId() || f.shard != shard_ || f.shards != shards_) {
      return Status::Error(where + " holds " + f.format + " of set " + f.header.SetId() + " shard " +
                           std::to_string(f.shard) + "/" + std::to_string(f.shards) + ", not " + format_ +
                           " of set " + header_.SetId() + " shard " + std::to_string(shard_) + "/" +
                           std::to_string(shards_) + "; remove it or choose another --out");
    }
    return Status::Ok();
  }

  std::string path_, partial_;
  const char* format_;
  GraspSetHeader header_;
  int shard_, shards_;
  std::ofstream out_;
  bool complete_ = false;
  int resumed_ = 0;
};

bool ParseCount(const char* v, long long lo, long long hi, long long* out) {
  double d = 0.0;
  if (!v || !ParseDouble(v, &d) || !(d >= static_cast<double>(lo)) || d > static_cast<double>(hi) ||
      d != static_cast<double>(static_cast<long long>(d))) {
    return false;
  }
  *out = static_cast<long long>(d);
  return true;
}

void PrintSummary(const std::string& out, const std::vector<Json>& rows, double seconds, int fresh) {
  Json summary;
  summary["out"] = out;
  summary["seconds"] = seconds;
  summary["rowsThisRun"] = fresh;
  summary["rowsPerSecond"] = seconds > 0.0 ? fresh / seconds : 0.0;
  summary["summary"] = SummarizeGraspRows(rows);
  std::cout << FormatJson(summary) << "\n";
}

std::vector<Json> Values(const std::map<int, Json>& rows) {
  std::vector<Json> out;
  for (const auto& [i, r] : rows) out.push_back(r);
  return out;
}

// Renames a complete output into place and prints the run's summary; the
// exit code.
int Finish(ResumableOutput* output, const std::string& out, const std::map<int, Json>& rows,
           std::chrono::steady_clock::time_point start, int fresh) {
  if (Status f = output->Finish(); !f.ok()) return Fail(f.message());
  PrintSummary(out, Values(rows), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
               fresh);
  return 0;
}

}  // namespace

namespace {

// The scene of `plan --mesh`: the mesh's hull on the ground and a bundled hand.
StatusOr<SceneSource> MeshSceneSource(const std::string& mesh_file, const MeshSceneOptions& options) {
  const std::string root = AssetRoot();
  if (root.empty()) return Status::Error("--hand: cannot find the assets/ folder (assets/scenes/index.json)");
  if (!std::ifstream(root + "/robots/" + options.hand + ".urdf")) {
    return Status::Error("--hand: no bundled robot \"" + options.hand +
                         "\" (hands: barrett, three-finger, two-finger, parallel-jaw)");
  }
  auto mesh = ReadMeshFile(mesh_file);
  if (!mesh.ok()) return mesh.status();
  auto text = MeshPlanningSceneJson(mesh.value(), mesh_file, options);
  if (!text.ok()) return text.status();
  SceneSource source;
  source.text = std::move(text).value();
  source.options.asset_root = root;
  source.label = mesh_file;
  return source;
}

}  // namespace

int PlanCommand(int argc, char** argv) {
  std::string scene_arg, scene_name, robot, object, out, mesh;
  MeshSceneOptions mesh_options;
  bool mesh_only_flag = false;
  long long grasps = 10, seed = 1, steps = 1000;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--scene" || arg == "--robot" || arg == "--object" || arg == "--out" || arg == "--mesh" ||
        arg == "--hand") {
      if (!v) return Fail(std::string(arg) + ": needs a value");
      (arg == "--scene" ? scene_name : arg == "--robot" ? robot : arg == "--object" ? object
       : arg == "--out" ? out : arg == "--mesh" ? mesh : mesh_options.hand) = v;
      mesh_only_flag = mesh_only_flag || arg == "--hand";
      ++i;
    } else if (arg == "--scale" || arg == "--mass") {
      double x = 0.0;
      if (!v || !ParseDouble(v, &x)) return Fail(std::string(arg) + ": must be a number");
      (arg == "--scale" ? mesh_options.scale : mesh_options.mass) = x;
      mesh_only_flag = true;
      ++i;
    } else if (arg == "--grasps") {
      if (!ParseCount(v, 1, 10000000, &grasps)) return Fail("--grasps: must be a whole number in [1, 10000000]");
      ++i;
    } else if (arg == "--seed") {
      if (!ParseCount(v, 0, 1LL << 52, &seed)) return Fail("--seed: must be a whole number in [0, 2^52]");
      ++i;
    } else if (arg == "--steps") {
      if (!ParseCount(v, 1, 1000000, &steps)) return Fail("--steps: must be a whole number in [1, 1000000]");
      ++i;
    } else if (!arg.empty() && arg[0] != '-' && scene_arg.empty()) {
      scene_arg = std::string(arg);
    } else {
      return Fail("plan: unknown option '" + std::string(arg) + "'\n" + kGraspUsage);
    }
  }
  const int sources = !scene_arg.empty() + !scene_name.empty() + !mesh.empty();
  if (sources != 1) return Fail("plan: needs one of a scene file, --scene NAME or --mesh FILE");
  if (mesh_only_flag && mesh.empty()) return Fail("plan: --hand, --scale and --mass go with --mesh");
  if (!mesh.empty() && (!robot.empty() || !object.empty())) {
    return Fail("plan: with --mesh the hand is --hand and the object the mesh (no --robot or --object)");
  }
  if (out.empty()) return Fail("plan: needs --out GRASPS.jsonl");
  auto source = !mesh.empty()          ? MeshSceneSource(mesh, mesh_options)
                : scene_arg.empty()    ? ReadBundledSceneSource(scene_name)
                                       : ReadSceneSource(scene_arg);
  if (!source.ok()) return Fail(source.status().message());
  auto scene = LoadSceneSource(source.value());
  if (!scene.ok()) return Fail(scene.status().message());
  const Scene& s = scene.value();
  if (robot.empty() && s.grasp && s.grasp->robot >= 0) robot = s.robots[s.grasp->robot].robot.name;
  if (object.empty() && s.grasp) object = s.world.body_name(s.grasp->object);
  if (robot.empty()) return Fail("--robot: needed (the scene's \"grasp\" entry names no robot)");
  if (object.empty()) return Fail("--object: needed (the scene has no \"grasp\" entry)");
  if (Status t = CheckPlanningTarget(*s.spec, robot, object); !t.ok()) return Fail(t.message());

  GraspSetHeader header;
  header.scene = !mesh.empty() ? mesh : scene_arg.empty() ? scene_name : scene_arg;
  header.scene_text = source.value().text;
  header.robot = robot;
  header.object = object;
  header.seed = static_cast<std::uint64_t>(seed);
  header.steps = static_cast<int>(steps);
  header.grasps = static_cast<int>(grasps);
  ResumableOutput output(out, kGraspSetFormat, header, 0, 1);
  auto done = output.Open();
  if (!done.ok()) return Fail(done.status().message());
  std::map<int, Json> rows = std::move(done).value();
  if (output.complete()) {
    std::cerr << "grasplab: " << out << " already holds this set, complete\n";
    PrintSummary(out, Values(rows), 0.0, 0);
    return 0;
  }
  if (output.resumed() > 0) std::cerr << "grasplab: resuming " << out << ".partial: " << output.resumed() << " rows kept\n";
  Progress progress("plan", header.grasps, static_cast<int>(rows.size()));
  const auto start = std::chrono::steady_clock::now();
  int fresh = 0, fc = 0;
  for (const auto& [i, r] : rows) fc += !r.contains("error") && r["static"]["forceClosure"].get<bool>();
  std::vector<int> todo;
  for (int i = 0; i < header.grasps; ++i) {
    if (!rows.count(i)) todo.push_back(i);
  }
  const Status planned = PlanGraspRows(header, source.value().options, todo, [&](const Json& row) {
    const int i = row["index"].get<int>();
    fc += !row.contains("error") && row["static"]["forceClosure"].get<bool>();
    rows[i] = row;
    GL_TRY(output.Write(row));
    ++fresh;
    progress.Update(static_cast<int>(rows.size()), std::to_string(fc) + " force closure");
    return Status::Ok();
  });
  if (!planned.ok()) return Fail(planned.message());
  return Finish(&output, out, rows, start, fresh);
}

int EvaluateCommand(int argc, char** argv) {
  std::string in_file, out, shard_text, assets;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--out" || arg == "--shard" || arg == "--assets") {
      if (!v) return Fail(std::string(arg) + ": needs a value");
      (arg == "--out" ? out : arg == "--shard" ? shard_text : assets) = v;
      ++i;
    } else if (!arg.empty() && arg[0] != '-' && in_file.empty()) {
      in_file = std::string(arg);
    } else {
      return Fail("evaluate: unknown option '" + std::string(arg) + "'\n" + kGraspUsage);
    }
  }
  if (in_file.empty()) return Fail("evaluate: needs a grasp set (grasplab plan --out GRASPS.jsonl)");
  int shard = 0, shards = 1;
  if (!shard_text.empty()) {
    if (Status s = ParseShard(shard_text, &shard, &shards); !s.ok()) return Fail("--shard: " + s.message());
  } else if (const char* task = std::getenv("SLURM_ARRAY_TASK_ID")) {
    const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
    const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
    if (!count) return Fail("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard I/N");
    long long id = 0, n = 0, lo = 0;
    if (!ParseCount(task, 0, 1LL << 30, &id) || !ParseCount(count, 1, 100000, &n) ||
        (min && !ParseCount(min, 0, 1LL << 30, &lo))) {
      return Fail("SLURM_ARRAY_TASK_ID/COUNT/MIN must be whole numbers");
    }
    const std::string spec = std::to_string(id - lo) + "/" + std::to_string(n);
    if (Status s = ParseShard(spec, &shard, &shards); !s.ok()) {
      return Fail("SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN over SLURM_ARRAY_TASK_COUNT: " + s.message());
    }
  }
  const auto text = ReadFile(in_file);
  if (!text) return Fail(in_file + ": cannot open file");
  auto file = ParseGraspFile(*text, in_file);
  if (!file.ok()) return Fail(file.status().message());
  GraspFile& set = file.value();
  if (set.format != kGraspSetFormat) return Fail(in_file + ": is " + set.format + ", not a grasp set (" + kGraspSetFormat + ")");
  if (static_cast<int>(set.rows.size()) != set.header.grasps) {
    return Fail(in_file + ": holds " + std::to_string(set.rows.size()) + " of its " +
                std::to_string(set.header.grasps) + " rows (an unfinished plan? rerun grasplab plan to complete it)");
  }
  SceneLoadOptions options;
  options.asset_root = assets.empty() ? AssetRoot() : assets;
  if (auto scene = GraspSetScene(set.header, options); !scene.ok()) return Fail(in_file + ": " + scene.status().message());
  if (out.empty()) {
    std::string stem = in_file;
    if (stem.size() > 6 && stem.compare(stem.size() - 6, 6, ".jsonl") == 0) stem.resize(stem.size() - 6);
    out = stem + ".results" + (shards > 1 ? "." + std::to_string(shard) + "-of-" + std::to_string(shards) : "") + ".jsonl";
  }
  ResumableOutput output(out, kGraspResultsFormat, set.header, shard, shards);
  auto done = output.Open();
  if (!done.ok()) return Fail(done.status().message());
  std::map<int, Json> rows = std::move(done).value();
  int mine = 0;
  for (const GraspRow& r : set.rows) mine += InShard(r.index, shard, shards);
  if (output.complete()) {
    std::cerr << "grasplab: " << out << " already holds this shard, complete\n";
    PrintSummary(out, Values(rows), 0.0, 0);
    return 0;
  }
  if (output.resumed() > 0) std::cerr << "grasplab: resuming " << out << ".partial: " << output.resumed() << " rows kept\n";
  Progress progress("evaluate", mine, static_cast<int>(rows.size()));
  const auto start = std::chrono::steady_clock::now();
  int fresh = 0, held = 0;
  for (const auto& [i, r] : rows) held += r.contains("dynamic") && r["dynamic"]["held"].get<bool>();
  std::vector<Json> todo;
  for (const GraspRow& row : set.rows) {
    if (InShard(row.index, shard, shards) && !rows.count(row.index)) todo.push_back(row.json);
  }
  const Status evaluated = EvaluateGraspRows(set.header, options, todo, [&](const Json& row) {
    const int i = row["index"].get<int>();
    held += row.contains("dynamic") && row["dynamic"]["held"].get<bool>();
    rows[i] = row;
    GL_TRY(output.Write(row));
    ++fresh;
    progress.Update(static_cast<int>(rows.size()), std::to_string(held) + " held");
    return Status::Ok();
  });
  if (!evaluated.ok()) return Fail(evaluated.message());
  return Finish(&output, out, rows, start, fresh);
}

int GraspSceneCommand(int argc, char** argv) {
  std::string in_file, row_text, assets, base = "http://127.0.0.1:8080/";
  bool link = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--link") {
      link = true;
    } else if (arg == "--base" || arg == "--assets") {
      if (i + 1 >= argc) return Fail(std::string(arg) + ": needs a value");
      (arg == "--base" ? base : assets) = argv[++i];
    } else if (!arg.empty() && arg[0] != '-' && in_file.empty()) {
      in_file = std::string(arg);
    } else if (!arg.empty() && arg[0] != '-' && row_text.empty()) {
      row_text = std::string(arg);
    } else {
      return Fail("grasp-scene: unknown option '" + std::string(arg) + "'\n" + kGraspUsage);
    }
  }
  if (in_file.empty() || row_text.empty()) return Fail("grasp-scene: needs a grasp set and a row index");
  const auto text = ReadFile(in_file);
  if (!text) return Fail(in_file + ": cannot open file");
  auto file = ParseGraspFile(*text, in_file);
  if (!file.ok()) return Fail(file.status().message());
  long long index = -1;
  if (!ParseCount(row_text.c_str(), 0, 10000000, &index)) return Fail("ROW: must be a row index >= 0, got " + row_text);
  const GraspRow* row = nullptr;
  for (const GraspRow& r : file.value().rows) {
    if (r.index == index) row = &r;
  }
  if (!row) return Fail(in_file + ": has no row " + row_text + " (" + std::to_string(file.value().rows.size()) + " rows)");
  SceneLoadOptions options;
  options.asset_root = assets.empty() ? AssetRoot() : assets;
  auto scene = GraspRowSceneJson(file.value().header, options, row->json);
  if (!scene.ok()) return Fail(in_file + ": " + scene.status().message());
  if (link) {
    std::cout << base << "#scene=" << EncodeSceneLink(scene.value()) << "\n";
  } else {
    std::cout << scene.value() << "\n";
  }
  return 0;
}

int MergeCommand(int argc, char** argv) {
  std::string out;
  std::vector<std::string> inputs;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--out") {
      if (i + 1 >= argc) return Fail("--out: needs a value");
      out = argv[++i];
    } else if (!arg.empty() && arg[0] != '-') {
      inputs.emplace_back(arg);
    } else {
      return Fail("merge: unknown option '" + std::string(arg) + "'\n" + kGraspUsage);
    }
  }
  if (out.empty() || inputs.empty()) return Fail("merge: needs --out RESULTS.jsonl and at least one shard file");
  std::optional<GraspSetHeader> header;
  std::string first;
  std::map<int, std::pair<Json, std::string>> rows;
  for (const std::string& in : inputs) {
    const auto text = ReadFile(in);
    if (!text) return Fail(in + ": cannot open file");
    auto file = ParseGraspFile(*text, in);
    if (!file.ok()) return Fail(file.status().message());
    if (file.value().format != kGraspResultsFormat) return Fail(in + ": is not an evaluate output (" + kGraspResultsFormat + ")");
    const GraspSetHeader& h = file.value().header;
    if (!header) {
      header = h, first = in;
    } else if (h.SetId() != header->SetId()) {
      return Fail(in + ": holds set " + h.SetId() + " but " + first + " holds set " + header->SetId() +
                  " (results of different grasp sets)");
    }
    for (GraspRow& r : file.value().rows) {
      auto it = rows.find(r.index);
      if (it != rows.end() && it->second.first.dump() != r.json.dump()) {
        return Fail("row " + std::to_string(r.index) + " differs between " + it->second.second + " and " + in);
      }
      rows[r.index] = {std::move(r.json), in};
    }
  }
  std::vector<int> missing;
  for (int i = 0; i < header->grasps; ++i) {
    if (!rows.count(i)) missing.push_back(i);
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t k = 0; k < missing.size() && k < 10; ++k) list += (k ? ", " : "") + std::to_string(missing[k]);
    return Fail("merge: " + std::to_string(missing.size()) + " of " + std::to_string(header->grasps) +
                " rows are in no input (rows " + list + (missing.size() > 10 ? ", ..." : "") + ")");
  }
  const std::string partial = out + ".partial";
  {
    std::ofstream f(partial, std::ios::binary | std::ios::trunc);
    if (!f) return Fail("cannot write " + partial);
    f << GraspHeaderJson(*header, kGraspResultsFormat, 0, 1).dump() << "\n";
    for (const auto& [i, r] : rows) f << r.first.dump() << "\n";
    f.close();
    if (!f) return Fail("writing " + partial + " failed");
  }
  if (std::rename(partial.c_str(), out.c_str()) != 0) return Fail("cannot rename " + partial + " to " + out);
  std::vector<Json> all;
  for (const auto& [i, r] : rows) all.push_back(r.first);
  PrintSummary(out, all, 0.0, 0);
  return 0;
}

}  // namespace grasplab::cli
