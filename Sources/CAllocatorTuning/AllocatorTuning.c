#include "CAllocatorTuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void iapkit_tune_allocator(void) {
#if defined(__GLIBC__)
  mallopt(M_MXFAST, 0);
#endif
}
