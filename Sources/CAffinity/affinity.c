// sched_getaffinity for Swift: glibc declares it, and CPU_COUNT, only under _GNU_SOURCE,
// which Swift's Glibc module is built without.
#define _GNU_SOURCE
#include "affinity.h"

#if defined(__linux__)
#include <errno.h>
#include <sched.h>

int motionlab_affinity_cpu_count(void) {
    // glibc's cpu_set_t holds 1,024 CPUs; a kernel built for more refuses it (EINVAL), so
    // the mask doubles until it fits.
    for (int cpus = CPU_SETSIZE; cpus <= (1 << 20); cpus *= 2) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (!set) return 0;
        size_t size = CPU_ALLOC_SIZE(cpus);
        int ok = sched_getaffinity(0, size, set) == 0;
        int larger = !ok && errno == EINVAL;
        int count = ok ? CPU_COUNT_S(size, set) : 0;
        CPU_FREE(set);
        if (!larger) return count;
    }
    return 0;
}
#else
int motionlab_affinity_cpu_count(void) { return 0; }
#endif
