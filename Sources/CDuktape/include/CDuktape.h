#ifndef ZOETROPE_CDUKTAPE_H
#define ZOETROPE_CDUKTAPE_H
#include <stddef.h>

// A small C face on Debian's Duktape (duktape-dev, compiled by engine.c from
// /usr/share/duktape): one heap with a memory cap (bytes counted by its allocator) and an
// instruction budget per call and in total (counted through Duktape's interrupt counter; a call
// is stopped at the first interrupt past its budget, every 256 Ki instructions). Nothing of
// Duktape's own API is visible to Swift.

typedef struct zx_heap zx_heap;

// What the host answers for `__host(op, path, time)`: it writes up to `capacity` numbers into
// `out` and returns how many (a negative count: no value, `undefined` in JavaScript). It must not
// call back into this heap except through zx_call.
typedef int (*zx_host_fn)(void *owner, int op, const char *path, double time, double *out, int capacity);

// A heap whose allocations may total at most `memoryCap` bytes, whose calls may each run about
// `callInstructions` and together `totalInstructions` bytecode instructions; null when it
// cannot be made.
zx_heap *zx_create(size_t memoryCap, unsigned long callInstructions, unsigned long totalInstructions, void *owner, zx_host_fn host);
void zx_destroy(zx_heap *heap);

// Runs `source` (the environment's prelude) in the global scope; 0 on success, else the error
// in `error`.
int zx_run(zx_heap *heap, const char *source, char *error, size_t errorCapacity);

// Compiles `source` (an expression's function: `(function (…) { … })`) and keeps it as slot
// `slot`; 0 on success, else the error in `error`.
int zx_define(zx_heap *heap, int slot, const char *source, char *error, size_t errorCapacity);

// Calls global function `entry` with (slot's function, slot, time, the numbers of `input`,
// `inputCount`) and reads back the array of numbers it returns into `out` (at most
// `capacity`); the count, or -1 with the error in `error` (-2: the budget is spent, -3: the
// heap is broken and must not be used again).
int zx_call(zx_heap *heap, const char *entry, int slot, double time, const double *input, int inputCount,
            double *out, int capacity, char *error, size_t errorCapacity);

// Bytes allocated now, and the instructions run in total.
size_t zx_memory(const zx_heap *heap);
unsigned long zx_instructions(const zx_heap *heap);

#endif
