#include "core/grasp/grasp_quality.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

namespace grasplab {
namespace {

// Two contacts at the ends of a diameter of a sphere (radius 1 at the
// origin), pushing inward.
std::vector<GraspContact> Antipodal(double mu) {
  return {{Vec3(1, 0, 0), Vec3(-1, 0, 0), mu}, {Vec3(-1, 0, 0), Vec3(1, 0, 0), mu}};
}

GraspQualitySettings Model(GraspContactModel m) {
  GraspQualitySettings s;
  s.model = m;
  return s;
}

TEST_CASE("Two antipodal soft-finger contacts on a sphere are force closure iff mu > 0", "[grasp]") {
  const auto soft = Model(GraspContactModel::kSoftFinger);
  for (double mu : {0.1, 0.5, 1.0}) {
    const GraspQuality q = EvaluateGrasp(Antipodal(mu), Vec3::Zero(), 1.0, soft);
    CHECK(q.force_closure);
    CHECK(q.epsilon_l1 > 0.0);
    CHECK(q.volume_l1 > 0.0);
  }
  const GraspQuality q0 = EvaluateGrasp(Antipodal(0.0), Vec3::Zero(), 1.0, soft);
  CHECK_FALSE(q0.force_closure);
  CHECK(q0.epsilon_l1 == 0.0);
  CHECK(q0.volume_l1 == 0.0);
}

TEST_CASE("Two antipodal point contacts with friction cannot resist torque about their axis", "[grasp]") {
  // No wrench has a torque about x: the wrench space is 5-dimensional.
  const GraspQuality q = EvaluateGrasp(Antipodal(0.8), Vec3::Zero(), 1.0, Model(GraspContactModel::kPointContact));
  CHECK_FALSE(q.force_closure);
  CHECK(q.rank == 5);
  CHECK(q.epsilon_l1 == 0.0);
}

TEST_CASE("Frictionless contacts are never force closure with two contacts", "[grasp]") {
  const auto none = Model(GraspContactModel::kFrictionless);
  for (double mu : {0.0, 1.0}) {
    const GraspQuality q = EvaluateGrasp(Antipodal(mu), Vec3::Zero(), 1.0, none);
    CHECK_FALSE(q.force_closure);
    CHECK(q.wrench_count == 2);
  }
}

// Three contacts at 120 degrees on a disc of radius R, pushing inward; in the
// plane, wrench (fx, fy, tau / R). The L1 space is a twisted triangular
// prism: top vertices (-e_r + mu e_theta, mu), bottom (-e_r - mu e_theta, -mu)
// at radius s = sqrt(1 + mu^2) and angles theta_i + 180 deg -+ alpha,
// alpha = atan(mu). Its faces: top and bottom at distance mu, and six side
// triangles, each through a top edge and the bottom vertex between its ends,
// at distance mu s (1/2 + cos(60 deg - 2 alpha)) /
// sqrt(s^2 (cos(60 deg - 2 alpha) - 1/2)^2 + 4 mu^2).
double DiscEpsilon(double mu) {
  const double s = std::sqrt(1.0 + mu * mu), a = std::atan(mu);
  const double c = std::cos(M_PI / 3.0 - 2.0 * a);
  const double side = mu * s * (0.5 + c) / std::sqrt(s * s * (c - 0.5) * (c - 0.5) + 4.0 * mu * mu);
  return std::min(mu, side);
}

std::vector<GraspContact> Disc(double R, double mu, double phase) {
  std::vector<GraspContact> c;
  for (int i = 0; i < 3; ++i) {
    const double t = phase + 2.0 * M_PI * i / 3.0;
    const Vec3 er(std::cos(t), std::sin(t), 0.0);
    c.push_back({R * er, -er, mu});
  }
  return c;
}

TEST_CASE("Three symmetric contacts on a disc have the analytic planar epsilon", "[grasp]") {
  GraspQualitySettings planar;
  planar.space = GraspSpace::kPlanar;
  for (double mu : {0.1, 0.3, 0.6, 1.0}) {
    const double R = 0.05;
    const GraspQuality q = EvaluateGrasp(Disc(R, mu, 0.0), Vec3::Zero(), R, planar);
    INFO("mu = " << mu);
    CHECK(q.force_closure);
    CHECK(q.rank == 3);
    CHECK(q.epsilon_l1 == Approx(DiscEpsilon(mu)).epsilon(1e-9));
    // Ferrari & Canny: W_L1 is inside W_Linf, which is inside n W_L1.
    REQUIRE(q.has_linf);
    CHECK(q.epsilon_linf >= q.epsilon_l1 - 1e-12);
    CHECK(q.epsilon_linf <= 3.0 * q.epsilon_l1 + 1e-12);
    CHECK(q.volume_linf >= q.volume_l1);
    CHECK(q.volume_linf <= 27.0 * q.volume_l1);
  }
  // Without friction the three normals meet at the centre: no torque.
  CHECK_FALSE(EvaluateGrasp(Disc(0.05, 0.0, 0.0), Vec3::Zero(), 0.05, planar).force_closure);
}

TEST_CASE("Planar grasp metrics are invariant under rotation of the grasp and exact in the plane", "[grasp]") {
  GraspQualitySettings planar;
  planar.space = GraspSpace::kPlanar;
  const GraspQuality a = EvaluateGrasp(Disc(0.05, 0.4, 0.0), Vec3::Zero(), 0.05, planar);
  const GraspQuality b = EvaluateGrasp(Disc(0.05, 0.4, 0.7), Vec3::Zero(), 0.05, planar);
  CHECK(b.epsilon_l1 == Approx(a.epsilon_l1).epsilon(1e-9));
  CHECK(b.volume_l1 == Approx(a.volume_l1).epsilon(1e-9));
  CHECK(b.epsilon_linf == Approx(a.epsilon_linf).epsilon(1e-9));
}

// Four contacts on a cube (half size 0.03): a pinch on two faces plus two
// contacts on the bottom, all with friction.
std::vector<GraspContact> CubeGrasp() {
  return {{Vec3(0.03, 0.01, 0.0), Vec3(-1, 0, 0), 0.5},
          {Vec3(-0.03, -0.01, 0.005), Vec3(1, 0, 0), 0.5},
          {Vec3(0.01, 0.0, -0.03), Vec3(0, 0, 1), 0.5},
          {Vec3(-0.01, 0.015, 0.03), Vec3(0, 0, -1), 0.5}};
}

TEST_CASE("Spatial grasp metrics do not depend on the order of the contacts", "[grasp]") {
  auto c = CubeGrasp();
  GraspQualitySettings four;
  four.friction_edges = 4;  // keeps the L-infinity hull small
  const GraspQuality a = EvaluateGrasp(c, Vec3::Zero(), 0.052, four);
  std::swap(c[0], c[3]);
  std::swap(c[1], c[2]);
  const GraspQuality b = EvaluateGrasp(c, Vec3::Zero(), 0.052, four);
  REQUIRE(a.force_closure);
  CHECK(b.epsilon_l1 == Approx(a.epsilon_l1).epsilon(1e-9));
  CHECK(b.volume_l1 == Approx(a.volume_l1).epsilon(1e-9));
  REQUIRE(a.has_linf);
  CHECK(b.epsilon_linf == Approx(a.epsilon_linf).epsilon(1e-9));
  CHECK(b.volume_linf == Approx(a.volume_linf).epsilon(1e-9));
}

TEST_CASE("Spatial grasp metrics are invariant under a rigid motion up to cone linearisation", "[grasp]") {
  GraspQualitySettings fine;
  fine.friction_edges = 16;
  fine.compute_linf = false;
  const GraspQuality a = EvaluateGrasp(CubeGrasp(), Vec3::Zero(), 0.052, fine);
  const Quat R = Quat(Eigen::AngleAxisd(0.9, Vec3(1, 2, 3).normalized()));
  const Vec3 t(0.4, -0.2, 1.0);
  std::vector<GraspContact> moved;
  for (GraspContact c : CubeGrasp()) moved.push_back({R * c.p_W + t, R * c.n_W, c.friction});
  const GraspQuality b = EvaluateGrasp(moved, t, 0.052, fine);
  REQUIRE(a.force_closure);
  REQUIRE(b.force_closure);
  // A 16-edge cone is within cos(pi/16) = 0.981 of the circular one in every
  // direction, so the rotated edges change the metrics by a few per cent.
  CHECK(b.epsilon_l1 == Approx(a.epsilon_l1).epsilon(0.03));
  CHECK(b.volume_l1 == Approx(a.volume_l1).epsilon(0.1));
}

TEST_CASE("The L-infinity space is skipped with a note when it would be too large", "[grasp]") {
  const GraspQuality q = EvaluateGrasp(CubeGrasp(), Vec3::Zero(), 0.052);  // 8 edges: 9^4 sums
  CHECK(q.force_closure);
  CHECK(q.epsilon_l1 > 0.0);
  CHECK_FALSE(q.has_linf);
  CHECK_THAT(q.note, Catch::Contains("L-infinity wrench space skipped"));
}

TEST_CASE("Grasp evaluation rejects bad contacts with a note instead of a NaN", "[grasp]") {
  std::vector<GraspContact> c = CubeGrasp();
  c[1].n_W = Vec3(std::nan(""), 0, 0);
  const GraspQuality q = EvaluateGrasp(c, Vec3::Zero(), 0.05);
  CHECK_FALSE(q.force_closure);
  CHECK(q.epsilon_l1 == 0.0);
  CHECK_THAT(q.note, Catch::Contains("non-finite"));
  CHECK_THAT(EvaluateGrasp(CubeGrasp(), Vec3::Zero(), 0.0).note, Catch::Contains("torque scale"));
}

}  // namespace
}  // namespace grasplab

namespace grasplab {
namespace {

double Dot(const GraspQuality& q, int i, int dim) {
  double s = 0.0;
  for (int k = 0; k < dim; ++k) s += q.generators[i * dim + k] * q.weakest[k];
  return s;
}

TEST_CASE("The weakest direction of the disc grasp: pure torque with little friction, at epsilon", "[grasp]") {
  // DiscEpsilon: with mu = 0.1 the top and bottom faces (tau / R = +-mu) are
  // nearer the origin than the side faces (0.45): the grasp resists torque
  // least, so weakest = (0, 0, +-1) at margin mu. With mu = 1 a side face
  // (0.935) is nearer than the top (1): force and torque mixed.
  GraspQualitySettings planar;
  planar.space = GraspSpace::kPlanar;
  for (double mu : {0.1, 1.0}) {
    const GraspQuality q = EvaluateGrasp(Disc(0.05, mu, 0.0), Vec3::Zero(), 0.05, planar);
    INFO("mu = " << mu);
    REQUIRE(q.has_weakest);
    CHECK(q.weakest_margin == Approx(DiscEpsilon(mu)).epsilon(1e-9));
    CHECK(std::hypot(q.weakest[0], q.weakest[1], q.weakest[2]) == Approx(1.0).epsilon(1e-12));
    CHECK(q.generators.size() == 3u * 2u * 3u);  // 3 contacts x 2 planar edges x (fx, fy, tau/R)
    if (mu == 0.1) CHECK(std::abs(q.weakest[2]) == Approx(1.0).epsilon(1e-9));
    else CHECK(std::abs(q.weakest[2]) < 0.99);  // a side face: force and torque mixed
  }
}

TEST_CASE("Every L1 generator lies behind the weakest facet, and a facet's worth lie on it", "[grasp]") {
  const GraspQuality q = EvaluateGrasp(CubeGrasp(), Vec3::Zero(), 0.052);
  REQUIRE(q.force_closure);
  REQUIRE(q.has_weakest);
  CHECK(q.weakest_margin == Approx(q.epsilon_l1).epsilon(1e-12));
  int on = 0;
  for (int i = 0; i < q.wrench_count; ++i) {
    const double d = Dot(q, i, 6);
    CHECK(d <= q.weakest_margin + 1e-9);
    if (d > q.weakest_margin - 1e-9) ++on;
  }
  CHECK(on >= 6);  // a simplicial facet of the 6-D hull
}

TEST_CASE("Two antipodal point contacts: the weakest direction is the torque about their axis", "[grasp]") {
  // Every wrench has tau_x = 0 (rank 5): the hull is flat, and the unresisted
  // direction is the torque about x, at margin 0.
  const GraspQuality q = EvaluateGrasp(Antipodal(0.8), Vec3::Zero(), 1.0, Model(GraspContactModel::kPointContact));
  REQUIRE(q.has_weakest);
  CHECK(std::abs(q.weakest[3]) == Approx(1.0).epsilon(1e-9));
  CHECK(std::abs(q.weakest_margin) < 1e-12);
}

TEST_CASE("A cube on four supports cannot resist being lifted: weakest is -z force at margin -1", "[grasp]") {
  // Four contacts under a cube push up (n = +z): every unit-normal-force
  // wrench has f_z = 1, so the hand can never pull down; the disturbance
  // -weakest = +z (lifting) breaks it, and the hull lies at distance 1
  // beyond the origin along it.
  std::vector<GraspContact> c;
  for (double x : {-0.02, 0.02}) {
    for (double y : {-0.02, 0.02}) c.push_back({Vec3(x, y, -0.03), Vec3(0, 0, 1), 0.5});
  }
  const GraspQuality q = EvaluateGrasp(c, Vec3::Zero(), 0.052);
  CHECK_FALSE(q.force_closure);
  REQUIRE(q.has_weakest);
  CHECK(q.weakest[2] == Approx(-1.0).epsilon(1e-9));
  CHECK(q.weakest_margin == Approx(-1.0).epsilon(1e-9));
}

}  // namespace
}  // namespace grasplab
