#ifndef ZOETROPE_CMALLOC_SHIM_H
#define ZOETROPE_CMALLOC_SHIM_H
#include <malloc.h>

// A render allocates and frees the same large buffers frame after frame (blur passes, effect
// sprites, scanlines). glibc returns blocks past its mmap threshold, and free memory at the
// heap's top past its trim threshold, to the kernel, which must then clear fresh pages for the
// next frame's. Kept in the heap up to these sizes, they are reused as they are.
static inline void zoetrope_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}
#endif
