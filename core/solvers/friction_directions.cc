#include "core/solvers/friction_directions.h"

#include <cmath>

#include "core/math/tangent_basis.h"

namespace grasplab {
namespace {

// cos(2 pi k / u) for the supported u, from sqrt only.
double UnitCosFromSqrt(int k, int u) {
  const double s2 = std::sqrt(0.5), s3 = std::sqrt(3.0) / 2.0;
  const double c16a = std::sqrt(2.0 + std::sqrt(2.0)) / 2.0;  // cos 22.5
  const double c16b = std::sqrt(2.0 - std::sqrt(2.0)) / 2.0;  // cos 67.5
  k %= u;
  switch (u) {
    case 4: { const double t[4] = {1, 0, -1, 0}; return t[k]; }
    case 6: { const double t[6] = {1, 0.5, -0.5, -1, -0.5, 0.5}; return t[k]; }
    case 8: { const double t[8] = {1, s2, 0, -s2, -1, -s2, 0, s2}; return t[k]; }
    case 12: { const double t[12] = {1, s3, 0.5, 0, -0.5, -s3, -1, -s3, -0.5, 0, 0.5, s3}; return t[k]; }
    default: {
      const double t[16] = {1, c16a, s2, c16b, 0, -c16b, -s2, -c16a, -1, -c16a, -s2, -c16b, 0, c16b, s2, c16a};
      return t[k];
    }
  }
}

// Every (cos, sin) pair of the supported u, formed once: the LCP's rows ask
// for them per contact and edge every step (BuildRows), and the sqrt
// expressions and the tables above cost ~12 k instructions a grasp step.
// The same doubles as forming them on each call.
struct DirectionTable {
  double cos[5][16], sin[5][16];
  static int Slot(int u) { return u == 4 ? 0 : u == 6 ? 1 : u == 8 ? 2 : u == 12 ? 3 : 4; }
  DirectionTable() {
    for (int u : {4, 6, 8, 12, 16}) {
      for (int k = 0; k < u; ++k) {
        cos[Slot(u)][k] = UnitCosFromSqrt(k, u);
        if (u % 4 == 0) {
          sin[Slot(u)][k] = UnitCosFromSqrt(k + u - u / 4, u);  // sin(a) = cos(a - 90 deg) = cos(2 pi (k - u/4) / u)
        } else {
          // u = 6: 90 degrees is not a whole number of 60-degree steps.
          const double s3 = std::sqrt(3.0) / 2.0;
          const double t[6] = {0, s3, s3, 0, -s3, -s3};
          sin[Slot(u)][k] = t[k];
        }
      }
    }
  }
};

const DirectionTable& Directions() {
  static const DirectionTable table;
  return table;
}

}  // namespace

Status ValidateFrictionDirections(int u, const std::string& field) {
  if (u == 4 || u == 6 || u == 8 || u == 12 || u == 16) return Status::Ok();
  return Status::Error(field + ": must be 4, 6, 8, 12 or 16, got " + std::to_string(u));
}

void FrictionDirectionCoefficients(int u, int k, double* cos_k, double* sin_k) {
  const DirectionTable& t = Directions();
  const int slot = DirectionTable::Slot(u);
  k %= u;
  *cos_k = t.cos[slot][k];
  *sin_k = t.sin[slot][k];
}

void FrictionDirectionTable(int u, const double** cos, const double** sin) {
  const DirectionTable& t = Directions();
  const int slot = DirectionTable::Slot(u);
  *cos = t.cos[slot];
  *sin = t.sin[slot];
}

void FrictionDirections(const Vec3& n, int u, std::vector<Vec3>* out) {
  Vec3 t1, t2;
  TangentBasis(n, &t1, &t2);
  const double *c, *s;
  FrictionDirectionTable(u, &c, &s);
  for (int k = 0; k < u; ++k) out->push_back(c[k] * t1 + s[k] * t2);
}

double FrictionConeInscribedRatio(int u) {
  // cos(pi / u) = cos(2 pi (1/2) / u): half a step, which the tables do not hold.
  switch (u) {
    case 4: return std::sqrt(0.5);
    case 6: return std::sqrt(3.0) / 2.0;
    case 8: return std::sqrt(2.0 + std::sqrt(2.0)) / 2.0;
    case 12: return std::sqrt(2.0 + std::sqrt(3.0)) / 2.0;
    default: return std::sqrt(2.0 + std::sqrt(2.0 + std::sqrt(2.0))) / 2.0;
  }
}

}  // namespace grasplab
