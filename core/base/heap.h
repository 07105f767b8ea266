// The process's heap, tuned for a simulation loop (called once at start by
// the programs that step: the CLI, the Python module, the benchmarks).
//
// Each step allocates and frees a few hundred kilobytes of scratch (island
// matrices, contact regions). With glibc's defaults, freeing the top of the
// heap past 128 KiB gives it back to the kernel (brk), and the next step
// takes it again, page-faulted and zeroed: measured on `grasplab run
// barrett-handset --steps 2000`, 8,096 brk calls, 61,044 minor faults and
// 1.43 s of system time for 0.79 s of user time. Keeping up to 256 MiB of
// freed top and growing by 16 MiB at a time removes that (3 brk calls,
// 0.05 s of system time); blocks up to 32 MiB come from the heap rather
// than from mmap, which would unmap them on every free. Allocation addresses never reach the results, so
// trajectories are unchanged. Elsewhere (WASM, other C libraries) a no-op.
#pragma once

namespace grasplab {

void KeepHeapWarm();

}  // namespace grasplab
