"""C++ and CUDA files are read as their developers name them (Linguist's extensions and its
`.h` heuristic): a template's `.tpp`, an inline `.inl`, a module's `.cppm` were unknown and
excluded, CUDA's `.cu` too, and fmt's color.h (150 lines of colours in a scoped enum before
its first template) was read as C, so the C grammar failed on it (215 parse errors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file

TEMPLATE = "namespace a {\ntemplate <typename T>\nT add(T x, T y) { return x + y; }\n}\n"
KERNEL = ("__global__ void saxpy(int n, float a, const float *x, float *y)\n{\n"
          "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "    if (i < n) y[i] = a * x[i] + y[i];\n}\n")
COLORS = "".join(f"  color_{i} = 0x{i:06X},  // rgb({i},{i},{i})\n" for i in range(200))


@pytest.mark.parametrize(("rel", "content", "language"), [
    ("include/vec.tpp", TEMPLATE, "cpp"),
    ("include/vec.ipp", TEMPLATE, "cpp"),
    ("include/vec.inl", TEMPLATE, "cpp"),
    ("include/vec.tcc", TEMPLATE, "cpp"),
    ("include/vec.txx", TEMPLATE, "cpp"),
    ("include/vec.hxx", TEMPLATE, "cpp"),
    ("include/vec.h++", TEMPLATE, "cpp"),
    ("src/vec.c++", TEMPLATE, "cpp"),
    ("src/shapes.cppm", "export module shapes;\nexport struct Circle { double r; };\n", "cpp"),
    ("src/shapes.ixx", "export module shapes;\nexport struct Circle { double r; };\n", "cpp"),
    ("blink/blink.ino", "void setup() {\n  pinMode(13, OUTPUT);\n}\n", "cpp"),
    ("kernels/saxpy.cu", KERNEL, "cuda"),
    ("kernels/saxpy.cuh", KERNEL, "cuda"),
    # a scoped enum is C++ whatever follows it (fmt 9.1's color.h)
    ("include/fmt/color.h", "#ifndef FMT_COLOR_H_\n#define FMT_COLOR_H_\n#include \"format.h\"\n"
     "FMT_BEGIN_NAMESPACE\nenum class color : uint32_t {\n" + COLORS + "};\n", "cpp"),
    # a plain enum stays C
    ("src/colors.h", "enum color {\n" + COLORS + "};\n", "c"),
])
def test_cpp_and_cuda_files(tmp_path: Path, rel: str, content: str, language: str) -> None:
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.language, c.index_policy) == (Kind.SOURCE, language,
                                                    Policy.PARSE_AND_INDEX), c.reasons


SQLITE_BANNER = ("/******************************************************************************\n"
                 "** This file is an amalgamation of many separate C source files from SQLite\n"
                 "** version 3.40.1.  By combining all the individual C code files into this\n"
                 "** single large file, the entire code can be compiled as a single translation\n"
                 "** unit.\n*/\n#define SQLITE_CORE 1\nint sqlite3_initialize(void){ return 0; }\n")


@pytest.mark.parametrize(("rel", "content"), [
    # nlohmann/json's and Catch2 v2's single header, amalgamated from include/
    ("single_include/nlohmann/json.hpp", TEMPLATE),
    ("single_include/catch2/catch.hpp", TEMPLATE),
    ("sqlite/sqlite3.c", SQLITE_BANNER),
])
def test_amalgamations_are_generated(tmp_path: Path, rel: str, content: str) -> None:
    """An amalgamation repeats every definition of the sources it was built from (each answer
    came twice, the amalgamated copy in a 1 MB file): recorded, not indexed."""
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.index_policy) == (Kind.GENERATED, "amalgamation",
                                                   Policy.METADATA_ONLY), c.reasons


def test_the_sources_of_an_amalgamation_stay_source(tmp_path: Path) -> None:
    c = classify_file(tmp_path, "include/nlohmann/json.hpp", TEMPLATE)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX)
