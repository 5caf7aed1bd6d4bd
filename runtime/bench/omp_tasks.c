/* omp_tasks.c: the OpenMP tasking runtime on the shapes task_bench.c times (issue 18: choose
 * the scheduler by measurement): a trivial task spawned and waited for at once, 10^6 and 10^7
 * times, and batches of 1000 tasks then a taskwait; ns per task, wall and CPU. Built with
 * clang -fopenmp (LLVM's libomp); OMP_NUM_THREADS sets the threads (1 and 2 in run.sh).
 * Usage: omp_tasks [reps] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static unsigned long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}
static unsigned long long cpu_ns(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ((unsigned long long)ru.ru_utime.tv_sec + (unsigned long long)ru.ru_stime.tv_sec) * 1000000000ull +
           ((unsigned long long)ru.ru_utime.tv_usec + (unsigned long long)ru.ru_stime.tv_usec) * 1000ull;
}
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static __attribute__((noinline)) long trivial(long i) { return i + 1; }

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    if (reps < 1 || reps > 16) reps = 5;
    static const long counts[] = {100000, 1000000, 10000000};
    for (int c = 0; c < 3; c++) {
        long n = counts[c];
        double wall[16], cpu[16];
        for (int r = 0; r < reps; r++) {
            long sum = 0;
            unsigned long long t0 = now_ns(), c0 = cpu_ns();
#pragma omp parallel
#pragma omp single
            for (long i = 0; i < n; i++) {
                long v;
#pragma omp task shared(v) firstprivate(i)
                v = trivial(0);
#pragma omp taskwait
                sum += v;
            }
            wall[r] = (double)(now_ns() - t0) / (double)n;
            cpu[r] = (double)(cpu_ns() - c0) / (double)n;
            if (sum != n) return 1;
        }
        qsort(wall, (size_t)reps, sizeof(double), cmp_d);
        qsort(cpu, (size_t)reps, sizeof(double), cmp_d);
        printf("omp,task+taskwait, %ld tasks,%d thread(s),%.2f,ns/task wall\n", n, omp_get_max_threads(), wall[reps / 2]);
        printf("omp,task+taskwait, %ld tasks,%d thread(s),%.2f,ns/task cpu\n", n, omp_get_max_threads(), cpu[reps / 2]);
    }
    double wall[16];
    static long vs[1000];
    for (int r = 0; r < reps; r++) {
        unsigned long long t0 = now_ns();
#pragma omp parallel
#pragma omp single
        for (int k = 0; k < 1000; k++) {
            for (long i = 0; i < 1000; i++) {
#pragma omp task firstprivate(i)
                vs[i] = trivial(i);
            }
#pragma omp taskwait
        }
        wall[r] = (double)(now_ns() - t0) / 1e6;
    }
    qsort(wall, (size_t)reps, sizeof(double), cmp_d);
    printf("omp,1000 tasks then taskwait, 10^6 tasks,%d thread(s),%.2f,ns/task wall\n", omp_get_max_threads(), wall[reps / 2]);
    return 0;
}
