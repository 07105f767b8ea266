// Peer benchmark (not built by the project's two commands): Siconos
// numerics' lexicographic Lemke (lcp_lexicolemke, Debian
// libsiconos-numerics-dev) on the LCP sequences that grasplab_bench_lemke
// --write recorded, cold start as Siconos has no warm start. Built and run
// by scripts/bench-peers.sh; prints one table row per file with the same
// timing rule as grasplab_bench_lemke (per LCP the minimum over repeats).
#include <siconos/numerics/LCP_Solvers.h>
#include <siconos/numerics/LinearComplementarityProblem.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/lcp_cst.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

struct Lcp {
  int n;
  std::vector<double> M_colmajor, q;
};

static bool Read(const char* path, std::vector<Lcp>* out) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  std::int32_t count = 0;
  if (std::fread(&count, sizeof count, 1, f) != 1) return false;
  for (int c = 0; c < count; ++c) {
    std::int32_t n = 0;
    if (std::fread(&n, sizeof n, 1, f) != 1) return false;
    Lcp lcp{n, std::vector<double>(static_cast<std::size_t>(n) * n), std::vector<double>(n)};
    std::vector<double> row(n);
    for (int i = 0; i < n; ++i) {
      if (std::fread(row.data(), sizeof(double), n, f) != static_cast<std::size_t>(n)) return false;
      for (int j = 0; j < n; ++j) lcp.M_colmajor[static_cast<std::size_t>(j) * n + i] = row[j];
    }
    if (std::fread(lcp.q.data(), sizeof(double), n, f) != static_cast<std::size_t>(n)) return false;
    std::vector<std::uint8_t> support(n);
    if (std::fread(support.data(), 1, n, f) != static_cast<std::size_t>(n)) return false;
    out->push_back(std::move(lcp));
  }
  std::fclose(f);
  return true;
}

int main(int argc, char** argv) {
  int repeat = 5;
  std::printf("| sequence | n | Siconos lexicolemke: us/solve (max) | failed | worst residual (rel.) |\n|---|---:|---:|---:|---:|\n");
  for (int a = 1; a < argc; ++a) {
    std::vector<Lcp> seq;
    if (!Read(argv[a], &seq) || seq.empty()) {
      std::fprintf(stderr, "%s: unreadable\n", argv[a]);
      return 1;
    }
    std::vector<double> best(seq.size(), 1e300);
    int failed = 0;
    double worst = 0.0, n_mean = 0.0;
    for (int r = 0; r < repeat; ++r) {
      for (std::size_t k = 0; k < seq.size(); ++k) {
        Lcp& lcp = seq[k];
        const int n = lcp.n;
        NumericsMatrix* M = NM_create_from_data(NM_DENSE, n, n, lcp.M_colmajor.data());
        LinearComplementarityProblem problem{n, M, lcp.q.data()};
        SolverOptions* options = solver_options_create(SICONOS_LCP_LEMKE);
        options->iparam[SICONOS_IPARAM_MAX_ITER] = 50 * n + 100;
        std::vector<double> z(n, 0.0), w(n, 0.0);
        int info = 0;
        const auto t0 = std::chrono::steady_clock::now();
        lcp_lexicolemke(&problem, z.data(), w.data(), &info, options);
        const double us = 1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best[k] = std::min(best[k], us);
        if (r == 0) {
          n_mean += n;
          // Natural residual max |min(z, M z + q)| relative to 1 + max |q|, as ours.
          double res = 0.0, qmax = 0.0;
          for (int i = 0; i < n; ++i) {
            double wi = lcp.q[i];
            for (int j = 0; j < n; ++j) wi += lcp.M_colmajor[static_cast<std::size_t>(j) * n + i] * z[j];
            res = std::max(res, std::abs(std::min(z[i], wi)));
            qmax = std::max(qmax, std::abs(lcp.q[i]));
          }
          res /= 1.0 + qmax;
          if (info != 0 || !(res <= 1e-4)) ++failed;
          else worst = std::max(worst, res);
        }
        solver_options_delete(options);
        M->matrix0 = nullptr;  // the data is ours
        NM_free(M);            // frees the struct too
      }
    }
    double mean = 0.0, mx = 0.0;
    for (double us : best) mean += us, mx = std::max(mx, us);
    mean /= seq.size();
    std::printf("| %s | %.0f | %.1f (%.1f) | %d / %zu | %.1e |\n", argv[a], n_mean / seq.size(), mean, mx, failed, seq.size(), worst);
  }
  return 0;
}
