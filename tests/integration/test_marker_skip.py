"""Folders skipped for a marker they hold (a virtualenv's pyvenv.cfg, MSBuild's bin/Debug, a
crate `cargo vendor` copied, Carton's local/lib/perl5): one table (rules/tables.py
MARKER_SKIP_DIRS), one answer (rules/folders.py), and the same tree through every surface keeps
the same files out with the same recorded reason. The real model, a real Qdrant Edge shard.

Before this table only the walk knew all four: an upload through the REST API indexed a build's
copy of appsettings.json (and every file of a virtualenv named `env/`, a vendored crate,
Carton's local/), `repokb explain` of such a path in an uploaded project said "not in the
catalog", the dashboard uploaded them all, and `repokb watch` started a run for a `pip install`
into `env/`."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ..conftest import every_byte, write
from .uploads import server_fixture

pytestmark = pytest.mark.integration
KEY = "marker-key"
PASSWORD = "Vq8-tN3xLmR2-pWz7"  # the build's copy of the connection string's password

TREE = {
    "app.py": "def checkout(cart):\n    \"\"\"Charge the cart and ship it.\"\"\"\n"
              "    return cart.total()\n",
    "src/Web/Program.cs": "var app = WebApplication.Create();\napp.MapGet(\"/\", () => \"shop\");"
                          "\napp.Run();\n",
    "src/Web/bin/Debug/net8.0/appsettings.json":
        '{"ConnectionStrings": {"Shop": "Server=db.internal;Database=shop;User Id=shop;'
        f'Password={PASSWORD};"}},\n "Logging": {{"LogLevel": {{"Default": "Warning"}}}}}}\n',
    "src/Web/obj/project.assets.json": '{"version": 3, "targets": {"net8.0": {}}}\n',
    "src/Web/obj/Web.csproj.nuget.g.props": "<Project><PropertyGroup /></Project>\n",
    "env/pyvenv.cfg": "home = /usr/bin\ninclude-system-site-packages = false\n",
    "env/bin/activate_this.py": "def activate(base):\n    \"\"\"Put the virtualenv first on "
                                "sys.path.\"\"\"\n    return base\n",
    "local/lib/perl5/Plack/Util.pm": "package Plack::Util;\nsub load_class { my ($class) = @_; "
                                     "return $class }\n1;\n",
    "local/bin/plackup": "#!/usr/bin/env perl\nuse Plack::Runner;\nPlack::Runner->run(@ARGV);\n",
    "include/cargo/itoa-1.0.1/.cargo-checksum.json": '{"files": {}, "package": "abc"}\n',
    "include/cargo/itoa-1.0.1/src/lib.rs": "pub fn fmt(n: u64) -> String {\n    n.to_string()\n}\n",
    # a Hardhat + Foundry project's build output and Foundry's installed dependencies
    "chain/contracts/Token.sol": "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\n"
                                 "/// @notice The shop's token.\ncontract Token {\n"
                                 "    uint256 public totalSupply;\n}\n",
    "chain/artifacts/build-info/4f1c.json": '{"input": {"language": "Solidity"}}\n',
    "chain/out/build-info/4f1c.json": '{"input": {"language": "Solidity"}}\n',
    "chain/cache/solidity-files-cache.json": '{"_format": "hh-sol-cache-2", "files": {}}\n',
    "chain/lib/forge-std/src/Test.sol": "// SPDX-License-Identifier: MIT\npragma solidity >=0.6.2;"
                                        "\n\nabstract contract Test {\n}\n",
}
LEFT_OUT = {  # folder -> the reason every surface records
    "src/Web/bin": "skipped directory: MSBuild build output (bin/Debug, bin/Release)",
    "src/Web/obj": "skipped directory: MSBuild intermediate output (obj/: project.assets.json, "
                   "generated sources)",
    "env": "skipped directory: Python virtualenv",
    "local": "skipped directory: Perl dependencies installed by Carton or cpanm (it holds "
             "lib/perl5)",
    "include/cargo/itoa-1.0.1": "skipped directory: a crate copied by cargo vendor (it holds "
                                ".cargo-checksum.json)",
    "chain/artifacts": "skipped directory: Hardhat's compiled contracts (artifacts/build-info)",
    "chain/out": "skipped directory: Foundry's compiled contracts (out/build-info)",
    "chain/cache": "skipped directory: Hardhat's or Foundry's compile cache "
                   "(solidity-files-cache.json)",
    "chain/lib": "skipped directory: Foundry's installed dependencies (lib/forge-std)",
}
OWN = {"app.py", "src/Web/Program.cs", "chain/contracts/Token.sol"}
# the paths that show their folder's marker themselves (the rest wait for it to be sent)
SHOWN = {"src/Web/bin/Debug/net8.0/appsettings.json", "src/Web/obj/project.assets.json",
         "env/pyvenv.cfg", "local/lib/perl5/Plack/Util.pm",
         "include/cargo/itoa-1.0.1/.cargo-checksum.json", "chain/artifacts/build-info/4f1c.json",
         "chain/out/build-info/4f1c.json", "chain/cache/solidity-files-cache.json",
         "chain/lib/forge-std/src/Test.sol"}


def _inside(path: str) -> str | None:
    return next((f for f in LEFT_OUT if path.startswith(f + "/")), None)


server = server_fixture(KEY)


def _upload(server: TestClient, order: list[str], project: str) -> dict[str, dict]:
    answers = {}
    for path in order:
        answer = server.post("/knowledge/ingest/file",
                             json={"path": path, "content": TREE[path], "project": project})
        assert answer.status_code == 200, answer.text
        answers[path] = answer.json()
    return answers


def _explain(server: TestClient, project: str, path: str) -> dict:
    answer = server.get("/knowledge/explain", params={"project": project, "path": path})
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


@pytest.mark.parametrize("order", ["sorted", "markers_last"])
def test_an_upload_keeps_out_what_the_walk_keeps_out_with_the_same_reason(server, tmp_path,
                                                                          home, order):
    """The walk's decisions (repokb index) and an upload's of the same files (every file
    sent, as a client of the REST API would), in either order: a marker sent after the files
    beside it takes them out again, as the walk never had them."""
    root = tmp_path / "shop"
    for rel, content in TREE.items():
        write(root, rel, content)
    walked = server.ops.index([str(root)], "walked")
    assert walked["summary"]["files_indexed"] == len(OWN)

    paths = sorted(TREE)
    if order == "markers_last":  # the files in marked folders first, their markers after
        markers = [p for p in paths if p.endswith(("pyvenv.cfg", ".cargo-checksum.json"))]
        paths = [p for p in paths if p not in markers] + markers
    answers = _upload(server, paths, "uploaded")
    for path in TREE:
        walk = _explain(server, "walked", path)
        upload = _explain(server, "uploaded", path)
        folder = _inside(path)
        if folder is None:
            assert upload["status"] == walk["status"] == "indexed", (path, upload, walk)
            continue
        assert (walk["status"], walk["inside"], walk["reason"]) == (
            "skipped", folder, LEFT_OUT[folder]), walk
        assert (upload["status"], upload["inside"], upload["reason"]) == (
            walk["status"], walk["inside"], walk["reason"]), (path, upload)
        if path in SHOWN:  # its own answer already says so: never chunked, never embedded
            assert answers[path]["status"] == "skipped" and answers[path]["chunks"] == 0, path
            assert answers[path]["reason"] == LEFT_OUT[folder]
    def stats(project: str) -> tuple[int, int]:
        answer = server.get("/knowledge/stats", params={"project": project}).json()
        return answer["files"], answer["points"]

    assert stats("uploaded")[1] == stats("walked")[1]  # the same chunks, nothing else
    hits = server.post("/knowledge/search", json={"query": "connection string password shop "
                                                  "database", "project": "uploaded",
                                                  "limit": 20}).json()
    assert {h["path"] for h in hits} <= OWN, hits
    assert PASSWORD.encode() not in every_byte(home)


def test_a_path_never_uploaded_is_explained_as_the_walk_explains_it(server):
    """The dashboard leaves marked folders out before uploading; explain of a file there
    answers as `repokb index` does whenever the path itself shows the marker (bin/Debug/...,
    local/lib/perl5/...) or the project holds it."""
    _upload(server, ["app.py", "src/Web/Program.cs"], "team")
    for path, folder in (("src/Web/bin/Debug/net8.0/appsettings.json", "src/Web/bin"),
                         ("src/Web/obj/Release/net8.0/Web.dll", "src/Web/obj"),
                         ("local/lib/perl5/Plack/Util.pm", "local"),
                         ("env/pyvenv.cfg", "env")):
        record = _explain(server, "team", path)
        assert (record["status"], record["inside"], record["reason"]) == (
            "skipped", folder, LEFT_OUT[folder]), record
    # a bin/ of scripts, a local/ of the project's own: no marker, not left out
    for path in ("bin/setup", "src/local/settings.pm"):
        answer = server.get("/knowledge/explain", params={"project": "team", "path": path})
        assert answer.status_code == 404, answer.text


def test_client_config_gives_the_dashboard_the_one_table(server):
    from repokb.rules.tables import MARKER_SKIP_DIRS

    rows = server.get("/knowledge/client-config").json()["marker_dirs"]
    assert [(r["name"], tuple(r["markers"]), r["kind"]) for r in rows] == [
        (name, markers, kind) for name, markers, kind, _ in MARKER_SKIP_DIRS]
    assert {r["reason"] for r in rows} == set(LEFT_OUT.values())


def test_pre_chunked_fragments_under_a_marked_folder_are_kept_out(server):
    """POST /knowledge/ingest (fragments a client cut) stored a file of a virtualenv, of a
    vendored crate, of Carton's local/ as any other; one fragment in the batch showing the
    marker (env/pyvenv.cfg) now keeps its whole folder out, as the walk does."""
    fragments = [{"content": TREE[p], "file_path": p, "chunk_index": 0, "project": "cut"}
                 for p in sorted(TREE)]
    answer = server.post("/knowledge/ingest", json={"chunks": fragments}).json()
    assert answer["reasons"]["skipped_marker_folder"] == len(TREE) - len(OWN), answer
    assert answer["stored"] == len(OWN), answer
    for path in TREE:
        record = _explain(server, "cut", path)
        if (folder := _inside(path)) is None:
            assert record["status"] == "indexed", record
        else:
            assert (record["status"], record["inside"], record["reason"]) == (
                "skipped", folder, LEFT_OUT[folder]), record
