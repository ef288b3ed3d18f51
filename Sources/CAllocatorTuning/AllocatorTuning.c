#include "CAllocatorTuning.h"

#include <stdint.h>
#include <stdlib.h> /* defines __GLIBC__ on glibc systems */

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

void iapkit_tune_allocator(void) {
#if defined(__GLIBC__)
  mallopt(M_MXFAST, 0);
  /* Keep the heap in one brk region that the kernel may back with huge pages: parsing a large
     book touches tens of megabytes, and 2 MB pages turn thousands of page faults into dozens. */
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
  mallopt(M_TOP_PAD, 64 * 1024 * 1024);
  size_t reserve = 256u * 1024 * 1024;
  void *block = malloc(reserve);
  if (block) {
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t start = ((uintptr_t)block + 2 * 1024 * 1024 - 1) & ~(uintptr_t)(2 * 1024 * 1024 - 1);
    uintptr_t end = ((uintptr_t)block + reserve) & ~(uintptr_t)(page - 1);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
    free(block);
  }
#endif
}
