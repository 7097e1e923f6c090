// An allocation counter for the benchmark: this target is linked only into
// swipedismiss-bench, where these definitions take the place of glibc's malloc, calloc
// and realloc and forward to glibc's own entry points. free and the aligned allocators
// stay glibc's, which is fine because the memory is glibc's either way.
#include "raw_cairo.h"

#include <stdatomic.h>

// Under AddressSanitizer (make sanitize) the sanitizer owns malloc: replacing it here would
// hand ASan memory it never allocated, so the counter is simply unavailable there.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RAW_ALLOC_COUNTER_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define RAW_ALLOC_COUNTER_UNDER_ASAN 1
#endif

#if defined(__GLIBC__) && !defined(RAW_ALLOC_COUNTER_UNDER_ASAN)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

// Two ways to count. `raw_alloc_counter_start` counts the calling thread only: XCTest runs
// each test through a task on the global executor, so libdispatch's worker and manager
// threads allocate now and then while a test counts its own frames (1 stray allocation in
// about one run of five). `raw_alloc_counter_start_all_threads` counts every thread, for a
// test that counts a library's allocations exactly wherever that library makes them.
static _Thread_local int counting_here __attribute__((tls_model("initial-exec")));
static atomic_int counting_everywhere;
static atomic_size_t allocations;

static inline void count(void) {
    if (counting_here || atomic_load_explicit(&counting_everywhere, memory_order_relaxed))
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void raw_alloc_counter_start(void) {
    atomic_store(&allocations, 0);
    counting_here = 1;
}

void raw_alloc_counter_start_all_threads(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting_everywhere, 1);
}

size_t raw_alloc_counter_stop(void) {
    counting_here = 0;
    atomic_store(&counting_everywhere, 0);
    return atomic_load(&allocations);
}

int raw_alloc_counter_available(void) { return 1; }
#else
void raw_alloc_counter_start(void) {}
void raw_alloc_counter_start_all_threads(void) {}
size_t raw_alloc_counter_stop(void) { return 0; }
int raw_alloc_counter_available(void) { return 0; }
#endif
