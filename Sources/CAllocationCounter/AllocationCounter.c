#include "AllocationCounter.h"

#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CONDUIT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CONDUIT_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(CONDUIT_SANITIZED)

// Per thread, so that tests running in parallel on other threads do not count; thread-local
// storage of an executable's own code is reached without allocating.
static __thread int counting;
static __thread int64_t count;

// glibc's allocator under its own names: the definitions below replace the public ones for the
// whole process (the executable's symbols come first), and forward here.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static inline void note(void) {
  if (counting) count += 1;
}

void *malloc(size_t size) {
  note();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  note();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  note();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  note();
  // posix_memalign's own checks: a power of two, a multiple of the pointer size.
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return 22;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;
  *result = pointer;
  return 0;
}

int conduit_allocation_counting_available(void) { return 1; }

void conduit_allocation_counting_start(void) {
  count = 0;
  counting = 1;
}

int64_t conduit_allocation_counting_stop(void) {
  counting = 0;
  return count;
}

#else

int conduit_allocation_counting_available(void) { return 0; }
void conduit_allocation_counting_start(void) {}
int64_t conduit_allocation_counting_stop(void) { return 0; }

#endif
