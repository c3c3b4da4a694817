#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H

#include <stdint.h>

// Bytes the C allocator currently has handed out and not yet freed, or -1 where this platform
// offers no such count. Swift cannot reach these from its own modules: glibc's `mallinfo2` is
// declared in <malloc.h>, which the Glibc module does not include.
int64_t conduit_heap_bytes_in_use(void);

#endif
