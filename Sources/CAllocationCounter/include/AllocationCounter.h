#ifndef CONDUIT_ALLOCATION_COUNTER_H
#define CONDUIT_ALLOCATION_COUNTER_H

#include <stdint.h>

// Counts the heap allocations the calling thread makes between a start and a stop, for the
// test that a steady-state send allocates nothing. Tests only: no product links it.
//
// On glibc the counter replaces `malloc`, `calloc`, `realloc`, `posix_memalign`,
// `aligned_alloc` and `memalign` for the whole test process, forwarding each to glibc's own
// implementation and counting the calls of a thread that started counting. Elsewhere (Darwin,
// Musl, or a sanitizer that replaces the allocator itself) nothing is replaced and
// `conduit_allocation_counting_available` returns 0.

/// 1 when allocations can be counted in this process, 0 otherwise.
int conduit_allocation_counting_available(void);

/// Starts counting this thread's allocations from zero.
void conduit_allocation_counting_start(void);

/// Stops counting and returns how many allocations this thread made since the start.
int64_t conduit_allocation_counting_stop(void);

#endif
