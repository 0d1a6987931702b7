"""Go packages in folders named like build output (session 30, misc31): Go's own source tree
(golang-1.19-src) keeps the `go/build` package in `src/go/build/` and the bootstrap tool
`cmd/dist` (package main) in `src/cmd/dist/`; the walk skipped both (101 files) as build output
because neither holds `__init__.py` or `mod.rs`. Go never writes `.go` files into its output
(`go build` writes binaries; goreleaser's `dist/` holds archives), so a folder named like
build output that holds a `.go` file is a Go package."""

from __future__ import annotations

from repokb.explain import walk_record
from repokb.rules.folders import among, folder_skip, on_disk

from ..conftest import write
from .test_discover import walk


def test_a_go_package_folder_named_like_build_output_is_walked(tmp_path):
    write(tmp_path, "p/go.mod", "module example.com/p\n")
    write(tmp_path, "p/go/build/build.go", "package build\n\nfunc Import() {}\n")
    write(tmp_path, "p/go/build/testdata/x.txt", "data\n")
    write(tmp_path, "p/cmd/dist/main.go", "package main\n\nfunc main() {}\n")
    write(tmp_path, "p/cmd/dist/README", "dist is the bootstrap tool.\n")
    # goreleaser's output: no .go at its top, still skipped
    write(tmp_path, "p/dist/p_linux_amd64/p", "\x7fELF")
    files, skipped = walk(tmp_path / "p")
    assert {"go/build/build.go", "go/build/testdata/x.txt", "cmd/dist/main.go",
            "cmd/dist/README"} <= set(files)
    assert "dist" in skipped
    assert on_disk(str(tmp_path / "p/go/build"))("*.go")
    assert not on_disk(str(tmp_path / "p/dist"))("*.go")


def test_a_go_package_is_judged_alike_without_a_disk(tmp_path):
    """An upload or an explain of a path knows the folder only by paths: the uploaded `.go`
    file itself, or a `.go` file the project recorded directly in the folder."""
    assert walk_record("p", "cmd/dist/build.go", lambda _: False) is None
    known = {"cmd/dist/main.go", "cmd/dist/README"}
    holds = among("cmd/dist", known.__contains__, lambda _: False, lambda: known)
    assert folder_skip("dist", holds) is None
    assert walk_record("p", "dist/p_linux_amd64/p", known.__contains__)["inside"] == "dist"
    # a .go file deeper down does not make the folder a package
    assert walk_record("p", "build/tools/gen.go", lambda _: False)["inside"] == "build"


def test_a_go_file_in_a_dist_package_is_source_not_linguist_vendored(tmp_path):
    """Linguist's `(^|/)dist/` called Go's `cmd/dist/build.go` vendored (excluded) once the
    walk entered the folder; a bundle in a JavaScript `dist/` stays vendored."""
    from repokb.models import Kind

    from ..conftest import classify_file

    go = classify_file(tmp_path, "cmd/dist/build.go", "package main\n\nfunc main() {}\n")
    assert go.kind is Kind.SOURCE, go.reasons
    js = classify_file(tmp_path, "web/dist/app.js", "export const x = 1;\n")
    assert js.kind is Kind.VENDOR, js.reasons
    deeper = classify_file(tmp_path, "web/dist/gen/x.go", "package gen\n")
    assert deeper.kind is Kind.VENDOR, deeper.reasons


def test_the_go_layouts_build_folder_of_packaging_and_ci_is_walked(tmp_path):
    """golang-standards/project-layout keeps packaging (`build/package/Dockerfile`) and CI
    (`build/ci/`) in `build/`: the walk skipped them as build output (session 31); Linguist
    does not leave `build/` out. A build folder of output stays skipped."""
    write(tmp_path, "p/go.mod", "module example.com/p\n")
    write(tmp_path, "p/build/package/Dockerfile", "FROM golang:1.22\nRUN go build ./...\n")
    write(tmp_path, "p/build/ci/test.sh", "#!/bin/sh\ngo test ./...\n")
    write(tmp_path, "k/build/release.sh", "#!/bin/bash\nmake release\n")  # Kubernetes'
    write(tmp_path, "k/build/root/Makefile", "all:\n\techo ok\n")
    write(tmp_path, "o/build/lib/pkg/mod.py", "x = 1\n")  # setuptools' output
    write(tmp_path, "o/build/bdist.linux-x86_64/x.txt", "x\n")
    write(tmp_path, "g/build/libs/app.jar", "PK\x03\x04")  # Gradle's
    write(tmp_path, "g/build/tmp/jar/MANIFEST.MF", "Manifest-Version: 1.0\n")
    files, _ = walk(tmp_path / "p")
    assert {"build/package/Dockerfile", "build/ci/test.sh"} <= set(files)
    files, _ = walk(tmp_path / "k")
    assert {"build/release.sh", "build/root/Makefile"} <= set(files)
    for other in ("o", "g"):
        files, skipped = walk(tmp_path / other)
        assert "build" in skipped and not any(p.startswith("build/") for p in files)
    assert walk_record("p", "build/package/Dockerfile", lambda _: False) is None
