#include "CHeapStats.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

int64_t conduit_heap_bytes_in_use(void) {
#if defined(__APPLE__)
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return (int64_t)stats.size_in_use;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  // Summed over every arena: small chunks in use plus blocks served by mmap.
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
#else
  return -1;
#endif
}
