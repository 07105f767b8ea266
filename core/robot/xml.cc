#include "core/robot/xml.h"

#include <cctype>

namespace grasplab {

const std::string* XmlElement::Attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes) {
    if (k == key) return &v;
  }
  return nullptr;
}

const XmlElement* XmlElement::Child(std::string_view child_name) const {
  for (const XmlElement& c : children) {
    if (c.name == child_name) return &c;
  }
  return nullptr;
}

namespace {

class Reader {
 public:
  Reader(std::string_view text, const std::string& file) : s_(text), file_(file) {}

  StatusOr<XmlElement> Document() {
    SkipProlog();
    if (!ok_) return Error();
    if (AtEnd() || Peek() != '<') return Fail("expected the root element");
    XmlElement root;
    if (!Element(&root, 0)) return Error();
    SkipMisc();
    if (!ok_) return Error();
    if (!AtEnd()) return Fail("content after the root element </" + root.name + ">");
    return root;
  }

 private:
  bool AtEnd() const { return i_ >= s_.size(); }
  char Peek() const { return s_[i_]; }
  bool StartsWith(std::string_view p) const { return s_.substr(i_, p.size()) == p; }
  void Advance(std::size_t n = 1) {
    for (std::size_t k = 0; k < n && i_ < s_.size(); ++k) {
      if (s_[i_] == '\n') ++line_;
      ++i_;
    }
  }
  void SkipSpace() {
    while (!AtEnd() && std::isspace(static_cast<unsigned char>(Peek()))) Advance();
  }
  Status Fail(const std::string& what) {
    if (ok_) message_ = file_ + ":" + std::to_string(line_) + ": " + what;
    ok_ = false;
    return Status::Error(message_);
  }
  Status Error() const { return Status::Error(message_); }

  bool Comment() {  // at "<!--"
    const std::size_t end = s_.find("-->", i_ + 4);
    if (end == std::string_view::npos) return Fail("unterminated comment").ok();
    Advance(end + 3 - i_);
    return true;
  }
  void SkipMisc() {
    while (ok_) {
      SkipSpace();
      if (StartsWith("<!--")) {
        if (!Comment()) return;
      } else {
        return;
      }
    }
  }
  void SkipProlog() {
    SkipSpace();
    if (StartsWith("<?xml")) {
      const std::size_t end = s_.find("?>", i_);
      if (end == std::string_view::npos) {
        (void)Fail("unterminated <?xml declaration");
        return;
      }
      Advance(end + 2 - i_);
    }
    SkipMisc();
    if (ok_ && StartsWith("<!DOCTYPE")) (void)Fail("DOCTYPE declarations are not supported");
  }

  bool Name(std::string* out) {
    const std::size_t start = i_;
    while (!AtEnd()) {
      const char c = Peek();
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':') {
        Advance();
      } else {
        break;
      }
    }
    if (i_ == start) return Fail("expected a name").ok();
    *out = std::string(s_.substr(start, i_ - start));
    return true;
  }

  bool Unescape(std::string_view raw, std::string* out) {
    out->clear();
    for (std::size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] != '&') {
        out->push_back(raw[k]);
        continue;
      }
      static constexpr std::pair<std::string_view, char> kEntities[] = {
          {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};
      bool found = false;
      for (const auto& [e, c] : kEntities) {
        if (raw.substr(k, e.size()) == e) {
          out->push_back(c);
          k += e.size() - 1;
          found = true;
          break;
        }
      }
      if (!found) return Fail("unsupported entity or a bare '&'").ok();
    }
    return true;
  }

  bool Element(XmlElement* e, int depth) {
    if (depth > kMaxXmlDepth) return Fail("elements nested deeper than " + std::to_string(kMaxXmlDepth)).ok();
    e->line = line_;
    Advance();  // '<'
    if (!Name(&e->name)) return false;
    while (true) {
      SkipSpace();
      if (AtEnd()) return Fail("unterminated <" + e->name + ">").ok();
      if (StartsWith("/>")) {
        Advance(2);
        return true;
      }
      if (Peek() == '>') {
        Advance();
        break;
      }
      if (Peek() == '<') {
        return Fail("<" + e->name + "> (line " + std::to_string(e->line) + ") is missing its closing '>'").ok();
      }
      std::string key;
      if (!Name(&key)) return false;
      SkipSpace();
      if (AtEnd() || Peek() != '=') return Fail("attribute '" + key + "' of <" + e->name + "> has no value").ok();
      Advance();
      SkipSpace();
      if (AtEnd() || (Peek() != '"' && Peek() != '\'')) {
        return Fail("attribute '" + key + "' of <" + e->name + ">: value must be quoted").ok();
      }
      const char quote = Peek();
      Advance();
      const std::size_t end = s_.find(quote, i_);
      if (end == std::string_view::npos) return Fail("unterminated attribute '" + key + "'").ok();
      std::string value;
      if (!Unescape(s_.substr(i_, end - i_), &value)) return false;
      Advance(end + 1 - i_);
      if (e->Attribute(key)) return Fail("<" + e->name + "> has attribute '" + key + "' twice").ok();
      e->attributes.emplace_back(std::move(key), std::move(value));
    }
    // Content.
    std::string text;
    while (true) {
      if (AtEnd()) return Fail("<" + e->name + "> (line " + std::to_string(e->line) + ") is never closed").ok();
      if (StartsWith("<!--")) {
        if (!Comment()) return false;
      } else if (StartsWith("<![CDATA[") || StartsWith("<!") || StartsWith("<?")) {
        return Fail("CDATA, declarations and processing instructions are not supported inside elements").ok();
      } else if (StartsWith("</")) {
        Advance(2);
        std::string closing;
        if (!Name(&closing)) return false;
        if (closing != e->name) {
          return Fail("</" + closing + "> closes <" + e->name + "> (line " + std::to_string(e->line) + ")").ok();
        }
        SkipSpace();
        if (AtEnd() || Peek() != '>') return Fail("expected '>' after </" + closing).ok();
        Advance();
        break;
      } else if (Peek() == '<') {
        e->children.emplace_back();
        if (!Element(&e->children.back(), depth + 1)) return false;
      } else {
        const std::size_t start = i_;
        while (!AtEnd() && Peek() != '<') Advance();
        std::string part;
        if (!Unescape(s_.substr(start, i_ - start), &part)) return false;
        text += part;
      }
    }
    const std::size_t a = text.find_first_not_of(" \t\r\n");
    e->text = a == std::string::npos ? std::string() : text.substr(a, text.find_last_not_of(" \t\r\n") - a + 1);
    return true;
  }

  std::string_view s_;
  std::string file_;
  std::size_t i_ = 0;
  int line_ = 1;
  bool ok_ = true;
  std::string message_;
};

}  // namespace

StatusOr<XmlElement> ParseXml(std::string_view text, const std::string& file) {
  if (text.size() > kMaxXmlBytes) {
    return Status::Error(file + ": larger than " + std::to_string(kMaxXmlBytes) + " bytes");
  }
  return Reader(text, file).Document();
}

}  // namespace grasplab
