/* binary-trees-malloc.c: the C floor for binary-trees.scm with malloc/free per node
 * (same tree shapes, same walk, same output). */
#include <stdio.h>
#include <stdlib.h>
typedef struct Node { struct Node *l, *r; } Node;
static Node *make(int d) {
    Node *n = malloc(sizeof *n);
    if (!n) abort();
    if (d == 0) n->l = n->r = NULL;
    else { n->l = make(d - 1); n->r = make(d - 1); }
    return n;
}
static long check(const Node *t) { return t->l ? 1 + check(t->l) + check(t->r) : 1; }
static void drop(Node *t) { if (t->l) { drop(t->l); drop(t->r); } free(t); }
int main(void) {
    const int max = 16;
    Node *s = make(max + 1);
    printf("stretch tree of depth %d check: %ld\n", max + 1, check(s));
    drop(s);
    Node *longl = make(max);
    for (int d = 4; d <= max; d += 2) {
        long iters = 1L << (max - d + 4), sum = 0;
        for (long i = 0; i < iters; i++) { Node *t = make(d); sum += check(t); drop(t); }
        printf("%ld trees of depth %d check: %ld\n", iters, d, sum);
    }
    printf("long lived tree of depth %d check: %ld\n", max, check(longl));
    drop(longl);
    return 0;
}
