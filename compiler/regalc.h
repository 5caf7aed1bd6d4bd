/* regalc.h: the compiler's one internal header. Read it as a table of contents: one section
 * per pass, in the order compiler/main.c runs them. Utilities are in util.h.
 *
 *   lexer.re   source text -> tokens           (re2c)
 *   reader.c   tokens -> datums with locations
 *   expand.c   datums -> core AST: special forms, derived forms, macros, scopes
 *   ...        (later passes are listed below as they are declared)
 */
#ifndef REGALC_H
#define REGALC_H

#include "util.h"

/* ==== symbols (sym.c) ======================================================================
 * Compiler-side interned names: two Syms are the same name iff the pointers are equal. */
typedef struct Sym {
    const char *name;   /* UTF-8, NUL-terminated */
    size_t len;
    uint32_t hash;
    struct Sym *next;   /* intern chain */
} Sym;
Sym *sym_intern(const char *name, size_t len);
Sym *sym_cstr(const char *name);

/* ==== datums (reader.c) ====================================================================
 * The reader's output: Scheme data with the location of each datum's first character. */
typedef enum {
    DATUM_NIL, DATUM_BOOL, DATUM_FIXNUM, DATUM_BIGNUM, DATUM_FLONUM, DATUM_CHAR,
    DATUM_STRING, DATUM_SYMBOL, DATUM_PAIR, DATUM_VECTOR, DATUM_BYTEVECTOR,
    DATUM_UNSPEC /* only made by the expander, never read */
} DatumKind;

typedef struct Datum {
    DatumKind kind;
    Loc loc;
    union {
        bool b;                                              /* DATUM_BOOL */
        int64_t fix;                                         /* DATUM_FIXNUM: fits 61 bits */
        const char *big;                                     /* DATUM_BIGNUM: decimal text,
                                                                optional leading '-' */
        double flo;                                          /* DATUM_FLONUM */
        uint32_t ch;                                         /* DATUM_CHAR: code point */
        struct { uint32_t *chars; size_t len; } str;         /* DATUM_STRING: code points */
        Sym *sym;                                            /* DATUM_SYMBOL */
        struct { struct Datum *car, *cdr; } pair;            /* DATUM_PAIR */
        struct { struct Datum **items; size_t len; } vec;    /* DATUM_VECTOR */
        struct { uint8_t *bytes; size_t len; } bv;           /* DATUM_BYTEVECTOR */
    };
} Datum;

typedef VEC(Datum *) DatumVec;

Datum *datum_new(DatumKind kind, Loc loc);
Datum *datum_cons(Datum *car, Datum *cdr, Loc loc);
Datum *datum_sym(Sym *s, Loc loc);
Datum *datum_nil(Loc loc);
bool datum_is_sym(const Datum *d, const char *name);
size_t datum_list_length(const Datum *d);   /* proper list length, or (size_t)-1 */
void datum_print(Buf *b, const Datum *d);   /* `write` syntax, for messages and tests */

/* Read every datum of a source text. Errors go through diag_error with their location; the
 * reader recovers where it can, so several errors may be reported. Returns false on error.
 * Nesting deeper than READER_MAX_DEPTH is an error, never a crash. */
#define READER_MAX_DEPTH 10000
bool reader_read_all(const char *file, const char *text, size_t len, DatumVec *out);

#endif
