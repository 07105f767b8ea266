#include "core/base/worker_pool.h"

#include <algorithm>

#if !defined(__EMSCRIPTEN__)
#include <unistd.h>
#endif

namespace grasplab {
namespace {

long ProcessId() {
#if defined(__EMSCRIPTEN__)
  return 0;
#else
  return static_cast<long>(::getpid());
#endif
}

}  // namespace

int WorkerPool::HardwareThreads() {
#if defined(__EMSCRIPTEN__)
  return 1;
#else
  const unsigned n = std::thread::hardware_concurrency();  // 0 when unknown
  return std::clamp(static_cast<int>(n), 1, kMaxThreads);
#endif
}

WorkerPool::WorkerPool(int threads) : owner_pid_(ProcessId()) {
#if defined(__EMSCRIPTEN__)
  threads = 1;
#endif
  threads = std::clamp(threads, 1, kMaxThreads);
  threads_.reserve(threads - 1);
  for (int w = 1; w < threads; ++w) threads_.emplace_back([this, w] { WorkerLoop(w); });
}

WorkerPool::~WorkerPool() {
  if (ProcessId() != owner_pid_) {
    // A forked child has none of these threads (nor may it touch a mutex a
    // parent's worker held at the fork, or destroy the condition variables
    // they waited on): the handles and the Sync are let go, never joined or
    // destroyed (a joinable std::thread's destructor terminates).
    new std::vector<std::thread>(std::move(threads_));
    (void)sync_.release();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(sync_->mutex);
    stop_ = true;
  }
  sync_->start.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::RunChunks(int worker) {
  if (count_ < 0) {  // RunOnEach: task(context, worker, workers, 0), once
    try {
      task_(context_, worker, size(), 0);
    } catch (...) {
      std::lock_guard<std::mutex> lock(sync_->mutex);
      if (!error_) error_ = std::current_exception();
    }
    return;
  }
  for (;;) {
    const int begin = next_.fetch_add(chunk_, std::memory_order_relaxed);
    if (begin >= count_) return;
    const int end = std::min(count_, begin + chunk_);
    try {
      task_(context_, worker, begin, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(sync_->mutex);
      if (!error_) error_ = std::current_exception();
    }
  }
}

void WorkerPool::WorkerLoop(int worker) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(sync_->mutex);
      sync_->start.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    RunChunks(worker);
    {
      std::lock_guard<std::mutex> lock(sync_->mutex);
      if (--running_ == 0) sync_->done.notify_one();
    }
  }
}

void WorkerPool::Run(int count, int chunk, Task task, void* context) {
  chunk = std::max(chunk, 1);
  const bool each = count < 0;  // RunOnEach
  if (count == 0) return;
  if (threads_.empty() || (!each && count <= chunk) || ProcessId() != owner_pid_) {
    if (each) task(context, 0, 1, 0);  // one worker of one
    else task(context, 0, 0, count);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(sync_->mutex);
    task_ = task;
    context_ = context;
    count_ = count;
    chunk_ = chunk;
    next_.store(0, std::memory_order_relaxed);
    error_ = nullptr;
    running_ = static_cast<int>(threads_.size());
    ++generation_;
  }
  sync_->start.notify_all();
  RunChunks(0);
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(sync_->mutex);
    sync_->done.wait(lock, [&] { return running_ == 0; });
    task_ = nullptr;
    context_ = nullptr;
    error = error_;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace grasplab
