/* fuzz_frontend.c: libFuzzer target for the whole front end (issue 8): source text -> reader
 * -> expander -> analysis -> type inference -> region inference -> C text (the passes of
 * compiler/main.c, in its order), stopping after the first pass that reports an error,
 * exactly as compiler/main.c does, but never running clang. Both allocation modes and
 * #line directives are exercised (chosen by the input's length so runs stay deterministic).
 * The error count is global (util.c) and only grows, so each pass's errors are measured as a
 * difference. Memory is not freed (the compiler frees at exit): run with -detect_leaks=0. */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = xmalloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    int errors_before = diag_error_count();
    DatumVec forms = {0};
    if (reader_read_all("fuzz.scm", text, size, &forms) && diag_error_count() == errors_before) {
        Program *prog = expand_program("fuzz.scm", &forms, &(ExpandOptions){.prelude = true});
        if (diag_error_count() == errors_before) {
            analyze_program(prog, NULL);
            if (diag_error_count() == errors_before) {
                InferOptions io = {.element_types = true, .flonum_vectors = (size & 4) != 0};
                infer_program(prog, &io);
                regions_program(prog, NULL);
                EmitOptions eo = {.alloc = (size & 1) ? ALLOC_CONSTRUCTORS : ALLOC_TYPED,
                                  .line_directives = (size & 2) != 0};
                Buf c = {0};
                emit_program(prog, &eo, &c);
                buf_free(&c);
            }
        }
    }
    free(text);
    return 0;
}
