// Soft contacts (solvers/soft_contact.h, WorldSettings::contact_hertz)
// against the spring-damper they stand for: a ball (m_eff = m for its
// single normal row through the centre) on a level floor is a mass on a
// spring k = m omega^2 with damper c = 2 zeta m omega. It rests g / omega^2
// below its resting gap, and released at the gap it oscillates about that
// depth at omega sqrt(1 - zeta^2), each swing exp(-2 pi zeta / sqrt(1 -
// zeta^2)) of the last.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

#include "core/scene/scene_json.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kR = 0.05, kThreshold = 1e-4;

struct Ball {
  World world;
  BodyId ball = -1;
};

// The ball's lowest point `depth` below the resting gap (threshold / 2).
// `slider`: on a vertical prismatic joint to the floor, so that its island
// has joint rows and Gauss-Seidel sweeps the Delassus operator G (the G
// form) instead of body velocities (the velocity form); the normal row's
// m_eff is still m.
Ball MakeBall(double hertz, double zeta, double depth, bool slider = false) {
  WorldSettings s;
  s.contact_solver = ContactSolver::kPgs;
  s.contact_hertz = hertz;
  s.contact_damping_ratio = zeta;
  Ball b{World(s)};
  REQUIRE(b.world.AddBody(GroundPlane()).ok());
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{kR};
  ball.mass = 0.5;
  ball.X_WB.p = Vec3(0.0, 0.0, kR + 0.5 * kThreshold - depth);
  b.ball = b.world.AddBody(ball).value();
  if (slider) {
    JointDef j;
    j.name = "slider";
    j.type = JointType::kPrismatic;
    j.parent = 0;
    j.child = b.ball;
    j.anchor_W = ball.X_WB.p;
    j.axis_W = Vec3::UnitZ();
    j.collide_connected = true;
    REQUIRE(b.world.AddJoint(j).ok());
  }
  return b;
}

}  // namespace

TEST_CASE("Soft contact: a ball rests g / omega^2 below its resting gap", "[solvers][pgs][soft]") {
  for (const bool slider : {false, true}) {
    for (const double hertz : {30.0, 60.0}) {
      const double omega = 2.0 * std::numbers::pi * hertz;
      Ball b = MakeBall(hertz, 1.0, 0.0, slider);
      for (int k = 0; k < 1200; ++k) REQUIRE(b.world.Step(0.0025).ok());
      const double sink = kR + 0.5 * kThreshold - b.world.pose(b.ball).p.z();
      INFO(hertz << " Hz" << (slider ? ", on a slider" : "") << ": sinks " << sink << " m");
      // 0.276 mm at 30 Hz, 0.069 mm at 60 Hz. The solver's own regularisation
      // (1e-6 of the largest diagonal, PgsSettings::regularization) is one more
      // compliance in series: 1e-6 a2 of the spring's (a2 = 2.8 at 30 Hz, 7.7
      // at 60), so 1e-5 holds it and the sweeps' 1e-7.
      CHECK(sink == Approx(kG / (omega * omega)).epsilon(1e-5));
      CHECK(std::abs(b.world.linear_velocity(b.ball).z()) < 1e-9);
    }
  }
  // Rigid (0 Hz, the default): it rests at its resting gap, to the
  // nanometre its regularisation leaves (1.1 nm here), 250,000 times less.
  Ball rigid = MakeBall(0.0, 1.0, 0.0);
  for (int k = 0; k < 1200; ++k) REQUIRE(rigid.world.Step(0.0025).ok());
  INFO("rigid: " << kR + 0.5 * kThreshold - rigid.world.pose(rigid.ball).p.z() << " m below the gap");
  CHECK(std::abs(kR + 0.5 * kThreshold - rigid.world.pose(rigid.ball).p.z()) < 1e-8);
}

TEST_CASE(
    "Soft contact: released at its gap, a ball swings at omega sqrt(1 - "
    "zeta^2) and each swing decays by exp(-2 pi zeta / sqrt(1 - zeta^2))",
    "[solvers][pgs][soft]") {
  // 10 Hz, zeta = 0.2, h = 0.25 ms (h omega = 0.016). The step is
  // implicit in the spring and the damper (x and v at the step's end), so
  // it damps on its own: backward Euler shrinks an undamped swing by
  // 1 / sqrt(1 + (h omega)^2) a step, i.e. zeta grows by h omega / 2 = 0.008,
  // which moves the decay per swing by 5 %; the swing's period moves by
  // O((h omega)^2) only. The minima are found to the step, 0.25 % of a swing.
  const double hertz = 10.0, zeta_set = 0.2, h = 0.00025;
  const double omega = 2.0 * std::numbers::pi * hertz;
  const double zeta = zeta_set + 0.5 * h * omega;
  Ball b = MakeBall(hertz, zeta_set,
                    1e-7);  // 0.1 um in: the row is soft from the start
  const double rest = kR + 0.5 * kThreshold - kG / (omega * omega);
  std::vector<double> t_min,
      dz_min;  // each swing's lowest point: time, depth below rest
  double z2 = 0.0, z1 = 0.0;
  for (int k = 0; k < 2400; ++k) {  // 0.6 s: 5.9 swings
    REQUIRE(b.world.Step(h).ok());
    const double z = b.world.pose(b.ball).p.z();
    if (k >= 2 && z1 < z2 && z1 <= z) {
      t_min.push_back(k * h);  // z1 was reached at step k - 1 (time k h)
      dz_min.push_back(rest - z1);
    }
    z2 = z1;
    z1 = z;
  }
  REQUIRE(t_min.size() >= 4);
  const double period = 2.0 * std::numbers::pi / (omega * std::sqrt(1.0 - zeta * zeta));
  const double decay = std::exp(-2.0 * std::numbers::pi * zeta / std::sqrt(1.0 - zeta * zeta));
  for (std::size_t i = 1; i < 4; ++i) {
    INFO("swing " << i << ": " << t_min[i] - t_min[i - 1] << " s against " << period << "; depth " << dz_min[i]
                  << " m after " << dz_min[i - 1]);
    CHECK((t_min[i] - t_min[i - 1]) == Approx(period).epsilon(0.01));
    CHECK(dz_min[i] / dz_min[i - 1] == Approx(decay).epsilon(0.01));
  }
  // The first swing goes g / omega^2 past rest, less its decay over half a
  // swing: exp(-pi zeta / sqrt(1 - zeta^2)).
  CHECK(dz_min[0] == Approx(kG / (omega * omega) * std::sqrt(decay)).epsilon(0.01));
}
