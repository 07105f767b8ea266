// Speculative points (core/collision/speculative_points.h): the corners of
// a moving body that may reach a flat face within the step become contacts
// of their own, so a body that lands on one corner and turns cannot swing
// another corner through the face. Known answers: each corner's gap from
// the rotation (analytic), and no contact below the face at any step up to
// 1/60 s for shapes dropped tilted onto a floor.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "core/collision/speculative_points.h"
#include "core/geometry/convex_hull.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

Quat AboutX(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitX())); }

// A 4 x 3 x 2 cm box turned by theta about x, its lowest edge (y = -e_y,
// z = -e_z in its frame) 1 mm above the top face of a floor box (z = 0),
// falling at 1 m/s. With R_x(theta) a corner (s_x e_x, s_y e_y, s_z e_z)
// sits at z_c + s_y e_y sin(theta) + s_z e_z cos(theta).
struct TiltedBox {
  const double theta = 0.3, gap0 = 1e-3;
  const Vec3 e = Vec3(0.02, 0.015, 0.01);
  Shape box = BoxShape{e};
  double Height(double sy, double sz) const { return sy * e.y() * std::sin(theta) + sz * e.z() * std::cos(theta); }
  double zc() const { return gap0 - Height(-1, -1); }
  SpeculativeBody Body(const Vec3& v) const {
    SpeculativeBody b;
    b.id = 1;
    b.shape = &box;
    b.X_W = Pose{Vec3(0, 0, zc()), AboutX(theta)};
    b.v_W = v;
    b.radius = e.norm();
    return b;
  }
  // The region the narrow phase gives: the lowest edge's two ends.
  std::vector<Contact> Region() const {
    std::vector<Contact> r;
    for (double sx : {-1.0, 1.0}) {
      Contact c;
      c.body_a = 1;
      c.body_b = 0;
      c.n_W = Vec3::UnitZ();
      c.separation = gap0;
      c.p_W = Pose{Vec3(0, 0, zc()), AboutX(theta)}.Apply(Vec3(sx * e.x(), -e.y(), -e.z())) - 0.5 * gap0 * Vec3::UnitZ();
      r.push_back(c);
    }
    return r;
  }
};

SpeculativeBody Floor(const Shape* shape, const Pose& X) {
  SpeculativeBody f;
  f.id = 0;
  f.shape = shape;
  f.X_W = X;
  return f;
}

}  // namespace

TEST_CASE("Speculative points: a falling tilted box gets the corners within the margin, at their analytic gaps",
          "[collision][speculative]") {
  const TiltedBox t;
  const double h = 0.01, threshold = 1e-4, g = 9.81;
  const Vec3 v(0, 0, -1.2);
  // The pair's margin: threshold + what the box can travel in 2 h (contact_finder.h).
  const double margin = threshold + 2.0 * h * (1.2 + h * g);  // 26.06 mm
  const SpeculativeSettings s{h, margin, threshold, 0.035};
  const Shape floor_box = BoxShape{Vec3(0.5, 0.5, 0.025)};
  const SpeculativeBody floor = Floor(&floor_box, Pose{Vec3(0, 0, -0.025), Quat::Identity()});

  std::vector<Contact> contacts = t.Region();
  REQUIRE(AddSpeculativePoints(t.Body(v), floor, s, 0, &contacts) == 4);
  // The corners over the lowest edge: (s_y, s_z) = (+1, -1) at
  // gap0 + 2 e_y sin(theta) = 9.866 mm and (-1, +1) at gap0 + 2 e_z cos(theta)
  // = 20.107 mm, two each (s_x = -1, +1); the top edge (+1, +1), at 29.97 mm,
  // is beyond the margin.
  const double g1 = t.gap0 + 2.0 * t.e.y() * std::sin(t.theta), g2 = t.gap0 + 2.0 * t.e.z() * std::cos(t.theta);
  int near = 0, far = 0;
  for (std::size_t k = 2; k < contacts.size(); ++k) {
    const Contact& c = contacts[k];
    CHECK(c.body_a == 1);
    CHECK(c.body_b == 0);
    CHECK(c.n_W.isApprox(Vec3::UnitZ(), 1e-15));
    // Midway between the corner and the face: at half its gap above z = 0.
    CHECK(c.p_W.z() == Approx(0.5 * c.separation).margin(1e-15));
    if (std::abs(c.separation - g1) < 1e-12) ++near;
    if (std::abs(c.separation - g2) < 1e-12) ++far;
  }
  CHECK(near == 2);
  CHECK(far == 2);

  // The same against a plane floor.
  const Shape plane = PlaneShape{};
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(v), Floor(&plane, Pose{}), s, 0, &contacts) == 4);

  // At rest (or closing less than 10 thresholds, 1 mm, in 2 h) the pair
  // keeps its region.
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(Vec3::Zero()), floor, s, 0, &contacts) == 0);
  CHECK(AddSpeculativePoints(t.Body(Vec3(0, 0, -2e-3)), floor, s, 0, &contacts) == 0);
  CHECK(contacts.size() == 2);

  // Only corners over the face: a floor 2 cm wide in x (the corners at
  // x = +-2 cm are on its rim, within it) and 1.9 cm wide (all outside).
  const Shape rim = BoxShape{Vec3(0.02, 0.5, 0.025)}, narrow = BoxShape{Vec3(0.0095, 0.5, 0.025)};
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(v), Floor(&rim, Pose{Vec3(0, 0, -0.025), Quat::Identity()}), s, 0, &contacts) == 4);
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(v), Floor(&narrow, Pose{Vec3(0, 0, -0.025), Quat::Identity()}), s, 0, &contacts) == 0);

  // A narrower margin keeps only the nearer pair.
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(v), floor, SpeculativeSettings{h, 0.015, threshold, 0.035}, 0, &contacts) == 2);
  // Moving up, away from the floor: none.
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(Vec3(0, 0, 1.2)), floor, s, 0, &contacts) == 0);
  // Turning at 20 rad/s about x with its centre at rest: a corner can
  // approach at up to |w| r = 20 x 2.69 cm = 0.54 m/s, 10.8 mm in 2 h, an
  // impact (over 1 mm), whichever way the turn goes: the same 4 corners.
  // Rising at 1.2 m/s while turning so: no point can approach (0.54 - 1.2
  // m/s), none.
  for (double wx : {20.0, -20.0}) {
    SpeculativeBody spinning = t.Body(Vec3::Zero());
    spinning.w_W = Vec3(wx, 0, 0);
    contacts = t.Region();
    CHECK(AddSpeculativePoints(spinning, floor, s, 0, &contacts) == 4);
    spinning.v_W = Vec3(0, 0, 1.2);
    contacts = t.Region();
    CHECK(AddSpeculativePoints(spinning, floor, s, 0, &contacts) == 0);
  }
  // Approaching at 4.9 cm/s reaches 0.98 mm in 2 h: not an impact, none
  // (a rocking or slowly settling body keeps its region); at 5.1 cm/s,
  // 1.02 mm, the corners within the margin.
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(Vec3(0, 0, -0.049)), floor, s, 0, &contacts) == 0);
  contacts = t.Region();
  CHECK(AddSpeculativePoints(t.Body(Vec3(0, 0, -0.051)), floor, s, 0, &contacts) == 4);
}

TEST_CASE("Speculative points: shapes dropped tilted onto a floor do not sink into it at steps up to 1/60 s",
          "[collision][speculative]") {
  // Before speculative points the region held only the landing corner: on
  // the box floor the box below sank 0.47-0.88 mm at 2.5 ms, 10.2 mm at 5 ms
  // (through its own half height) and 16.6 mm at 10 ms; the cylinder
  // 1.5-3.5 mm at 10 ms.
  std::vector<Vec3> pts;
  for (int i = 0; i < 14; ++i) {
    const double a = 0.7 * i, b = 1.3 * i + 0.4;
    pts.emplace_back(0.025 * std::cos(a) * std::cos(b), 0.02 * std::sin(a) * std::cos(b), 0.015 * std::sin(b));
  }
  const auto hull = BuildConvexHull(pts, "test").value();
  struct Case {
    const char* name;
    Shape shape;
    std::vector<double> rest;  // m: the heights of its centre resting on a face or side
  };
  const std::vector<Case> cases = {
      {"box", BoxShape{Vec3(0.02, 0.015, 0.01)}, {0.01, 0.015, 0.02}},
      {"cylinder", CylinderShape{0.02, 0.04}, {0.02}},
      {"capsule", CapsuleShape{0.012, 0.03}, {0.012}},
      {"hull", ConvexShape{hull}, {}},
  };
  for (const double h : {0.0025, 0.005, 0.01, 1.0 / 60.0}) {
    for (const Case& c : cases) {
      for (const double tilt : {0.3, 0.6, 1.0}) {
        for (const bool plane : {false, true}) {
          INFO(c.name << " h " << h << " tilt " << tilt << (plane ? " on a plane" : " on a box"));
          WorldSettings settings;
          settings.contact_solver = ContactSolver::kPgs;
          World w(settings);
          BodyDef f;
          f.name = "floor";
          f.is_static = true;
          if (plane) {
            f.shape = PlaneShape{};
          } else {
            f.shape = BoxShape{Vec3(0.5, 0.5, 0.025)};
            f.X_WB.p = Vec3(0, 0, -0.025);
          }
          REQUIRE(w.AddBody(f).ok());
          BodyDef b;
          b.name = c.name;
          b.mass = 0.1;
          b.shape = c.shape;
          b.X_WB.p = Vec3(0, 0, 0.1);
          b.X_WB.q = Quat(Eigen::AngleAxisd(tilt, Vec3(1, 0.3, 0).normalized()));
          const BodyId id = w.AddBody(b).value();
          double deepest = 0.0;
          for (int k = 0; k < static_cast<int>(std::lround(1.0 / h)); ++k) {
            REQUIRE(w.Step(h).ok());
            for (const Contact& ct : w.contacts()) deepest = std::min(deepest, ct.separation);
          }
          // Under a tenth of a millimetre (the contact threshold): with the
          // speculative points the deepest was 57 um (the capsule at 1/60 s,
          // tilt 1), every other case 0 or above.
          CHECK(deepest > -1e-4);
          // At rest on a face or side, its centre at that height plus at
          // most 0.3 mm (the rows hold the surfaces half a threshold apart;
          // a cylinder's cap on a plane rests on its rim's 12-gon, 0.21 mm
          // higher, as it did before speculative points).
          if (c.rest.empty()) continue;
          double off = 1.0;
          for (double z : c.rest) off = std::min(off, std::abs(w.pose(id).p.z() - z));
          CHECK(off < 3e-4);
          CHECK(w.linear_velocity(id).norm() < 1e-3);
        }
      }
    }
  }
}
