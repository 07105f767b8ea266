// The strict JSON reader (core/scene/json_reader) directly: what it keeps,
// and every refusal with the JSON path, line and column.
#include <catch2/catch.hpp>
#include <string>

#include "core/scene/json_reader.h"

using namespace grasplab;

namespace {
std::string Error(const std::string& text) {
  auto r = ReadJsonStrict(text);
  REQUIRE_FALSE(r.ok());
  return r.status().message();
}
}  // namespace

TEST_CASE("JSON reader: a valid document reads as nlohmann's parser reads it", "[json]") {
  const std::string text = R"({"a": [1, 2.5, -3e-7, true, null, "x\u00e9"], "b": {"c": {"d": [[], {}]}}, "e": 1.7976931348623157e308})";
  auto r = ReadJsonStrict(text);
  REQUIRE(r.ok());
  CHECK(r.value() == nlohmann::json::parse(text));
  CHECK(r.value()["e"].get<double>() == 1.7976931348623157e308);  // the largest double is not an overflow
}

TEST_CASE("JSON reader: refusals name the path, and the lexer's the line and column", "[json]") {
  CHECK(Error("{\"bodies\": [{\"mass\": 1},\n {\"mass\": 1e400}]}") ==
        "bodies[1].mass: number 1e400 overflows a double (line 2, column 11)");
  CHECK(Error("{\"a\": {\"b\": [0, NaN]}}").rfind("a.b[1]: NaN and Infinity are not JSON numbers", 0) == 0);
  CHECK(Error("{\"a\": 1, \"a\": 2}") == "a: duplicate key");
  CHECK(Error("{\"a\": [1, 2,]}").rfind("a[2]: syntax error", 0) == 0);
  // Trailing text: the lexer reads "tr" as the start of "true" and stops at the "a".
  CHECK(Error("{\"a\": 1} trailing").find("expected end of input (line 1, column 12)") != std::string::npos);
  CHECK(Error("").rfind("scene: ", 0) == 0);
}

TEST_CASE("JSON reader: 64 levels of nesting read, 65 are refused", "[json]") {
  CHECK(ReadJsonStrict(std::string(64, '[') + std::string(64, ']')).ok());
  CHECK(Error(std::string(65, '[') + std::string(65, ']')).find("nested deeper than 64 levels") != std::string::npos);
}
