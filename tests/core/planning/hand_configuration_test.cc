// The planner's hand configuration (planning/hand_configuration.h): the
// root pose from an approach direction and roll, and postures from
// eigengrasp amplitudes within the joint limits (URDF <grasplab_hand>).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/planning/hand_configuration.h"
#include "core/robot/urdf.h"

using namespace grasplab;

namespace {

RobotModel Model(const std::string& file) {
  auto m = LoadUrdfFile(std::string(GRASPLAB_ASSETS_DIR) + "/robots/" + file);
  REQUIRE(m.ok());
  return std::move(m).value();
}

}  // namespace

TEST_CASE("HandRootPose turns the approach axis onto u and rolls about it", "[planning]") {
  const Vec3 approach(0, 0, -1);
  for (const Vec3& u : {Vec3(0, 0, -1), Vec3(0, 0, 1), Vec3(1, 0, 0), Vec3(0.3, -0.4, 0.866).normalized()}) {
    for (double psi : {0.0, 0.7, -2.5}) {
      const Pose X = HandRootPose(approach, u, psi, Vec3(0.1, 0.2, 0.3));
      CHECK((X.q * approach - u).norm() < 1e-14);
      CHECK(std::fabs(X.q.norm() - 1.0) < 1e-15);
      CHECK(X.p == Vec3(0.1, 0.2, 0.3));
      // The roll: the frame's x axis turns by psi about u relative to psi = 0.
      const Vec3 x0 = HandRootPose(approach, u, 0.0, Vec3::Zero()).q * Vec3::UnitX();
      const Vec3 x1 = X.q * Vec3::UnitX();
      CHECK(std::fabs(std::atan2(x0.cross(x1).dot(u), x0.dot(x1)) - psi) < 1e-12);
    }
  }
}

TEST_CASE("Lateral gives an orthonormal frame with u", "[planning]") {
  for (const Vec3& u : {Vec3(0, 0, 1), Vec3(1, 0, 0), Vec3(0.6, 0.0, -0.8), Vec3(0.2, 0.9, 0.3).normalized()}) {
    const Vec3 a = Lateral(u, 0), b = Lateral(u, 1);
    CHECK(std::fabs(a.norm() - 1) < 1e-15);
    CHECK(std::fabs(b.norm() - 1) < 1e-15);
    CHECK(std::fabs(a.dot(u)) < 1e-15);
    CHECK(std::fabs(b.dot(u)) < 1e-15);
    CHECK(std::fabs(a.dot(b)) < 1e-15);
  }
}

TEST_CASE("Barrett eigengrasps: spread and close, ranges from the joint limits", "[planning]") {
  const RobotModel m = Model("barrett.urdf");
  REQUIRE(m.hand);
  CHECK(m.hand->approach == Vec3(0, 0, -1));
  REQUIRE(m.hand->eigengrasps.size() == 2);
  CHECK(m.hand->eigengrasps[0].name == "spread");
  const HandPosture p(m);
  // Driven: spread, finger1, finger2, thumb (mimics excluded).
  REQUIRE(p.driven().size() == 4);
  // Origin: the spread (not closing) at the middle of [0, 1.5708]; the
  // fingers at their open limit -0.8.
  CHECK(p.Origin()[0] == 0.5 * 1.5708);  // the URDF writes pi/2 as 1.5708
  CHECK(p.Origin()[1] == -0.8);
  const auto r = p.Ranges();
  CHECK(r[0].first == Approx(-0.7854));
  CHECK(r[0].second == Approx(0.7854));
  CHECK(r[1].first == 0.0);
  CHECK(r[1].second == Approx(2.4));
  // Amplitudes beyond the range clamp to the limits.
  const std::vector<double> q = p.Driven({5.0, 1.0});
  CHECK(q[0] == Approx(1.5708).margin(1e-4));
  CHECK(q[1] == Approx(0.2));
  CHECK(q[3] == Approx(0.2));
  // Mimics follow: the distal joint is q / 3 + 0.733.
  const std::vector<double> all = p.JointValues(q);
  CHECK(all[m.FindJoint("finger1_distal_joint")] == Approx(0.2 * 0.333333 + 0.733));
  CHECK(p.ClosingRate(m.FindJoint("finger1_distal_joint")) == Approx(0.333333));
  CHECK(p.ClosingRate(m.FindJoint("finger1_spread_joint")) == 0.0);
}

TEST_CASE("Three-finger origin from <eigengrasp_origin>; pinch range from the limits", "[planning]") {
  const HandPosture p(Model("three-finger.urdf"));
  const auto r = p.Ranges();
  // close: 0.2 + a in [-0.2, 1.6]; pinch: finger1 0.2 + a, fingers 2-3
  // 0.2 - a/2, all in [-0.2, 1.6].
  CHECK(r[0].first == Approx(-0.4));
  CHECK(r[0].second == Approx(1.4));
  CHECK(r[1].first == Approx(-0.4));
  CHECK(r[1].second == Approx(0.8));
}

TEST_CASE("<grasplab_hand> errors name the file, line and problem", "[planning][urdf]") {
  const std::string head = R"(<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="c"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="0" upper="1" effort="1"/></joint>
<joint name="m" type="revolute"><parent link="a"/><child link="c"/><limit lower="0" upper="1" effort="1"/><mimic joint="j"/></joint>
)";
  auto parse = [&](const std::string& hand) { return ParseUrdf(head + hand + "</robot>", "r.urdf"); };
  CHECK(parse(R"(<grasplab_hand approach="0 0 -1"><eigengrasp name="e"><joint name="j" value="1"/></eigengrasp></grasplab_hand>)").ok());
  const auto expect = [&](const std::string& hand, const std::string& what) {
    auto m = parse(hand);
    REQUIRE_FALSE(m.ok());
    INFO(m.status().message());
    CHECK(m.status().message().find("r.urdf:6:") == 0);
    CHECK(m.status().message().find(what) != std::string::npos);
  };
  expect(R"(<grasplab_hand approach="0 0 0"><eigengrasp><joint name="j" value="1"/></eigengrasp></grasplab_hand>)", "non-zero direction");
  expect(R"(<grasplab_hand approach="0 0 -1"></grasplab_hand>)", "at least one <eigengrasp>");
  expect(R"(<grasplab_hand approach="0 0 -1"><eigengrasp><joint name="x" value="1"/></eigengrasp></grasplab_hand>)", "names no joint");
  expect(R"(<grasplab_hand approach="0 0 -1"><eigengrasp><joint name="m" value="1"/></eigengrasp></grasplab_hand>)", "mimics");
  expect(R"(<grasplab_hand approach="0 0 -1"><eigengrasp><joint name="j" value="0"/></eigengrasp></grasplab_hand>)", "non-zero value");
  expect(R"(<grasplab_hand approach="0 0 -1"><eigengrasp><joint name="j" value="1"/></eigengrasp><eigengrasp_origin><joint name="j" value="2"/></eigengrasp_origin></grasplab_hand>)", "outside its limits");
  expect(R"(<grasplab_hand approach="0 0 -1"><eigengrasp><joint name="j" value="1"/><joint name="j" value="2"/></eigengrasp></grasplab_hand>)", "named twice");
}
