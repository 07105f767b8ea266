// Box-box contacts by the separating axis test (core/collision/box_box):
// analytic cases with known answers, and a seeded corpus of a few thousand
// box pairs on which the fast path must give the general path's contact set
// (GJK/EPA, support features and the contact-region builder).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "core/collision/box_box.h"
#include "core/collision/gjk.h"
#include "core/collision/narrow_phase.h"
#include "core/geometry/planar_hull.h"
#include "core/math/tangent_basis.h"

using namespace grasplab;

namespace {

constexpr double kPi = 3.14159265358979323846;

Quat AboutAxis(double angle, const Vec3& axis) { return Quat(Eigen::AngleAxisd(angle, axis.normalized())); }

std::vector<Contact> Contacts(const BoxShape& A, const Pose& XA, const BoxShape& B, const Pose& XB, double margin,
                              bool sat) {
  NarrowPhaseSettings s;
  s.margin = margin;
  s.box_box_sat = sat;
  std::vector<Contact> out;
  CollideShapes(0, A, XA, 1, B, XB, s, &out);
  return out;
}

bool HasPointNear(const std::vector<Contact>& cs, const Vec3& p, double tol) {
  return std::any_of(cs.begin(), cs.end(), [&](const Contact& c) { return (c.p_W - p).norm() < tol; });
}

double MinSeparation(const std::vector<Contact>& cs) {
  double s = cs[0].separation;
  for (const Contact& c : cs) s = std::min(s, c.separation);
  return s;
}

// Angle between unit vectors (rad), accurate near 0.
double Angle(const Vec3& a, const Vec3& b) { return std::atan2(a.cross(b).norm(), a.dot(b)); }

// Distance from p to the planar hull of `region`'s points, all projected on
// the plane normal to n (a point, a segment or a convex polygon).
double DistanceToRegion(const Vec3& p, const std::vector<Contact>& region, const Vec3& n) {
  Vec3 t1, t2;
  TangentBasis(n, &t1, &t2);
  using Vec2 = Eigen::Vector2d;
  auto project = [&](const Vec3& x) { return Vec2(x.dot(t1), x.dot(t2)); };
  std::vector<Vec2> pts;
  for (const Contact& c : region) pts.push_back(project(c.p_W));
  const Vec2 q = project(p);
  auto to_segment = [](const Vec2& q, const Vec2& a, const Vec2& b) {
    const Vec2 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double t = len2 > 0.0 ? std::clamp((q - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    return (a + t * ab - q).norm();
  };
  const std::vector<int> hull = PlanarHull(pts, 1e-12);
  if (hull.size() == 1) return (pts[hull[0]] - q).norm();
  double d = 1e300;
  bool inside = hull.size() >= 3;
  for (std::size_t i = 0; i < hull.size(); ++i) {
    const Vec2& a = pts[hull[i]];
    const Vec2& b = pts[hull[(i + 1) % hull.size()]];
    d = std::min(d, to_segment(q, a, b));
    const Vec2 ab = b - a, aq = q - a;
    if (ab.x() * aq.y() - ab.y() * aq.x() < 0.0) inside = false;
  }
  return inside ? 0.0 : d;
}

// A seeded generator whose numbers do not depend on the standard library's
// distributions (only on mt19937_64, which the standard fixes).
struct Rng {
  std::mt19937_64 engine{0x5a7b0c5ull};
  double Uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(engine() >> 11) * 0x1.0p-53; }
  Vec3 UnitVector() {
    for (;;) {
      const Vec3 v(Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1));
      const double n2 = v.squaredNorm();
      if (n2 > 1e-4 && n2 <= 1.0) return v / std::sqrt(n2);
    }
  }
  Quat Rotation() { return AboutAxis(Uniform(0.0, kPi), UnitVector()); }
  Vec3 HalfExtents() { return Vec3(Uniform(0.01, 0.2), Uniform(0.01, 0.2), Uniform(0.01, 0.2)); }
};

enum Kind {
  kResting,
  kStackedTilted,
  kStackedTurned,
  kEdgeEdge,
  kVertexFace,
  kApartWithinMargin,
  kCornerApart,
  kDeep,
  kRandomNearContact,
  kKinds
};
const char* const kKindNames[kKinds] = {"resting face-face", "stacked, tilted <= 3 deg", "stacked, turned, equal",
                                        "edge-edge",  "vertex-face",
                                        "apart within margin", "apart at a corner or edge",
                                        "deep penetration",   "random near contact"};

struct Case {
  Kind kind;
  BoxShape A, B;
  Pose XA, XB;
  double margin;
};

// The lowest point of box A (half extents e, orientation q) along z, as an
// offset from its centre.
double LowestZ(const Vec3& e, const Quat& q) {
  const Mat3 R = q.toRotationMatrix();
  return -(e.x() * std::abs(R(2, 0)) + e.y() * std::abs(R(2, 1)) + e.z() * std::abs(R(2, 2)));
}

// The corpus, per_kind pairs of each kind. A's orientation (and for the
// stacked, vertex and corner kinds its position) is set in the frame of B,
// whose top face is +z, and both are moved by a random rigid motion. The
// stacked and vertex kinds put A's lowest point a gap from 0.3 mm deep to the
// margin above B's top; the edge-edge, apart, deep and random kinds move A
// along a direction until GJK measures the target gap (or touching, then
// push on by the depth). Half the pairs swap A and B. Margins: the 0.1 mm
// threshold plus, for half the pairs, up to 2 mm of speculative travel.
// Sizes: half extents 1 to 20 cm, each axis drawn on its own.
std::vector<Case> Corpus(int per_kind) {
  Rng rng;
  std::vector<Case> cases;
  for (int kind = 0; kind < kKinds; ++kind) {
    for (int n = 0; n < per_kind; ++n) {
      Case c;
      c.kind = static_cast<Kind>(kind);
      c.margin = 1e-4 + (rng.Uniform(0, 1) < 0.5 ? 0.0 : rng.Uniform(0.0, 2e-3));
      c.A.half_extents = rng.HalfExtents();
      c.B.half_extents = rng.HalfExtents();
      const Vec3& eA = c.A.half_extents;
      const Vec3& eB = c.B.half_extents;
      Quat q_BA = Quat::Identity();  // A's orientation in B's frame
      Vec3 p_BA = Vec3::Zero();
      const double gap_small = rng.Uniform(-3e-4, c.margin);  // penetrating a little to just within the margin
      switch (c.kind) {
        case kResting:
        case kStackedTilted: {
          const double yaw = rng.Uniform(-kPi, kPi);
          const double tilt = c.kind == kResting ? 0.0 : rng.Uniform(0.0, 3.0) * kPi / 180.0;
          const Vec3 tilt_axis(rng.Uniform(-1, 1), rng.Uniform(-1, 1), 0.0);
          q_BA = AboutAxis(tilt, tilt_axis.norm() > 1e-3 ? tilt_axis : Vec3::UnitX()) * AboutAxis(yaw, Vec3::UnitZ());
          // Offset in the plane: mostly overlapping, sometimes hanging over.
          const double over = n % 3 == 0 ? 0.5 * (eA.x() + eA.y()) : 0.0;
          const double reach_x = eB.x() + over, reach_y = eB.y() + over;
          p_BA.x() = rng.Uniform(-reach_x, reach_x);
          p_BA.y() = rng.Uniform(-reach_y, reach_y);
          p_BA.z() = eB.z() + gap_small - LowestZ(eA, q_BA);
          break;
        }
        case kStackedTurned: {
          // Equal boxes in a stack (box-stacks.json): turned about z by up
          // to 0.3 rad, tilted by up to 0.3 degrees, offset by up to 5 % of
          // the size, so corners hang over the edges below and edge axes
          // within the angle tolerance of the face normal compete.
          c.A.half_extents = eB;
          q_BA = AboutAxis(rng.Uniform(0.0, 0.005), Vec3(rng.Uniform(-1, 1), rng.Uniform(-1, 1), 1e-3)) *
                 AboutAxis(rng.Uniform(-0.3, 0.3), Vec3::UnitZ());
          p_BA.x() = rng.Uniform(-0.05, 0.05) * eB.x();
          p_BA.y() = rng.Uniform(-0.05, 0.05) * eB.y();
          p_BA.z() = eB.z() + gap_small - LowestZ(eB, q_BA);
          break;
        }
        case kEdgeEdge: {
          // A's x edge down (about 45 degrees about x, then a yaw); B gets
          // an edge up below, and A comes down onto it.
          const Quat edge_down = AboutAxis(kPi / 4 + rng.Uniform(-0.3, 0.3), Vec3::UnitX());
          q_BA = AboutAxis(rng.Uniform(-kPi, kPi), Vec3::UnitZ()) * edge_down;
          break;
        }
        case kVertexFace: {
          // A's (+, +, +) corner turned straight down, then a yaw, then a
          // wobble of up to 0.2 rad.
          const Vec3 corner = Vec3(eA.x(), eA.y(), eA.z()).normalized();
          const Quat down = Quat::FromTwoVectors(corner, -Vec3::UnitZ());
          q_BA = AboutAxis(rng.Uniform(0.0, 0.2), Vec3(rng.Uniform(-1, 1), rng.Uniform(-1, 1), 0.0) + Vec3(1e-3, 0, 0)) *
                 AboutAxis(rng.Uniform(-kPi, kPi), Vec3::UnitZ()) * down;
          p_BA.x() = rng.Uniform(-eB.x(), eB.x());
          p_BA.y() = rng.Uniform(-eB.y(), eB.y());
          p_BA.z() = eB.z() + gap_small - LowestZ(eA, q_BA);
          break;
        }
        case kCornerApart: {
          // A's corner facing B's corner (or a point of B's edge) across
          // `gap` along a direction d in both normal cones: d has positive
          // weights on B's axes (0 on one for an edge), and A's unique
          // support in -d is the corner, so the distance is the gap, between
          // features that no SAT axis joins.
          q_BA = rng.Rotation();
          const Vec3 signs(rng.Uniform(0, 1) < 0.5 ? -1 : 1, rng.Uniform(0, 1) < 0.5 ? -1 : 1, 1.0);
          Vec3 w(rng.Uniform(0.2, 1.0), rng.Uniform(0.2, 1.0), rng.Uniform(0.2, 1.0));
          Vec3 corner_B = signs.cwiseProduct(eB);
          if (n % 4 >= 2) {
            w.x() = 0.0;  // B's edge along x
            corner_B.x() = rng.Uniform(-0.8, 0.8) * eB.x();
          }
          const Vec3 d = signs.cwiseProduct(w).normalized();
          const Mat3 R = q_BA.toRotationMatrix();
          const Vec3 d_A = R.transpose() * -d;
          const Vec3 corner_A(d_A.x() < 0 ? -eA.x() : eA.x(), d_A.y() < 0 ? -eA.y() : eA.y(),
                              d_A.z() < 0 ? -eA.z() : eA.z());
          const double gap = rng.Uniform(1e-7, c.margin);
          p_BA = corner_B + gap * d - R * corner_A;
          break;
        }
        default: {
          q_BA = rng.Rotation();
          break;
        }
      }
      const Quat q_WB = rng.Rotation();
      const Vec3 p_WB(rng.Uniform(-1, 1), rng.Uniform(-1, 1), rng.Uniform(0, 1));
      c.XB = Pose{p_WB, q_WB};
      if (c.kind == kEdgeEdge || c.kind == kApartWithinMargin || c.kind == kDeep || c.kind == kRandomNearContact) {
        // Along a direction from B, at a target signed gap measured by GJK
        // (moving A back by the excess gap converges quickly).
        Vec3 dir = rng.UnitVector();
        double target;
        if (c.kind == kEdgeEdge) {
          // B turned so an edge points up: B's pose is rotated 45 degrees
          // about its y, A comes down on it from +z (world frame of B's
          // turned pose).
          c.XB.q = q_WB * AboutAxis(kPi / 4 + rng.Uniform(-0.3, 0.3), Vec3::UnitY());
          dir = q_WB * Vec3(rng.Uniform(-0.05, 0.05), rng.Uniform(-0.05, 0.05), 1.0).normalized();
          target = gap_small;
        } else if (c.kind == kApartWithinMargin) {
          target = rng.Uniform(1e-7, c.margin);
        } else if (c.kind == kDeep) {
          target = -rng.Uniform(0.002, 0.02);
        } else {
          target = rng.Uniform(-5e-3, c.margin);
        }
        c.XA.q = q_WB * q_BA;
        double r = eA.norm() + eB.norm() + 0.1;
        for (int it = 0; it < 60; ++it) {
          c.XA.p = p_WB + r * dir;
          const GjkResult g = GjkDistance(c.A, c.XA, c.B, c.XB);
          const double d = g.overlap ? 0.0 : g.core_distance;
          if (target >= 0.0 || d > 0.0) {
            if (std::abs(d - std::max(target, 0.0)) < 1e-9) break;
            r -= d - std::max(target, 0.0);
          } else {
            break;
          }
        }
        if (target < 0.0) {
          // Touching: push on by the depth (the depth along dir is about it).
          r += target;
          c.XA.p = p_WB + r * dir;
        }
      } else {
        c.XA = Pose{p_WB + q_WB * p_BA, q_WB * q_BA};
      }
      // Half the pairs swap roles, so B is the box on top as often as A.
      if (n % 2 == 1) {
        std::swap(c.A, c.B);
        std::swap(c.XA, c.XB);
      }
      cases.push_back(c);
    }
  }
  return cases;
}

struct Stats {
  int pairs = 0, touching = 0, existence_differs = 0, undecided = 0, face_axis = 0, edge_axis = 0, edge_face = 0;
  int biased = 0, count_differs = 0;
  // Over pairs whose axis is the unbiased choice, and over those the bias
  // decided: normal angle (rad), depth (m), point to region (m).
  double angle[2] = {0, 0}, depth[2] = {0, 0}, point[2] = {0, 0};
  void Add(const Stats& o) {
    pairs += o.pairs, touching += o.touching, existence_differs += o.existence_differs, undecided += o.undecided;
    face_axis += o.face_axis, edge_axis += o.edge_axis, edge_face += o.edge_face, biased += o.biased;
    count_differs += o.count_differs;
    for (int t = 0; t < 2; ++t) {
      angle[t] = std::max(angle[t], o.angle[t]), depth[t] = std::max(depth[t], o.depth[t]);
      point[t] = std::max(point[t], o.point[t]);
    }
  }
};

}  // namespace

TEST_CASE("Box resting on a box: the 4 corners, depth d, normal +z", "[collision][box_box]") {
  // Unit-size boxes (half extent 0.5): A on B, 1 mm into it, A offset so the
  // overlap is the rectangle [-0.3, 0.5] x [-0.5, 0.4].
  const BoxShape unit{Vec3(0.5, 0.5, 0.5)};
  const double d = 1e-3;
  const Pose XB{Vec3(0.0, 0.0, 0.0), Quat::Identity()};
  const Pose XA{Vec3(0.2, -0.1, 1.0 - d), Quat::Identity()};
  const auto cs = Contacts(unit, XA, unit, XB, 1e-4, true);
  REQUIRE(cs.size() == 4);
  // Midway between A's bottom (z = 0.5 - d) and B's top (z = 0.5).
  const double z = 0.5 - 0.5 * d;
  CHECK(HasPointNear(cs, Vec3(-0.3, -0.5, z), 1e-12));
  CHECK(HasPointNear(cs, Vec3(0.5, -0.5, z), 1e-12));
  CHECK(HasPointNear(cs, Vec3(0.5, 0.4, z), 1e-12));
  CHECK(HasPointNear(cs, Vec3(-0.3, 0.4, z), 1e-12));
  for (const Contact& c : cs) {
    CHECK(c.separation == Approx(-d).margin(1e-12));
    CHECK(c.n_W.isApprox(Vec3::UnitZ(), 1e-12));
    CHECK(c.body_a == 0);
    CHECK(c.body_b == 1);
  }
  // B on top instead: the normal still points from B to A, now -z.
  const auto swapped = Contacts(unit, XB, unit, XA, 1e-4, true);
  REQUIRE(swapped.size() == 4);
  for (const Contact& c : swapped) CHECK(c.n_W.isApprox(-Vec3::UnitZ(), 1e-12));
  // Turned and moved as a whole, the same contacts turned and moved.
  const Pose X{Vec3(3.0, -2.0, 1.0), AboutAxis(0.7, Vec3(1, 2, 3))};
  const auto moved = Contacts(unit, Pose{X.Apply(XA.p), X.q}, unit, Pose{X.Apply(XB.p), X.q}, 1e-4, true);
  REQUIRE(moved.size() == 4);
  for (const Contact& c : cs) CHECK(HasPointNear(moved, X.Apply(c.p_W), 1e-12));
  CHECK(moved[0].n_W.isApprox(X.q * Vec3::UnitZ(), 1e-12));
}

TEST_CASE("Box on its edge, turned 45 degrees, on a box: 2 points", "[collision][box_box]") {
  const BoxShape cube{Vec3(0.1, 0.1, 0.1)};
  const BoxShape slab{Vec3(0.5, 0.5, 0.05)};
  const double d = 2e-4;
  // The cube's edge along y is its lowest, 0.1 sqrt 2 below its centre.
  const Pose XA{Vec3(0.05, 0.02, 0.05 + 0.1 * std::sqrt(2.0) - d), AboutAxis(kPi / 4, Vec3::UnitY())};
  const auto cs = Contacts(cube, XA, slab, Pose{}, 1e-4, true);
  REQUIRE(cs.size() == 2);
  CHECK(HasPointNear(cs, Vec3(0.05, 0.02 - 0.1, 0.05 - 0.5 * d), 1e-12));
  CHECK(HasPointNear(cs, Vec3(0.05, 0.02 + 0.1, 0.05 - 0.5 * d), 1e-12));
  for (const Contact& c : cs) {
    CHECK(c.separation == Approx(-d).margin(1e-12));
    CHECK(c.n_W.isApprox(Vec3::UnitZ(), 1e-12));
  }
}

TEST_CASE("Box on a vertex on a box: 1 point below the vertex", "[collision][box_box]") {
  const BoxShape cube{Vec3(0.1, 0.1, 0.1)};
  const BoxShape slab{Vec3(0.5, 0.5, 0.05)};
  // The cube's (-1, -1, -1) corner turned straight down: 0.1 sqrt 3 below
  // its centre.
  const Quat q = Quat::FromTwoVectors(-Vec3(1, 1, 1).normalized(), -Vec3::UnitZ());
  for (double gap : {-3e-4, 0.0, 4e-5}) {
    const Pose XA{Vec3(-0.2, 0.1, 0.05 + 0.1 * std::sqrt(3.0) + gap), q};
    const auto cs = Contacts(cube, XA, slab, Pose{}, 1e-4, true);
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].p_W.isApprox(Vec3(-0.2, 0.1, 0.05 + 0.5 * gap), 1e-12));
    CHECK(cs[0].separation == Approx(gap).margin(1e-12));
    CHECK(cs[0].n_W.isApprox(Vec3::UnitZ(), 1e-12));
  }
}

TEST_CASE("Two edges crossing: 1 point midway, normal along their cross product", "[collision][box_box]") {
  const BoxShape cube{Vec3(0.1, 0.1, 0.1)};
  const double h = 0.1 * std::sqrt(2.0);  // centre to the edge turned down (or up)
  const double d = 1e-3;
  // B's top edge along x, A's bottom edge along y, crossing above the origin.
  const Pose XB{Vec3::Zero(), AboutAxis(kPi / 4, Vec3::UnitX())};
  const Pose XA{Vec3(0.01, -0.02, 2 * h - d), AboutAxis(kPi / 4, Vec3::UnitY())};
  const auto cs = Contacts(cube, XA, cube, XB, 1e-4, true);
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].p_W.isApprox(Vec3(0.01, 0.0, h - 0.5 * d), 1e-12));  // A's edge at x = 0.01, B's at y = 0
  CHECK(cs[0].separation == Approx(-d).margin(1e-12));
  CHECK(cs[0].n_W.isApprox(Vec3::UnitZ(), 1e-12));
  // The SAT chose the edge pair (B's x edge, A's y edge).
  ContactRegionScratch scratch;
  std::vector<ContactPoint> region;
  const BoxBoxResult r = CollideBoxes(cube, XA, cube, XB, 1e-4, NarrowPhaseSettings{}.sin_feature_tolerance, &region, &scratch);
  CHECK(r.decided);
  CHECK(r.axis == BoxBoxAxis::kEdges);
  CHECK(r.index == 3 * 0 + 1);
}

TEST_CASE("Boxes apart beyond the margin give nothing; within it, contacts at the gap", "[collision][box_box]") {
  const BoxShape cube{Vec3(0.1, 0.1, 0.1)};
  const Pose XA{Vec3(0.03, 0.0, 0.2 + 5e-4), AboutAxis(0.3, Vec3::UnitZ())};
  CHECK(Contacts(cube, XA, cube, Pose{}, 1e-4, true).empty());
  const auto cs = Contacts(cube, XA, cube, Pose{}, 1e-3, true);
  REQUIRE(cs.size() >= 4);  // the overlap of a square and a turned square
  for (const Contact& c : cs) CHECK(c.separation == Approx(5e-4).margin(1e-12));
}

TEST_CASE("Boxes apart corner to corner are measured by GJK", "[collision][box_box]") {
  // The SAT gap along a face normal (0.05) is below the distance (0.05 sqrt 3):
  // the SAT leaves the pair undecided and the narrow phase asks GJK.
  const BoxShape cube{Vec3(0.1, 0.1, 0.1)};
  const Pose XA{Vec3(0.25, 0.25, 0.25), Quat::Identity()};
  NarrowPhaseSettings s;
  s.margin = 0.1;
  ContactRegionScratch scratch;
  std::vector<ContactPoint> region;
  const BoxBoxResult r = CollideBoxes(cube, XA, cube, Pose{}, s.margin, s.sin_feature_tolerance, &region, &scratch);
  CHECK_FALSE(r.decided);
  CHECK(r.separation == Approx(0.05).margin(1e-12));
  const auto cs = Contacts(cube, XA, cube, Pose{}, 0.1, true);
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].separation == Approx(0.05 * std::sqrt(3.0)).epsilon(1e-12));
  CHECK(cs[0].n_W.isApprox(Vec3(1, 1, 1).normalized(), 1e-9));
  s.margin = 0.04;  // below the SAT gap: apart without GJK
  CHECK(CollideBoxes(cube, XA, cube, Pose{}, s.margin, s.sin_feature_tolerance, &region, &scratch).decided);
  CHECK(region.empty());
}

TEST_CASE("Box-box corpus: the SAT path gives the general path's contact sets", "[collision][box_box]") {
  // Tolerances. Where the SAT's axis is the one EPA finds (the largest gap),
  // the two differ by GJK's and EPA's convergence tolerances only (1e-12 and
  // 1e-7 relative). Where the bias kept a face over an edge pair that
  // separated up to 1 um more, the depth is up to 1 um more and the normal
  // is the face's: on boxes stacked with a turn, edge axes lie within
  // 0.005 rad of the face normal.
  const double kAngle[2] = {1e-6, 1e-2};      // rad
  const double kDepth[2] = {1e-12, 1.01e-6};  // m
  const double kPoint[2] = {1e-9, 1e-4};      // m
  const std::vector<Case> corpus = Corpus(500);
  Stats by_kind[kKinds];
  ContactRegionScratch scratch;
  std::vector<ContactPoint> region;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const Case& c = corpus[i];
    Stats& k = by_kind[c.kind];
    ++k.pairs;
    const BoxBoxResult r = CollideBoxes(c.A, c.XA, c.B, c.XB, c.margin, NarrowPhaseSettings{}.sin_feature_tolerance,
                                        &region, &scratch);
    if (!r.decided) ++k.undecided;
    const auto sat = Contacts(c.A, c.XA, c.B, c.XB, c.margin, true);
    const auto gen = Contacts(c.A, c.XA, c.B, c.XB, c.margin, false);
    INFO("case " << i << " (" << kKindNames[c.kind] << "): " << sat.size() << " SAT contacts, " << gen.size()
                 << " general, axis " << static_cast<int>(r.axis) << ", gap " << r.separation);
    if (sat.empty() != gen.empty()) ++k.existence_differs;
    REQUIRE(sat.empty() == gen.empty());
    if (sat.empty()) continue;
    ++k.touching;
    if (r.decided) (r.axis != BoxBoxAxis::kEdges ? k.face_axis : sat.size() > 1 ? k.edge_face : k.edge_axis) += 1;
    const int tier = r.decided && r.face_by_bias ? 1 : 0;
    k.biased += tier;
    const double angle = Angle(sat[0].n_W, gen[0].n_W);
    const double depth = std::abs(MinSeparation(sat) - MinSeparation(gen));
    double point = 0.0;
    for (const Contact& p : sat) point = std::max(point, DistanceToRegion(p.p_W, gen, gen[0].n_W));
    for (const Contact& p : gen) point = std::max(point, DistanceToRegion(p.p_W, sat, gen[0].n_W));
    k.angle[tier] = std::max(k.angle[tier], angle);
    k.depth[tier] = std::max(k.depth[tier], depth);
    k.point[tier] = std::max(k.point[tier], point);
    if (sat.size() != gen.size()) ++k.count_differs;
    for (const Contact& p : sat) CHECK(p.n_W == sat[0].n_W);  // one normal per pair
    CHECK(angle <= kAngle[tier]);
    CHECK(depth <= kDepth[tier]);
    CHECK(point <= kPoint[tier]);
    CHECK(sat.size() == gen.size());
  }
  Stats all;
  for (int kind = 0; kind < kKinds; ++kind) {
    const Stats& k = by_kind[kind];
    all.Add(k);
    std::printf("%-26s %4d pairs, %4d touching (axis: face %4d, edges %3d, edges seen on a face %3d; GJK %3d; "
                "face by bias %3d): angle %.2g / %.2g rad, depth %.2g / %.2g m, point %.2g / %.2g m\n",
                kKindNames[kind], k.pairs, k.touching, k.face_axis, k.edge_axis, k.edge_face, k.undecided, k.biased,
                k.angle[0], k.angle[1], k.depth[0], k.depth[1], k.point[0], k.point[1]);
    // Every kind reaches the paths it is meant to test.
    CHECK(k.touching >= k.pairs / 3);
  }
  CHECK(all.pairs == 500 * kKinds);
  CHECK(all.existence_differs == 0);
  CHECK(all.count_differs == 0);
  // The corpus exercises every branch: face and edge axes, edge axes seen
  // on a face, GJK for corners apart, and the bias.
  CHECK(all.face_axis > 1000);
  CHECK(all.edge_axis > 500);
  CHECK(all.edge_face > 100);
  CHECK(by_kind[kCornerApart].undecided == by_kind[kCornerApart].pairs);
  CHECK(all.biased > 10);
}
