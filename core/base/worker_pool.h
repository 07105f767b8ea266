// A small pool of worker threads for a step's independent work items (the
// narrow phase's pair queries, world/contact_finder.h).
//
// ParallelFor(count, fn) runs fn(worker, begin, end) over [0, count) in
// chunks handed out in order from one atomic counter: the caller is worker
// 0 and takes chunks too, workers 1 .. size() - 1 are the pool's threads.
// Which worker runs which chunk varies from run to run, so a caller keeps
// determinism by writing each item's result to a place of its own (indexed
// by the item, or in the worker's own buffer with the item recording where)
// and reading the results back in item order afterwards: the result is then
// the same bits whatever the number of workers, as in Box2D v3's and Jolt's
// job systems, whose solvers are deterministic across thread counts.
//
// Written here rather than taken from a library: the work is a plain
// fork-join over a counter (a few dozen lines on std::thread), and the
// WASM build, which has no threads, must compile the same code to the
// serial loop (size() is 1 there, whatever was asked).
//
// A pool is used by one caller at a time (a World steps on one thread).
// Its threads sleep on a condition variable between calls. A process that
// forks (Python's os.fork, multiprocessing's "fork" start) gets no threads
// in the child: the pool notices the new process id, runs serially there,
// and its destructor there lets the parent's threads and their condition
// variables go without joining or destroying them (a few hundred bytes).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace grasplab {

class WorkerPool {
 public:
  // fn(context, worker, begin, end): items [begin, end), on worker `worker`.
  using Task = void (*)(void* context, int worker, int begin, int end);

  // A pool of `threads` workers in all (the caller included), clamped to
  // [1, kMaxThreads]; 1 everywhere without threads (WASM).
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Workers that take part in ParallelFor (the caller included).
  int size() const { return static_cast<int>(threads_.size()) + 1; }

  // Runs fn over [0, count) in chunks of `chunk` items (the last may be
  // shorter) and returns when every chunk is done. Serially on the caller
  // when the pool has one worker or count <= chunk. An exception thrown by
  // fn is rethrown here (the first one; the other chunks still run).
  // fn is any callable fn(int worker, int begin, int end), called by
  // reference (no copy, no allocation).
  template <class F>
  void ParallelFor(int count, int chunk, const F& fn) {
    Run(count, chunk, [](void* f, int worker, int begin, int end) { (*static_cast<const F*>(f))(worker, begin, end); },
        const_cast<F*>(&fn));
  }

  // Runs fn(worker, workers) once on each of `workers` workers at the same
  // time (the caller is worker 0), for work that synchronises inside
  // (base/spin_barrier.h: a parallel Gauss-Seidel's stages,
  // solvers/pgs_cone_solver.cc). workers is size(), or 1 when the pool runs
  // serially (one worker, or a forked child): fn must split its work by
  // `workers`, never assume size(). Returns when every worker is done.
  template <class F>
  void RunOnEach(const F& fn) {
    Run(-1, 1, [](void* f, int worker, int workers, int) { (*static_cast<const F*>(f))(worker, workers); },
        const_cast<F*>(&fn));
  }

  // What `threads = 0` asks for: the machine's hardware threads, at most
  // kMaxThreads (1 without threads).
  static int HardwareThreads();
  static constexpr int kMaxThreads = 16;

 private:
  void Run(int count, int chunk, Task task, void* context);
  void WorkerLoop(int worker);
  void RunChunks(int worker);

  std::vector<std::thread> threads_;
  // On the heap so that a forked child can let them go undestroyed: a
  // condition variable the parent's workers were waiting on at the fork
  // cannot be destroyed in the child (glibc's pthread_cond_destroy waits for
  // those waiters, who do not exist there).
  struct Sync {
    std::mutex mutex;
    std::condition_variable start, done;
  };
  std::unique_ptr<Sync> sync_ = std::make_unique<Sync>();
  std::uint64_t generation_ = 0;  // one per ParallelFor; workers wait for it to change
  int running_ = 0;               // workers still in the current call
  bool stop_ = false;
  // The current call.
  Task task_ = nullptr;
  void* context_ = nullptr;
  int count_ = 0, chunk_ = 1;  // count_ -1: RunOnEach (each worker runs the task once)
  std::atomic<int> next_{0};  // the next chunk's first item
  std::exception_ptr error_;
  long owner_pid_ = 0;  // the process that made the threads
};

}  // namespace grasplab
