// CPU-time clocks for the benchmark programs (not tests): on the shared
// machine the figures to compare, where wall time also counts the time
// slices given to other processes (docs/benchmarks.md).
#pragma once

#include <ctime>

namespace grasplab {

// CPU seconds of this process (user + system, every thread).
inline double ProcessCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds of the calling thread.
inline double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace grasplab
