// libFuzzer target for share links (a link is whatever a user pastes): any
// input is refused with a message, or decodes to text the scene parser then
// refuses with a message or loads. Seeded from tests/fuzz/corpus_link/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/scene_link.h"
#include "core/scene/scene_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  if (!grasplab::IsSceneLink(link)) return 0;
  auto text = grasplab::DecodeSceneLink(link);
  if (!text.ok()) {
    if (text.status().message().empty()) std::abort();
    return 0;
  }
  auto scene = grasplab::LoadSceneJson(text.value());
  if (!scene.ok() && scene.status().message().empty()) std::abort();
  return 0;
}
