/* regalc.h: the compiler's one internal header. Read it as a table of contents: one section
 * per pass, in the order compiler/main.c runs them. Utilities are in util.h.
 *
 *   lexer.re   source text -> tokens           (re2c)
 *   reader.c   tokens -> datums with locations
 *   expand.c   datums -> core AST: the hygienic expander, core special forms, bodies, top level
 *     derive.c   the derived forms (do, case, guard, ...), one expander per keyword (for expand.c)
 *     macro.c    syntax-rules: matching, template instantiation, renaming (for expand.c)
 *     scope.c    identifiers, aliases and bindings (below macro.c and expand.c)
 *     library.c  define-library and import: finding, expanding and importing libraries
 *     interface.c  separately compiled libraries: .rgi interface files, their C names
 *   dump.c     core AST -> readable S-expressions (--dump=expand; later passes add annotations)
 *   simplify.c core AST -> core AST: immediately applied lambdas and call-with-values of literal
 *              lambdas become let (let-values, receive: no closure)
 *   analyze.c  AST -> facts: assigned/captured variables, free variables, known procedures,
 *              loops that compile to C loops, arity checks of known calls
 *   infer.c    AST + facts -> the set of types of every expression and variable
 *   version.c  typed copies of loops entered after a check of their variables' types (then
 *              infer.c again)
 *   regions.c  AST + facts + types -> the region of every allocation site (region inference)
 *   emit.c     AST + facts -> C source (typed allocation or mk_* constructors)
 *   driver.c   C source -> executable, through clang; --run; the temporary directory
 */
#ifndef REGALC_H
#define REGALC_H

#include "util.h"

/* ==== types (used by prims.c, infer.c, regions.c, emit.c) =================================
 * A Type is a set of the kinds of values an expression may have at run time, one bit each;
 * TY_ANY (unknown) is every bit, 0 (TY_NONE) an expression that never delivers a value. */
#define TYPE_BITS(X)                                                                       \
    X(FIX, 0, "fixnum") X(FLO, 1, "flonum") X(BIG, 2, "bignum") X(PAIR, 3, "pair")        \
    X(NULL, 4, "null") X(SYM, 5, "symbol") X(STR, 6, "string") X(CHAR, 7, "char")         \
    X(BOOL, 8, "boolean") X(VEC, 9, "vector") X(BVEC, 10, "bytevector")                   \
    X(PROC, 11, "procedure") X(REC, 12, "record") X(UNSPEC, 13, "unspecified")            \
    X(EOF, 14, "eof") X(OTHER, 15, "other") X(RAT, 16, "ratnum") X(CPLX, 17, "compnum")
typedef uint32_t Type;
enum {
#define TYPE_ENUM(name, bit, text) TY_##name = 1u << bit,
    TYPE_BITS(TYPE_ENUM)
#undef TYPE_ENUM
    TY_NBITS = 18,
    TY_NONE = 0,
    TY_ANY = (1u << 18) - 1,
    TY_INT = TY_FIX | TY_BIG,
    TY_EXACT = TY_INT | TY_RAT,              /* exact rationals; TY_CPLX may be exact too */
    TY_REAL = TY_EXACT | TY_FLO,
    TY_NUM = TY_REAL | TY_CPLX,
    TY_LIST = TY_PAIR | TY_NULL,
    /* values held in the word itself, never a pointer to an object (runtime/regal.h's tags) */
    TY_IMMEDIATE = TY_FIX | TY_NULL | TY_CHAR | TY_BOOL | TY_UNSPEC | TY_EOF,
};

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
    DATUM_NIL, DATUM_BOOL, DATUM_FIXNUM, DATUM_BIGNUM, DATUM_RATNUM, DATUM_FLONUM, DATUM_COMPNUM, DATUM_CHAR,
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
                                                                optional leading '-';
                                                                DATUM_RATNUM: "n/d" likewise,
                                                                in lowest terms, d > 1 */
        double flo;                                          /* DATUM_FLONUM */
        struct { struct Datum *re, *im; } cx;                /* DATUM_COMPNUM: real datums,
                                                                both exact (im not 0) or
                                                                both flonums */
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
/* The same, with identifiers folded to lower case from the start (as after #!fold-case): the
 * reading of include-ci (R7RS 4.1.7) when fold_case. */
bool reader_read_all_ci(const char *file, const char *text, size_t len, bool fold_case,
                        DatumVec *out);

/* Whether text stops inside a datum (an open list, a quote waiting for its datum, a string
 * or block comment running to the end): a REPL then reads another line. Reports nothing. */
bool reader_incomplete(const char *text, size_t len);

/* ==== lexer (lexer.re) =====================================================================
 * R7RS 2.1-2.4 and 7.1.1 lexical syntax, generated by re2c. lexer_next returns one token at a
 * time; literals (numbers, strings, characters, booleans, identifiers) come with their decoded
 * value in `value`. Lexical errors are reported through lexer_error and the offending text is
 * skipped; after LEXER_MAX_ERRORS errors the lexer says it stops and returns TOK_EOF. */
#define TOKEN_KINDS(X)                                                                     \
    X(TOK_EOF, "end of file")                                                              \
    X(TOK_LPAREN, "'('")                                                                   \
    X(TOK_RPAREN, "')'")                                                                   \
    X(TOK_LBRACKET, "'['")                                                                 \
    X(TOK_RBRACKET, "']'")                                                                 \
    X(TOK_VECTOR, "'#('")                                                                  \
    X(TOK_BYTEVECTOR, "'#u8('")                                                            \
    X(TOK_QUOTE, "'''")                                                                    \
    X(TOK_QUASIQUOTE, "'`'")                                                               \
    X(TOK_UNQUOTE, "','")                                                                  \
    X(TOK_UNQUOTE_SPLICING, "',@'")                                                        \
    X(TOK_DATUM_COMMENT, "'#;'")                                                           \
    X(TOK_DOT, "'.'")                                                                      \
    X(TOK_NUMBER, "number")                                                                \
    X(TOK_STRING, "string")                                                                \
    X(TOK_CHAR, "character")                                                               \
    X(TOK_BOOL, "boolean")                                                                 \
    X(TOK_SYMBOL, "identifier")                                                            \
    X(TOK_LABEL_DEF, "datum label '#n='") /* value: a fixnum datum, n */                   \
    X(TOK_LABEL_REF, "datum label '#n#'") /* value: a fixnum datum, n */                   \
    X(TOK_ERROR, "invalid token") /* already reported; the reader skips it */
typedef enum {
#define TOKEN_ENUM(kind, name) kind,
    TOKEN_KINDS(TOKEN_ENUM)
#undef TOKEN_ENUM
    TOK_COUNT
} TokKind;
extern const char *const lexer_token_names[TOK_COUNT];

typedef struct Token {
    TokKind kind;
    Loc loc;              /* first character */
    const char *start;    /* the token's text in the source */
    size_t len;
    Datum *value;         /* TOK_NUMBER, TOK_STRING, TOK_CHAR, TOK_BOOL, TOK_SYMBOL */
} Token;

#define LEXER_MAX_ERRORS 20
typedef struct Lexer {
    const char *file;
    const char *text, *cur, *lim;  /* text[len] is the NUL sentinel at lim */
    const char *loc_pos;           /* lexer_loc's cache: loc_pos is at loc_line:loc_col */
    int loc_line, loc_col;
    bool fold_case;                /* after #!fold-case */
    bool quiet;                    /* count errors but print nothing (datum_print uses it) */
    int errors;
} Lexer;
/* text must be NUL-terminated at text[len] (NULs before it are ordinary input). */
void lexer_init(Lexer *lx, const char *file, const char *text, size_t len);
Token lexer_next(Lexer *lx);
Loc lexer_loc(Lexer *lx, const char *p);   /* cheapest when p only moves forward */
void lexer_error(Lexer *lx, Loc loc, const char *fmt, ...) PRINTF(3, 4);

/* ==== built-in libraries (prims.def's libs column, the keyword tables, library.c) ===========
 * The libraries the compiler provides without a file: the R7RS standard libraries (appendix
 * A; (scheme eval), (scheme repl) and (scheme load) link the evaluator, eval/, into the program),
 * the SRFIs built in, (regal extras), its procedures outside both, (regal lists), the list
 * primitives of SRFI 1 (lib/srfi/1.sld exports them with the rest), (regal ffi), the foreign
 * procedures, and (regal internal), what the installed libraries of lib/ use to raise errors
 * as the primitives do (%type-error). A primitive's row
 * in prims.def and a keyword's row (expand.c's CORE_FORMS, derive.c's derive_forms) name the
 * libraries that export it as LIB_ bits; nothing else lists what a library exports. */
#define LIBRARIES(X)                                                                       \
    X(BASE, "(scheme base)") X(CASE_LAMBDA, "(scheme case-lambda)") X(CHAR, "(scheme char)") \
    X(COMPLEX, "(scheme complex)") X(CXR, "(scheme cxr)") X(FILE, "(scheme file)")         \
    X(INEXACT, "(scheme inexact)")                                                         \
    X(LAZY, "(scheme lazy)") X(PROCESS_CONTEXT, "(scheme process-context)")                \
    X(READ, "(scheme read)") X(TIME, "(scheme time)") X(WRITE, "(scheme write)")           \
    X(R5RS, "(scheme r5rs)") X(EVAL, "(scheme eval)") X(LOAD, "(scheme load)")             \
    X(REPL, "(scheme repl)")                                                               \
    X(SRFI_0, "(srfi 0)") X(LISTS, "(regal lists)") X(SRFI_6, "(srfi 6)") X(SRFI_8, "(srfi 8)") \
    X(SRFI_9, "(srfi 9)") X(SRFI_11, "(srfi 11)") X(SRFI_16, "(srfi 16)") X(SRFI_18, "(srfi 18)") \
    X(SRFI_23, "(srfi 23)") X(SRFI_30, "(srfi 30)") X(SRFI_39, "(srfi 39)")                \
    X(SRFI_62, "(srfi 62)") X(SRFI_69, "(srfi 69)") X(SRFI_87, "(srfi 87)")                \
    X(SRFI_98, "(srfi 98)")                                                                \
    X(REGAL, "(regal extras)") X(INTERNAL, "(regal internal)")                             \
    X(FFI, "(regal ffi)")
enum {
#define LIB_INDEX(id, name) LIB_INDEX_##id,
    LIBRARIES(LIB_INDEX)
#undef LIB_INDEX
    LIB_COUNT
};
typedef uint64_t LibSet;   /* a set of built-in libraries: LIB_ bits */
enum {
#define LIB_BIT(id, name) LIB_##id = (LibSet)1 << LIB_INDEX_##id,
    LIBRARIES(LIB_BIT)
#undef LIB_BIT
};
_Static_assert(LIB_COUNT <= 64, "LibSet has a bit per built-in library");
extern const char *const lib_builtin_names[LIB_COUNT]; /* "(scheme base)", ... (library.c) */

/* ==== primitives (prims.c) =================================================================
 * The compiler's view of runtime/prims.def: every fact a pass needs about a primitive is a field
 * here, filled from its row (the columns are documented in prims.def); passes switch on the id
 * and read fields, never compare names. */
typedef enum {
#define RT_PRIM_F(c, ...) PRIM_##c,
#define RT_PRIM_V(c, ...) PRIM_##c,
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
    PRIM_COUNT
} PrimId;
/* How a result type is computed from the argument types (prims.def's result column). */
typedef enum {
    RULE_NONE,    /* the type is Prim.result */
    RULE_ARITH, RULE_DIV, RULE_QUO, RULE_REM, RULE_MINMAX, RULE_ROUND, RULE_ROUNDI,
    RULE_TRANSC, RULE_TRANSC_C, RULE_EXACT, RULE_INEXACT, RULE_LIST, RULE_APPEND,
    RULE_RECT,    /* make-rectangular, make-polar: a compnum unless the second argument may be
                     the fixnum 0 (runtime/numtrans.c: then the first, a real) */
} PrimRule;
/* What the result and the arguments share (prims.def's effect column). */
typedef enum { EF_NONE, EF_CTOR, EF_PART, EF_MUTATE, EF_ESCAPE } PrimEffect;
#define PRIM_MAX_ARGS 5
typedef struct Prim {
    PrimId id;
    const char *name;    /* Scheme name */
    const char *cname;   /* rt_p_<cname> */
    int nreq, nopt;      /* nopt = -1: rest arguments */
    bool fixed;          /* RT_PRIM_F calling convention */
    unsigned flags;      /* RT_PF_* */
    Type result;         /* RULE_NONE: the result's type; else the widest the rule gives */
    PrimRule rule;
    PrimEffect effect;
    int calls;           /* -1, or k: arguments k.. may be procedures it calls */
    Type args[PRIM_MAX_ARGS]; /* required type of argument i (0: no requirement) */
    bool args_all;       /* every argument must have type args[0] */
    Type pred_yes, pred_no; /* a type predicate (pred_yes != 0): true iff the argument's type
                               is in pred_yes; false rules out pred_no */
    const char *cxr;     /* c[ad]+r: its letters between c and r ("ad" for cadr), else NULL */
    LibSet libs;         /* the built-in libraries that export it (0: internal) */
} Prim;
const Prim *prims_lookup(Sym *name);
const Prim *prims_get(PrimId id);
bool prims_arity_ok(const Prim *p, int argc);
/* The type argument i of a call with nargs arguments must have (TY_ANY: any). */
Type prims_arg_type(const Prim *p, size_t i);
/* A call with nargs arguments calls procedure arguments (prims.def's calls column). */
bool prims_higher_order(const Prim *p, size_t nargs);

/* ==== core AST (expand.c) ==================================================================
 * What the expander produces: every derived form is gone, every identifier is resolved to
 * a Var. Which fields are valid depends on the kind (noted after each kind). */
typedef struct Ast Ast;
typedef struct Lambda Lambda;
/* Where an allocation site's objects live: regions.c decides, emit.c writes the C (see the
 * region inference section). */
typedef enum {
    PLACE_NONE,    /* not an allocation site */
    PLACE_HEAP,    /* the collected heap */
    PLACE_CALLER,  /* the region the caller passed (rr); for the top level, rt_global_region */
    PLACE_LOCAL,   /* the procedure call's own region (the top level's own, at top level) */
    PLACE_SELF,    /* the iteration region of a procedure that loops by self tail calls */
    PLACE_LOOP,    /* the iteration region of a contified loop (Ast.place_loop) */
    PLACE_CARRY,   /* the carry region of a contified loop (Ast.place_loop): lives while the
                    * loop runs, emptied before each back edge's arguments are evaluated */
} Place;

/* What a procedure does with an argument (regions.c's summaries): nothing that outlives the
 * call, gives it back in its result, keeps it (stores it, passes it to unknown code). */
typedef enum { SUM_NONE, SUM_RESULT, SUM_GLOBAL } RegionSum;

/* A global defined by a separately compiled library (interface.c): reached through C names
 * that library's object file defines. */
typedef struct ExtVar {
    const char *value;    /* the C variable holding its value (regal_v_...), or NULL: none */
    const char *direct;   /* its direct entry (no argument count), or NULL: call the value */
    int nreq;             /* direct: the number of arguments it takes */
    Type type;            /* what its value can be (TY_PROC: a procedure never assigned) */
    Type ret;             /* a call of its direct entry: what the result can be (TY_ANY) */
    const uint8_t *arg_sum; /* a call of its direct entry: RegionSum of each argument, or
                               NULL: every argument kept (SUM_GLOBAL) */
    const char *lib;      /* the library that defines it, "(ml a)", for messages */
    const char *statics;  /* a unit's initialiser: the C function interning its symbols */
} ExtVar;

typedef struct Var {
    Sym *name;
    Loc loc;              /* where it is bound (or first referenced, for globals) */
    int id;               /* unique, for C names */
    bool global;          /* a top-level variable */
    bool defined;         /* global: the program defines it */
    const Prim *prim;     /* global: the primitive it names when the program does not define it */
    const ExtVar *ext;    /* global: defined by a separately compiled library (never here) */
    const char *cname;    /* global defined here that other units see (regal -c): its C name,
                             regal_v_...; analysis assumes anything may read it and call it */
    const char *cdirect;  /* emit.c: its external direct entry (regal_x_...), when it has one */
    Lambda *owner;        /* local: the lambda whose frame binds it (NULL at top level) */
    /* set by analyze.c */
    int nrefs, nsets, ndefs;
    bool captured;        /* referenced or assigned from a lambda other than its owner */
    bool boxed;           /* assigned and captured: lives in a box */
    Lambda *known;        /* bound once to this lambda and never assigned */
    bool init_first;      /* global: defined once, never assigned, and its define runs before
                             any code that could read it (no call, no read of it at the top
                             level before it): its references need no check that it is
                             defined (-fno-early-globals) */
    /* set by infer.c */
    Type type;            /* every type its values can have */
    const struct SiteSet *sites; /* the container sites its pairs, vectors, records come from */
    bool nonneg;          /* bound by let, never assigned, to a real >= +0 or a NaN */
    bool flo_param;       /* a parameter of a flonum entry passed as a C double */
    /* set by regions.c */
    bool carry_copy;      /* a contified loop's variable whose number each back edge copies into
                             the loop's next iteration region (rt_carry_take, rt_carry_put) */
    /* set by oneshot.c */
    bool linear;          /* a parameter or let variable at most one of whose references is
                             evaluated, and only to call its value, hand it on to a linear
                             parameter or capture it in a one-shot closure */
} Var;
typedef VEC(Var *) VarVec;

typedef enum {
    AST_CONST,    /* datum */
    AST_REF,      /* var */
    AST_SET,      /* var, value; is_define for a top-level define */
    AST_IF,       /* test, then, els */
    AST_LAMBDA,   /* lambda */
    AST_SEQ,      /* items (at least one) */
    AST_CALL,     /* fn, args */
    AST_PRIMCALL, /* prim, args: a call to a primitive the program does not redefine */
    AST_LET,      /* vars, inits, body: inits evaluated outside the scope of vars */
    AST_LETREC,   /* vars, inits, body: letrec* semantics, inits in order */
} AstKind;
typedef VEC(Ast *) AstVec;

struct Ast {
    AstKind kind;
    Loc loc;
    Datum *datum;
    Var *var;
    bool is_define;
    Ast *value, *test, *then, *els, *fn, *body;
    const Prim *prim;
    const struct FfiSig *ffi; /* AST_PRIMCALL of %ffi-call: the C function and its types */
    Lambda *lambda;
    AstVec items, args, inits;
    VarVec vars;
    /* set by infer.c */
    Type type;            /* every type its value can have (0: it never delivers a value) */
    const struct SiteSet *sites; /* the container sites its pairs, vectors, records come from
                             (infer.c's sets; a node that makes containers is a site) */
    bool flovec;          /* its value is always an unboxed flonum vector (TYPE_ID_F64VECTOR);
                             at a vector or make-vector node: it makes one */
    bool boolvec;         /* likewise a vector of booleans kept as bytes (TYPE_ID_BOOLVECTOR) */
    /* set by regions.c, at every allocation site (an allocating node, a non-tail call's
     * result region, a closure, a boxed flonum): the region its objects go to */
    Place place;
    Lambda *place_loop;   /* PLACE_LOOP, PLACE_CARRY: the contified loop whose region it is */
    bool place_soft;      /* made in a loop but stored into containers of an older region, and
                             placed there (regions.c's container rule): emit.c allocates through
                             rt_region_soft, which turns to the heap past a soft budget */
    bool place_if_entered; /* PLACE_LOCAL, PLACE_SELF: a number that may be a fixnum or a
                             tested call's result, placed in a region other sites make its
                             procedure enter anyway (regions.c's number and tested rules): emit.c
                             uses it where the path has entered it, and the collected heap where
                             it is still pending (never entering it) */
    bool place_evac;      /* PLACE_HEAP, a call: EVACUATED (regions.c): the callee runs in a region
                             entered for the call, its result is copied out into the collected
                             heap (rt_region_evacuate_leave) and the region left with the garbage
                             the call made */
    int rg_tok;           /* regions.c: 1 + this site's token in its procedure, 0: none yet */
    bool rg_tested;       /* regions.c: a call whose value is only tested (an if's test) or dropped */
    bool rg_elem;         /* regions.c: a call sent to the heap as an element of a list whose
                             callers keep the elements (ELEMS mode): evacuated */
    bool check_init;      /* analyze.c, a reference: it may read a letrec variable before its init
                             has been assigned (emit.c raises "used before its definition") */
};

struct Lambda {
    Sym *name;            /* the variable it is first bound to, for messages; may be NULL */
    Loc loc;
    int id;
    VarVec params;        /* required parameters */
    Var *rest;            /* rest parameter or NULL */
    Ast *body;
    Lambda *parent;       /* the enclosing lambda, NULL at top level */
    /* set by analyze.c */
    VarVec free;          /* free variables, in closure slot order */
    bool contified;       /* compiled as a C loop inside its parent, never a closure */
    Var *self;            /* the var it is known under, when known */
    /* set by infer.c */
    Type ret_type;        /* every type its result can have */
    const struct SiteSet *ret_sites;
    bool escapes;         /* referenced other than as the operator of a call (or anonymous):
                             its parameters may receive anything */
    /* set by regions.c: the regions this lambda's code enters: a local one (once per call),
     * a self-iteration one (recycled at each self tail call), a loop one (contified loops:
     * recycled at each iteration), a carry one (contified loops: entered with the loop,
     * emptied before each back edge's arguments, see regions.c); where its rest list goes */
    bool region_local, region_self, region_loop, region_carry;
    Place rest_place;
    bool rr_soft;         /* on a cycle of tail calls (regions.c): its entry gives its caller's
                             region the tail cycles' budget (rt_region_mark_tail) */
    int unrolled;         /* set by emit.c: its body's C copies, <name>_rec1... (emit_unroll) */
    bool flo_entry;       /* set by infer.c: known calls enter <name>_fl, with its flonum
                             parameters and result in C doubles (infer_var_unboxed; emit.c) */
    const uint8_t *param_sum; /* per required parameter, what the procedure does with it
                                 (RegionSum): for interface.c's summaries */
    bool one_shot;        /* set by oneshot.c: each of its closures is called at most once and
                             nothing refers to it once called: its body gives it back
                             (rt_region_pop) after reading the free variables */
};
typedef VEC(Lambda *) LambdaVec;

typedef struct Program {
    const char *file;
    Ast *body;            /* the top-level forms, as an AST_SEQ */
    VarVec globals;
    LambdaVec lambdas;    /* every lambda, outermost first */
    int next_var_id;      /* the next unused Var.id (a pass that makes a variable takes it) */
    bool inferred;        /* infer_program has run */
    bool reentrant;       /* set by analyze.c: a continuation may be re-entered (a call/cc
                             that is not an escape, or call/cc as a value) */
    bool uses_eval;       /* set by analyze.c: it may run eval, load or environment's code (a
                             primitive marked RT_PF_EVAL, called or as a value) */
    bool addr_hash;       /* set by analyze.c: it may see an object's address as a number (a
                             primitive marked RT_PF_ADDR_HASH, called or as a value) */
    struct Inferrer *inferrer; /* infer.c's container sites (for --dump=infer) */
    /* set by regions.c */
    bool region_local;    /* the top level has a region of its own */
    VEC(struct RegionSite) region_sites; /* every allocation site, for --explain-regions */
} Program;

Ast *ast_new(AstKind kind, Loc loc);
/* Builders of common nodes (expand.c), for the expander and derive.c. */
Ast *ast_const(Datum *d, Loc loc);
Ast *ast_unspec(Loc loc);                        /* the unspecified value */
Ast *ast_bool(bool b, Loc loc);
Ast *ast_ref(Var *v, Loc loc);
Ast *ast_if(Ast *test, Ast *then, Ast *els, Loc loc);
Ast *ast_lambda(Lambda *l);
Ast *ast_prim(const char *name, Loc loc);         /* AST_PRIMCALL, no arguments yet; name must
                                                     be in prims.def (else an internal error) */
Ast *ast_prim2(const char *name, Ast *x, Ast *y, Loc loc);

/* ==== identifiers and scopes (scope.c) =====================================================
 * The binding model the expander (expand.c, derive.c, library.c) and the macro engine
 * (macro.c) share; it calls neither. An identifier is a Sym: a plain (interned) symbol, or an
 * alias, a fresh Sym (not interned, same text) that a macro expansion made for a template
 * symbol: it renames that symbol and remembers the scope and the top level that give it its
 * meaning (R7RS 4.3: hygiene by renaming). A Scope is a chain of local bindings, innermost
 * first (NULL: none), each binding an identifier to a Var or a Macro. A ScopeTop is a top
 * level: the program's, a library's (R7RS 5.6), or the core one; it holds its top-level macros,
 * and the expander gives it a lookup hook for its other names (variables and keywords, defined
 * or imported).
 * Resolution (scope_resolve): a binding of the identifier itself in the chain; else, for an
 * alias, the resolution of the identifier it renames in the alias's scope and top level; else
 * a top-level macro of the base symbol in that top level; else free there (*free_top).
 * Requires: symbols and datums only. Guarantees: resolution never creates bindings; aliases
 * live until the compiler exits; scope_core(name) is the same alias on every call. */
typedef struct Macro Macro;
typedef struct Scope Scope;               /* opaque: use scope_var and scope_macro */
typedef struct ScopeTop {
    Scope *macros;                        /* top-level macros, newest first */
    void *env;                            /* the expander's environment of this top level */
    /* the binding a free name has here, as an identity to compare (literal matching), NULL
     * when it is unbound; set by the expander */
    const void *(*lookup)(const struct ScopeTop *top, Sym *base);
} ScopeTop;
Scope *scope_bind_var(Scope *sc, Var *v);             /* sc extended with v under v->name */
Scope *scope_bind_macro(Scope *sc, Sym *name, Macro *m);
void scope_define_macro(ScopeTop *top, Sym *name, Macro *m);   /* top-level define-syntax */
/* The binding identifier id refers to in sc at top level top (a local variable, a local macro
 * or a top-level macro), or NULL when it is free; *base (when not NULL) is the plain symbol id
 * stands for, *free_top (when not NULL) the top level where it is free (NULL when bound). */
Scope *scope_resolve(const ScopeTop *top, Scope *sc, Sym *id, Sym **base,
                     const ScopeTop **free_top);
Var *scope_var(const Scope *binding);     /* the variable, or NULL for a macro */
Macro *scope_macro(const Scope *binding); /* the macro, or NULL for a variable */
/* R7RS 4.3.2 literal matching: identifier a in scope sa at top level ta and b in sb at tb
 * have the same binding (the same local variable or macro, the same top-level binding, or
 * both unbound with the same base symbol). */
bool scope_same_binding(const ScopeTop *ta, Sym *a, Scope *sa, const ScopeTop *tb, Sym *b,
                        Scope *sb);
/* A fresh alias of orig whose scope is *env, read whenever the alias is resolved (a macro's
 * definition scope may be completed after its expansions are made), at top level top; env
 * NULL: the top level itself. */
Sym *scope_alias(Sym *orig, Scope *const *env, const ScopeTop *top);
/* The identifier alias s renames and (in *env, *top) the scope and top level it resolves in;
 * NULL when s is no alias. */
Sym *scope_alias_of(Sym *s, Scope **env, const ScopeTop **top);
Sym *scope_base(Sym *s);                  /* the plain symbol under any number of aliases */
Datum *scope_strip(Datum *d);             /* d with every alias replaced by its base symbol */
/* An alias that always means the built-in keyword or primitive name (keywords and primitives
 * in the expansions of derived forms, which no binding of the program or of a library may
 * capture): it resolves at the core top level. */
Sym *scope_core(const char *name);
/* The core top level: every built-in keyword and primitive, nothing a program defines (the
 * expander sets its env and lookup). */
ScopeTop *scope_core_top(void);

/* ==== macros (macro.c) =====================================================================
 * syntax-rules transformers (R7RS 4.3.2). Hygiene by renaming: every template symbol that is
 * not a pattern variable becomes, per expansion, a fresh alias (scope_alias) whose scope is
 * the macro's definition scope. The expander binds aliases like any identifier, so a binding
 * made by the template is seen only by the template's own uses; an alias that no such binding
 * captures means what its original means in the macro's definition scope (special forms
 * included). quote strips aliases back to plain symbols. Requires: scope.c only.
 * Not covered: a template-introduced top-level `define` defines the plain name. */
/* spec is (syntax-rules [ellipsis] (literal ...) rule ...); NULL after an error. env is the
 * definition scope, top the program's top level (for literal matching). */
Macro *macro_new(Sym *name, Datum *spec, Scope *env, const ScopeTop *top);
void macro_set_env(Macro *m, Scope *env);   /* the definition scope, once it is complete */
Datum *macro_spec(const Macro *m);          /* its syntax-rules form, as given to macro_new */
Scope *macro_env(const Macro *m);           /* its definition scope (NULL: a top level) */
/* One expansion step of a use (keyword . args) in use_env at top level use_top; NULL after
 * an error. */
Datum *macro_expand(Macro *m, Datum *use, Scope *use_env, const ScopeTop *use_top);

/* ==== the expander (expand.c) ==============================================================
 * Requires: datums from the reader. Guarantees: the Program of the core AST section: every
 * macro use expanded (macro.c), every derived form rewritten (derive.c), every identifier
 * resolved to a Var (local by lexical scope, else a top-level binding of the program or of a
 * library, scope.c); references to names nobody defines are reported as "unbound variable"
 * errors, all through diag_error. Libraries the program imports (library.c) are expanded with
 * it: their bodies come first, in dependency order, each once. With prelude, calls of library
 * procedures the prelude defines (compiler/prelude.scm) are calls of its Scheme definitions,
 * put in place of the program's calls (see "the prelude" in expand.c). */
typedef struct ExpandOptions {
    bool prelude;
    const char *const *lib_dirs;  /* -I DIR: where libraries are looked for first, in order */
    size_t nlib_dirs;
    const char *installed_dir;    /* installed libraries, searched last (may be NULL) */
    /* separate compilation (interface.c): a library is taken from its interface file (.rgi),
     * found by name as its .sld is, or from interfaces (those of the object files on the
     * command line); a library found only as source outside installed_dir is an error */
    bool separate;
    const char *const *interfaces;
    size_t ninterfaces;
    struct Libraries **libraries_out;  /* when not NULL: the libraries, kept after expansion */
    const char *const *features;  /* -D NAME: features cond-expand also knows */
    size_t nfeatures;
} ExpandOptions;
Program *expand_program(const char *file, DatumVec *forms, const ExpandOptions *opt);
/* The features cond-expand knows (R7RS 4.2.1, appendix B). */
bool expand_feature(Sym *name);
/* The expander's state, opaque, and what derived forms may ask of it. */
typedef struct Expander Expander;
Ast *expand_expr(Expander *ex, Datum *d, Scope *sc);
Ast *expand_body(Expander *ex, Datum *body, Scope *sc, Loc loc);  /* R7RS 5.3.2, 5.4 bodies */
Ast *expand_seq(Expander *ex, Datum *forms, Scope *sc, Loc loc);  /* begin; none: unspecified */
/* A lambda with the given parameter list and body (name: for messages, may be NULL). */
Lambda *expand_lambda(Expander *ex, Datum *params, Datum *body, Sym *name, Loc loc, Scope *sc);
Var *expand_new_var(Expander *ex, Sym *name, Loc loc);  /* a local of the current lambda */
/* A lambda built as AST rather than from syntax: expand_lambda_begin makes it the current
 * one (its parameters are then expand_new_var's, pushed on params by the caller),
 * expand_lambda_end gives it its body and makes its parent current again. */
Lambda *expand_lambda_begin(Expander *ex, Sym *name, Loc loc);
void expand_lambda_end(Expander *ex, Lambda *l, Ast *body);
/* A fresh identifier no program can write (not interned), named " hint<n>". */
Sym *expand_gensym(Expander *ex, const char *hint);
/* Is d the auxiliary syntax `name` (else, =>) free in sc? (R7RS 4.3.2 literal matching) */
bool expand_is_aux(Expander *ex, Datum *d, Scope *sc, const char *name);
/* d names the built-in primitive `name` here (not a local, a macro or the program's own). */
bool expand_is_prim(Expander *ex, Datum *d, Scope *sc, const char *name);
Ast *expand_malformed(Datum *d, const char *what);      /* reports d; returns unspecified */

/* Top levels (R7RS 5.1, 5.6): the program's, each library's, and the core one each map names
 * to bindings. A program that imports nothing sees every built-in name (ENV_OPEN); a program
 * that imports, and a library, see what they import and define (ENV_CLOSED); the core top
 * level (derived forms' core aliases, the prelude) sees every built-in name and nothing else. */
typedef struct Keyword Keyword;           /* a core or derived form (expand.c) */
typedef struct Library Library;           /* library.c */
typedef struct Binding {
    Sym *name;                            /* the name it has at this top level */
    Var *var;                             /* a variable (defined here, imported, a primitive's), */
    const Keyword *kw;                    /* or a keyword, */
    Macro *macro;                         /* or a macro */
    const Library *from;                  /* imported from it; NULL: defined here, or built in */
} Binding;
typedef VEC(Binding) BindingVec;
typedef enum { ENV_CLOSED, ENV_OPEN, ENV_CORE } EnvKind;
typedef struct TopEnv {
    ScopeTop top;                         /* its macros; top.env is this TopEnv */
    Binding *tab;                         /* by name (open addressing), tab[i].name NULL: free */
    size_t cap, count;
    EnvKind kind;
    const char *file;                     /* where its forms come from (messages, searches) */
    Expander *ex;                         /* for scope.c's lookup hook */
} TopEnv;
/* For library.c: */
void expand_env_init(Expander *ex, TopEnv *env, EnvKind kind, const char *file);
/* The binding of name at env's top level (a macro included), or NULL when it has none. */
const Binding *expand_env_find(Expander *ex, TopEnv *env, Sym *name);
/* Add b (imported from b->from) under b->name; an error at loc when the name is already
 * imported with another binding (R7RS 5.2). */
void expand_env_import(Expander *ex, TopEnv *env, const Binding *b, Loc loc);
/* The names a built-in library exports (its LIB_ bit): primitives and keywords. */
void expand_builtin_exports(Expander *ex, LibSet lib, BindingVec *out);
/* The top-level forms of a library body in env, expanded into out. */
void expand_top_forms(Expander *ex, TopEnv *env, DatumVec *forms, AstVec *out);
/* (cond-expand clause ...): the forms of the first clause whose requirement holds (R7RS 4.2.1,
 * features and (library name)). */
Datum *expand_cond_expand(Expander *ex, Datum *d, Scope *sc);
/* (include "file" ...) or include-ci: the files' forms, read relative to the including file. */
Datum *expand_include(Expander *ex, Datum *d, bool fold_case);
/* The libraries' state (library.c), which the expander holds. */
struct Libraries *expand_libraries(Expander *ex);
/* For interface.c: a built-in keyword's or primitive's binding by its built-in name (NULL:
 * none); the built-in name of a keyword; a global defined elsewhere (ext), added to the
 * program's globals. */
const Binding *expand_core_binding(Expander *ex, Sym *name);
Sym *expand_keyword_name(const Keyword *k);
Var *expand_extern_var(Expander *ex, Sym *name, const ExtVar *ext, Loc loc);
/* Incremental expansion, for the evaluator (eval/): an Expander that lives on, whose program
 * top level (ENV_OPEN: every built-in name, what the program defines and imports) is the REPL's
 * interaction environment, and closed top levels made from import sets (environment). Forms
 * are expanded one at a time, each after the previous one ran; a name nobody defines is no
 * error here (its global is never defined: the evaluator reports it if it is used). */
Expander *expand_session_new(const ExpandOptions *opt, const char *file);
TopEnv *expand_session_program(Expander *ex);
/* A closed top level importing the import sets `sets` (a list, as R7RS environment takes
 * them), or only their keywords (null-environment); NULL after an error (diag_error). */
TopEnv *expand_session_env(Expander *ex, Datum *sets, bool keywords_only, Loc loc);
/* The top-level form d at top level env, expanded into out: first the bodies of the libraries
 * it made the session load, then the form (a definition is an AST_SET with is_define); false
 * after an error (reported through diag_error). */
bool expand_session_form(Expander *ex, TopEnv *env, Datum *d, AstVec *out);

/* ==== libraries (library.c) ================================================================
 * R7RS 5.2 import and 5.6 define-library. A library is built in (LIBRARIES above) or defined
 * by a define-library form: in the program's file, or in a file found by its name, (a b 1) ->
 * a/b/1.sld, in the -I directories (in order), the importing file's directory, the program's
 * directory and the installed libraries' directory. A user library is expanded once, when it
 * is first imported: its imports first (so bodies come in dependency order), then its body at
 * its own top level (its definitions are private unless exported), then its exports. Requires:
 * the expander's top-level services above. Guarantees: every import set is checked (an unknown
 * library, a name a library does not export, a cycle of imports are errors with the import's
 * location, naming the files and the directories searched). Compiling separately, a library
 * may instead come from its interface file, lib.rgi (interface.c below). */
typedef struct Libraries Libraries;
typedef enum { LIB_DECLARED, LIB_LOADING, LIB_LOADED } LibState;
struct Library {
    const char *name;     /* "(mylib util)": the name as `write` prints it */
    const char *path;     /* the file that defines it (NULL: built in; its .rgi: compiled) */
    Datum *def;           /* its define-library form (NULL: built in or compiled) */
    Datum *name_datum;    /* its name as a datum (user libraries) */
    LibState state;
    TopEnv env;           /* its top level */
    BindingVec exports;   /* under their external names */
    struct Interface *iface; /* compiled separately: its interface (interface.c), else NULL */
};
Libraries *library_new(const ExpandOptions *opt, const char *program_file);
/* A define-library form of the program's file: known from now on, expanded when imported. */
void library_declare(Expander *ex, Libraries *ls, Datum *d);
/* (import set ...) at env's top level: every set's bindings added to env. */
void library_import(Expander *ex, Libraries *ls, TopEnv *env, Datum *d);
/* cond-expand's (library name) (R7RS 4.2.1): the library can be imported. */
bool library_available(Libraries *ls, Datum *name, const char *from_file);
/* The bodies of the libraries expanded so far, in dependency order. */
AstVec *library_bodies(Libraries *ls);
const char *library_name(const Library *lib);   /* "(mylib util)" */
/* Every library known (built in and user), in the order they were first named. */
Library *const *library_all(Libraries *ls, size_t *n);
/* The library named by datum name, expanded (its imports first), or NULL after an error at
 * loc (unknown, cycle). For interface.c: a compiled library's dependencies. */
Library *library_require(Expander *ex, Libraries *ls, Datum *name, Loc loc);
struct Interfaces **library_ifaces(Libraries *ls);   /* interface.c's state */
/* Add a library to those known (interface.c: one described by an interface file). */
Library *library_add(Expander *ex, Libraries *ls, const char *text, const char *path, Datum *def);

/* ==== separately compiled libraries (interface.c) =========================================
 * `regal -c lib.sld -o lib.o` compiles the libraries of lib.sld into lib.o and writes lib.rgi
 * beside it: S-expressions giving, per library, its exports and the top-level bindings its
 * exported macros name (variables with their C names and arities, primitives, keywords,
 * syntax-rules macros as source), the libraries it imports that were compiled separately, the
 * C name of the unit's initialiser, the compiler's version and the sources (for staleness).
 * Requires: an expanded Program (-c: interface_mark before analysis; the rest before or
 * after). Guarantees: every variable another unit may see gets Var.cname, so analysis treats
 * it as used from unknown code (its procedure escapes: arguments of any type, results
 * anywhere); an importer sees only ExtVars (unknown calls for inference and regions: its
 * arguments go to the collected heap, its result is of any type), called through the direct
 * entry when the interface gives the arity; each unit's top level runs once, at its first
 * import, after its own imports (the init C function is guarded). A stale or foreign .rgi is
 * an error naming the file. */
#define INTERFACE_FORMAT 1
/* -c: mark what the unit's libraries (those defined in file) show other units. */
void interface_mark(Libraries *ls, const char *file);
/* -c: the unit's initialiser (regal_init_...) for the libraries defined in file. */
const char *interface_init_name(Libraries *ls, const char *file);
/* -c: write the interface of file's libraries to path; false after a message. */
bool interface_write(Libraries *ls, const char *file, const char *path, const char *init);
/* Read an interface file, registering the libraries it describes; NULL after an error at loc
 * (unreadable, malformed, another compiler version, older than a source). */
struct Interface *interface_load(Expander *ex, Libraries *ls, const char *path, bool linked, Loc loc);
/* A compiled library's first import: its dependencies, then its initialiser's call into out. */
void interface_expand(Expander *ex, Libraries *ls, Library *lib, AstVec *out);
/* Linking: every compiled library the program uses comes from an object file on the command
 * line; false after a message naming the missing object file. */
bool interface_check_linked(Libraries *ls);
/* A C name outside every other's: prefix, the library's name (when not NULL) and name, each
 * byte outside [A-Za-z0-9] escaped as _xx, the parts joined by _V_ (regal_v_ml_20a_V_sq). */
char *interface_c_name(const char *prefix, const char *lib, const char *name);
/* regal_v_X -> regal_x_X (a procedure's external direct entry; regal_g_X its generic one,
 * the argument count in rt_nargs); regal_init_X ->
 * regal_statics_X (the function interning a unit's symbols). */
char *interface_direct_name(const char *value);
char *interface_generic_name(const char *value);   /* regal_v_X -> regal_g_X */
char *interface_statics_name(const char *init);
/* The .rgi path beside an object file (x.o -> x.rgi). */
char *interface_path_of(const char *object);

/* ==== derived forms (derive.c) =============================================================
 * The derived expression types (R7RS 4.2, 7.3), derived definitions (5.3.3, 5.5) and two
 * extensions (SRFI 8 receive, assert), one expander each. expand.c looks each keyword up once
 * (a table keyed by Sym) and calls its expander on the use, a proper list whose head resolves
 * to the keyword. Requires: the expander's services above. Guarantees: an expression
 * expander returns core AST (a malformed use is reported and gives the unspecified value); a
 * definition expander returns the list of definitions (and expressions) the use stands for,
 * which the expander splices into the body or the top level. Rewrites use core aliases for
 * keywords and primitives and gensyms for temporaries: no capture either way. */
typedef struct DeriveForm {
    const char *keyword;
    const char *r7rs;                                  /* the section it implements */
    Ast *(*expr)(Expander *ex, Datum *use, Scope *sc); /* an expression form, or */
    Datum *(*defs)(Expander *ex, Datum *use);          /* a definition form */
    bool extension;   /* not R7RS syntax: a top-level definition of the keyword turns it off */
    LibSet libs;      /* the built-in libraries that export the keyword */
} DeriveForm;
extern const DeriveForm derive_forms[];               /* ends with a NULL keyword */

/* ==== foreign procedures (ffi.c) ===========================================================
 * Chez Scheme's (foreign-procedure "c_name" (arg-type ...) result-type): a procedure calling
 * the C function c_name, linked with the program. The form expands into a lambda of one
 * parameter per argument type whose body is (%ffi-call arg ...) with the FfiSig on the node
 * (Ast.ffi; %ffi-call-keep when a scheme-object argument may be kept by C, so regions.c sends
 * those arguments to the collected heap). emit_ffi.c writes the call: each argument checked
 * and converted (a wrong type or an integer out of range raises an error naming the C
 * function, the argument and the form's location), the C function declared under a C name of
 * its own bound to the symbol with an asm label (so no header's declaration conflicts), the
 * result converted back. Requires: a proper list (the keyword's use). Guarantees: a malformed
 * form, an unknown type, a C name that is no C identifier are errors at the form. */
#define FFI_KINDS(X)                                                                       \
    X(FFI_VOID) X(FFI_SINT) X(FFI_UINT) X(FFI_DOUBLE) X(FFI_FLOAT) X(FFI_BOOL) X(FFI_CHAR)  \
    X(FFI_STRING) X(FFI_PTR) X(FFI_BYTES) X(FFI_OBJ)
typedef enum {
#define FFI_ENUM(k) k,
    FFI_KINDS(FFI_ENUM)
#undef FFI_ENUM
} FfiKind;
typedef struct FfiType {
    const char *name;     /* Chez's name: "int", "unsigned-long", "double", "string", ... */
    const char *ctype;    /* its C type in the declaration: "int", "unsigned long", "char *" */
    FfiKind kind;
    int bits;             /* FFI_SINT, FFI_UINT: the width (8, 16, 32, 64) */
} FfiType;
typedef struct FfiSig {
    const char *cname;    /* the C symbol */
    Loc loc;              /* the foreign-procedure form */
    const FfiType **args;
    size_t nargs;
    const FfiType *result;
    int id;               /* unique in the program: the C declaration's name regal_ffi<id> */
} FfiSig;
Ast *ffi_expand(Expander *ex, Datum *use, Scope *sc);   /* the keyword's expander */
Type ffi_result_type(const FfiSig *sig);                 /* for infer.c */
bool ffi_result_allocates(const FfiSig *sig);            /* a flonum, a bignum, a string */

/* ==== program dumps (dump.c) ==============================================================
 * The core AST as S-expressions, for humans and golden tests: --dump=expand prints it after
 * expansion; a later pass prints its facts on the same tree through DumpHooks. Requires: an
 * expanded Program. Guarantees: the top-level forms in order, each from column 0; a form
 * that fits in 100 columns on one line, a longer one broken with its subforms indented.
 *   42 "s" #\a #t #(1 2)   self-evaluating constants, as `write` prints them
 *   'x '(1 . 2) '()        other constants, quoted
 *   #!unspecified          the unspecified value (an if without else, an empty body, ...)
 *   x.12                   a local variable: its name and its Var id, so each binding is
 *                          distinct (shadowing shows as two ids)
 *   #:t.15                 a temporary a derived form introduced (a gensym " t<n>"), with
 *                          its Var id also when it is global
 *   car, fib               a global: its name alone
 *   (define fib e)         a top-level definition; (set! x.12 e) an assignment
 *   (if test then else) (begin e ...)
 *   (lambda.3 (x.4 y.5 . r.6) body), (lambda.3 r.6 body): a lambda and its id (Lambda.id)
 *   (let ((x.4 init) ...) body)       inits outside the scope of the variables
 *   (letrec* ((f.2 init) ...) body)   inits in order, inside it
 *   (f.2 a ...)            a call of a procedure value
 *   (#%cons a b)           a call of the primitive cons (AST_PRIMCALL)
 * Annotations: when hooks is not NULL, hooks->node appends the facts of a node, printed in
 * braces right after the node (after its closing parenthesis for a list): (#%cons a b){local};
 * hooks->binding likewise after a variable where it is bound (define, set!, lambda parameters,
 * let and letrec): (let ((n.4{fixnum} 0)) ...); hooks->program a line `;; text` before the
 * forms. A hook that appends nothing prints nothing; each hook may be NULL. */
typedef struct DumpHooks {
    void *ctx;                                                  /* passed to every hook */
    void (*node)(void *ctx, const Ast *a, Buf *out);
    void (*binding)(void *ctx, const Var *v, Buf *out);
    void (*program)(void *ctx, const Program *prog, Buf *out);
} DumpHooks;
void dump_program(const Program *prog, Buf *out, const DumpHooks *hooks);

/* ==== simplification (simplify.c) ===========================================================
 * Requires: an expanded Program. Guarantees: ((lambda (x ...) body) e ...) with matching
 * counts and (call-with-values (lambda () e) (lambda (x ...) body)) are lets (the latter
 * through %values-ref unless e ends in a matching (values ...)); the lambdas they consumed are
 * gone from Program.lambdas, whose ids are 0..n-1 again; what their bodies bind belongs to the
 * lambda they were inlined into. --dump=simplify prints the result. */
void simplify_program(Program *prog);

/* ==== analysis (analyze.c) =================================================================
 * Requires: an expanded Program. Guarantees: the Var and Lambda fields marked "set by
 * analyze.c" are filled (and Ast.check_init: the reads of letrec variables that may run before
 * their inits); calls of known procedures with a wrong argument count are reported as
 * errors. */
typedef struct AnalyzeOptions {
    bool no_tail_continuations;  /* -fno-tail-continuations: a continuation only called in tail
                                  * position stays a setjmp escape */
    bool no_early_globals;       /* -fno-early-globals: no Var.init_first */
    bool no_one_shot_guard;      /* -fno-one-shot-guard: guard's %call/1cc counts as a call/cc
                                  * that may be re-entered any number of times */
} AnalyzeOptions;
void analyze_program(Program *prog, const AnalyzeOptions *opt);
/* Whether evaluating a, in tail position, can reach a tail call of target, looking into the
 * bodies of contified loops entered in tail position: for a's own loop, a back edge (a jump to
 * its top); a call of target anywhere else is a recursion. (regions.c's iterations, emit.c's
 * jumps.) */
bool analyze_tail_calls(const Ast *a, const Lambda *target);

/* ==== type inference (infer.c) =============================================================
 * Requires: an analyzed Program. Guarantees: the fields marked "set by infer.c" are filled:
 * Ast.type holds every type the node's value can have at run time (0: the node never delivers
 * a value), Var.type likewise for the values of the variable, Lambda.ret_type for the results
 * of the procedure, Lambda.escapes whether it is used as a value; Program.inferred is set.
 * infer_type and friends read those fields. */
typedef struct InferOptions {
    bool element_types;    /* track what containers hold (-fno-element-types: car, vector-ref
                              and record fields are of unknown type) */
    bool flonum_vectors;   /* represent flonum-only vectors unboxed (-fno-unbox: never) */
    bool bool_vectors;     /* boolean-only vectors as a byte per element (-fno-bool-vectors) */
    bool version;          /* main.c runs version.c after inference (-fno-version: not) */
    bool fixnum_versions;  /* ... and it makes fixnum copies too (-fno-fixnum-versions: not) */
    bool flonum_entries;   /* Lambda.flo_entry (-fno-flonum-entries: never) */
} InferOptions;
void infer_program(Program *prog, const InferOptions *opt);   /* again: from scratch */
/* The type of primitive p's result when its arguments have the types args[0..n) (prims.def's
 * result column; for compiler/version.c's speculation) */
Type infer_prim_type(const Prim *p, Type *args, size_t n);
Type infer_type(const Ast *a);            /* TY_ANY for nodes infer_program never saw */
Type infer_var_type(const Var *v);
Type infer_return_type(const Lambda *l);
/* What a call (AST_CALL) may enter: a lambda of the program, or a primitive's procedure. */
typedef struct CallTarget { Lambda *lambda; const Prim *prim; } CallTarget;
/* The targets of a call: their number, the first max of them in out, or -1 when it may enter
 * procedures inference cannot see. 0: the call can only raise (its operator is no procedure). */
int infer_call_targets(const Program *prog, const Ast *call, CallTarget *out, int max);
/* A variable emit.c keeps in a C double: never assigned, not captured, always a flonum, and
 * bound by let, as a loop parameter or as a parameter of a procedure with a flonum entry
 * (Lambda.flo_entry; other procedures' parameters keep the RtValue convention). */
bool infer_var_unboxed(const Var *v);
void infer_type_print(Buf *b, Type t);    /* "fixnum|bignum", "unknown", "none" */
/* --types: one line per top-level procedure, `name: (param types) -> result type` */
void infer_print(Program *prog, Buf *out);
/* --dump=infer: the expanded program (dump_program) with every node's type, every bound
 * variable's type (and "unboxed" when emit.c keeps it in a C double), every lambda's result. */
void infer_dump(Program *prog, Buf *out);

/* ==== loop versioning (version.c) ===========================================================
 * Requires: an analyzed, inferred Program. Guarantees: a contified loop whose never-assigned
 * variables may be flonums, and stay flonums around the loop when they are, gets a typed copy
 * entered after one check of their types at the loop's head (the original body runs when it
 * fails, and checks again at each of its back edges); the analysis facts of the copy are set.
 * Returns whether it changed the program: then infer_program must run again. */
bool version_program(Program *prog, bool fixnums);

/* ==== region inference (regions.c) =========================================================
 * Requires: an analyzed, inferred Program. Guarantees: every allocation site's Ast.place (and
 * place_loop) is a region that outlives every use of the object (invariant R4 of
 * runtime/regal.h: no object points into a younger region); the Lambda and Program fields
 * "set by regions.c" say which regions their code enters; Program.region_sites lists every site
 * with the reason for its place. Places, youngest first:
 *   loop      the iteration region of a loop (contified loop or self tail calls), recycled at
 *             each back edge: objects used only within one iteration
 *   carry     the carry region of a contified loop, entered with the loop, emptied before
 *             each back edge's arguments: what the arguments make for a loop variable that is
 *             read only after the loop's last iteration (a benchmark harness's result)
 *   local     the procedure call's own region (a Region in its C frame), released when it
 *             returns or tail-calls
 *   caller    the region the caller passed as `rr`: objects returned (for the top level: the
 *             program-lifetime region rt_global_region, for once-defined globals)
 *   (container) a site made in every iteration of a loop whose objects are stored into
 *             containers of an older region goes to that region (Ast.place_soft: up to a soft
 *             budget per region, the heap beyond it), not to the heap; a procedure that stores
 *             one parameter into another's objects is summarised so (INTO), and its call sites
 *             store the argument into the other argument's objects
 *   (strings) likewise a string a loop makes that outlives an iteration (place_soft)
 *   (params)  a procedure storing objects it makes into its parameters' objects gets from every
 *             caller a region those objects die with, and puts them there (stores into
 *             parameters); a store into the result of a procedure returning only what it makes
 *             (a constructor) is a store into that call's region (fresh results); a call of a
 *             procedure that allocates nothing in its region (an accessor) is given none, and
 *             its result is only what it returns of its arguments (alloc-free); nor is a call of one
 *             that allocates, but, as its sites are placed, nothing in that region (rr-unused)
 *   (tested)  a call of a procedure inference cannot name whose value is only tested or dropped
 *             gets the collected heap, not a region of its own in every frame or iteration
 *   (tail cycles) what a procedure on a cycle of tail calls makes for its caller's region
 *             (arguments of its tail calls, its rest list) goes there through the soft budget:
 *             the rounds of the cycle share that region, which would otherwise grow with each
 *             round of a loop written as mutual tail recursion
 *   (keys)    a hash-table insertion whose key is a string made only for it becomes its
 *             /own-key variant (the table keeps a copy): the key is used only during the call
 *   (copies)  a loop variable of numbers that its back edges pass flonum or complex results
 *             is copied at each back edge into a box of the frame (Var.carry_copy), so those
 *             results need only their iteration
 *   heap      the collected heap (rt_gc_region): objects stored into other objects, assigned,
 *             passed to unknown procedures, or carried from one loop iteration to the next
 *             (unless only accumulated: each new value of the loop variable holds the previous
 *             one, so the objects stay live and go to the loop's parent region)
 * Whole-program: per procedure, token sets over allocation sites, parameters and free
 * variables; callees summarised per parameter (NONE / RESULT / GLOBAL), iterated to a fixpoint.
 * regions_explain prints every site with its region and the first use that decided it. */
/* Why a site is where it is, by kind (--explain-regions counts the heap's sites by it). */
typedef enum RegionWhy {
    RW_LOCAL,            /* used only where it is made */
    RW_RETURNED,         /* returned, or passed in a tail call */
    RW_CARRIED,          /* carried to a loop's next iteration */
    RW_LOOP,             /* made in every iteration of a loop but outlives it */
    RW_CARRY,            /* carried in a loop variable read only after the loop's last iteration */
    RW_BIGNUM,           /* allocates only on fixnum overflow */
    RW_NUMBER,           /* a local number that may be a fixnum: allocates only when not one */
    RW_CONTAINED,        /* part of an object that lives there */
    RW_KEPT,             /* passed to a procedure that keeps it */
    RW_UNKNOWN_CALL,     /* passed to a procedure inference cannot name (or apply) */
    RW_HIGHER_ORDER,     /* passed to or made by a primitive that calls procedures */
    RW_ESCAPE_PRIM,      /* passed to a primitive that keeps or raises it */
    RW_STORED,           /* stored into an object made elsewhere */
    RW_CONTAINER,        /* made in a loop, stored into containers of an older region: there */
    RW_SOFT_STRING,      /* a string made in a loop, outliving an iteration: its need's region */
    RW_TAIL_CYCLE,       /* made for the caller's region by a procedure on a cycle of tail calls */
    RW_TESTED,           /* an unknown procedure's result only tested: no region of its own */
    RW_GLOBAL,           /* a global's value */
    RW_SET,              /* assigned with set! */
    RW_CAPTURED,         /* captured by a closure that keeps it */
    RW_BOXED,            /* in an assigned variable that a closure captures */
    RW_ELEMENT,          /* an element of a list whose callers keep the elements, not the list */
    RW_COUNT
} RegionWhy;

typedef struct RegionSite {
    Ast *site;
    Lambda *proc;         /* the procedure whose code allocates (NULL: the top level) */
    const char *what;     /* "cons", "closure 'f'", "result of 'g'", ... */
    Place place;
    Lambda *loop;         /* PLACE_LOOP, PLACE_CARRY: the loop */
    bool outlives_iteration; /* placed in the heap because it outlives a loop iteration */
    const char *why;      /* the use that decided, with its location ("returned at f.scm:3:4") */
    RegionWhy why_kind;
} RegionSite;
typedef struct RegionsOptions {
    bool no_bignum_heap;   /* -fno-bignum-heap: a local site that boxes only on fixnum overflow
                            * goes to the caller's region (the default: the collected heap) */
    bool no_number_heap;   /* -fno-number-heap: a local site of numbers that may be fixnums
                            * keeps its frame region (the default puts them in the heap) */
    bool no_loop_numbers;  /* -fno-loop-numbers: such a site used only within an iteration of a
                            * contified loop goes to the heap, not to the iteration's region */
    bool no_number_reuse;  /* -fno-number-reuse: such a site (and a tested call's, -fno-tested-
                            * heap) goes to the heap even when other sites make its procedure
                            * or iteration enter that region anyway */
    bool no_carry;         /* -fno-carry-regions: what a back edge carries in a loop variable
                            * read only after the loop goes to the heap (no carry regions) */
    bool no_container;     /* -fno-container-regions: what a loop stores into containers of an
                            * older region goes to the heap, and no INTO summaries */
    bool no_soft_strings;  /* -fno-soft-strings: a string a loop makes that outlives an iteration
                            * goes to the heap, not to its need's region up to the soft budget */
    bool no_own_keys;      /* -fno-own-keys: a hash table keeps its fresh string keys themselves
                            * (so they go to the heap), not copies */
    bool no_tail_soft;     /* -fno-tail-soft: what a procedure on a cycle of tail calls makes in
                            * its caller's region goes there without the soft budget */
    bool no_collected_tails; /* -fno-collected-tails: a call that may leave garbage of cycles of
                            * tail calls in the region it is given gets no carry region (the
                            * heap); by default it does, since the runtime collects such regions
                            * (regiongc.c) */
    bool no_apply_prims;   /* -fno-apply-primitives: (apply f ...) of a primitive f is treated as
                            * a call of an unknown procedure (its arguments go to the heap) */
    bool no_alloc_free;    /* -fno-alloc-free: a call of a procedure that allocates nothing in its
                            * region is still given one, its result a token of that region */
    bool no_rr_unused;     /* -fno-rr-unused: a call of a procedure that allocates, but nothing in
                            * the region it is given (as its sites are placed), still gets one */
    bool no_fresh_results; /* -fno-fresh-results: a store into the result of a call goes to the
                            * heap even when the callee returns only objects it makes */
    bool no_store_params;  /* -fno-store-params: what a procedure stores into the objects of its
                            * parameters goes to the heap, not to the region its callers give it */
    bool no_tested_heap;   /* -fno-tested-heap: an unknown call whose value is only tested gets
                            * a region of the frame or iteration, not the collected heap */
    bool no_dirty_calls;   /* -fno-dirty-calls: a call whose result is no object is given the
                            * caller's region even when its callee leaves garbage there */
    bool no_spines;        /* -fno-spines: a parameter's or free variable's summary covers all
                            * it reaches; no list's elements apart from its pairs (regions.c) */
    bool no_tail_closures; /* -fno-tail-closures: a closure called in tail position counts as
                            * returned, what it captured as part of the result (regions.c) */
    bool evacuate;         /* -fevacuate: a call whose result goes to the heap, of a procedure that
                            * leaves garbage in the region it is given, runs in a region of its
                            * own and its result is copied out (Ast.place_evac; off by default,
                            * but for ELEMS mode's element calls: regions.c, rg_evacuated) */
    bool no_evacuate;      /* -fno-evacuate: no evacuated calls at all (not even element calls) */
    bool separate;         /* another unit is compiled apart (regal -c, or a program linking
                            * one): no evacuated calls (code regions.c cannot see may re-enter a
                            * continuation) */
    bool no_carry_copy;    /* -fno-carry-copy: a number a loop carries to its next iteration goes
                            * to the heap, not copied at each back edge into the next iteration's
                            * region (Var.carry_copy) */
} RegionsOptions;
void regions_program(Program *prog, const RegionsOptions *opt);
/* --explain-regions: every site of prog->region_sites, in source order per procedure, with
 * its region and why (and, for a closure oneshot.c found one-shot, that it gives itself back
 * when called), then a summary line. */
void regions_explain(Program *prog, Buf *out);
/* The text of a RegionWhy (plural: "stored into an object made elsewhere"). */
const char *regions_why_text(RegionWhy w);
/* --dump=regions: the expanded program with every allocation site's place ({heap} {caller}
 * {local} {self} {loop.N}), the regions each lambda enters and where its rest list goes, and
 * {copied} at the binding of each copy variable (Var.carry_copy). */
void regions_dump(Program *prog, Buf *out);

/* ==== one-shot closures (oneshot.c) ========================================================
 * Requires: an analyzed and inferred Program (Lambda.free, Var.boxed, Program.reentrant, the
 * call targets of infer_call_targets). Guarantees: Lambda.one_shot and Var.linear (the rule
 * and why it is sound: oneshot.c's header); every lambda false when the program may re-enter
 * a continuation, may run eval or load, calls a separately compiled unit, is one (separate),
 * or with off. */
typedef struct OneshotOptions {
    bool off;              /* -fno-one-shot: no closure is given back */
    bool separate;         /* a separately compiled unit (regal -c): its callers are not seen */
} OneshotOptions;
void oneshot_program(Program *prog, const OneshotOptions *opt);
/* --dump=oneshot: the expanded program with {one-shot} at each one-shot lambda and {linear}
 * at the binding of each linear variable. */
void oneshot_dump(Program *prog, Buf *out);

/* ==== C emission (emit.c) ==================================================================
 * Requires: an analyzed, inferred (Program.inferred) and region-placed Program (every
 * allocation site has its Ast.place: a site without one is an internal error). Guarantees: one
 * C translation unit that includes only regal.h and compiles without warnings under -Wall
 * -Wextra; EmitOptions.stats filled. */
typedef enum { ALLOC_TYPED, ALLOC_CONSTRUCTORS } AllocMode;
/* What emission did, for --types. An allocation site is a node for which the compiler emits
 * an object allocation (cons, each pair of list, vector, make-vector, string, make-string,
 * %record, a closure, a box, a boxed flonum result): typed when it is alloc_obj_typed or
 * alloc_obj_sized with a compile-time constant type id. Not allocation sites, counted apart:
 * generic arithmetic (the fixnum fast path, else the runtime, which may allocate a bignum or
 * a flonum) and calls of other allocating primitives (RT_PF_ALLOC, in the runtime). A check is a run-time type test the codegen would emit without types (pair for c[ad]r
 * and set-c[ad]r!, vector and fixnum index, fixnum tags of arithmetic and comparisons, the
 * procedure test of an unknown call, char and fixnum arguments of make-string/string). */
typedef struct EmitStats {
    int alloc_sites, alloc_typed;
    int num_generic;       /* + - * of two operands through the generic path (may allocate) */
    int prim_alloc_calls;
    int checks, checks_removed;
} EmitStats;
typedef struct EmitOptions {
    AllocMode alloc;
    bool line_directives;  /* -g: #line directives point at the Scheme source */
    bool untyped;          /* --no-types: ignore the inferred types (every check kept) */
    bool check_regions;    /* --check-regions: check R4 at every store and return */
    bool no_direct_calls;  /* -fno-direct-calls: known calls go through the generic entry */
    bool no_inline_dispatch; /* -fno-inline-dispatch: the direct entries a dispatch on the code
                              * pointer enters are not declared inline */
    bool no_lazy_regions;  /* -fno-lazy-regions: a procedure enters its own regions on entry */
    bool no_inline_search; /* -fno-inline-search: memq, memv, assq, assv call the runtime */
    bool no_fused_index;   /* -fno-fused-index: an index not known to be a fixnum is tested for
                            * a fixnum, then against the length (two tests, not one rotate) */
    bool no_inline_strings; /* -fno-inline-strings: string-ref, string-set!, string-length call
                             * the runtime */
    bool no_inline_arith;  /* -fno-inline-arith: + - * and comparisons out of line */
    bool no_lean_compares; /* -fno-lean-compares: a comparison of two values of unknown type
                            * tests for flonums inline too, after fixnums */
    bool no_unboxed_operands; /* -fno-unboxed-operands: an arithmetic operand's flonum is boxed
                               * even when the operation that takes it reads doubles */
    bool no_accumulate;    /* -fno-accumulate: (+ x (f ...)) in f's tail position stays a call */
    bool no_unroll_recursion; /* -fno-unroll-recursion: no second copy of a self-recursive body */
    bool nursery;          /* -fnursery: collected-heap objects in the nursery (runtime/nursery.c),
                            * every store into an existing object followed by its write barrier */
    bool profile_heap;     /* -fprofile-heap: each site placed in the collected heap allocates
                            * through a stand-in region of its own that counts what it makes
                            * (runtime/regal.h, "the heap profile"; emit_rg) */
    const char *const *features; /* -D NAME: added to what (features) returns at run time */
    size_t nfeatures;
    EmitStats *stats;      /* filled when not NULL */
    /* separate compilation: symbols are shared (weak) with the other units; unit_init, when
     * not NULL, makes a library unit: its top level is that C function (run once), no main */
    bool separate;
    const char *unit_init;
} EmitOptions;
void emit_program(Program *prog, const EmitOptions *opt, Buf *out);
/* The program refers to a primitive of the evaluator (prims.def's RT_PF_EVAL: eval, load, the
 * environments): its C calls rt_eval_install first and it links libregal-eval.a (driver.c). */
bool emit_uses_eval(const Program *prog);

/* ==== driver (driver.c) ====================================================================
 * Runs the C compiler on emitted C, and the program under --run, in a private temporary
 * directory removed on every way out, SIGINT, SIGTERM and SIGHUP included (the signal is then
 * re-raised so that regal dies of it). */
typedef struct DriverOptions {
    const char *cc;         /* default clang */
    const char *opt_level;  /* "-O2" */
    bool debug;             /* -g */
    VEC(const char *) extra; /* flags passed through (-f..., -march=...) */
    VEC(const char *) inputs; /* C sources, objects and libraries of the user's (.c .o .a .so) */
    VEC(const char *) link;  /* -L DIR and -l LIB, after the runtime library */
    bool sanitize;          /* a -fsanitize flag: link the sanitizer runtime */
    bool compile_only;      /* -c: an object file, not linked */
    bool eval;              /* link the evaluator, libregal-eval.a (emit_uses_eval) */
} DriverOptions;
/* Where the runtime is (driver.c, "where the runtime is"): the directory of regal.h and
 * prims.def, of libregal.a, of the installed libraries; and which rule found them. */
typedef struct DriverPaths { const char *include_dir, *lib_dir, *library_dir, *how; } DriverPaths;
const DriverPaths *driver_paths(void);
/* The temporary directory $TMPDIR/regal-XXXXXX (TMPDIR unset or empty: /tmp), with the
 * signal handlers that remove it; NULL after a message when it cannot be made. */
const char *driver_tmp_make(void);
/* Remove it and the files in it (async-signal-safe; a no-op when there is none). */
void driver_tmp_remove(void);
/* Write c_text to c_path (in the temporary directory, every write checked) and compile it to
 * out_path; 0 on success, else 1 after a message. When the C compiler fails, the C file is
 * kept (the compiler's messages name it) and its path printed. */
int driver_compile(const DriverOptions *opt, const char *c_text, const char *c_path,
                   const char *out_path);
/* Run exe with argv (argv[0] is replaced by exe; NULL-terminated), then remove the temporary
 * directory; the program's exit status, 128+N when signal N killed it. When regal received a
 * signal meanwhile (forwarded to the program) and the program died of it, regal dies of it. */
int driver_run(const char *exe, char **argv);
/* `regal repl [file ...]`: exec build/regal-repl (beside the runtime library, or under
 * $REGAL_HOME/build) with argv (argv[0] is replaced); 1 after a message if it cannot. */
int driver_repl(char **argv);

#endif
