// Share links: a whole scene in a URL (docs/scene-format.md, "Links").
//
//   http://HOST/#scene=<base64url(raw DEFLATE(scene JSON, UTF-8))>[&view=...]
//                                       [&teleop=<base64url(raw DEFLATE(session JSON))>&steps=N]
//
// The page encodes with fflate (deflateSync, raw DEFLATE), the CLI with
// zlib (windowBits -15); either decodes the other's. base64url is RFC 4648
// section 5 without padding. Links are untrusted: the decoded size is
// bounded and every failure names the problem.
#pragma once

#include <string>
#include <string_view>

#include "core/base/status.h"

namespace grasplab {

inline constexpr std::size_t kMaxLinkChars = 4u << 20;  // 4 MiB of URL

// The fragment value for a scene text.
std::string EncodeSceneLink(std::string_view scene_json);

// True if `arg` looks like a link (contains "#scene=" or starts "scene=").
bool IsSceneLink(std::string_view arg);

// The scene text from a link, a "#scene=..." fragment or its value.
StatusOr<std::string> DecodeSceneLink(std::string_view link);

// A link's teleoperation session (docs/teleoperation.md): "&teleop=" holds
// the session JSON as the scene is held, "&steps=N" the step count it was
// shared at. text empty: the link has none.
struct LinkTeleop {
  std::string text;
  long long steps = -1;  // -1: not given
};
StatusOr<LinkTeleop> DecodeTeleopLink(std::string_view link);

}  // namespace grasplab
