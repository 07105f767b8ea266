// The worker pool (base/worker_pool.h): every item of a ParallelFor runs
// exactly once, on a worker in [0, size()), whatever the item count, chunk
// and number of threads; a task's exception reaches the caller; the pool
// clamps its size.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "core/base/worker_pool.h"

using namespace grasplab;

TEST_CASE("WorkerPool: every item once, on a worker of the pool", "[threads]") {
  for (int threads : {1, 2, 3, 5}) {
    WorkerPool pool(threads);
    REQUIRE(pool.size() == threads);
    for (int count : {0, 1, 15, 16, 17, 1000}) {
      for (int chunk : {1, 7, 16}) {
        INFO("threads " << threads << ", count " << count << ", chunk " << chunk);
        // Each item is written by the one worker that runs it: no race.
        std::vector<int> runs(count, 0), worker(count, -1);
        const auto fn = [&](int w, int begin, int end) {
          for (int i = begin; i < end; ++i) ++runs[i], worker[i] = w;
        };
        pool.ParallelFor(count, chunk, fn);
        int wrong = 0;
        for (int i = 0; i < count; ++i) wrong += runs[i] != 1 || worker[i] < 0 || worker[i] >= pool.size();
        CHECK(wrong == 0);
      }
    }
  }
}

TEST_CASE("WorkerPool: a task's exception reaches the caller, and the pool runs on", "[threads]") {
  WorkerPool pool(2);
  const auto throwing = [](int, int begin, int end) {
    for (int i = begin; i < end; ++i) {
      if (i == 37) throw std::runtime_error("item 37");
    }
  };
  CHECK_THROWS_WITH(pool.ParallelFor(100, 4, throwing), "item 37");
  std::vector<int> runs(100, 0);
  const auto count = [&](int, int begin, int end) {
    for (int i = begin; i < end; ++i) ++runs[i];
  };
  pool.ParallelFor(100, 4, count);
  int total = 0;
  for (int r : runs) total += r;
  CHECK(total == 100);
}

TEST_CASE("WorkerPool: its size is clamped to [1, kMaxThreads]", "[threads]") {
  CHECK(WorkerPool(0).size() == 1);
  CHECK(WorkerPool(-4).size() == 1);
  CHECK(WorkerPool(1000).size() == WorkerPool::kMaxThreads);
  CHECK(WorkerPool::HardwareThreads() >= 1);
  CHECK(WorkerPool::HardwareThreads() <= WorkerPool::kMaxThreads);
}
