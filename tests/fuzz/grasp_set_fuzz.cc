// libFuzzer target for grasp set files (grasplab evaluate and merge read
// them; they are untrusted): each input is parsed strictly and, when
// accepted, its rows summarised; parsing is refused with a message or gives
// rows whose indices are in range and unique. Seeded from
// tests/fuzz/corpus_grasps/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/io/grasp_set.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool resume : {false, true}) {
    auto file = grasplab::ParseGraspFile(text, "fuzz.jsonl", resume);
    if (!file.ok()) {
      if (file.status().message().empty()) std::abort();
      continue;
    }
    std::vector<char> seen(file.value().header.grasps, 0);
    std::vector<nlohmann::ordered_json> rows;
    for (const grasplab::GraspRow& r : file.value().rows) {
      if (r.index < 0 || r.index >= file.value().header.grasps || seen[r.index]) std::abort();
      seen[r.index] = 1;
      rows.push_back(r.json);
    }
    (void)grasplab::SummarizeGraspRows(rows);
  }
  return 0;
}
