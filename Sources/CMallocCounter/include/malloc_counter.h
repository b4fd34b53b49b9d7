// Counts heap allocations made by the motionlab process, for the benchmark's
// "allocations per frame". glibc supports replacing malloc by defining it in the
// executable (ELF symbol interposition); these definitions count, then forward to
// glibc's own implementation (__libc_malloc and friends), so the heap is unchanged.
#ifndef MOTIONLAB_MALLOC_COUNTER_H
#define MOTIONLAB_MALLOC_COUNTER_H

#include <stdint.h>

/// Starts or stops counting (off at start).
void motionlab_malloc_counting(int enabled);
/// Allocation calls (malloc, calloc, realloc, memalign family) counted so far.
uint64_t motionlab_malloc_count(void);
/// Whether this process's malloc is the counting one (false if something else replaced it).
int motionlab_malloc_counter_active(void);

#endif
