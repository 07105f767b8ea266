// libFuzzer target for the URDF reader (robot files are untrusted): any input
// is refused with a message naming file and line, or gives a model that
// places into a world which steps with finite poses. Built by the `fuzz`
// preset and run for a bounded time by scripts/test.sh, seeded from
// tests/fuzz/corpus_urdf/ (the bundled robots).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/robot/robot.h"
#include "core/robot/urdf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto model = grasplab::ParseUrdf(text, "fuzz.urdf");
  if (!model.ok()) {
    if (model.status().message().rfind("fuzz.urdf", 0) != 0) std::abort();  // says where
    return 0;
  }
  if (model.value().links.size() > 32) return 0;  // keep each run short
  grasplab::World world;
  if (!world.AddBody(grasplab::GroundPlane()).ok()) std::abort();
  grasplab::RobotPlacement placement;
  placement.name = "robot";
  placement.X_WR.p = grasplab::Vec3(0.0, 0.0, 0.5);
  auto robot = grasplab::AddRobot(&world, model.value(), placement);
  if (!robot.ok()) {
    if (robot.status().message().empty()) std::abort();
    return 0;
  }
  for (int k = 0; k < 5; ++k) {
    if (!world.Step(0.0025).ok()) std::abort();
    for (grasplab::BodyId i = 0; i < world.body_count(); ++i) {
      if (!grasplab::IsFinite(world.pose(i).p) || !grasplab::IsFinite(world.pose(i).q)) std::abort();
    }
  }
  return 0;
}
