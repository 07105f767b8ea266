// The layers of core/ (docs/architecture.md): every folder may include its
// own files and those of folders below it, never above. A new folder must
// be placed in the list (and in the docs' diagram) before it can be used.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Lowest first.
const std::vector<std::string> kLayers = {"base", "math", "geometry", "collision", "dynamics", "multibody", "solvers",
                                          "contact", "control", "world", "robot", "grasp", "scene", "planning", "io"};

int Rank(const std::string& folder) {
  for (std::size_t i = 0; i < kLayers.size(); ++i) {
    if (kLayers[i] == folder) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

TEST_CASE("No include in core/ points up a layer", "[layers]") {
  namespace fs = std::filesystem;
  const fs::path core = fs::path(GRASPLAB_ASSETS_DIR).parent_path() / "core";
  const std::regex include(R"re(#include "core/([a-z_]+)/)re");
  int files = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(core)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".h" && ext != ".cc")) continue;
    const std::string folder = fs::relative(e.path(), core).begin()->string();
    INFO(e.path().string());
    const int rank = Rank(folder);
    REQUIRE(rank >= 0);  // every folder has a layer
    ++files;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    for (auto it = std::sregex_iterator(s.begin(), s.end(), include); it != std::sregex_iterator(); ++it) {
      const std::string target = (*it)[1];
      INFO("includes core/" << target << "/");
      CHECK(Rank(target) >= 0);
      CHECK(Rank(target) <= rank);
    }
  }
  CHECK(files > 100);
}
