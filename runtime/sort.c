/* sort.c: stable merge sorts on lists and vectors (SRFI 132 list-sort, vector-sort,
 * vector-sort!, list-merge; and sort, which takes its arguments in either order: the
 * Chez/R6RS (sort < list) and the MIT/SRFI 95 (sort sequence <) both work, as do
 * (list-sort < l) and (list-sort l <)). The elements are copied into an array in collector
 * memory (scanned: it may hold the only references to them while less? runs), sorted
 * bottom-up with a second array as the merge buffer, and copied back into a new list or vector
 * in rr (or into the argument, for vector-sort!). Stability: an element of the right run is
 * taken before one of the left run only when (less? right left) is true. An escape out of
 * less? (call/cc, raise) leaves the two arrays to the collector.
 */
#include "rtlib.h"

/* Sort a[0..n) in place with less?, stably. */
static void rt_merge_sort(Region *rr, const char *loc, RtValue less, RtValue *a, size_t n) {
    if (n < 2) return;
    RtValue *b = rt_gc_malloc(n * sizeof *b);
    RtValue *src = a, *dst = b;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                if (RT_TRUTHY(rt_call2(rr, loc, less, src[j], src[i]))) dst[k++] = src[j++];
                else dst[k++] = src[i++];
                rt_nursery_wb(&dst[k - 1], dst[k - 1]);   /* a and b may predate less?'s call */
            }
            while (i < mid) { dst[k++] = src[i++]; rt_nursery_wb(&dst[k - 1], dst[k - 1]); }
            while (j < hi) { dst[k++] = src[j++]; rt_nursery_wb(&dst[k - 1], dst[k - 1]); }
        }
        RtValue *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) memcpy(a, src, n * sizeof *a);
    if (src != a) for (size_t i = 0; i < n; i++) rt_nursery_wb(&a[i], a[i]);
    rt_gc_free(b);
}

/* The two arguments (procedure, sequence) in whichever order they came. */
static void rt_sort_args(const char *loc, const char *who, RtValue x, RtValue y, RtValue *less,
                         RtValue *seq) {
    if (RT_IS_PROCEDURE(x) && !RT_IS_PROCEDURE(y)) {
        *less = x;
        *seq = y;
    } else {
        *less = y;
        *seq = x;
    }
    rt_check_proc(loc, who, *less);
}

static RtValue rt_sort_list(Region *rr, const char *loc, const char *who, RtValue less,
                            RtValue l) {
    int64_t n = rt_list_length(l);
    RT_CHECK(n >= 0, who, "a proper list", l);
    RtValue *a = rt_gc_malloc(((size_t)n + 1) * sizeof *a);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) a[i] = RT_CAR(l);
    for (int64_t i = 0; i < n; i++) rt_nursery_wb(&a[i], a[i]);   /* read after many calls */
    rt_merge_sort(rr, loc, less, a, (size_t)n);
    RtValue r = RT_NIL;
    for (int64_t i = n - 1; i >= 0; i--) r = rt_cons(rr, a[i], r);
    rt_gc_free(a);
    return r;
}

/* Sort v[start..end) into a new vector (copy) or in place. */
static RtValue rt_sort_vector(Region *rr, const char *loc, const char *who, RtValue less,
                              RtValue v, intptr_t argc, const RtValue *argv, int in_place) {
    int64_t start, end;
    rt_range_args(loc, who, argc, argv, 2, RT_LEN(v), "vector", &start, &end);
    size_t n = (size_t)(end - start);
    RtValue *a = rt_gc_malloc((n + 1) * sizeof *a);
    memcpy(a, RT_AS(RtVector, v)->items + start, n * sizeof *a);
    for (size_t i = 0; i < n; i++) rt_nursery_wb(&a[i], a[i]);   /* read after many calls */
    rt_merge_sort(rr, loc, less, a, n);
    RtValue r = in_place ? v : mk_vector(rr, n, RT_FALSE);
    memcpy(RT_AS(RtVector, r)->items + (in_place ? start : 0), a, n * sizeof *a);
    if (in_place) for (size_t i = 0; i < n; i++) rt_nursery_wb(&RT_AS(RtVector, r)->items[start + (int64_t)i], a[i]);
    rt_gc_free(a);
    return in_place ? RT_UNSPEC : r;
}

RtValue rt_p_sort(Region *rr, const char *loc, RtValue x, RtValue y) {
    RtValue less, seq;
    rt_sort_args(loc, "sort", x, y, &less, &seq);
    if (RT_IS_VECTOR(seq)) {
        RtValue argv[2] = {less, seq};
        return rt_sort_vector(rr, loc, "sort", less, seq, 2, argv, 0);
    }
    return rt_sort_list(rr, loc, "sort", less, seq);
}

RtValue rt_p_sort_x(Region *rr, const char *loc, RtValue x, RtValue y) {
    RtValue less, seq;
    rt_sort_args(loc, "sort!", x, y, &less, &seq);
    if (RT_IS_VECTOR(seq)) {
        RtValue argv[2] = {less, seq};
        rt_sort_vector(rr, loc, "sort!", less, seq, 2, argv, 1);
        return seq;
    }
    return rt_sort_list(rr, loc, "sort!", less, seq);
}

RtValue rt_p_list_sort(Region *rr, const char *loc, RtValue x, RtValue y) {
    RtValue less, seq;
    rt_sort_args(loc, "list-sort", x, y, &less, &seq);
    return rt_sort_list(rr, loc, "list-sort", less, seq);
}

RtValue rt_p_vector_sort(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue less, v;
    rt_sort_args(loc, "vector-sort", argv[0], argv[1], &less, &v);
    RT_CHECK(RT_IS_VECTOR(v), "vector-sort", "a vector", v);
    return rt_sort_vector(rr, loc, "vector-sort", less, v, argc, argv, 0);
}

RtValue rt_p_vector_sort_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue less, v;
    rt_sort_args(loc, "vector-sort!", argv[0], argv[1], &less, &v);
    RT_CHECK(RT_IS_VECTOR(v), "vector-sort!", "a vector", v);
    return rt_sort_vector(rr, loc, "vector-sort!", less, v, argc, argv, 1);
}

/* (list-merge < l1 l2): a new sorted list; on ties the element of l1 comes first. */
RtValue rt_p_list_merge(Region *rr, const char *loc, RtValue less, RtValue l1, RtValue l2) {
    rt_check_proc(loc, "list-merge", less);
    RT_CHECK(rt_list_length(l1) >= 0, "list-merge", "a proper list", l1);
    RT_CHECK(rt_list_length(l2) >= 0, "list-merge", "a proper list", l2);
    RtValue head = RT_NIL, *tail = &head;
    while (RT_IS_PAIR(l1) && RT_IS_PAIR(l2)) {
        RtValue x;
        if (RT_TRUTHY(rt_call2(rr, loc, less, RT_CAR(l2), RT_CAR(l1)))) {
            x = RT_CAR(l2);
            l2 = RT_CDR(l2);
        } else {
            x = RT_CAR(l1);
            l1 = RT_CDR(l1);
        }
        *tail = rt_cons(rr, x, RT_NIL);
        rt_nursery_wb(tail, *tail);   /* the previous pair may predate less?'s call */
        tail = &RT_CDR(*tail);
    }
    for (RtValue rest = RT_IS_PAIR(l1) ? l1 : l2; RT_IS_PAIR(rest); rest = RT_CDR(rest)) {
        *tail = rt_cons(rr, RT_CAR(rest), RT_NIL);
        tail = &RT_CDR(*tail);
    }
    return head;
}

RtValue rt_p_list_sorted_p(Region *rr, const char *loc, RtValue x, RtValue y) {
    RtValue less, l;
    rt_sort_args(loc, "list-sorted?", x, y, &less, &l);
    RT_CHECK(rt_list_length(l) >= 0, "list-sorted?", "a proper list", l);
    for (; RT_IS_PAIR(l) && RT_IS_PAIR(RT_CDR(l)); l = RT_CDR(l))
        if (RT_TRUTHY(rt_call2(rr, loc, less, RT_CAR(RT_CDR(l)), RT_CAR(l)))) return RT_FALSE;
    return RT_TRUE;
}
