// A small, strict XML reader for robot description files (URDF). It reads
// elements, attributes, comments, the <?xml?> declaration and character
// data (kept, but URDF does not use it), with the line of every element for
// messages. No DTDs, no namespaces, no CDATA: a URDF never needs them, and
// model files are untrusted input, so anything else is an error naming the
// line.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"

namespace grasplab {

struct XmlElement {
  std::string name;
  int line = 0;
  std::vector<std::pair<std::string, std::string>> attributes;  // in file order
  std::vector<XmlElement> children;
  std::string text;  // character data directly inside, trimmed

  // nullptr when absent.
  const std::string* Attribute(std::string_view key) const;
  // The first child with this name, or nullptr.
  const XmlElement* Child(std::string_view child_name) const;
};

inline constexpr std::size_t kMaxXmlBytes = 8u << 20;  // 8 MiB
inline constexpr int kMaxXmlDepth = 64;

// `file` prefixes messages: "hand.urdf:12: ...".
StatusOr<XmlElement> ParseXml(std::string_view text, const std::string& file);

}  // namespace grasplab
