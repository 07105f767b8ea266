// libFuzzer target for the scene parser (scenes and links are untrusted):
// any input must either be refused with a message or load into a world that
// steps with finite poses. Built by the `fuzz` preset (clang, ASan, UBSan)
// and run for a bounded time by scripts/test.sh, seeded from
// tests/fuzz/corpus/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/scene/scene_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto scene = grasplab::LoadSceneJson(text);
  if (!scene.ok()) {
    if (scene.status().message().empty()) std::abort();  // every refusal says why
    return 0;
  }
  grasplab::World& world = scene.value().world;
  if (world.body_count() > 64) return 0;  // keep each run short
  // The penalty model integrates with substeps down to 1 us, whose number
  // grows with h and the bodies: keep its runs within the per-input timeout.
  double h = scene.value().timestep;
  if (world.settings().contact_solver == grasplab::ContactSolver::kPenalty) {
    if (world.body_count() > 8) return 0;
    if (h > 0.0025) h = 0.0025;
  }
  for (int k = 0; k < 5; ++k) {
    if (!world.Step(h).ok()) std::abort();
    for (grasplab::BodyId i = 0; i < world.body_count(); ++i) {
      if (!grasplab::IsFinite(world.pose(i).p) || !grasplab::IsFinite(world.pose(i).q)) std::abort();
    }
  }
  return 0;
}
