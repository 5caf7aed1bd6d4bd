/* binary-trees-arena.c: the C floor for binary-trees.scm with a bump arena per tree, reset
 * when the tree dies (same tree shapes, same walk, same output). */
#include <stdio.h>
#include <stdlib.h>
typedef struct Node { struct Node *l, *r; } Node;
typedef struct { Node *base, *cur, *end; } Arena;
static void arena_init(Arena *a, long nodes) {
    a->base = a->cur = malloc(nodes * sizeof(Node));
    if (!a->base) abort();
    a->end = a->base + nodes;
}
static Node *make(Arena *a, int d) {
    Node *n = a->cur++;
    if (d == 0) n->l = n->r = NULL;
    else { n->l = make(a, d - 1); n->r = make(a, d - 1); }
    return n;
}
static long check(const Node *t) { return t->l ? 1 + check(t->l) + check(t->r) : 1; }
int main(void) {
    const int max = 16;
    Arena a, longa;
    arena_init(&a, (2L << (max + 1)));
    printf("stretch tree of depth %d check: %ld\n", max + 1, check(make(&a, max + 1)));
    a.cur = a.base;
    arena_init(&longa, (2L << max));
    Node *longl = make(&longa, max);
    for (int d = 4; d <= max; d += 2) {
        long iters = 1L << (max - d + 4), sum = 0;
        for (long i = 0; i < iters; i++) { sum += check(make(&a, d)); a.cur = a.base; }
        printf("%ld trees of depth %d check: %ld\n", iters, d, sum);
    }
    printf("long lived tree of depth %d check: %ld\n", max, check(longl));
    free(a.base); free(longa.base);
    return 0;
}
