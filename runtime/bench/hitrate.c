/* hitrate.c: the inline buffer hit rate, counted (measurement 6 of bench_runner).
 *
 * Compiled with -DRT_COUNT_INLINE, so every fast-path allocation in this file increments
 * rt_alloc_stats.inline_allocs when its region's window is still the inline buffer. As a check,
 * each returned address is also compared with the region's inline buffer bounds. The pattern:
 * for k = 1..kmax, a region (a C frame's) allocating k objects, then released.
 * Entry point: hitrate_run.
 */
#include "regal.h"

#if !defined(RT_COUNT_INLINE)
#error "hitrate.c counts with the runtime's RT_COUNT_INLINE fast path"
#endif

/* pattern 0: pairs only; pattern 1: pair, float, bignum, vector of 3, closure with 2 free
 * variables, string of 8, box, in turn (16, 16, 16, 32, 32, 40, 16 bytes). */
static void *alloc_one(Region *r, int pattern, int j) {
    if (pattern == 0) return alloc_obj_typed(r, TYPE_ID_PAIR);
    switch (j % 7) {
    case 0: return alloc_obj_typed(r, TYPE_ID_PAIR);
    case 1: return alloc_obj_typed(r, TYPE_ID_FLOAT);
    case 2: return alloc_obj_sized(r, TYPE_ID_INT, 8);
    case 3: return alloc_obj_sized(r, TYPE_ID_VECTOR, 3 * 8);
    case 4: return alloc_obj_sized(r, TYPE_ID_CLOSURE, 2 * 8);
    case 5: return alloc_obj_sized(r, TYPE_ID_STRING, 8 * 4);
    default: return alloc_obj_typed(r, TYPE_ID_BOX);
    }
}

void hitrate_run(int kmax, int pattern, uint64_t *hits_counter, uint64_t *hits_addr,
                 uint64_t *total, int *first_spill) {
    uint64_t c0 = rt_alloc_stats.inline_allocs, ha = 0, tot = 0;
    *first_spill = 0;
    for (int k = 1; k <= kmax; k++) {
        Region r;
        rt_region_init(&r, 1);
        int spilled = 0;
        for (int j = 0; j < k; j++) {
            char *p = alloc_one(&r, pattern, j);
            memset(p, 0, 16);
            int in = p >= r.inline_buf && p < r.inline_buf + RT_INLINE_BYTES;
            ha += (uint64_t)in;
            spilled |= !in;
            tot++;
        }
        if (spilled && *first_spill == 0) *first_spill = k;
        rt_region_release(&r);
    }
    *hits_counter = rt_alloc_stats.inline_allocs - c0;
    *hits_addr = ha;
    *total = tot;
}
