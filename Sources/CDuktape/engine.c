// Debian's Duktape (duktape-dev), compiled here with an instruction budget and without a clock.
// Debian's duk_config.h turns the interrupt counter and the execution-timeout check off; it has
// an include guard, so it is read first, the budget is switched on after it, and duktape.c's
// own inclusion of it is then skipped. Date.now reads no clock and Math.random no entropy:
// expressions are pure functions of their time. Duktape's source is the package's, not a copy.
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "CDuktape.h"

#if !__has_include("/usr/share/duktape/duktape.c")
#error "Duktape's source is missing: install duktape-dev (apt-get install duktape-dev, or make deps)"
#endif

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"

struct zx_heap;
static int zx__spent(void *udata, long executed);
static int zx__over(const struct zx_heap *heap);
static double zx__random(void *udata);

#define DUK_USE_INTERRUPT_COUNTER
// Expanded inside Duktape's interrupt handler, where `thr` is the running thread: how many
// instructions ran since the last interrupt.
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) zx__spent(udata, (long)thr->interrupt_init - (long)thr->interrupt_counter)
#undef DUK_USE_DATE_GET_NOW
#define DUK_USE_DATE_GET_NOW(ctx) 0.0
#undef DUK_USE_GET_MONOTONIC_TIME
#undef DUK_USE_GET_RANDOM_DOUBLE
#define DUK_USE_GET_RANDOM_DOUBLE(udata) zx__random(udata)
// Recursion through C (getters, native calls, the compiler on nested brackets, regular
// expressions, JSON) kept shallow: an expression runs on whatever thread reads the file, whose
// stack may be small. Calls between JavaScript functions use no C stack and keep their limit.
#undef DUK_USE_NATIVE_CALL_RECLIMIT
#define DUK_USE_NATIVE_CALL_RECLIMIT 48
#undef DUK_USE_COMPILER_RECLIMIT
#define DUK_USE_COMPILER_RECLIMIT 160
#undef DUK_USE_REGEXP_COMPILER_RECLIMIT
#define DUK_USE_REGEXP_COMPILER_RECLIMIT 200
#undef DUK_USE_REGEXP_EXECUTOR_RECLIMIT
#define DUK_USE_REGEXP_EXECUTOR_RECLIMIT 200
#undef DUK_USE_JSON_DEC_RECLIMIT
#define DUK_USE_JSON_DEC_RECLIMIT 100
#undef DUK_USE_JSON_ENC_RECLIMIT
#define DUK_USE_JSON_ENC_RECLIMIT 100
#undef DUK_USE_CALLSTACK_LIMIT
#define DUK_USE_CALLSTACK_LIMIT 2000

#include "/usr/share/duktape/duktape.c"
#pragma clang diagnostic pop

struct zx_heap {
    duk_context *context;
    size_t used, cap;
    unsigned long instructions, callStart, callBudget, totalBudget, globalEntries;
    int depth, broken;
    unsigned long long randomState;
    jmp_buf *fatal;
    void *owner;
    zx_host_fn host;
    // Where the host writes its answer: each answer is copied into a JavaScript array before
    // the next is asked for (a nested expression's reads finish before the host writes the
    // outer one's), so one buffer serves every depth, allocated once, not zeroed per read.
    double answer[8192];
};

typedef struct { size_t size; size_t pad; } zx__header;

static int zx__spent(void *udata, long executed) {
    struct zx_heap *heap = udata;
    if (executed > 0) heap->instructions += (unsigned long)executed;
    return zx__over(heap);
}

// Whether the running call, or the heap's calls together, ran past their budget.
static int zx__over(const struct zx_heap *heap) {
    return heap->instructions - heap->callStart > heap->callBudget || heap->instructions > heap->totalBudget;
}

// Counts the instructions run since the last interrupt (Duktape counts them down from 256 Ki
// between interrupts, and a call shorter than that never reaches one): called as each call
// returns, it moves the interrupt's starting count to where the countdown is.
static void zx__count(duk_context *context) {
    duk_hthread *thread = (duk_hthread *)context;
    duk_memory_functions functions;
    duk_get_memory_functions(context, &functions);
    struct zx_heap *heap = functions.udata;
    long executed = (long)thread->interrupt_init - (long)thread->interrupt_counter;
    if (executed > 0) heap->instructions += (unsigned long)executed;
    thread->interrupt_init = thread->interrupt_counter;
}

static double zx__random(void *udata) {
    struct zx_heap *heap = udata;
    heap->randomState = heap->randomState * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(heap->randomState >> 11) / 9007199254740992.0;
}

static void *zx__alloc(void *udata, duk_size_t size) {
    struct zx_heap *heap = udata;
    if (size > heap->cap || heap->used > heap->cap - size) return NULL;
    zx__header *block = malloc(sizeof(zx__header) + size);
    if (!block) return NULL;
    block->size = size;
    heap->used += size;
    return block + 1;
}

static void zx__free(void *udata, void *pointer) {
    struct zx_heap *heap = udata;
    if (!pointer) return;
    zx__header *block = (zx__header *)pointer - 1;
    heap->used -= block->size;
    free(block);
}

static void *zx__realloc(void *udata, void *pointer, duk_size_t size) {
    struct zx_heap *heap = udata;
    if (!pointer) return size ? zx__alloc(udata, size) : NULL;
    if (size == 0) { zx__free(udata, pointer); return NULL; }
    zx__header *block = (zx__header *)pointer - 1;
    size_t old = block->size;
    if (size > old && (size - old > heap->cap || heap->used > heap->cap - (size - old))) return NULL;
    zx__header *moved = realloc(block, sizeof(zx__header) + size);
    if (!moved) return NULL;
    moved->size = size;
    heap->used = heap->used - old + size;
    return moved + 1;
}

// Duktape's fatal errors (an error thrown outside any protected call) must not return: back to
// the entry point that was running, and the heap is never used again.
static void zx__fatal(void *udata, const char *message) {
    struct zx_heap *heap = udata;
    (void)message;
    heap->broken = 1;
    if (heap->fatal) longjmp(*heap->fatal, 1);
    abort();
}

static void zx__error(duk_context *context, duk_idx_t index, char *error, size_t capacity) {
    if (!error || capacity == 0) return;
    const char *text = duk_safe_to_string(context, index);
    strncpy(error, text ? text : "error", capacity - 1);
    error[capacity - 1] = 0;
}

// __host(op, path, time): the host's numbers as an array, or undefined.
static duk_ret_t zx__host(duk_context *context) {
    duk_memory_functions functions;
    duk_get_memory_functions(context, &functions);
    struct zx_heap *heap = functions.udata;
    int op = duk_to_int(context, 0);
    const char *path = duk_to_string(context, 1);
    double time = duk_to_number(context, 2);
    double *values = heap->answer;
    int count = heap->host(heap->owner, op, path, time, values, 8192);
    if (zx__over(heap)) {
        return duk_range_error(context, "execution timeout");
    }
    if (count < 0) return 0;
    if (count > 8192) count = 8192;
    duk_push_array(context);
    for (int i = 0; i < count; i++) {
        duk_push_number(context, values[i]);
        duk_put_prop_index(context, -2, (duk_uarridx_t)i);
    }
    return 1;
}

zx_heap *zx_create(size_t memoryCap, unsigned long callInstructions, unsigned long totalInstructions, void *owner, zx_host_fn host) {
    struct zx_heap *heap = calloc(1, sizeof(struct zx_heap));
    if (!heap) return NULL;
    heap->cap = memoryCap;
    heap->callBudget = callInstructions;
    heap->totalBudget = totalInstructions;
    heap->randomState = 0x5eed;
    heap->owner = owner;
    heap->host = host;
    jmp_buf jump;
    heap->fatal = &jump;
    if (setjmp(jump)) { return NULL; }
    heap->context = duk_create_heap(zx__alloc, zx__realloc, zx__free, heap, zx__fatal);
    heap->fatal = NULL;
    if (!heap->context) { free(heap); return NULL; }
    return heap;
}

void zx_destroy(zx_heap *heap) {
    if (!heap) return;
    if (heap->context && !heap->broken) {
        jmp_buf jump;
        heap->fatal = &jump;
        if (!setjmp(jump)) duk_destroy_heap(heap->context);
    }
    if (!heap->broken) free(heap);
}

typedef struct { const char *source; int slot; } zx__compile_args;

static duk_ret_t zx__run_safe(duk_context *context, void *udata) {
    const char *source = udata;
    duk_push_global_object(context);
    duk_push_c_function(context, zx__host, 3);
    duk_put_prop_string(context, -2, "__host");
    duk_pop(context);
    duk_eval_string_noresult(context, source);
    return 0;
}

static duk_ret_t zx__define_safe(duk_context *context, void *udata) {
    zx__compile_args *args = udata;
    duk_push_string(context, args->source);
    duk_push_string(context, "expression");
    duk_compile(context, DUK_COMPILE_EVAL);
    duk_int_t rc = duk_pcall(context, 0);
    zx__count(context);
    if (rc != DUK_EXEC_SUCCESS) return duk_throw(context);
    if (!duk_is_function(context, -1)) return duk_type_error(context, "not a function");
    duk_push_global_stash(context);
    duk_dup(context, -2);
    duk_put_prop_index(context, -2, (duk_uarridx_t)args->slot);
    return 0;
}

// Runs `body` in a protected call, with the fatal-error return point and the call's budget set.
static int zx__protected(zx_heap *heap, duk_safe_call_function body, void *udata, char *error, size_t capacity) {
    if (!heap || heap->broken) return -3;
    jmp_buf jump, *outer = heap->fatal;
    heap->fatal = &jump;
    if (setjmp(jump)) { heap->fatal = outer; return -3; }
    unsigned long start = heap->callStart;
    if (heap->depth == 0) heap->callStart = heap->instructions;
    heap->depth += 1;
    duk_int_t rc = duk_safe_call(heap->context, body, udata, 0, 1);
    heap->depth -= 1;
    int spent = zx__over(heap);
    if (heap->depth == 0) heap->callStart = start;
    if (rc != DUK_EXEC_SUCCESS) zx__error(heap->context, -1, error, capacity);
    duk_pop(heap->context);
    heap->fatal = outer;
    if (rc != DUK_EXEC_SUCCESS) return spent ? -2 : -1;
    return 0;
}

int zx_run(zx_heap *heap, const char *source, char *error, size_t errorCapacity) {
    return zx__protected(heap, zx__run_safe, (void *)source, error, errorCapacity);
}

int zx_define(zx_heap *heap, int slot, const char *source, char *error, size_t errorCapacity) {
    zx__compile_args args = { source, slot };
    return zx__protected(heap, zx__define_safe, &args, error, errorCapacity);
}

typedef struct {
    const char *entry;
    int slot;
    double time;
    const double *input;
    int inputCount;
    double *out;
    int capacity;
    int count;
} zx__call_args;

// What an expression left in the global scope (`x = 1` without `var`) is removed after it
// runs (by the prelude's `__clean`), so the next evaluation starts from the same scope. The
// global object's entry count says whether anything was added, without walking it each time.
static void zx__clean(duk_context *context, struct zx_heap *heap) {
    duk_hthread *thread = (duk_hthread *)context;
    duk_hobject *global = thread->builtins[DUK_BIDX_GLOBAL];
    if ((unsigned long)DUK_HOBJECT_GET_ENEXT(global) != heap->globalEntries) {
        duk_get_global_string(context, "__clean");
        duk_pcall(context, 0);
        duk_pop(context);
        duk_push_global_object(context);
        duk_compact(context, -1);
        duk_pop(context);
        heap->globalEntries = (unsigned long)DUK_HOBJECT_GET_ENEXT(global);
    }
}

static duk_ret_t zx__call_safe(duk_context *context, void *udata) {
    zx__call_args *args = udata;
    duk_memory_functions functions;
    duk_get_memory_functions(context, &functions);
    struct zx_heap *heap = functions.udata;
    if (heap->depth == 1 && heap->globalEntries == 0) {
        duk_push_global_object(context);
        duk_compact(context, -1);
        duk_pop(context);
        heap->globalEntries = (unsigned long)DUK_HOBJECT_GET_ENEXT(((duk_hthread *)context)->builtins[DUK_BIDX_GLOBAL]);
    }
    duk_push_global_object(context);
    duk_get_prop_string(context, -1, args->entry);
    duk_push_global_stash(context);
    duk_get_prop_index(context, -1, (duk_uarridx_t)args->slot);
    duk_remove(context, -2);
    duk_push_int(context, args->slot);
    duk_push_number(context, args->time);
    duk_push_array(context);
    for (int i = 0; i < args->inputCount; i++) {
        duk_push_number(context, args->input[i]);
        duk_put_prop_index(context, -2, (duk_uarridx_t)i);
    }
    duk_int_t rc = duk_pcall(context, 4);
    zx__count(context);
    if (heap->depth == 1) zx__clean(context, heap);
    if (rc != DUK_EXEC_SUCCESS) return duk_throw(context);
    if (!duk_is_array(context, -1)) return duk_type_error(context, "the result is not a number, a list of numbers or a path");
    duk_size_t length = duk_get_length(context, -1);
    if (length > (duk_size_t)args->capacity) return duk_range_error(context, "the result has too many numbers");
    for (duk_size_t i = 0; i < length; i++) {
        duk_get_prop_index(context, -1, (duk_uarridx_t)i);
        if (!duk_is_number(context, -1)) return duk_type_error(context, "the result is not a number, a list of numbers or a path");
        args->out[i] = duk_get_number(context, -1);
        duk_pop(context);
    }
    args->count = (int)length;
    return 0;
}

int zx_call(zx_heap *heap, const char *entry, int slot, double time, const double *input, int inputCount,
            double *out, int capacity, char *error, size_t errorCapacity) {
    zx__call_args args = { entry, slot, time, input, inputCount, out, capacity, 0 };
    int rc = zx__protected(heap, zx__call_safe, &args, error, errorCapacity);
    return rc == 0 ? args.count : rc;
}

size_t zx_memory(const zx_heap *heap) { return heap ? heap->used : 0; }
unsigned long zx_instructions(const zx_heap *heap) { return heap ? heap->instructions : 0; }
