// Grasp sets on disk (io/grasp_set.h) and batches of rows (io/grasp_batch.h):
// rows read back bit for bit, errors name file, line and field, and a set's
// rows do not depend on how the work is split.
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/io/grasp_batch.h"
#include "core/io/grasp_set.h"

using namespace grasplab;
using Json = nlohmann::ordered_json;

namespace {

GraspSetHeader SphereSet(int grasps) {
  std::ifstream in(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/three-finger-sphere.json");
  std::ostringstream s;
  s << in.rdbuf();
  GraspSetHeader h;
  h.scene = "three-finger-sphere";
  h.scene_text = s.str();
  h.robot = "hand";
  h.object = "object";
  h.seed = 5;
  h.steps = 150;
  h.grasps = grasps;
  return h;
}

SceneLoadOptions Assets() {
  SceneLoadOptions o;
  o.asset_root = GRASPLAB_ASSETS_DIR;
  return o;
}

std::string Text(const GraspSetHeader& h, const std::vector<Json>& rows) {
  std::string t = GraspHeaderJson(h, kGraspSetFormat).dump() + "\n";
  for (const Json& r : rows) t += r.dump() + "\n";
  return t;
}

std::vector<Json> Plan(const GraspSetHeader& h, const std::vector<int>& indices) {
  std::vector<Json> rows;
  REQUIRE(PlanGraspRows(h, Assets(), indices, [&](const Json& r) {
            rows.push_back(r);
            return Status::Ok();
          }).ok());
  return rows;
}

}  // namespace

TEST_CASE("Grasp rows read back to the same bits", "[planning][io]") {
  const GraspSetHeader h = SphereSet(2);
  const std::vector<Json> rows = Plan(h, {0, 1});
  auto file = ParseGraspFile(Text(h, rows), "g.jsonl");
  REQUIRE(file.ok());
  CHECK(file.value().header.SetId() == h.SetId());
  REQUIRE(file.value().rows.size() == 2);
  const Json& r = rows[1];
  const Pose& X = file.value().rows[1].grasp.X_WR;
  for (int i = 0; i < 3; ++i) {
    const double x = r["position"][i].get<double>();
    CHECK(std::memcmp(&x, &X.p[i], sizeof x) == 0);
  }
  CHECK(file.value().rows[1].json.dump() == r.dump());
}

TEST_CASE("Bad grasp files are refused by file, line and field", "[planning][io]") {
  const GraspSetHeader h = SphereSet(2);
  const std::vector<Json> rows = Plan(h, {0, 1});
  const std::string good = Text(h, rows);
  auto error = [](const std::string& text) {
    auto f = ParseGraspFile(text, "g.jsonl");
    REQUIRE_FALSE(f.ok());
    return f.status().message();
  };
  // Truncated: the last row without its end.
  CHECK(error(good.substr(0, good.size() - 40)).find("g.jsonl:3: the file ends in the middle of a line") == 0);
  // ... which resuming an output drops instead.
  auto resumed = ParseGraspFile(good.substr(0, good.size() - 40), "g.jsonl", true);
  REQUIRE(resumed.ok());
  CHECK(resumed.value().rows.size() == 1);
  CHECK(resumed.value().dropped_truncated_tail);
  // An edited header no longer matches its set id.
  GraspSetHeader edited = h;
  Json head = GraspHeaderJson(h, kGraspSetFormat);
  head["seed"] = "6";
  CHECK(error(head.dump() + "\n").find("g.jsonl:1: field \"set\"") == 0);
  // A row's field.
  Json bad = rows[0];
  bad["position"] = {0, 0};
  CHECK(error(Text(h, {bad})).find("g.jsonl:2: field \"position\": must be an array of 3 numbers") == 0);
  bad = rows[0];
  bad["index"] = 2;
  CHECK(error(Text(h, {bad})).find("g.jsonl:2: field \"index\": must be in [0, 1]") == 0);
  CHECK(error(Text(h, {rows[0], rows[0]})).find("g.jsonl:3: row 0 appears twice") == 0);
  bad = rows[0];
  bad["static"]["forceClosure"] = "yes";
  CHECK(error(Text(h, {bad})).find("g.jsonl:2: field \"static.forceClosure\": must be a boolean") == 0);
  bad = rows[0];
  bad["dynamic"] = {{"lifted", true}};
  CHECK(error(Text(h, {bad})).find("g.jsonl:2: field \"dynamic.held\": must be a boolean") == 0);
  CHECK(error("not json\n").find("g.jsonl:1: not valid JSON") == 0);
  CHECK(error("").find("empty") != std::string::npos);
}

TEST_CASE("Shard specs: I/N with 0 <= I < N, every row in exactly one shard", "[planning][io]") {
  int i = -1, n = -1;
  CHECK(ParseShard("2/5", &i, &n).ok());
  CHECK((i == 2 && n == 5));
  CHECK(ParseShard("3/2", &i, &n).message().find("I must be in [0, N - 1] = [0, 1]") != std::string::npos);
  CHECK_FALSE(ParseShard("1/0", &i, &n).ok());
  CHECK_FALSE(ParseShard("a/2", &i, &n).ok());
  CHECK_FALSE(ParseShard("1", &i, &n).ok());
  CHECK_FALSE(ParseShard("-1/2", &i, &n).ok());
  for (int row = 0; row < 50; ++row) {
    int owners = 0;
    for (int s = 0; s < 7; ++s) owners += InShard(row, s, 7);
    CHECK(owners == 1);
  }
}

TEST_CASE("Rows do not depend on how a set is split", "[planning][io]") {
  const GraspSetHeader h = SphereSet(4);
  const std::vector<Json> all = Plan(h, {0, 1, 2, 3});
  // Planned in another order and in pieces: the same rows.
  const std::vector<Json> b = Plan(h, {3, 1});
  CHECK(b[0].dump() == all[3].dump());
  CHECK(b[1].dump() == all[1].dump());
  // Evaluated together and in two shards: the same verification.
  std::vector<Json> together, split;
  auto sink = [](std::vector<Json>* out) {
    return [out](const Json& r) {
      out->push_back(r);
      return Status::Ok();
    };
  };
  REQUIRE(EvaluateGraspRows(h, Assets(), {all[0], all[1], all[2]}, sink(&together)).ok());
  REQUIRE(EvaluateGraspRows(h, Assets(), {all[2]}, sink(&split)).ok());
  REQUIRE(EvaluateGraspRows(h, Assets(), {all[0], all[1]}, sink(&split)).ok());
  CHECK(split[0].dump() == together[2].dump());
  CHECK(split[1].dump() == together[0].dump());
  CHECK(split[2].dump() == together[1].dump());
  CHECK(together[0].contains("dynamic"));
  // The summary counts what the rows say.
  const Json s = SummarizeGraspRows(together);
  int held = 0;
  for (const Json& r : together) held += r["dynamic"]["held"].get<bool>();
  CHECK(s["verified"] == 3);
  CHECK(s["held"] == held);
}
