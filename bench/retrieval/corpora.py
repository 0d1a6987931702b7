"""The benchmark's corpora: real third-party packages fetched at run time from their registries.

Nothing here is stored in the repository: sdists come from PyPI (`pip download --no-binary`),
packages from npm (`npm pack`), into a cache directory outside the repository. Each corpus names
an exact version and the parts of the package it keeps (sources and docs; its test suite too
with `--with-tests`), so every run sees the same bytes.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

import pathspec


@dataclass(frozen=True)
class Corpus:
    name: str
    registry: str  # "pypi" or "npm"
    package: str
    version: str
    include: tuple[str, ...]  # gitwildmatch patterns, relative to the package root
    language: str  # the corpus's main programming language
    quick_include: tuple[str, ...] | None = None  # a smaller slice for --quick
    tests: tuple[str, ...] = ()  # the test suite, kept with --with-tests

    @property
    def key(self) -> str:
        return f"{self.package}-{self.version}"


CORPORA = [
    Corpus("attrs", "pypi", "attrs", "24.2.0", ("src/**", "docs/**", "README.md"), "python",
           tests=("tests/**",)),
    Corpus("black", "pypi", "black", "24.10.0", ("src/**", "docs/**"), "python",
           tests=("tests/**",)),
    Corpus("hatch", "pypi", "hatch", "1.13.0", ("src/**", "docs/**"), "python",
           tests=("tests/**",)),
    Corpus("fastify", "npm", "fastify", "5.1.0", ("lib/**", "fastify.js", "docs/**"),
           "javascript", quick_include=("lib/**", "fastify.js", "docs/Guides/**"),
           tests=("test/**",)),
]
QUICK = ("attrs", "fastify")


def fetch(corpus: Corpus, cache: Path) -> Path:
    """The package's unpacked tree (downloaded once into the cache)."""
    tree = cache / "src" / corpus.key
    if tree.is_dir():
        return tree
    downloads = cache / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    if corpus.registry == "pypi":
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--no-binary", ":all:", f"{corpus.package}=={corpus.version}",
                        "-d", str(downloads)], check=True)
        candidates = sorted(downloads.glob(f"{corpus.package.replace('-', '_')}-{corpus.version}"
                                           ".tar.gz")) + sorted(
            downloads.glob(f"{corpus.package}-{corpus.version}.tar.gz"))
    else:
        subprocess.run(["npm", "pack", "--silent", f"{corpus.package}@{corpus.version}",
                        "--pack-destination", str(downloads)], check=True,
                       stdout=subprocess.DEVNULL)
        candidates = sorted(downloads.glob(f"{corpus.package}-{corpus.version}.tgz"))
    if not candidates:
        raise SystemExit(f"download of {corpus.key} produced no archive in {downloads}")
    staging = cache / "src" / f".{corpus.key}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    with tarfile.open(candidates[0]) as archive:
        archive.extractall(staging, filter="data")
    (top,) = list(staging.iterdir())  # sdists and npm packs have a single top directory
    top.rename(tree)
    shutil.rmtree(staging, ignore_errors=True)
    return tree


def selected_files(corpus: Corpus, tree: Path, quick: bool,
                   with_tests: bool = False) -> list[str]:
    """Relative POSIX paths of the files this corpus keeps, sorted."""
    patterns = corpus.quick_include if quick and corpus.quick_include else corpus.include
    if with_tests:
        patterns = patterns + corpus.tests
    spec = pathspec.PathSpec.from_lines("gitwildmatch", patterns)
    out = []
    for path in sorted(tree.rglob("*")):
        if path.is_file() and not path.is_symlink():
            rel = path.relative_to(tree).as_posix()
            if spec.match_file(rel):
                out.append(rel)
    return out
