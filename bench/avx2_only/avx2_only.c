/* An x86-64 CPU that says it has AVX2 and nothing wider, for the process it is preloaded into.

   LD_PRELOAD=avx2_only.so COMMAND: the constructor turns on Linux's CPUID faulting for the
   thread (arch_prctl ARCH_SET_CPUID 0; threads and forks inherit it, execve resets it and
   LD_PRELOAD, inherited through the environment, applies it again). From then on every CPUID
   instruction raises SIGSEGV; the handler runs the real CPUID (faulting off for that one
   instruction), clears the feature bits below, writes the four registers into the interrupted
   context and steps over the instruction (0F A2). Any other SIGSEGV goes to the handler the
   program installed, or to the default action.

   Cleared: every AVX-512 bit (leaf 7 EBX, ECX, EDX), AMX (leaf 7 EDX 22, 24, 25), AVX-VNNI,
   AVX512_BF16 and their AVX10/AMX successors (leaf 7 subleaf 1), so that onnxruntime's MLAS,
   numpy and OpenBLAS choose their AVX2 kernels. XGETBV cannot be made to fault: XCR0 still shows
   the AVX-512 and AMX state as enabled, and every library checked (MLAS, onnxruntime's
   CPUIDInfo, numpy, OpenBLAS) requires the CPUID bit as well. Leaf 0xD (state sizes) is left as
   it is, to agree with XCR0.

   The program's own sigaction(SIGSEGV) calls (Python's faulthandler, for one) are kept aside
   and chained to, not installed, so the emulation survives them. AVX2_ONLY_REPORT=1 prints how
   many CPUIDs were answered at exit. Built by bench/avx2_only.py. */

#define _GNU_SOURCE
#include <cpuid.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define ARCH_GET_CPUID 0x1011
#define ARCH_SET_CPUID 0x1012

/* leaf 7 subleaf 0 */
#define EBX_AVX512 ((1u << 16) | (1u << 17) | (1u << 21) | (1u << 26) | (1u << 27) | \
                    (1u << 28) | (1u << 30) | (1u << 31)) /* F DQ IFMA PF ER CD BW VL */
#define ECX_AVX512 ((1u << 1) | (1u << 6) | (1u << 11) | (1u << 12) | (1u << 14))
                   /* VBMI VBMI2 VNNI BITALG VPOPCNTDQ */
#define EDX_AVX512 ((1u << 2) | (1u << 3) | (1u << 8) | (1u << 23)) /* 4VNNIW 4FMAPS VP2INT FP16 */
#define EDX_AMX ((1u << 22) | (1u << 24) | (1u << 25))             /* BF16 TILE INT8 */
/* leaf 7 subleaf 1 */
#define EAX1_MASK ((1u << 4) | (1u << 5) | (1u << 21) | (1u << 23)) /* AVX-VNNI AVX512_BF16
                                                                       AMX-FP16 AVX-IFMA */
#define EDX1_MASK ((1u << 4) | (1u << 5) | (1u << 8) | (1u << 10) | (1u << 19))
                  /* AVX-VNNI-INT8 AVX-NE-CONVERT AMX-COMPLEX AVX-VNNI-INT16 AVX10 */

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);

static sigaction_fn real_sigaction;
static struct sigaction chained; /* the program's SIGSEGV disposition, kept aside */
static int installed;
static unsigned long answered;

static long cpuid_faulting(int on) {
    return syscall(SYS_arch_prctl, ARCH_SET_CPUID, on ? 0 : 1);
}

static void masked(uint32_t leaf, uint32_t sub, uint32_t r[4]) {
    __cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
    if (leaf == 7 && sub == 0) {
        r[1] &= ~EBX_AVX512;
        r[2] &= ~ECX_AVX512;
        r[3] &= ~(EDX_AVX512 | EDX_AMX);
    } else if (leaf == 7 && sub == 1) {
        r[0] &= ~EAX1_MASK;
        r[3] &= ~EDX1_MASK;
    } else if (leaf == 0x1e || leaf == 0x24) { /* AMX tile / AVX10 leaves: nothing there */
        r[0] = r[1] = r[2] = r[3] = 0;
    }
}

static void to_default(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    real_sigaction(sig, &dfl, NULL);
    raise(sig); /* pending until the handler returns (a fault also happens again) */
}

static void on_segv(int sig, siginfo_t *info, void *context) {
    ucontext_t *uc = context;
    greg_t *g = uc->uc_mcontext.gregs;
    /* CPUID faulting is a #GP: SI_KERNEL, and RIP on an instruction the CPU just fetched */
    if (info->si_code == SI_KERNEL) {
        const unsigned char *ip = (const unsigned char *)g[REG_RIP];
        if (ip[0] == 0x0f && ip[1] == 0xa2) {
            int saved = errno;
            uint32_t r[4];
            cpuid_faulting(0);
            masked((uint32_t)g[REG_RAX], (uint32_t)g[REG_RCX], r);
            cpuid_faulting(1);
            g[REG_RAX] = r[0];
            g[REG_RBX] = r[1];
            g[REG_RCX] = r[2];
            g[REG_RDX] = r[3];
            g[REG_RIP] += 2;
            __atomic_fetch_add(&answered, 1, __ATOMIC_RELAXED);
            errno = saved;
            return;
        }
    }
    if (chained.sa_flags & SA_SIGINFO) {
        chained.sa_sigaction(sig, info, context);
    } else if (chained.sa_handler != SIG_DFL && chained.sa_handler != SIG_IGN) {
        chained.sa_handler(sig);
    } else {
        to_default(sig);
    }
}

/* The program's sigaction: SIGSEGV is recorded as the chained disposition, not installed. */
int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
    if (!real_sigaction) {
        real_sigaction = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
    }
    if (sig != SIGSEGV || !installed) {
        return real_sigaction(sig, act, old);
    }
    if (old) {
        *old = chained;
    }
    if (act) {
        chained = *act;
        if ((act->sa_flags & SA_SIGINFO) && act->sa_sigaction == on_segv) {
            memset(&chained, 0, sizeof chained); /* our own handler given back: the default */
        }
    }
    return 0;
}

sighandler_t signal(int sig, sighandler_t handler) {
    if (sig != SIGSEGV || !installed) {
        sighandler_t (*real_signal)(int, sighandler_t) =
            (sighandler_t (*)(int, sighandler_t))dlsym(RTLD_NEXT, "signal");
        return real_signal(sig, handler);
    }
    struct sigaction act, old;
    memset(&act, 0, sizeof act);
    act.sa_handler = handler;
    act.sa_flags = SA_RESTART; /* glibc's signal(): BSD semantics */
    sigemptyset(&act.sa_mask);
    sigaddset(&act.sa_mask, sig);
    sigaction(sig, &act, &old);
    return old.sa_handler;
}

static void report(void) {
    fprintf(stderr, "avx2_only: %lu CPUID instructions answered in pid %d\n", answered,
            (int)getpid());
}

__attribute__((constructor)) static void start(void) {
    struct sigaction act;
    if (!real_sigaction) {
        real_sigaction = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
    }
    memset(&act, 0, sizeof act);
    act.sa_sigaction = on_segv;
    act.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&act.sa_mask);
    if (real_sigaction(SIGSEGV, &act, &chained) != 0 || cpuid_faulting(1) != 0) {
        fprintf(stderr, "avx2_only: cannot make CPUID fault here (%s): refusing to run "
                "unmasked\n", strerror(errno));
        _exit(121);
    }
    installed = 1;
    const char *want = getenv("AVX2_ONLY_REPORT");
    if (want && *want == '1') {
        atexit(report);
    }
}
