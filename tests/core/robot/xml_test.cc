// The XML reader (core/robot/xml) directly: what a URDF uses, and errors
// that name the file and the line.
#include <catch2/catch.hpp>

#include "core/robot/xml.h"

using namespace grasplab;

TEST_CASE("XML: elements, attributes in order, comments, declaration, lines", "[xml]") {
  const char* text =
      "<?xml version=\"1.0\"?>\n"
      "<!-- a robot -->\n"
      "<robot name=\"r\">\n"
      "  <link name=\"base\"/>\n"
      "  <joint name='j' type=\"revolute\">\n"
      "    <limit lower=\"-1\" upper=\"1\" effort=\"2\"/>\n"
      "  </joint>\n"
      "</robot>\n";
  auto doc = ParseXml(text, "r.urdf");
  REQUIRE(doc.ok());
  const XmlElement& robot = doc.value();
  CHECK(robot.name == "robot");
  CHECK(robot.line == 3);
  CHECK(*robot.Attribute("name") == "r");
  REQUIRE(robot.children.size() == 2);
  CHECK(robot.children[0].line == 4);
  const XmlElement* joint = robot.Child("joint");
  REQUIRE(joint);
  CHECK(joint->line == 5);
  CHECK(*joint->Attribute("name") == "j");
  const XmlElement* limit = joint->Child("limit");
  REQUIRE(limit);
  CHECK(limit->line == 6);
  REQUIRE(limit->attributes.size() == 3);
  CHECK(limit->attributes[0].first == "lower");
  CHECK(limit->attributes[2].second == "2");
  CHECK(robot.Child("nothing") == nullptr);
  CHECK(limit->Attribute("nothing") == nullptr);
}

TEST_CASE("XML: entities in attribute values are decoded", "[xml]") {
  auto doc = ParseXml("<a t=\"x &lt; y &amp;&amp; y &gt; z &quot;q&quot; &apos;\"/>", "e.xml");
  REQUIRE(doc.ok());
  CHECK(*doc.value().Attribute("t") == "x < y && y > z \"q\" '");
}

TEST_CASE("XML: malformed input is refused with file and line", "[xml]") {
  auto mismatched = ParseXml("<robot>\n  <link>\n  </joint>\n</robot>\n", "bad.urdf");
  REQUIRE_FALSE(mismatched.ok());
  CHECK(mismatched.status().message().rfind("bad.urdf:3:", 0) == 0);
  auto unterminated = ParseXml("<robot>\n<link name=\"a\n", "u.urdf");
  REQUIRE_FALSE(unterminated.ok());
  CHECK(unterminated.status().message().rfind("u.urdf:", 0) == 0);
  auto dtd = ParseXml("<!DOCTYPE r [<!ENTITY x \"y\">]>\n<r/>", "d.urdf");
  REQUIRE_FALSE(dtd.ok());
  CHECK(dtd.status().message().rfind("d.urdf:1:", 0) == 0);
  auto deep = ParseXml(std::string(200, '<') , "deep.urdf");
  REQUIRE_FALSE(deep.ok());
  auto duplicate = ParseXml("<a x=\"1\" x=\"2\"/>", "dup.urdf");
  REQUIRE_FALSE(duplicate.ok());
  CHECK(duplicate.status().message().rfind("dup.urdf:1:", 0) == 0);
  CHECK_FALSE(ParseXml("", "empty.urdf").ok());
  CHECK_FALSE(ParseXml("<a/><b/>", "two.urdf").ok());
}
