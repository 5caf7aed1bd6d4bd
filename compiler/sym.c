/* sym.c: the compiler's symbol table. sym_intern maps a name to its unique Sym, so passes
 * compare names by pointer. The table is a chained hash table that doubles when full; Syms
 * live until the compiler exits. */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

static Sym **sym_table;
static size_t sym_cap, sym_count;

static uint32_t sym_hash(const char *s, size_t len) {
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static void sym_grow(void) {
    size_t cap = sym_cap ? 2 * sym_cap : 1024;
    Sym **table = xcalloc(cap, sizeof *table);
    for (size_t i = 0; i < sym_cap; i++) {
        for (Sym *s = sym_table[i], *next; s; s = next) {
            next = s->next;
            s->next = table[s->hash & (cap - 1)];
            table[s->hash & (cap - 1)] = s;
        }
    }
    free(sym_table);
    sym_table = table;
    sym_cap = cap;
}

Sym *sym_intern(const char *name, size_t len) {
    uint32_t h = sym_hash(name, len);
    if (sym_cap) {
        for (Sym *s = sym_table[h & (sym_cap - 1)]; s; s = s->next)
            if (s->hash == h && s->len == len && memcmp(s->name, name, len) == 0) return s;
    }
    if (sym_count >= sym_cap) sym_grow();
    Sym *s = xmalloc(sizeof *s);
    s->name = xstrndup(name, len);
    s->len = len;
    s->hash = h;
    s->next = sym_table[h & (sym_cap - 1)];
    sym_table[h & (sym_cap - 1)] = s;
    sym_count++;
    return s;
}

Sym *sym_cstr(const char *name) { return sym_intern(name, strlen(name)); }
