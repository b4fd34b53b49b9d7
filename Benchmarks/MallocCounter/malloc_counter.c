// The counting malloc behind `motionlab bench`'s "allocations per frame", as a library
// preloaded into the benchmark's process only (`make bench`, or
// LD_PRELOAD=.build-bench/libmotionlab-malloc-counter.so motionlab bench): the shipped
// program and the library products define no allocator. The benchmark finds the counting
// functions with dlsym; without the library it says allocations were not counted.
#include "malloc_counter.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

// Under AddressSanitizer or ThreadSanitizer (`make sanitize`) the sanitizer owns malloc:
// nothing is replaced, and the benchmark reports allocations as not counted.
#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define MOTIONLAB_NO_MALLOC_COUNTER 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define MOTIONLAB_NO_MALLOC_COUNTER 1
#endif

static atomic_int counting;
static atomic_uint_fast64_t count;
// Each thread's own count, so that a phase run on one thread (the pipeline's worker
// simulates and builds while the main thread submits) counts only its own calls. Static TLS
// (initial-exec): reaching it never calls back into malloc.
static __thread uint64_t thread_count __attribute__((tls_model("initial-exec")));
static atomic_int active;

#ifndef MOTIONLAB_NO_MALLOC_COUNTER
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);


static inline void note(void) {
    atomic_store_explicit(&active, 1, memory_order_relaxed);
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
        thread_count += 1;
    }
}

void *malloc(size_t n) { note(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { note(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { note(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t n) { note(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { note(); return __libc_memalign(align, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    note();
    void *p = __libc_memalign(align, n);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}

#endif

void motionlab_malloc_counting(int enabled) { atomic_store(&counting, enabled); }
uint64_t motionlab_malloc_count(void) { return atomic_load(&count); }
uint64_t motionlab_malloc_thread_count(void) { return thread_count; }
int motionlab_malloc_counter_active(void) {
    void *p = malloc(1);
    free(p);
    return atomic_load(&active);
}
