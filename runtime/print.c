/* print.c: the printer behind display, write, write-shared and write-simple (R7RS 6.13.3).
 * rt_print(port, v, write) writes v in `display` form (write = 0) or `write` form: strings
 * escaped, characters as #\a #\space #\x3bb, symbols in |...| when they would not read back as
 * the same symbol (|a b|, ||, |1|, |+i|; R7RS 7.1.1's <identifier> decides), so `read` of what
 * `write` prints is equal? to what was written. As in Chez Scheme, quote forms print in full:
 * (quote x). Records print as #<name field ...>, procedures as #<procedure>.
 *
 * Datum labels (R7RS 2.4): display and write label the pairs, vectors, records and boxes that
 * are part of a cycle, so printing a circular structure terminates: #0=(1 2 . #0#);
 * write-shared labels every one of them that is reached twice, write-simple none (it does not
 * terminate on a cycle). Finding them costs a pass over the datum with a table of the objects
 * seen (a printer's graph); display and write first look for a cycle without one (Brent's
 * algorithm on the path of a naive walk, rt_pg_acyclic), so data without cycles (the common
 * case) are printed without the table. Deep nesting stops with "stack overflow".
 */
#include "rtlib.h"

enum { RT_LABELS_NONE, RT_LABELS_CYCLES, RT_LABELS_SHARED };

/* The printer's graph: the compound objects of the datum, open addressing on the object's
 * address. state: RT_PG_OPEN while the scan is inside the object (on its depth-first path),
 * RT_PG_LABEL when it needs a label; label: 0, or 1 + its number once printed. The arrays are
 * collector memory (atomic: the datum being printed keeps its objects alive), so an error
 * raised while printing (a write error) leaks nothing. */
enum { RT_PG_OPEN = 1, RT_PG_LABEL = 2 };
typedef struct RtPgEntry { RtValue key; int32_t state; int64_t label; } RtPgEntry;
typedef struct RtPrinter {
    RtPortImpl *p;
    int write;
    int mode;
    RtPgEntry *tab;      /* NULL: nothing is labelled */
    size_t cap, count;
    RtValue *path;       /* the scan's open objects, for closing them */
    size_t npath, path_cap;
    int64_t next_label;
} RtPrinter;

/* Into a FILE* (stderr or a memory stream), for messages: the printer of error.c
 * (rt_error_print_hook, set to this by rt_start). */
void rt_fprint(void *file, RtValue v, int write) { rt_print(rt_port_of_file(file), v, write); }

static void put(RtPortImpl *p, const char *s) { rt_port_put(p, s, strlen(s)); }

/* ---- the graph ------------------------------------------------------------------------------ */

/* Objects that may be part of a cycle: pairs, non-empty vectors, records, boxes. */
static int rt_pg_compound(RtValue v) {
    if (RT_IS_PAIR(v)) return 1;
    if (!RT_IS_OBJ(v)) return 0;
    RtHeader h = *RT_OBJ(v);
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_VECTOR: return RT_HDR_COUNT(h) > 0;
    case TYPE_ID_RECORD: case TYPE_ID_BOX: return 1;
    default: return 0;
    }
}

static size_t rt_pg_slot(const RtPgEntry *tab, size_t cap, RtValue v) {
    size_t i = (size_t)(((v >> 3) * 0x9e3779b97f4a7c15ULL) >> (64 - __builtin_ctzll(cap)));
    while (tab[i].key != 0 && tab[i].key != v) i = (i + 1) & (cap - 1);
    return i;
}

static RtPgEntry *rt_pg_find(RtPrinter *pr, RtValue v) {
    if (pr->tab == NULL) return NULL;
    RtPgEntry *e = &pr->tab[rt_pg_slot(pr->tab, pr->cap, v)];
    return e->key == v ? e : NULL;
}

static RtPgEntry *rt_pg_add(RtPrinter *pr, RtValue v) {
    if (2 * (pr->count + 1) > pr->cap) {
        size_t cap = pr->cap ? 2 * pr->cap : 256;
        RtPgEntry *tab = rt_gc_malloc_atomic(cap * sizeof *tab);
        memset(tab, 0, cap * sizeof *tab);
        for (size_t i = 0; i < pr->cap; i++)
            if (pr->tab[i].key != 0) tab[rt_pg_slot(tab, cap, pr->tab[i].key)] = pr->tab[i];
        if (pr->tab != NULL) rt_gc_free(pr->tab);
        pr->tab = tab;
        pr->cap = cap;
    }
    RtPgEntry *e = &pr->tab[rt_pg_slot(pr->tab, pr->cap, v)];
    e->key = v;
    e->state = RT_PG_OPEN;
    e->label = 0;
    pr->count++;
    return e;
}

/* Whether v has no cycle, without a table: the naive walk (depth first, cars before cdrs, a
 * list's spine as a loop) would go on forever exactly when v has a cycle, and then it follows
 * one endless path, which repeats once it meets a node twice. So Brent's cycle detection on
 * the walk's current path finds every cycle: anchors[k] holds the path's node at depth 2^k,
 * and a node at depth d in (2^k, 2^(k+1)] is compared with anchors[k] (the anchors of the
 * current path survive, since a sibling overwrites anchors[k] only after the walk has come
 * back above depth 2^k). An acyclic datum costs one walk, no more than printing it without
 * labels (shared parts are walked each time, as they are printed each time). */
static int rt_pg_acyclic(RtValue v, uint64_t depth, RtValue anchors[64]) {
    RT_STACK_CHECK(NULL);
    for (;;) {
        if (!rt_pg_compound(v)) return 1;
        depth++;
        if (depth > 1 && v == anchors[63 - __builtin_clzll(depth - 1)]) return 0;
        if ((depth & (depth - 1)) == 0) anchors[__builtin_ctzll(depth)] = v;
        if (RT_IS_PAIR(v)) {
            if (!rt_pg_acyclic(RT_CAR(v), depth, anchors)) return 0;
            v = RT_CDR(v);
            continue;
        }
        RtHeader h = *RT_OBJ(v);
        int64_t n = (int64_t)RT_HDR_COUNT(h);
        switch (RT_HDR_TYPE(h)) {
        case TYPE_ID_VECTOR:
            for (int64_t i = 0; i < n; i++)
                if (!rt_pg_acyclic(RT_AS(RtVector, v)->items[i], depth, anchors)) return 0;
            return 1;
        case TYPE_ID_RECORD:
            for (int64_t i = 0; i < n; i++)
                if (!rt_pg_acyclic(RT_AS(RtRecord, v)->fields[i], depth, anchors)) return 0;
            return 1;
        default: /* TYPE_ID_BOX */
            v = RT_AS(RtBox, v)->value;
        }
    }
}

/* The scan: depth first, marking RT_PG_LABEL on an object reached while open (a cycle) or,
 * for write-shared, reached a second time. Recursion into cars and elements; a list's spine
 * is a loop whose pairs stay open until its end (they are all on the path). */
static void rt_pg_scan(RtPrinter *pr, RtValue v) {
    RT_STACK_CHECK(NULL);
    size_t base = pr->npath;
    while (rt_pg_compound(v)) {
        RtPgEntry *e = rt_pg_find(pr, v);
        if (e != NULL) {
            if ((e->state & RT_PG_OPEN) || pr->mode == RT_LABELS_SHARED) e->state |= RT_PG_LABEL;
            break;
        }
        rt_pg_add(pr, v);
        if (pr->npath == pr->path_cap) {
            pr->path_cap = pr->path_cap ? 2 * pr->path_cap : 64;
            RtValue *np = rt_gc_malloc_atomic(pr->path_cap * sizeof *np);
            if (pr->npath) memcpy(np, pr->path, pr->npath * sizeof *np);
            if (pr->path != NULL) rt_gc_free(pr->path);
            pr->path = np;
        }
        pr->path[pr->npath++] = v;
        if (RT_IS_PAIR(v)) {
            rt_pg_scan(pr, RT_CAR(v));
            v = RT_CDR(v);
            continue;
        }
        RtHeader h = *RT_OBJ(v);
        int64_t n = (int64_t)RT_HDR_COUNT(h);
        if (RT_HDR_TYPE(h) == TYPE_ID_VECTOR) {
            for (int64_t i = 0; i < n; i++) rt_pg_scan(pr, RT_AS(RtVector, v)->items[i]);
            break;
        }
        if (RT_HDR_TYPE(h) == TYPE_ID_RECORD) {
            for (int64_t i = 0; i < n; i++) rt_pg_scan(pr, RT_AS(RtRecord, v)->fields[i]);
            break;
        }
        v = RT_AS(RtBox, v)->value;
    }
    for (size_t i = base; i < pr->npath; i++) rt_pg_find(pr, pr->path[i])->state &= ~RT_PG_OPEN;
    pr->npath = base;
}

/* ---- atoms ---------------------------------------------------------------------------------- */

/* Numbers print as numbers.c formats them (rt_number_format, radix 10). Fixnums, the common
 * case, are formatted here without allocating. */
static void rt_print_number(RtPortImpl *p, RtValue v) {
    if (RT_IS_FIXNUM(v)) {
        char b[32];
        put(p, (snprintf(b, sizeof b, "%lld", (long long)RT_FIXVAL(v)), b));
        return;
    }
    char *text = NULL;
    size_t n = rt_number_format(v, 10, &text);
    rt_port_put(p, text, n);
    free(text);
}

static const char *const rt_char_names[] = {
    [0] = "null", [7] = "alarm", [8] = "backspace", [9] = "tab", [10] = "newline",
    [13] = "return", [27] = "escape", [32] = "space", [127] = "delete",
};

/* #\a, #\λ, a name (#\space), or #\x<hex> for what does not show as itself: controls,
 * separators, format characters, unassigned and private-use code points, combining marks. */
static void rt_print_char(RtPortImpl *p, uint32_t c) {
    char b[32];
    put(p, "#\\");
    if (c <= 127 && rt_char_names[c] != NULL) put(p, rt_char_names[c]);
    else if (rt_char_graphic(c) && !rt_char_mark(c)) rt_port_put_char(p, c);
    else {
        snprintf(b, sizeof b, "x%x", c);
        put(p, b);
    }
}

/* One code point inside "..." (quote '"') or |...| (quote '|'): the mnemonic escapes of R7RS
 * 6.7, \" or \|, \\, and \x<hex>; for controls and line or paragraph separators (and, in a
 * symbol, any character that is not graphic but a space). */
static void rt_print_escaped(RtPortImpl *p, uint32_t c, uint32_t quote) {
    static const char mnemonic[] = {[7] = 'a', [8] = 'b', [9] = 't', [10] = 'n', [13] = 'r'};
    char b[16];
    if (c == quote || c == '\\') {
        b[0] = '\\';
        b[1] = (char)c;
        rt_port_put(p, b, 2);
    } else if (c < sizeof mnemonic && mnemonic[c]) {
        b[0] = '\\';
        b[1] = mnemonic[c];
        rt_port_put(p, b, 2);
    } else if (c < 32 || (c >= 127 && c < 160) || c == 0x2028 || c == 0x2029 ||
               (quote == '|' && c >= 160 && !rt_char_graphic(c))) {
        snprintf(b, sizeof b, "\\x%x;", c);
        put(p, b);
    } else {
        rt_port_put_char(p, c);
    }
}

static void rt_print_string(RtPortImpl *p, const RtString *s, int write) {
    int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
    if (!write) {
        rt_port_put_chars(p, s->chars, (size_t)n);
        return;
    }
    put(p, "\"");
    for (int64_t i = 0; i < n; i++) rt_print_escaped(p, s->chars[i], '"');
    put(p, "\"");
}

/* R7RS 7.1.1 <identifier> without bars: <initial> <subsequent>* or a <peculiar identifier>;
 * beyond ASCII any graphic character may appear (both readers take them). */
static int rt_id_initial(uint32_t c) {
    if (c >= 128) return rt_char_graphic(c);
    return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c && strchr("!$%&*/:<=>?^_~", (int)c));
}
static int rt_id_subsequent(uint32_t c) {
    return rt_id_initial(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
           c == '@';
}
static int rt_id_sign_subsequent(uint32_t c) {
    return rt_id_initial(c) || c == '+' || c == '-' || c == '@';
}

/* Does the name start (ignoring case) with text? */
static int rt_name_starts(const uint32_t *c, int64_t n, const char *text) {
    int64_t k = (int64_t)strlen(text);
    if (n < k) return 0;
    for (int64_t i = 0; i < k; i++)
        if (c[i] >= 128 || (char)(c[i] | 0x20) != text[i]) return 0;
    return 1;
}

/* Whether a symbol's name must be written in |...| to read back as the same symbol: it is
 * empty, holds a character no identifier may hold (a delimiter, #, |, \, a space...), starts
 * as no identifier does (a digit, @, a lone .), or is a peculiar identifier that the number
 * syntax claims (+i, -i, and everything starting +inf.0, -nan.0..., R7RS 7.1.1). */
static int rt_symbol_needs_bars(const RtString *s) {
    int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
    const uint32_t *c = s->chars;
    if (n == 0) return 1;
    for (int64_t i = 0; i < n; i++)
        if (!rt_id_subsequent(c[i])) return 1;
    if (rt_id_initial(c[0])) return 0;
    if (c[0] == '+' || c[0] == '-') {
        if (n == 1) return 0;
        if (c[1] == '.') {
            if (n < 3 || !(rt_id_sign_subsequent(c[2]) || c[2] == '.')) return 1;
        } else if (!rt_id_sign_subsequent(c[1])) {
            return 1;
        }
        return (n == 2 && (c[1] | 0x20) == 'i') || rt_name_starts(c + 1, n - 1, "inf.0") ||
               rt_name_starts(c + 1, n - 1, "nan.0");
    }
    if (c[0] == '.') return n < 2 || !(rt_id_sign_subsequent(c[1]) || c[1] == '.');
    return 1; /* a digit or @ */
}

static void rt_print_symbol(RtPortImpl *p, RtValue sym, int write) {
    const RtString *s = RT_STR(RT_AS(RtSymbol, sym)->name);
    if (!write || !rt_symbol_needs_bars(s)) {
        rt_print_string(p, s, 0);
        return;
    }
    put(p, "|");
    for (int64_t i = 0; i < (int64_t)RT_HDR_COUNT(s->hdr); i++) rt_print_escaped(p, s->chars[i], '|');
    put(p, "|");
}

static void rt_print_imm(RtPortImpl *p, RtValue v, int write) {
    if (RT_IS_CHAR(v)) {
        if (write) rt_print_char(p, RT_CHARVAL(v));
        else rt_port_put_char(p, RT_CHARVAL(v));
        return;
    }
    switch (v) {
    case RT_FALSE: put(p, "#f"); break;
    case RT_TRUE: put(p, "#t"); break;
    case RT_NIL: put(p, "()"); break;
    case RT_UNSPEC: put(p, "#<void>"); break;
    case RT_EOF: put(p, "#<eof>"); break;
    case RT_UNDEFINED: put(p, "#<undefined>"); break;
    case RT_DEFAULT: put(p, "#<default>"); break;
    default: put(p, "#<unknown>"); break;
    }
}

/* ---- data ----------------------------------------------------------------------------------- */

static void rt_print_v(RtPrinter *pr, RtValue v);

/* A record type's name without the conventional angle brackets: <point> -> point. */
static void rt_print_type_name(RtPrinter *pr, RtValue name) {
    if (RT_IS_SYMBOL(name)) {
        const RtString *s = RT_STR(RT_AS(RtSymbol, name)->name);
        int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
        int strip = n > 2 && s->chars[0] == '<' && s->chars[n - 1] == '>';
        if (n > 2 * strip) rt_port_put_chars(pr->p, s->chars + strip, (size_t)(n - 2 * strip));
    } else {
        int w = pr->write;
        pr->write = 0;
        rt_print_v(pr, name);
        pr->write = w;
    }
}

/* A labelled object: #n# if its label was printed already (1 returned: nothing more to
 * print), else #n= before it (0: print the object). */
static int rt_print_label(RtPrinter *pr, RtValue v) {
    RtPgEntry *e = rt_pg_find(pr, v);
    if (e == NULL || !(e->state & RT_PG_LABEL)) return 0;
    char b[32];
    if (e->label > 0) {
        snprintf(b, sizeof b, "#%lld#", (long long)(e->label - 1));
        put(pr->p, b);
        return 1;
    }
    e->label = ++pr->next_label;
    snprintf(b, sizeof b, "#%lld=", (long long)(e->label - 1));
    put(pr->p, b);
    return 0;
}

static void rt_print_pair(RtPrinter *pr, RtValue v) {
    RtPortImpl *p = pr->p;
    put(p, "(");
    for (;;) {
        rt_print_v(pr, RT_CAR(v));
        v = RT_CDR(v);
        if (!RT_IS_PAIR(v)) break;
        RtPgEntry *e = rt_pg_find(pr, v);
        if (e != NULL && (e->state & RT_PG_LABEL)) break; /* a labelled tail: ( ... . #n#) */
        put(p, " ");
    }
    if (v != RT_NIL) {
        put(p, " . ");
        rt_print_v(pr, v);
    }
    put(p, ")");
}

static void rt_print_v(RtPrinter *pr, RtValue v) {
    RT_STACK_CHECK(NULL);
    RtPortImpl *p = pr->p;
    switch (v & RT_TAG_MASK) {
    case RT_TAG_FIXNUM: rt_print_number(p, v); return;
    case RT_TAG_PAIR:
        if (pr->tab != NULL && rt_print_label(pr, v)) return;
        rt_print_pair(pr, v);
        return;
    case RT_TAG_OBJ: break;
    default: rt_print_imm(p, v, pr->write); return;
    }
    RtHeader h = *RT_OBJ(v);
    int64_t n = (int64_t)RT_HDR_COUNT(h);
    char b[64];
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_FLOAT:
    case TYPE_ID_INT:
    case TYPE_ID_RATNUM:
    case TYPE_ID_COMPNUM: rt_print_number(p, v); return;
    case TYPE_ID_SYMBOL: rt_print_symbol(p, v, pr->write); return;
    case TYPE_ID_STRING: rt_print_string(p, RT_STR(v), pr->write); return;
    case TYPE_ID_VECTOR:
        if (pr->tab != NULL && rt_print_label(pr, v)) return;
        put(p, "#(");
        for (int64_t i = 0; i < n; i++) {
            if (i) put(p, " ");
            rt_print_v(pr, RT_AS(RtVector, v)->items[i]);
        }
        put(p, ")");
        return;
    case TYPE_ID_F64VECTOR: /* a vector of flonums, unboxed (regal.h) */
        put(p, "#(");
        for (int64_t i = 0; i < n; i++) {
            char d[RT_FLONUM_BUF];
            if (i) put(p, " ");
            rt_format_double(RT_AS(RtF64Vector, v)->d[i], d);
            put(p, d);
        }
        put(p, ")");
        return;
    case TYPE_ID_BOOLVECTOR: /* a vector of booleans, a byte each (regal.h) */
        put(p, "#(");
        for (int64_t i = 0; i < n; i++) put(p, RT_AS(RtBoolVector, v)->b[i] ? (i ? " #t" : "#t") : (i ? " #f" : "#f"));
        put(p, ")");
        return;
    case TYPE_ID_BYTEVECTOR:
        put(p, "#u8(");
        for (int64_t i = 0; i < n; i++) {
            snprintf(b, sizeof b, i ? " %u" : "%u", RT_AS(RtBytevector, v)->bytes[i]);
            put(p, b);
        }
        put(p, ")");
        return;
    case TYPE_ID_CLOSURE: put(p, "#<procedure>"); return;
    case TYPE_ID_BOX:
        if (pr->tab != NULL && rt_print_label(pr, v)) return;
        put(p, "#<box ");
        rt_print_v(pr, RT_AS(RtBox, v)->value);
        put(p, ">");
        return;
    case TYPE_ID_RECORD: {
        if (pr->tab != NULL && rt_print_label(pr, v)) return;
        RtRecord *r = RT_AS(RtRecord, v);
        put(p, "#<");
        if (RT_IS_TYPE(r->type, TYPE_ID_RECORD_TYPE))
            rt_print_type_name(pr, RT_AS(RtRecordType, r->type)->name);
        else put(p, "record");
        for (int64_t i = 0; i < n; i++) {
            put(p, " ");
            rt_print_v(pr, r->fields[i]);
        }
        put(p, ">");
        return;
    }
    case TYPE_ID_RECORD_TYPE:
        put(p, "#<record-type ");
        rt_print_type_name(pr, RT_AS(RtRecordType, v)->name);
        put(p, ">");
        return;
    case TYPE_ID_PORT: {
        char d[256];
        rt_port_describe(v, d, sizeof d);
        put(p, "#<");
        put(p, d);
        put(p, ">");
        return;
    }
    case TYPE_ID_VALUES:   /* several values where one was expected: shown as such, not as data */
        put(p, "#<values");
        for (int64_t i = 0; i < n; i++) {
            put(p, " ");
            rt_print_v(pr, RT_AS(RtValues, v)->items[i]);
        }
        put(p, ">");
        return;
    case TYPE_ID_CONDITION: {
        RtCondition *c = RT_AS(RtCondition, v);
        int w = pr->write;
        pr->write = 1;
        put(p, "#<error-object ");
        rt_print_v(pr, c->message);
        for (RtValue l = c->irritants; RT_IS_PAIR(l); l = RT_CDR(l)) {
            put(p, " ");
            rt_print_v(pr, RT_CAR(l));
        }
        put(p, ">");
        pr->write = w;
        return;
    }
    default:
        put(p, "#<");
        put(p, rt_type_name[RT_HDR_TYPE(h)]);
        put(p, ">");
        return;
    }
}

/* Print v with the labels `mode` asks for: for display and write, only when v has a cycle
 * (rt_pg_acyclic says so first). A condition's irritants and the items of multiple values are
 * scanned as the datum. */
static void rt_print_mode(RtPortImpl *p, RtValue v, int write, int mode) {
    RtPrinter pr = {.p = p, .write = write, .mode = mode};
    const RtValue *roots = &v;
    int64_t nroots = 1;
    if (RT_IS_TYPE(v, TYPE_ID_CONDITION)) {
        roots = &RT_AS(RtCondition, v)->irritants;
    } else if (RT_IS_TYPE(v, TYPE_ID_VALUES)) {
        roots = RT_AS(RtValues, v)->items;
        nroots = RT_LEN(v);
    }
    if (mode == RT_LABELS_CYCLES) {
        RtValue anchors[64];
        int acyclic = 1;
        for (int64_t i = 0; i < nroots && acyclic; i++) acyclic = rt_pg_acyclic(roots[i], 0, anchors);
        if (acyclic) mode = RT_LABELS_NONE;
    }
    if (mode != RT_LABELS_NONE)
        for (int64_t i = 0; i < nroots; i++) rt_pg_scan(&pr, roots[i]);
    rt_print_v(&pr, v);
    if (pr.tab != NULL) rt_gc_free(pr.tab);
    if (pr.path != NULL) rt_gc_free(pr.path);
}

void rt_print(RtPortImpl *p, RtValue v, int write) { rt_print_mode(p, v, write, RT_LABELS_CYCLES); }

/* ---- primitives --------------------------------------------------------------------------- */

RtValue rt_p_display(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print_mode(rt_out_port(loc, "display", RT_OPT(1, RT_DEFAULT)), argv[0], 0, RT_LABELS_CYCLES);
    return RT_UNSPEC;
}

RtValue rt_p_write(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print_mode(rt_out_port(loc, "write", RT_OPT(1, RT_DEFAULT)), argv[0], 1, RT_LABELS_CYCLES);
    return RT_UNSPEC;
}

RtValue rt_p_write_shared(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print_mode(rt_out_port(loc, "write-shared", RT_OPT(1, RT_DEFAULT)), argv[0], 1,
                  RT_LABELS_SHARED);
    return RT_UNSPEC;
}

RtValue rt_p_write_simple(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print_mode(rt_out_port(loc, "write-simple", RT_OPT(1, RT_DEFAULT)), argv[0], 1,
                  RT_LABELS_NONE);
    return RT_UNSPEC;
}
