/* What CPUID says, in the main thread, a new thread, a forked child and an exec'd program.
   One line each: where, then AVX2 AVX512F AVX512_VNNI AVX_VNNI AMX_INT8 as 0/1, then XCR0.
   Built and run by `bench/avx2_only.py --check`. */

#include <cpuid.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void line(const char *where) {
    unsigned a, b, c, d, a1, b1, c1, d1, lo, hi;
    __cpuid_count(7, 0, a, b, c, d);
    __cpuid_count(7, 1, a1, b1, c1, d1);
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    printf("%s avx2=%u avx512f=%u avx512_vnni=%u avx_vnni=%u amx_int8=%u xcr0=0x%llx\n", where,
           (b >> 5) & 1, (b >> 16) & 1, (c >> 11) & 1, (a1 >> 4) & 1, (d >> 25) & 1,
           ((unsigned long long)hi << 32) | lo);
    fflush(stdout);
}

static void *in_thread(void *unused) {
    (void)unused;
    line("thread");
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "exec") == 0) {
        line("exec");
        return 0;
    }
    line("main");
    pthread_t t;
    pthread_create(&t, NULL, in_thread, NULL);
    pthread_join(t, NULL);
    pid_t child = fork();
    if (child == 0) {
        line("fork");
        _exit(0);
    }
    waitpid(child, NULL, 0);
    child = fork();
    if (child == 0) {
        execl(argv[0], argv[0], "exec", (char *)NULL);
        _exit(1);
    }
    waitpid(child, NULL, 0);
    return 0;
}
