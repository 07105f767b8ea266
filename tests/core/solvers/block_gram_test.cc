// The free-body coupling H W H^T (core/solvers/block_gram): bit for bit
// the per-entry formula it replaces (every pair of blocks compared, the
// matching ones' dot products summed from +0 in a-then-b order), on random
// rows whose body lists repeat in runs, recur later, and share bodies in
// a different order; and within rounding of the dense product H W H^T.
#include <catch2/catch.hpp>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/solvers/block_gram.h"

using namespace grasplab;

namespace {

constexpr int kB = JacobianRow::kMaxBlocks;

// The per-entry loop of ReduceIsland before block_gram.
double ReferenceEntry(const std::vector<JacobianRow>& rows, const std::vector<Vec6>& WH, int i, int k) {
  double s = 0.0;
  for (int a = 0; a < rows[i].count; ++a) {
    for (int b = 0; b < rows[k].count; ++b) {
      if (rows[i].body[a] == rows[k].body[b]) s += rows[i].J[a].dot(WH[k * kB + b]);
    }
  }
  return s;
}

Vec6 RandomBlock(std::mt19937* rng) {
  // Magnitudes over six decades, so that summing in another order rounds
  // differently.
  std::uniform_real_distribution<double> u(-1.0, 1.0), e(-3.0, 3.0);
  Vec6 v;
  for (int k = 0; k < 6; ++k) v[k] = u(*rng) * std::pow(10.0, e(*rng));
  return v;
}

}  // namespace

TEST_CASE("BlockGramLower equals the per-entry block sums bit for bit", "[block_gram]") {
  std::mt19937 rng(18);
  const std::vector<std::vector<int>> lists = {
      {}, {0}, {0, 1}, {1, 0}, {2, 0, 1}, {3}, {1, 2, 3, 0}, {4, 5}, {5, 1}, {0, 1, 2, 3}};
  for (int trial = 0; trial < 20; ++trial) {
    INFO("trial " << trial);
    // Runs of 1-4 rows on one body list (a contact's normal, tangents and
    // torsion), lists drawn with repetition so they recur later.
    std::vector<JacobianRow> rows;
    std::uniform_int_distribution<int> pick(0, static_cast<int>(lists.size()) - 1), run(1, 4);
    while (rows.size() < 45) {
      const std::vector<int>& l = lists[pick(rng)];
      for (int r = run(rng); r > 0; --r) {
        JacobianRow row;
        for (int body : l) row.Add(body, RandomBlock(&rng));
        rows.push_back(row);
      }
    }
    const int mh = static_cast<int>(rows.size());
    std::vector<Vec6> WH(static_cast<std::size_t>(mh) * kB, Vec6::Zero());
    for (int r = 0; r < mh; ++r) {
      for (int b = 0; b < rows[r].count; ++b) WH[r * kB + b] = RandomBlock(&rng);
    }
    const double sentinel = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> G(static_cast<std::size_t>(mh) * mh, sentinel);
    BlockGramScratch scratch;
    BlockGramLower(rows, WH, G.data(), &scratch);
    int mismatches = 0, multi_pair_entries = 0;
    for (int i = 0; i < mh; ++i) {
      for (int k = 0; k < mh; ++k) {
        const double g = G[static_cast<std::size_t>(i) * mh + k];
        if (k > i) {
          // The upper triangle is left alone.
          if (std::bit_cast<std::uint64_t>(g) != std::bit_cast<std::uint64_t>(sentinel)) ++mismatches;
          continue;
        }
        const double want = ReferenceEntry(rows, WH, i, k);
        if (std::bit_cast<std::uint64_t>(g) != std::bit_cast<std::uint64_t>(want)) ++mismatches;
        int pairs = 0;
        for (int a = 0; a < rows[i].count; ++a) {
          for (int b = 0; b < rows[k].count; ++b) pairs += rows[i].body[a] == rows[k].body[b];
        }
        multi_pair_entries += pairs >= 2;
      }
    }
    CHECK(mismatches == 0);
    CHECK(multi_pair_entries > 0);  // the order of several dot products was exercised
  }
}

TEST_CASE("BlockGramLower is H W H^T", "[block_gram]") {
  // Three bodies; W per body a diagonal inverse mass and inertia, H dense
  // (6 columns per body), G = H W H^T against the dense product.
  std::mt19937 rng(7);
  const double inv_mass[3] = {0.5, 2.0, 0.1}, inv_inertia[3] = {40.0, 3.0, 900.0};
  std::vector<JacobianRow> rows;
  const std::vector<std::vector<int>> lists = {{0, 1}, {0, 1}, {1, 2}, {2}, {0}, {2, 0}, {1, 2}};
  for (const auto& l : lists) {
    JacobianRow row;
    for (int body : l) row.Add(body, RandomBlock(&rng));
    rows.push_back(row);
  }
  const int mh = static_cast<int>(rows.size());
  std::vector<Vec6> WH(static_cast<std::size_t>(mh) * kB, Vec6::Zero());
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(mh, 18);
  Eigen::VectorXd W(18);
  for (int b = 0; b < 3; ++b) {
    W.segment<3>(6 * b).setConstant(inv_mass[b]);
    W.segment<3>(6 * b + 3).setConstant(inv_inertia[b]);
  }
  for (int r = 0; r < mh; ++r) {
    for (int b = 0; b < rows[r].count; ++b) {
      const int body = rows[r].body[b];
      H.block<1, 6>(r, 6 * body) = rows[r].J[b].transpose();
      WH[r * kB + b] = W.segment<6>(6 * body).cwiseProduct(rows[r].J[b]);
    }
  }
  const Eigen::MatrixXd dense = H * W.asDiagonal() * H.transpose();
  std::vector<double> G(static_cast<std::size_t>(mh) * mh, 0.0);
  BlockGramScratch scratch;
  BlockGramLower(rows, WH, G.data(), &scratch);
  for (int i = 0; i < mh; ++i) {
    for (int k = 0; k <= i; ++k) {
      const double scale = 1e-12 * (1.0 + std::abs(dense(i, k)) + dense.diagonal().cwiseAbs().maxCoeff());
      CHECK(G[static_cast<std::size_t>(i) * mh + k] == Approx(dense(i, k)).margin(scale));
    }
  }
  // Rows on disjoint bodies ({0, 1} and {2}) couple through exactly +0.
  CHECK(std::bit_cast<std::uint64_t>(G[3 * mh + 0]) == 0u);
}
