"""Protocol Buffers and GraphQL: 'where is X defined' / 'what fields does X have' questions.

    python bench/retrieval/contracts.py --home DIR [--json OUT]

DIR holds two projects. `contracts` (`repokb index TREE --project contracts`), TREE made of
the `.proto` files of googleapis-common-protos 1.76.0's sdist (google/) with grpcio-tools
1.85.1's bundled well-known types (grpc_tools/_proto/google/protobuf/*.proto copied into
google/protobuf/), and `.graphql` files: ariadne 1.1.1's federation definitions
(ariadne/contrib/federation/definitions/ as ariadne_federation/), gql 4.4.0's
tests/fixtures/graphql/sample.graphql, and Debian's golang-github-vektah-gqlparser-dev
2.5.1-2 (usr/share/gocode/src/github.com/vektah/gqlparser/ as gqlparser/: its testdata is
test fixtures, metadata only; validator/prelude.graphql is indexed). `octokit`: npm
@octokit/graphql-schema 15.26.1's schema.graphql (GitHub's API, 1.2 MB) alone.
A hit is right as in names.py (path ends with the path, symbol with the name, case folded);
the file's rank (any piece of the right file) is shown too, since windows name nothing, and
the line's (a piece of the right file holding the definition's `line`: windows are judged
fairly by it; GitHub's schema is one file, where the file's rank says nothing).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("contracts.json", __doc__ or "", line="line")
