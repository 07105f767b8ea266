// A barrier for the workers of one WorkerPool::RunOnEach (base/worker_pool.h)
// that meet many times in a short job: a parallel Gauss-Seidel meets once
// per stage of every sweep, ~50 times in a 10 ms step
// (solvers/pgs_cone_solver.cc), where waking a thread through a condition
// variable costs ~50 us. The last worker to arrive opens the next phase;
// the others spin on the phase number, and yield their core after a few
// hundred polls, so a worker the OS has taken off its core gets it back
// (the machine has as many cores as workers, not more).
//
// Memory order: what a worker wrote before Wait is visible to every worker
// after its Wait returns (the arrival is a release, the phase an acquire).
//
// Written here rather than std::barrier: libstdc++ 12's std::barrier waits
// through futexes after a short spin and Emscripten 3.1.6's libc++ has no
// <barrier>; this one is a counter and a phase (as Box2D v3's workers wait
// on an atomic sync index). With one worker Wait returns at once (WASM).
#pragma once

#include <atomic>
#include <thread>

namespace grasplab {

class SpinBarrier {
 public:
  explicit SpinBarrier(int workers) : workers_(workers) {}
  SpinBarrier(const SpinBarrier&) = delete;
  SpinBarrier& operator=(const SpinBarrier&) = delete;

  void Wait() {
    if (workers_ <= 1) return;
    const int phase = phase_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) == workers_ - 1) {
      arrived_.store(0, std::memory_order_relaxed);
      phase_.store(phase + 1, std::memory_order_release);
      return;
    }
    for (int polls = 0; phase_.load(std::memory_order_acquire) == phase; ++polls) {
      if (polls >= kPollsBeforeYield) std::this_thread::yield();
    }
  }

 private:
  static constexpr int kPollsBeforeYield = 256;
  const int workers_;
  std::atomic<int> arrived_{0};
  std::atomic<int> phase_{0};
};

}  // namespace grasplab
