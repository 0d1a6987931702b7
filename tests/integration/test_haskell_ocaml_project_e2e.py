"""A cabal/Stack project and a dune project indexed for real (ONNX model, Qdrant Edge), as a
Haskell or OCaml developer runs repokb on them: the build files are read, the build output and
the opam switch are skipped, `Data.Store.insert` and `Store.create` are found by their names, and
no credential they hold (an association pair, a Basic-auth password by position, a record
field, a URL's password in `cabal.project.local`, cabal's `~/.cabal/config`) is a byte under
REPOKB_HOME, in `index --json`, a search or `explain --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "pair": "".join(("Hp8832", "kxQz7")),
    "basic": "".join(("Hb5519", "mvLw2")),
    "record": "".join(("Hr4471", "zqTn6")),
    "url": "".join(("Cu7710", "xcPk3")),
    "hackage": "".join(("Ck2245", "nmRb8")),
    "ocaml_pair": "".join(("Mp6642", "ruWd5")),
    "ocaml_basic": "".join(("Mb3318", "tyGh4")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "store"
    write(root, "store.cabal",
          "cabal-version: 3.0\nname: store\nversion: 0.1.0\n\nlibrary\n"
          "    exposed-modules: Data.Store, Client\n    build-depends: base, containers\n"
          "    hs-source-dirs: src\n")
    write(root, "cabal.project", "packages: .\n")
    write(root, "cabal.project.local",
          f"repository private\n  url: https://alice:{VALUES['url']}@hackage.example.com/\n")
    write(root, "stack.yaml", "resolver: lts-21.25\npackages:\n- .\n")
    write(root, "src/Data/Store.hs",
          "module Data.Store (Store, insert) where\n\nimport qualified Data.Map as Map\n\n"
          "-- | A key-value store.\nnewtype Store k v = Store (Map.Map k v)\n\n"
          "-- | /O(log n)/. Insert a value under its key, replacing an older one.\n"
          "insert :: Ord k => k -> v -> Store k v -> Store k v\n"
          "insert k v (Store m) = Store (Map.insert k v m)\n")
    write(root, "src/Client.hs",
          "{-# LANGUAGE OverloadedStrings #-}\n"
          "module Client (login, fetch, defaultConfig) where\n\n"
          "data Config = Config { cfgUser :: String, cfgPassword :: String }\n\n"
          f'defaultConfig = Config {{ cfgUser = "alice", cfgPassword = "{VALUES["record"]}" }}\n\n'
          f'login = urlEncodedBody [("username", "alice"), ("password", "{VALUES["pair"]}")]\n\n'
          f'fetch = applyBasicAuth "alice" "{VALUES["basic"]}"\n')
    write(root, "test/Data/StoreSpec.hs",
          "module Data.StoreSpec (spec) where\n\nimport Test.Hspec\n\nspec :: Spec\n"
          'spec = describe "insert" $ it "stores a value" $ True `shouldBe` True\n')
    write(root, "home/.cabal/config", f"username: alice\npassword: {VALUES['hackage']}\n")
    write(root, "dist-newstyle/cache/plan.json", '{"install-plan": []}\n')
    write(root, ".stack-work/install/pkgdb/package.cache", "x\n")
    # the OCaml side, a dune project in the same tree
    write(root, "ml/dune-project", "(lang dune 3.11)\n(name store)\n")
    write(root, "ml/lib/dune", "(library\n (name store))\n")
    write(root, "ml/lib/store.ml",
          "(** [create name] is an empty store called [name], ready for its first binding. *)\n"
          "let create name = { items = []; name }\n\n"
          f'let fields = [ ("user", "alice"); ("password", "{VALUES["ocaml_pair"]}") ]\n\n'
          f'let auth = `Basic ("alice", "{VALUES["ocaml_basic"]}")\n')
    write(root, "ml/lib/store.mli", "val create : string -> 'a t\n(** [create name] ... *)\n")
    write(root, "ml/_build/default/lib/store.ml", "let create name = name\n")
    write(root, "ml/_opam/lib/fmt/fmt.ml", "let pp = ()\n")
    return root


def test_a_cabal_and_a_dune_project_are_read_as_such_and_keep_their_credentials(home, project):
    indexed = invoke("index", str(project), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert files["store.cabal"]["kind"] == "dependency_manifest"
    assert files["ml/lib/dune"]["kind"] == "dependency_manifest"
    assert files["cabal.project.local"]["chunks"] > 0  # redacted, not blocked
    assert files["ml/lib/store.mli"]["kind"] == "source"
    assert files["test/Data/StoreSpec.hs"]["kind"] == "test"
    assert files["home/.cabal/config"]["index_policy"] == "block"
    skipped = {"dist-newstyle", ".stack-work", "ml/_build", "ml/_opam"}
    assert skipped <= set(files)
    assert all(files[d]["index_policy"] == "exclude" for d in skipped)
    hits = json.loads(invoke("search", "where is Data.Store.insert defined", "--json"))
    assert hits[0]["symbol"] == "Data.Store.insert", hits[0]
    hits = json.loads(invoke("search", "where is Store.create defined", "--json"))
    assert hits[0]["symbol"] == "Store.create" and hits[0]["path"] == "ml/lib/store.ml", hits[0]
    outputs = [indexed]
    for path in ("src/Client.hs", "cabal.project.local", "ml/lib/store.ml"):
        outputs.append(invoke("explain", str(project / path), "--json"))
    for query in (*VALUES.values(), "login password form", "basic auth fetch",
                  "hackage repository", "default config password"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, VALUES.values(), outputs)
