/* vec.c: a user's C file that tests/ffi/main.scm calls through foreign-procedure (tests/ffi.sh):
 * doubles, a 64-bit result, strings in and out, an opaque void* handle, bytevectors as u8*,
 * scheme-object (this file includes regal.h, found through the -I regal gives the C compiler). */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "regal.h"

double dot3(double ax, double ay, double az, double bx, double by, double bz) {
    return ax * bx + ay * by + az * bz;
}
long long fact(int n) { long long r = 1; while (n > 1) r *= n--; return r; }
/* a fresh upper-case copy, malloc'd: the caller frees it */
char *shout(const char *s) {
    char *r = strdup(s);
    for (char *p = r; *p; p++) *p = (char)toupper((unsigned char)*p);
    return r;
}
typedef struct { int count; double sum; } Acc;
void *acc_new(void) { return calloc(1, sizeof(Acc)); }
void acc_add(void *a, double x) { ((Acc *)a)->count++; ((Acc *)a)->sum += x; }
double acc_mean(void *a) { Acc *c = a; return c->count ? c->sum / c->count : 0.0; }
void acc_free(void *a) { free(a); }
int sum_bytes(const unsigned char *b, int n) { int s = 0; for (int i = 0; i < n; i++) s += b[i]; return s; }
void fill_bytes(unsigned char *b, int n, int v) { memset(b, v, (size_t)n); }
RtValue first_or_self(RtValue x) { return RT_IS_PAIR(x) ? RT_CAR(x) : x; }
unsigned long long big_unsigned(void) { return 18446744073709551615ull; }
