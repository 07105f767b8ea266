#include "cli/scene_link.h"

#include <zlib.h>

#include "core/scene/scene_json.h"

namespace grasplab {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string Base64Url(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], kAlphabet[(v >> 6) & 63], kAlphabet[v & 63]};
  }
  if (i + 1 == bytes.size()) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63]};
  } else if (i + 2 == bytes.size()) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], kAlphabet[(v >> 6) & 63]};
  }
  return out;
}

StatusOr<std::string> FromBase64Url(std::string_view text) {
  std::string out;
  unsigned acc = 0;
  int bits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    int v;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '-') v = 62;
    else if (c == '_') v = 63;
    else if (c == '=') break;  // tolerated padding
    else return Status::Error("link: character " + std::to_string(i) + " is not base64url");
    acc = (acc << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xff));
    }
  }
  return out;
}

}  // namespace

std::string EncodeSceneLink(std::string_view json) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, json.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(json.data()));
  z.avail_in = static_cast<uInt>(json.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return Base64Url(out);
}

bool IsSceneLink(std::string_view arg) {
  return arg.find("#scene=") != std::string_view::npos || arg.rfind("scene=", 0) == 0;
}

namespace {

// Raw DEFLATE of base64url text, bounded to kMaxSceneTextBytes; `what`
// names the part in messages ("the scene", "the teleoperation records").
StatusOr<std::string> InflateLinkValue(std::string_view value, const std::string& what) {
  auto raw = FromBase64Url(value);
  if (!raw.ok()) return raw.status();
  z_stream z{};
  inflateInit2(&z, -15);
  std::string out;
  char buf[16384];
  z.next_in = reinterpret_cast<Bytef*>(raw.value().data());
  z.avail_in = static_cast<uInt>(raw.value().size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
    if (out.size() > static_cast<std::size_t>(kMaxSceneTextBytes)) {
      inflateEnd(&z);
      return Status::Error("link: " + what + " inflates to more than " + std::to_string(kMaxSceneTextBytes) + " bytes");
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) {
    return Status::Error(what == "the scene" ? "link: not a complete DEFLATE stream (damaged or cut short)"
                                             : "link: " + what + " are not a complete DEFLATE stream (damaged or cut short)");
  }
  return out;
}

// The value of `&key=` (or a leading "key=") in a link, or npos.
std::string_view LinkParam(std::string_view link, std::string_view key) {
  const std::size_t hash = link.find('#');
  std::string_view frag = hash == std::string_view::npos ? link : link.substr(hash + 1);
  std::size_t at = 0;
  while (at <= frag.size()) {
    const std::size_t end = std::min(frag.find('&', at), frag.size());
    const std::string_view part = frag.substr(at, end - at);
    if (part.size() > key.size() && part.substr(0, key.size()) == key && part[key.size()] == '=') {
      return part.substr(key.size() + 1);
    }
    at = end + 1;
  }
  return std::string_view();
}

}  // namespace

StatusOr<std::string> DecodeSceneLink(std::string_view link) {
  if (link.size() > kMaxLinkChars) return Status::Error("link: longer than " + std::to_string(kMaxLinkChars) + " characters");
  std::size_t at = link.find("#scene=");
  at = at == std::string_view::npos ? (link.rfind("scene=", 0) == 0 ? 6 : std::string_view::npos) : at + 7;
  if (at == std::string_view::npos) return Status::Error("link: no \"#scene=\" in it");
  std::string_view value = link.substr(at);
  value = value.substr(0, value.find('&'));
  return InflateLinkValue(value, "the scene");
}

StatusOr<LinkTeleop> DecodeTeleopLink(std::string_view link) {
  LinkTeleop out;
  if (link.size() > kMaxLinkChars) return Status::Error("link: longer than " + std::to_string(kMaxLinkChars) + " characters");
  const std::string_view value = LinkParam(link, "teleop");
  if (value.empty()) return out;
  auto text = InflateLinkValue(value, "the teleoperation records");
  if (!text.ok()) return text.status();
  out.text = std::move(text).value();
  const std::string_view steps = LinkParam(link, "steps");
  if (!steps.empty()) {
    long long n = 0;
    for (const char c : steps) {
      if (c < '0' || c > '9' || n > 1000000) {
        return Status::Error("link: steps must be a whole number in [0, 1e6], got \"" + std::string(steps) + "\"");
      }
      n = 10 * n + (c - '0');
    }
    if (n > 1000000) return Status::Error("link: steps must be a whole number in [0, 1e6], got \"" + std::string(steps) + "\"");
    out.steps = n;
  }
  return out;
}

}  // namespace grasplab
