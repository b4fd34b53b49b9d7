#ifndef MOTIONLAB_AFFINITY_H
#define MOTIONLAB_AFFINITY_H

/// How many CPUs this thread's affinity mask allows (`sched_getaffinity(0, …)`), or 0 when
/// that is unknown (an error, or a system without it).
int motionlab_affinity_cpu_count(void);

#endif
