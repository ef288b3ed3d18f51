#include "CAllocatorTuning.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc systems */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void iapkit_tune_allocator(void) {
#if defined(__GLIBC__)
  mallopt(M_MXFAST, 0);
#endif
}
