#include "core/scene/json_reader.h"

#include <string>
#include <vector>

namespace grasplab {
namespace {

using Json = nlohmann::json;

// Builds the document while keeping the path to the value being read.
class StrictSax {
 public:
  explicit StrictSax(std::string_view text) : text_(text) {}

  bool null() { return Value(Json(nullptr)); }
  bool boolean(bool b) { return Value(Json(b)); }
  bool number_integer(Json::number_integer_t x) { return Value(Json(x)); }
  bool number_unsigned(Json::number_unsigned_t x) { return Value(Json(x)); }
  bool number_float(Json::number_float_t x, const std::string&) { return Value(Json(x)); }
  bool string(std::string& s) { return Value(Json(std::move(s))); }
  bool binary(Json::binary_t&) { return Fail("binary values are not JSON"); }
  bool start_object(std::size_t) { return Open(Json::object()); }
  bool start_array(std::size_t) { return Open(Json::array()); }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool key(std::string& k) {
    Frame& f = frames_.back();
    if (f.value->contains(k)) {
      key_ = k;
      return Fail("duplicate key");
    }
    key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& ex) {
    const std::string what = ex.what();
    const std::size_t colon = what.find(": ");  // after "[json.exception...] parse error at line L, column C"
    // The lexer stops just after the character it refused (or at the end).
    const char bad = position >= 1 && position <= text_.size() ? text_[position - 1] : '\0';
    if (ex.id == 406) {  // a number out of range: point at its first character
      error_ = "number " + last_token + " overflows a double";
      position_ = position >= last_token.size() ? position - last_token.size() : 0;
    } else if (bad == 'N' || bad == 'I') {
      error_ = "NaN and Infinity are not JSON numbers; give a finite number";
      position_ = position - 1;
    } else {
      error_ = colon == std::string::npos ? what : what.substr(colon + 2);
      position_ = position < text_.size() && position >= 1 ? position - 1 : position;
    }
    return false;
  }

  // After sax_parse: the document, or the error with path and place.
  StatusOr<Json> Result(bool parsed) {
    if (parsed && error_.empty()) return std::move(root_);
    if (error_.empty()) error_ = "not valid JSON";
    const std::string where = Path();
    std::string message = (where.empty() ? std::string("scene") : where) + ": " + error_;
    if (position_ != std::string::npos) {  // where the lexer stopped (a SAX refusal has no position)
      std::size_t line = 1, column = 1;
      const std::size_t end = position_ < text_.size() ? position_ : text_.size();
      for (std::size_t i = 0; i < end; ++i) {
        if (text_[i] == '\n') ++line, column = 1;
        else ++column;
      }
      message += " (line " + std::to_string(line) + ", column " + std::to_string(column) + ")";
    }
    return Status::Error(message);
  }

 private:
  struct Frame {
    Json* value;
    std::size_t index = 0;  // arrays: the next element's index
  };

  // The path of the value being read: the open containers, then the key or
  // index inside the innermost one.
  std::string Path() const {
    std::string p;
    for (std::size_t d = 0; d < frames_.size(); ++d) {
      const Frame& f = frames_[d];
      const bool last = d + 1 == frames_.size();
      if (f.value->is_array()) {
        const std::size_t i = last ? f.index : f.index - 1;
        p += "[" + std::to_string(i) + "]";
      } else {
        const std::string& k = last ? key_ : path_keys_[d];
        if (k.empty()) continue;
        p += (p.empty() ? "" : ".") + k;
      }
    }
    return p;
  }

  bool Fail(const std::string& what) {
    error_ = what;
    position_ = std::string::npos;
    return false;
  }

  // Places v where the path points; returns where it went.
  Json* Place(Json v) {
    if (frames_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Frame& f = frames_.back();
    if (f.value->is_array()) {
      f.value->push_back(std::move(v));
      ++f.index;
      return &f.value->back();
    }
    return &((*f.value)[key_] = std::move(v));
  }

  bool Value(Json v) {
    Place(std::move(v));
    return true;
  }

  bool Open(Json container) {
    if (static_cast<int>(frames_.size()) >= kMaxJsonDepth) {
      return Fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    path_keys_.resize(frames_.size() + 1);
    if (!frames_.empty()) path_keys_[frames_.size() - 1] = key_;
    Json* placed = Place(std::move(container));
    frames_.push_back({placed, 0});
    key_.clear();
    return true;
  }

  bool Close() {
    frames_.pop_back();
    if (!frames_.empty()) key_ = path_keys_[frames_.size() - 1];
    return true;
  }

  std::string_view text_;
  Json root_;
  std::vector<Frame> frames_;
  std::vector<std::string> path_keys_;  // per open container: the key it sits under in its parent
  std::string key_;                     // the key being read in the innermost object
  std::string error_;
  std::size_t position_ = 0;
};

}  // namespace

StatusOr<Json> ReadJsonStrict(std::string_view text) {
  StrictSax sax(text);
  const bool parsed = Json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json,
                                      /*strict=*/true);
  return sax.Result(parsed);
}

}  // namespace grasplab
