// libFuzzer target for share links (a link is whatever a user pastes): any
// input is refused with a message, or decodes to text the scene parser then
// refuses with a message or loads. A teleoperation link's records
// (&teleop=, docs/teleoperation.md) are refused with a message or parsed,
// and queued on a scene that loads and has a "teleop" entry, which then
// steps. Seeded from tests/fuzz/corpus_link/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/scene_link.h"
#include "core/io/teleop_json.h"
#include "core/scene/scene_json.h"
#include "core/scene/scene_teleop.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  if (!grasplab::IsSceneLink(link)) return 0;
  auto text = grasplab::DecodeSceneLink(link);
  if (!text.ok()) {
    if (text.status().message().empty()) std::abort();
    return 0;
  }
  grasplab::SceneLoadOptions options;
  options.asset_root = GRASPLAB_ASSETS_DIR;  // links name the repository's assets
  auto scene = grasplab::LoadSceneJson(text.value(), options);
  if (!scene.ok() && scene.status().message().empty()) std::abort();
  auto teleop = grasplab::DecodeTeleopLink(link);
  if (!teleop.ok()) {
    if (teleop.status().message().empty()) std::abort();
    return 0;
  }
  if (teleop.value().text.empty()) return 0;
  auto session = grasplab::ParseTeleopSessionJson(teleop.value().text, "link: teleop");
  if (!session.ok()) {
    if (session.status().message().empty()) std::abort();
    return 0;
  }
  if (!scene.ok() || !scene.value().teleop || scene.value().world.body_count() > 64) return 0;
  grasplab::Scene& s = scene.value();
  if (grasplab::Status st = grasplab::QueueTeleopCommands(&s, session.value()); !st.ok()) {
    if (st.message().empty()) std::abort();
    return 0;
  }
  for (int k = 0; k < 5; ++k) {
    if (grasplab::Status st = grasplab::StepScene(&s, s.timestep); !st.ok()) {
      if (st.message().empty()) std::abort();
      return 0;
    }
  }
  return 0;
}
