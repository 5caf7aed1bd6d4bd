/* fuzz_reader.c: libFuzzer target for the lexer and the reader (issue 8).
 * Entry point LLVMFuzzerTestOneInput: reads every datum of the input with reader_read_all and
 * prints each with datum_print, which must never crash, hang or touch memory it does not own.
 * The error count is global (util.c) and only grows, so errors are measured as a difference.
 * Memory is not freed (the compiler frees at exit): run with -detect_leaks=0. */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = xmalloc(size + 1);       /* the lexer wants text[len] == NUL */
    memcpy(text, data, size);
    text[size] = 0;
    DatumVec forms = {0};
    int errors_before = diag_error_count();
    bool ok = reader_read_all("fuzz.scm", text, size, &forms);
    if (ok && diag_error_count() == errors_before) {
        Buf b = {0};
        for (size_t i = 0; i < forms.len; i++) datum_print(&b, forms.items[i]);
        buf_free(&b);
    }
    vec_free(&forms);
    free(text);
    return 0;
}
