"""Run a command on this x86-64 CPU as if it had AVX2 and nothing wider (no AVX-512, VNNI, AMX).

    python bench/avx2_only.py [--check [--perf]] [-- COMMAND ARGS...]

For measuring what a machine of the AVX2-only kind (issue 19's AMD EPYC without AVX-512) gets
from onnxruntime, on a host that has AVX-512 VNNI and AMX: onnxruntime's MLAS, numpy and
OpenBLAS pick their kernels from CPUID, and here CPUID says AVX2 only. `avx2_only/avx2_only.c`
(compiled with gcc on first use into a temp folder) is preloaded into COMMAND: it makes every
CPUID instruction fault (Linux CPUID faulting, `arch_prctl(ARCH_SET_CPUID, 0)`; needs the CPU
flag `cpuid_fault`) and answers it with the real leaf minus AVX-512, AVX-VNNI, AVX512_BF16 and
AMX. Threads, forks and exec'd programs (LD_PRELOAD is inherited) get the same answers. glibc
reads CPUID before any preloaded code runs, so its own AVX-512 string functions are turned off
with GLIBC_TUNABLES instead.

The same kernels, not the same machine: the AVX2 code runs on this CPU's cores, caches and
memory, not a Zen 2/3 EPYC's. XGETBV still shows the AVX-512 state enabled (it cannot fault);
every library checked also needs the CPUID bit. A program that executes CPUID with SIGSEGV
blocked is killed. A SIGSEGV handler the program installs (Python's faulthandler, `-X
faulthandler`, PYTHONFAULTHANDLER) is kept aside and called for real faults only: the CPUID
answers stay; still, leave faulthandler off in measured runs.

`--check` shows that the mask holds and that it changes onnxruntime's kernels: what CPUID says
in a thread, a fork and an exec; numpy's CPU features; glibc's active feature levels; the
default model's embedding speed and vectors with and without the mask, alternated; with
`--perf`, which instructions onnxruntime's sampled code runs (AMX tiles, VNNI, zmm registers).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

SOURCES = Path(__file__).resolve().parent / "avx2_only"
REPO = SOURCES.parent.parent
# glibc's string functions: picked by ld.so before the preloaded library can answer CPUID.
GLIBC_HIDDEN = ("glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD,-AVX512ER,"
                "-AVX512PF")
FLAGS = ("avx2", "avx512f", "avx512bw", "avx512_vnni", "avx_vnni", "avx512_bf16", "amx_int8",
         "cpuid_fault")


def built(name: str, *flags: str) -> Path:
    """`avx2_only/NAME.c` compiled with gcc, once per version of the source."""
    source = SOURCES / f"{name}.c"
    digest = hashlib.sha256(source.read_bytes() + " ".join(flags).encode()).hexdigest()[:12]
    target = Path(tempfile.gettempdir()) / "repokb-avx2-only" / f"{name}-{digest}"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}")
        subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-o", str(partial), str(source),
                        *flags], check=True)
        partial.replace(target)
    return target


def library() -> Path:
    return built("avx2_only", "-shared", "-fPIC", "-ldl")


def masked_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """`env` (default: this process's) with the mask preloaded and glibc's AVX-512 off."""
    out = dict(os.environ if env is None else env)
    out["LD_PRELOAD"] = " ".join(p for p in (str(library()), out.get("LD_PRELOAD", "")) if p)
    tunables = out.get("GLIBC_TUNABLES")
    out["GLIBC_TUNABLES"] = f"{tunables}:{GLIBC_HIDDEN}" if tunables else GLIBC_HIDDEN
    return out


def run(command: list[str], masked: bool, **env: str) -> str:
    base = {**os.environ, **env}
    done = subprocess.run(command, env=masked_env(base) if masked else base, check=True,
                          capture_output=True, text=True)
    return done.stdout


def host() -> str:
    info = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.+)", info)
    listed = re.search(r"Flags:\s*(.+)", info)
    flags = set(listed.group(1).split()) if listed else set()
    have = " ".join(f for f in FLAGS if f in flags)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    return (f"`lscpu` {model.group(1) if model else '?'}, {os.cpu_count()} cores, flags: "
            f"{have}\n\nload: `{load}`")


NUMPY = """
import json
from numpy._core._multiarray_umath import __cpu_features__ as f
print(json.dumps({k: f[k] for k in ("AVX2", "FMA3", "AVX512F", "AVX512_SKX", "AVX512_ICL",
                                     "AVX512_SPR") if k in f}))
"""

# The default model as repokb builds it, on texts cut from repokb's own sources (always there).
EMBED = """
import json, sys, time
from pathlib import Path
import numpy as np
from repokb.embedders import create, load_builtins
files = sorted(Path(sys.argv[1]).rglob("*.py"))[:int(sys.argv[4])]
texts = [p.read_text("utf-8")[:1200] for p in files]
load_builtins()
model = create("minilm-onnx", cache_dir=Path(sys.argv[2]))
model.embed_documents(texts[:4])
tokens = model.count_tokens(texts)
wall, cpu = time.perf_counter(), time.process_time()
vectors = model.embed_documents(texts)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
np.save(sys.argv[3], vectors)
print(json.dumps({"tokens": tokens, "wall": wall, "cpu": cpu}))
"""


def probe_table() -> None:
    probe = str(built("probe", "-pthread"))
    print("\n| CPUID seen in | AVX2 | AVX512F | AVX512_VNNI | AVX_VNNI | AMX_INT8 | XCR0 |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for masked in (False, True):
        for line in run([probe], masked).splitlines():
            where, *fields = line.split()
            values = [f.split("=", 1)[1] for f in fields]
            label = f"{where} ({'masked' if masked else 'plain'})"
            print(f"| {label} | " + " | ".join(values) + " |")


def numpy_and_glibc() -> None:
    print("\n| | plain | masked |\n| --- | --- | --- |")
    plain, masked = (json.loads(run([sys.executable, "-c", NUMPY], m)) for m in (False, True))
    for key in plain:
        print(f"| numpy {key} | {plain[key]} | {masked[key]} |")
    loader = next((p for p in ("/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-x86-64.so.2")
                   if Path(p).exists()), None)
    if loader:
        levels = []
        for m in (False, True):
            out = run([loader, "--list-diagnostics"], m)
            found = re.search(r"dl_hwcaps_subdirs_active=(\S+)", out)
            levels.append(found.group(1) if found else "?")
        print(f"| glibc x86-64-v4:v3:v2 active (bits) | {levels[0]} | {levels[1]} |")


def embed_rounds(rounds: int, texts: int, work: Path) -> None:
    """The default model on both sides, alternated, each side with its own derived models."""
    src = str(REPO / "src")
    env = {"PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}
    results: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for r in range(rounds):
        for masked in ((False, True) if r % 2 == 0 else (True, False)):
            side = "masked" if masked else "plain"
            out = run([sys.executable, "-c", EMBED, str(REPO / "src" / "repokb"),
                       str(work / f"models-{side}"), str(work / f"{side}.npy"), str(texts)],
                      masked, **env)
            results[masked].append(json.loads(out.splitlines()[-1]))
    import numpy as np

    a, b = np.load(work / "plain.npy"), np.load(work / "masked.npy")
    cosines = (a * b).sum(axis=1)
    tokens = results[False][0]["tokens"]
    print(f"\nThe default model (int8 compute, as repokb builds it), {texts} texts of repokb's "
          f"sources, {tokens:,.0f} tokens, {rounds} rounds alternated (median):\n")
    print("| | tokens/s | CPU ms per 1,000 tokens |\n| --- | ---: | ---: |")
    rate = {}
    for masked, label in ((False, "plain (this CPU)"), (True, "masked (AVX2 only)")):
        wall = statistics.median(x["wall"] for x in results[masked])
        cpu = statistics.median(x["cpu"] for x in results[masked])
        rate[masked] = cpu
        print(f"| {label} | {tokens / wall:,.0f} | {1000 * cpu / tokens * 1000:.0f} |")
    print(f"\nCPU per token masked / plain: {rate[True] / rate[False]:.2f}x; vectors masked "
          f"against plain: cosine min {cosines.min():.4f}, mean {cosines.mean():.4f}")


def perf_table(texts: int, work: Path) -> None:
    """Which instructions onnxruntime's sampled code runs: each sample's instruction and the
    three after it (a sample lands at or just after the instruction that took the time)."""
    if not shutil.which("perf") or not shutil.which("objdump"):
        print("\n(perf or objdump missing: no instruction profile)")
        return
    import onnxruntime

    capi = Path(onnxruntime.__file__).parent / "capi"
    library_file = next(capi.glob("onnxruntime_pybind11_state*.so"))
    src = str(REPO / "src")
    env = {"PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}
    print(f"\nperf, `cpu-clock` samples in {library_file.name} while embedding "
          f"{texts * 4} texts:\n")
    print("| | samples | AMX tiles | VNNI (vpdpbusd/vpdpwssd) | zmm registers | ymm, no zmm | "
          "AVX2 vpmaddubsw |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for masked in (False, True):
        side = "masked" if masked else "plain"
        data = work / f"{side}.perf"
        run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "1999", "-o", str(data), "--",
             sys.executable, "-c", EMBED, str(REPO / "src" / "repokb"),
             str(work / f"models-{side}"), str(work / f"{side}-perf.npy"), str(texts * 4)],
            masked, **env)
        report = subprocess.run(["perf", "report", "-i", str(data), "--stdio", "-q",
                                 "--sort", "dso,sym", "--dsos", library_file.name],
                                capture_output=True, text=True).stdout
        counts: Counter[str] = Counter()
        total = 0.0
        for line in report.splitlines():
            found = re.match(r"\s*([\d.]+)%.*\[\.\]\s+(0x[0-9a-f]+)\s*$", line)
            if not found:
                continue
            share, address = float(found.group(1)), int(found.group(2), 16)
            total += share
            text = subprocess.run(["objdump", "-d", "--no-show-raw-insn",
                                   f"--start-address={address}",
                                   f"--stop-address={address + 40}", str(library_file)],
                                  capture_output=True, text=True).stdout
            window = "\n".join([x for x in text.splitlines()
                                if re.match(r"\s+[0-9a-f]+:", x)][:4])
            counts["amx"] += share * bool(re.search(r"%tmm|\btile|\btdp", window))
            counts["vnni"] += share * bool(re.search(r"vpdpbusd|vpdpwssd", window))
            counts["zmm"] += share * ("%zmm" in window)
            counts["ymm"] += share * ("%ymm" in window and "%zmm" not in window)
            counts["maddubs"] += share * bool(re.search(r"vpmaddubsw\s.*%ymm", window))
        cells = " | ".join(f"{100 * counts[k] / total:.1f}%" if total else "-"
                           for k in ("amx", "vnni", "zmm", "ymm", "maddubs"))
        print(f"| {side} | {total:.1f}% of all | {cells} |")


def check(perf: bool, rounds: int, texts: int) -> None:
    print(f"\n#### avx2_only.py --check\n\n{host()}")
    probe_table()
    numpy_and_glibc()
    with tempfile.TemporaryDirectory(prefix="repokb-avx2-check-") as folder:
        embed_rounds(rounds, texts, Path(folder))
        if perf:
            perf_table(texts, Path(folder))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     usage="%(prog)s [--check [--perf]] [-- COMMAND ARGS...]")
    parser.add_argument("--check", action="store_true", help="show that the mask works")
    parser.add_argument("--perf", action="store_true", help="with --check: profile the kernels")
    parser.add_argument("--rounds", type=int, default=4, help="with --check: embedding rounds")
    parser.add_argument("--texts", type=int, default=80, help="with --check: texts a round")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.check and not command:
        parser.error("give --check, or a command after --")
    if args.check:
        check(args.perf, args.rounds, args.texts)
    if command:
        sys.stdout.flush()
        os.execvpe(command[0], command, masked_env())


if __name__ == "__main__":
    main()
