/* object_test.c: Criterion tests of the constructors and symbol interning (runtime/object.c).
 *
 * Each test runs in its own process, so the intern table starts empty in every test.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "regal.h"

static int str_is(RtValue s, const uint32_t *cps, size_t n) {
    if (!RT_IS_TYPE(s, TYPE_ID_STRING)) return 0;
    RtString *p = RT_AS(RtString, s);
    return RT_HDR_COUNT(p->hdr) == n && memcmp(p->chars, cps, n * sizeof *cps) == 0;
}

/* ---- the type table ------------------------------------------------------------------------ */

Test(types, every_type_id_has_its_name_from_the_shared_table) {
    cr_assert_str_eq(rt_type_name[TYPE_ID_PAIR], "pair");
    cr_assert_str_eq(rt_type_name[TYPE_ID_FLOAT], "flonum");
    cr_assert_str_eq(rt_type_name[TYPE_ID_CLOSURE], "procedure");
    for (int t = 0; t < TYPE_ID_COUNT; t++) cr_assert_not_null(rt_type_name[t]);
}

/* ---- numbers (R7RS 6.2) -------------------------------------------------------------------- */

Test(mk_int, values_that_fit_61_bits_are_fixnums_and_allocate_nothing) {
    Region r;
    rt_region_init(&r, 1);
    int64_t cases[] = {0, 1, -1, 42, RT_FIXNUM_MAX, RT_FIXNUM_MIN};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        RtValue v = mk_int(&r, cases[i]);
        cr_assert(RT_IS_FIXNUM(v));
        cr_assert_eq(RT_FIXVAL(v), cases[i]);
    }
    cr_assert_eq(rt_region_bytes_in_use(&r), 0);
    rt_region_release(&r);
}

Test(mk_int, values_outside_61_bits_are_one_limb_bignums_of_16_bytes) {
    Region r;
    rt_region_init(&r, 1);
    struct { int64_t n; uint64_t mag; int neg; } cases[] = {
        {RT_FIXNUM_MAX + 1, (uint64_t)RT_FIXNUM_MAX + 1, 0},
        {RT_FIXNUM_MIN - 1, (uint64_t)RT_FIXNUM_MAX + 2, 1},
        {INT64_MAX, (uint64_t)INT64_MAX, 0},
        {INT64_MIN, (uint64_t)1 << 63, 1},
    };
    for (size_t i = 0; i < 4; i++) {
        size_t before = rt_region_bytes_in_use(&r);
        RtValue v = mk_int(&r, cases[i].n);
        cr_assert(RT_IS_TYPE(v, TYPE_ID_INT));
        RtBignum *b = RT_AS(RtBignum, v);
        cr_assert_eq(RT_HDR_COUNT(b->hdr) >> 1, 1, "one limb");
        cr_assert_eq(RT_HDR_COUNT(b->hdr) & 1, (uint64_t)cases[i].neg, "sign");
        cr_assert_eq(b->limbs[0], cases[i].mag);
        cr_assert_eq(rt_region_bytes_in_use(&r) - before, 16);
    }
    rt_region_release(&r);
}

Test(mk_float, makes_a_16_byte_flonum) {
    Region r;
    rt_region_init(&r, 1);
    RtValue f = mk_float(&r, -2.5);
    cr_assert(RT_IS_TYPE(f, TYPE_ID_FLOAT));
    cr_assert_eq(RT_FLOVAL(f), -2.5);
    cr_assert_eq(rt_region_bytes_in_use(&r), 16);
    rt_region_release(&r);
}

/* ---- pairs, boxes, vectors, bytevectors, closures, records --------------------------------- */

static RtValue code_returns_self(Region *rr, RtValue self, RtValue a0, RtValue a1,
                                 RtValue a2, RtValue a3_) {
    return self;
}

Test(constructors, fill_every_field_and_cost_what_the_type_table_says) {
    Region r;
    rt_region_init(&r, 1);
    RtValue p = mk_pair(&r, RT_FIX(1), RT_NIL);
    cr_assert(RT_IS_PAIR(p));
    cr_assert_eq(RT_CAR(p), RT_FIX(1));
    cr_assert_eq(RT_CDR(p), RT_NIL);
    cr_assert_eq(rt_region_bytes_in_use(&r), 16, "a pair is 16 bytes");

    RtValue b = mk_box(&r, RT_TRUE);
    cr_assert(RT_IS_TYPE(b, TYPE_ID_BOX));
    cr_assert_eq(RT_AS(RtBox, b)->value, RT_TRUE);

    RtValue v = mk_vector(&r, 5, RT_FIX(9));
    cr_assert(RT_IS_TYPE(v, TYPE_ID_VECTOR));
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(v)), 5);
    for (int i = 0; i < 5; i++) cr_assert_eq(RT_AS(RtVector, v)->items[i], RT_FIX(9));

    RtValue e = mk_vector(&r, 0, RT_NIL);
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(e)), 0);

    size_t before = rt_region_bytes_in_use(&r);
    RtValue bv = mk_bytevector(&r, 3, 0xAB);
    cr_assert(RT_IS_TYPE(bv, TYPE_ID_BYTEVECTOR));
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(bv)), 3);
    cr_assert_eq(RT_AS(RtBytevector, bv)->bytes[2], 0xAB);
    cr_assert_eq(rt_region_bytes_in_use(&r) - before, 16, "8 + 3 rounded up to 16");

    RtValue c = mk_closure(&r, code_returns_self, 2);
    cr_assert(RT_IS_TYPE(c, TYPE_ID_CLOSURE));
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(c)), 2);
    cr_assert_eq(RT_AS(RtClosure, c)->code(&r, c, 0, 0, 0, 0), c);
    cr_assert_eq(RT_AS(RtClosure, c)->free[1], RT_UNSPEC);

    RtValue rec = mk_record(&r, RT_FALSE, 3);
    cr_assert(RT_IS_TYPE(rec, TYPE_ID_RECORD));
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(rec)), 3);
    cr_assert_eq(RT_AS(RtRecord, rec)->type, RT_FALSE);
    cr_assert_eq(RT_AS(RtRecord, rec)->fields[2], RT_UNSPEC);
    rt_region_release(&r);
}

/* ---- strings (R7RS 6.7): code points from UTF-8 -------------------------------------------- */

Test(mk_string, decodes_utf8_into_code_points) {
    Region r;
    rt_region_init(&r, 1);
    uint32_t want[] = {'a', 0xE9, 0x3BB, 0x20AC, 0x1F600};
    cr_assert(str_is(mk_string(&r, "a\xC3\xA9\xCE\xBB\xE2\x82\xAC\xF0\x9F\x98\x80"), want, 5));
    cr_assert(str_is(mk_string(&r, ""), want, 0));
    uint32_t nul[] = {'x', 0, 'y'};
    cr_assert(str_is(mk_string_n(&r, "x\0y", 3), nul, 3), "an embedded NUL is a character");
    rt_region_release(&r);
}

Test(mk_string, invalid_utf8_becomes_U_FFFD_one_per_maximal_subpart) {
    Region r;
    rt_region_init(&r, 1);
    struct { const char *in; size_t len; uint32_t out[8]; size_t n; } cases[] = {
        {"\xFF", 1, {0xFFFD}, 1},                          /* never valid */
        {"\x80x", 2, {0xFFFD, 'x'}, 2},                    /* stray continuation */
        {"\xC0\xAF", 2, {0xFFFD, 0xFFFD}, 2},              /* overlong '/' */
        {"\xE2\x82", 2, {0xFFFD}, 1},                      /* truncated euro sign */
        {"\xE2\x82x", 3, {0xFFFD, 'x'}, 2},
        {"\xED\xA0\x80", 3, {0xFFFD, 0xFFFD, 0xFFFD}, 3},  /* a surrogate */
        {"\xF4\x90\x80\x80", 4, {0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD}, 4}, /* past U+10FFFF */
        {"\xF0\x9F\x98", 3, {0xFFFD}, 1},                  /* truncated emoji */
        {"\xEF\xBF\xBD", 3, {0xFFFD}, 1},                  /* a real U+FFFD */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert(str_is(mk_string_n(&r, cases[i].in, cases[i].len), cases[i].out, cases[i].n),
                  "case %zu", i);
    rt_region_release(&r);
}

Test(mk_string, fill_makes_n_copies_of_a_code_point) {
    Region r;
    rt_region_init(&r, 1);
    uint32_t want[] = {0x3BB, 0x3BB, 0x3BB};
    cr_assert(str_is(mk_string_fill(&r, 3, 0x3BB), want, 3));
    rt_region_release(&r);
}

/* ---- symbols (R7RS 6.5): interning --------------------------------------------------------- */

Test(intern, the_same_name_gives_the_same_symbol_and_allocates_nothing) {
    Region r;
    rt_region_init(&r, 1);
    RtValue a = mk_symbol(&r, "lambda");
    cr_assert(RT_IS_TYPE(a, TYPE_ID_SYMBOL));
    char *gcur = rt_global_region.cur;
    RtAllocStats before = rt_alloc_stats;
    char *rcur = r.cur;
    for (int i = 0; i < 1000; i++) {
        cr_assert_eq(mk_symbol(&r, "lambda"), a);
        cr_assert_eq(mk_symbol_n(&rt_global_region, "lambda!", 6), a);
        cr_assert_eq(rt_intern("lambda", 6), a);
    }
    cr_assert_eq(rt_global_region.cur, gcur, "nothing allocated in the global region");
    cr_assert_eq(r.cur, rcur, "nothing allocated in the caller's region");
    cr_assert_eq(rt_alloc_stats.upstream_allocs, before.upstream_allocs);
    cr_assert_eq(rt_symbol_count(), 1);
    rt_region_release(&r);
}

Test(intern, different_names_give_different_symbols) {
    RtValue a = mk_symbol(&rt_global_region, "car");
    RtValue b = mk_symbol(&rt_global_region, "cdr");
    RtValue c = mk_symbol(&rt_global_region, "ca");
    RtValue d = mk_symbol(&rt_global_region, "");
    RtValue e = mk_symbol(&rt_global_region, "car ");
    RtValue all[] = {a, b, c, d, e};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < i; j++) cr_assert_neq(all[i], all[j], "%d vs %d", i, j);
    cr_assert_eq(rt_symbol_count(), 5);
    cr_assert_eq(mk_symbol(&rt_global_region, ""), d);
}

Test(intern, a_new_symbol_lives_in_the_global_region_and_outlives_the_callers_region) {
    Region r;
    rt_region_init(&r, 1);
    RtValue s = mk_symbol(&r, "escapes");
    cr_assert_eq(rt_region_bytes_in_use(&r), 0);
    rt_region_release(&r);                       /* r's buffer is now poisoned */
    RtString *name = RT_AS(RtString, RT_AS(RtSymbol, s)->name);
    uint32_t want[] = {'e', 's', 'c', 'a', 'p', 'e', 's'};
    cr_assert(str_is(RT_AS(RtSymbol, s)->name, want, 7), "ASan would stop a dead read here");
    cr_assert_eq(RT_HDR_TYPE(name->hdr), TYPE_ID_STRING);
}

Test(intern, names_are_compared_as_code_points_so_bad_utf8_interns_as_its_U_FFFD_form) {
    RtValue lam = rt_intern("\xCE\xBB", 2);
    uint32_t l[] = {0x3BB};
    cr_assert(str_is(RT_AS(RtSymbol, lam)->name, l, 1));
    cr_assert_eq(rt_intern("\xCE\xBB", 2), lam);
    RtValue bad1 = rt_intern("a\xFF", 2);
    RtValue bad2 = rt_intern("a\xFE", 2);
    RtValue good = rt_intern("a\xEF\xBF\xBD", 4);
    cr_assert_eq(bad1, bad2, "both read as \"a\\uFFFD\"");
    cr_assert_eq(bad1, good);
    cr_assert_eq(rt_symbol_count(), 2);
}

Test(intern, a_hundred_thousand_names_make_the_table_grow_and_all_stay_findable) {
    enum { N = 100000 };
    static RtValue syms[N];
    char buf[32];
    uint64_t allocs = rt_alloc_stats.upstream_allocs;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "sym-%d", i);
        syms[i] = rt_intern(buf, (size_t)n);
    }
    cr_assert_eq(rt_symbol_count(), N);
    cr_assert_gt(rt_alloc_stats.upstream_allocs - allocs, 5, "the bucket array grew");
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "sym-%d", i);
        cr_assert_eq(rt_intern(buf, (size_t)n), syms[i], "%s", buf);
    }
    for (int i = 1; i < N; i++) cr_assert_neq(syms[i], syms[i - 1]);
    cr_assert_eq(rt_symbol_count(), N);
}

Test(intern, a_symbol_carries_its_name_as_utf8_with_the_byte_length_in_its_header) {
    RtValue s = mk_symbol(&rt_global_region, "caf\xC3\xA9");
    cr_assert_str_eq(rt_symbol_utf8(s), "caf\xC3\xA9");
    cr_assert_eq(RT_HDR_COUNT(*RT_OBJ(s)), 5);
    RtValue bad = rt_intern("x\xC0", 2);
    cr_assert_str_eq(rt_symbol_utf8(bad), "x\xEF\xBF\xBD", "stored in its canonical form");
    uint32_t want[] = {'c', 'a', 'f', 0xE9};
    RtString *name = RT_AS(RtString, RT_AS(RtSymbol, s)->name);
    cr_assert_eq(RT_HDR_COUNT(name->hdr), 4);
    cr_assert_eq(memcmp(name->chars, want, sizeof want), 0);
}

Test(intern, names_of_every_length_up_to_40_bytes_differ_by_their_last_byte) {
    /* exercises each path of the word-at-a-time hash and compare */
    char a[48], b[48];
    for (size_t n = 1; n <= 40; n++) {
        memset(a, 'q', n);
        memcpy(b, a, n);
        b[n - 1] = 'r';
        RtValue x = rt_intern(a, n), y = rt_intern(b, n);
        cr_assert_neq(x, y, "length %zu", n);
        cr_assert_eq(rt_intern(a, n), x);
        cr_assert_eq(rt_intern(b, n), y);
        cr_assert_neq(rt_intern(a, n - 1), x, "a prefix is another name");
    }
}
