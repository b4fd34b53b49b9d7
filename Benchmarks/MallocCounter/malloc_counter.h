// Counts heap allocations made by the motionlab process, for the benchmark's
// "allocations per frame". Preloaded (LD_PRELOAD), this library's malloc interposes on
// glibc's for the whole process, SDL's and Mesa's calls included; each call counts, then
// forwards to glibc's own implementation (__libc_malloc and friends), so the heap is
// unchanged. motionlab finds the three functions below with dlsym.
#ifndef MOTIONLAB_MALLOC_COUNTER_H
#define MOTIONLAB_MALLOC_COUNTER_H

#include <stdint.h>

/// Starts or stops counting (off at start).
void motionlab_malloc_counting(int enabled);
/// Allocation calls (malloc, calloc, realloc, memalign family) counted so far.
uint64_t motionlab_malloc_count(void);
/// Those the calling thread made.
uint64_t motionlab_malloc_thread_count(void);
/// Whether this process's malloc is the counting one (false if something else replaced it).
int motionlab_malloc_counter_active(void);

#endif
