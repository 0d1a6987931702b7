"""Protocol Buffers and GraphQL schemas read as their developers expect.

A pass over googleapis-common-protos 1.76.0 and grpcio-tools 1.85.1's `.proto` files, ariadne
1.1.1's and gqlparser's `.graphql` and GitHub's schema (npm @octokit/graphql-schema 15.26.1)
found them cut in nameless 500-character windows ("where is message Status defined", "what
fields does type Repository have" named nothing), the question's name unread when a kind came
before it ("where is message Status defined" named no symbol), and GitHub's schema with 471
field types redacted (`isUserDismissible: <REDACTED_SECRET>`): one `...Password...: Boolean!`
field took `Boolean!` for a password.
"""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.contractscan import scan
from repokb.chunkers.fixed import split_lines
from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.secrets import REDACTED, mode_for, redact
from repokb.settings import Settings

PROTO = """\
// Copyright 2026 Google LLC

syntax = "proto3";

package google.longrunning;

import "google/api/annotations.proto";

option go_package = "cloud.google.com/go/longrunning/autogen/longrunningpb";

// Manages long-running operations with an API service.
service Operations {
  option (google.api.default_host) = "longrunning.googleapis.com";

  // Lists operations that match the specified filter in the request. If the
  // server doesn't support this method, it returns `UNIMPLEMENTED`.
  rpc ListOperations(ListOperationsRequest) returns (ListOperationsResponse) {
    option (google.api.http) = {
      get: "/v1/{name=operations}"
    };
    option (google.api.method_signature) = "name,filter";
  }

  // Gets the latest state of a long-running operation.  Clients can use this
  // method to poll the operation result at intervals as recommended by the API
  // service.
  rpc GetOperation(GetOperationRequest) returns (Operation) {
    option (google.api.http) = {
      get: "/v1/{name=operations/**}"
    };
    option (google.api.method_signature) = "name";
  }

  // Deletes a long-running operation. This method indicates that the client is
  // no longer interested in the operation result. It does not cancel the
  // operation. If the server doesn't support this method, it returns
  // `google.rpc.Code.UNIMPLEMENTED`.
  rpc DeleteOperation(DeleteOperationRequest) returns (google.protobuf.Empty) {
    option (google.api.http) = {
      delete: "/v1/{name=operations/**}"
    };
    option (google.api.method_signature) = "name";
  }

  // Waits until the specified long-running operation is done or reaches at most
  // a specified timeout, returning the latest state.
  rpc WaitOperation(WaitOperationRequest) returns (Operation) {}
}

// This resource represents a long-running operation that is the result of a
// network API call.
message Operation {
  // The server-assigned name. { unbalanced in a comment
  string name = 1;

  // The operation result, which can be either an `error` or a valid `response`.
  oneof result {
    // The error result of the operation in case of failure or cancellation.
    google.rpc.Status error = 4;

    // The normal, successful response of the operation.
    google.protobuf.Any response = 5;
  }
}
"""


def _pieces(language: str, text: str) -> list[tuple[int, int, str | None, str | None]]:
    chunker = chunker_for(language)
    assert chunker is not None
    return [(p.start_line, p.end_line, p.symbol, p.symbol_type) for p in chunker.chunk(text)]


def _lines_kept(language: str, text: str) -> None:
    chunker = chunker_for(language)
    assert chunker is not None
    covered = {row for p in chunker.chunk(text) for row in range(p.start_line, p.end_line + 1)}
    lost = [n for n, line in enumerate(split_lines(text), 1) if line.strip() and n not in covered]
    assert lost == []


def test_proto_definitions_are_pieces_with_their_comment_and_a_big_service_is_cut_per_rpc():
    pieces = _pieces("protobuf", PROTO)
    named = {(symbol, kind): (start, end) for start, end, symbol, kind in pieces if symbol}
    # the header: the file's opening comment (its licence), syntax, package, imports and
    # options, named after the package (googleapis' licence was two nameless windows a file)
    assert named[("google.longrunning", "package")] == (1, 9)
    # the service over the split size: its head and options, then one piece per rpc with the
    # comment above it, its braces in strings (`{name=operations/**}`) opening nothing
    assert named[("Operations", "service")][0] == 11
    assert named[("Operations.ListOperations", "rpc")] == (15, 22)
    assert named[("Operations.GetOperation", "rpc")] == (24, 32)
    assert named[("Operations.DeleteOperation", "rpc")][0] == 34
    assert named[("Operations.WaitOperation", "rpc")] == (45, 48)  # and the closing `}`
    # a message with its comment; a `{` in a comment opens nothing; the oneof stays in it
    rows = PROTO.split("\n")
    start = rows.index("// network API call.")
    assert named[("Operation", "message")] == (start, len(rows) - 1)
    _lines_kept("protobuf", PROTO)


def test_a_backslash_newline_in_a_string_keeps_each_row_its_own_depth():
    # the escaped newline was skipped without counting its row: every later row took the
    # depth and kind of the row before it (GraphQL fields seen at the wrong depth)
    s = scan('a "x\\\ny" {\n  f\n}\n', "//", block_comments=True)
    assert s.depth == [0, 0, 1, 1]
    assert s.kinds == ["code", "code", "code", "code"]


def test_a_file_ending_in_a_backslash_inside_a_string_keeps_its_definitions():
    # the string's escape stepped past the end of the text: an IndexError, so the whole file
    # was cut in nameless windows
    text = ("// An order of the shop\nmessage Order {\n  string id = 1;\n"
            "  repeated string item_ids = 2;\n}\n\noption go_package = \"shop/v1\\")
    symbols = [symbol for _, _, symbol, _ in _pieces("protobuf", text)]
    assert "Order" in symbols


def test_a_nested_message_is_named_outer_inner_and_a_huge_message_is_cut_by_its_fields():
    fields = "".join(f"  // The {n}th setting, documented at length so the message grows.\n"
                     f"  optional string setting_{n} = {n};\n" for n in range(1, 120))
    text = ("syntax = \"proto2\";\n\n// Options of a file.\nmessage FileOptions {\n"
            "  // How to optimize.\n  enum OptimizeMode {\n    SPEED = 1;\n    CODE_SIZE = 2;\n"
            "    LITE_RUNTIME = 3;\n  }\n" + fields + "}\n")
    pieces = _pieces("protobuf", text)
    assert ("FileOptions.OptimizeMode", "enum") in {(p[2], p[3]) for p in pieces}
    parts = [p for p in pieces if p[2] == "FileOptions"]
    assert len(parts) > 5  # cut at its fields, every part keeping the message's name
    chunker = chunker_for("protobuf")
    assert chunker is not None
    for piece in chunker.chunk(text):
        assert len(piece.content) <= 1500
        if piece.symbol == "FileOptions" and "optional string" in piece.content:
            # a field is never cut from its comment
            assert piece.content.lstrip().startswith("// The ")
    _lines_kept("protobuf", text)


GRAPHQL = '''\
"""
A repository contains the content for a project.
"""
type Repository implements Node & Starrable {
''' + "".join(f'''  """
  The {n}th field of a repository, described as GitHub describes its fields.
  """
  field{n}(
    """
    Returns the first _n_ elements from the list.
    """
    first: Int
  ): String
''' for n in range(1, 40)) + '''}

# Anything a search finds.
union SearchResultItem = Issue | PullRequest | Repository

"""
An ISO-8601 encoded UTC date string.
"""
scalar DateTime

directive @deprecated(
  reason: String = "No longer supported"
) on FIELD_DEFINITION | ENUM_VALUE

extend type Query {
  "The currently authenticated user."
  viewer: User!
}

extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])

query RepoPage($owner: String!) {
  repository(owner: $owner, name: "repokb") { id }
}

fragment RepoFields on Repository {
  id
  nameWithOwner
}

{
  viewer { login name avatarUrl company location }
}
'''


def test_graphql_definitions_carry_their_description_and_a_big_type_is_cut_at_its_fields():
    pieces = _pieces("graphql", GRAPHQL)
    repository = [p for p in pieces if p[2] == "Repository"]
    assert repository[0][0] == 1 and all(p[3] == "type" for p in repository)
    assert len(repository) > 3  # GitHub's `type Repository`: 150 fields, one piece before
    named = {(p[2], p[3]): p[:2] for p in pieces}
    rows = GRAPHQL.split("\n")
    start = rows.index("# Anything a search finds.") + 1
    assert named[("SearchResultItem", "union")] == (start, start + 1)
    assert named[("DateTime", "scalar")][0] == start + 3  # its description string above it
    assert ("deprecated", "directive") in named
    assert ("Query", "extend") in named  # an extension, not where Query is defined
    assert ("schema", "extend") in named  # not `link`, the directive it applies
    assert ("RepoPage", "query") in named and ("RepoFields", "fragment") in named
    assert (None, "query") in named  # the anonymous `{ viewer { login } }`
    chunker = chunker_for("graphql")
    assert chunker is not None
    for piece in chunker.chunk(GRAPHQL):
        if piece.symbol == "Repository" and piece.start_line > 1:
            # cut between fields, never between a field and its description or arguments
            assert piece.content.lstrip().startswith('"""')
            assert piece.content.count("(") == piece.content.count(")")
    _lines_kept("graphql", GRAPHQL)


@pytest.mark.parametrize("text,name", [
    ("where is message Status defined", "status"),
    ("where is the Duration message defined", "duration"),
    ("where is type Query defined", "query"),
    ("where is directive @deprecated defined", "deprecated"),
    ("what fields does type Repository have", "repository"),
    ("which rpcs does service Operations expose", "operations"),
])
def test_a_kind_before_the_name_or_a_question_for_its_fields_names_it(text, name):
    assert plan(text).symbols == (name,)


@pytest.mark.parametrize("symbol_type", ["message", "service", "rpc", "input", "union",
                                         "scalar", "directive", "fragment", "query"])
def test_proto_and_graphql_definitions_get_the_exact_name_boost(symbol_type):
    s = Settings()
    payload = {"project": "p", "path": "api/shop.proto", "kind": "contract", "start_line": 1,
               "end_line": 9, "symbol": "Status", "symbol_type": symbol_type, "quality": 0.5,
               "content": "x\n", "chunk_index": 0}
    own = Candidate("1", payload, 0.01, 1, 1, 0.5)
    window = Candidate("2", {**payload, "symbol": None, "symbol_type": "window",
                             "chunk_index": 1}, 0.0105, 2, 2, 0.5)
    ranked = rerank([own, window], plan("where is Status defined"), s)
    assert own.factors.get("exact_symbol") == s.symbol_boost and ranked[0] is own


def test_a_secret_default_in_a_schema_is_redacted_and_a_field_type_is_no_value():
    schema = ('type Query {\n'
              '  charge(id: ID!, token: String = "Zx8#Lq2!Vm7$Pk4wR9"): Charge\n'
              '}\n\ninput LoginInput {\n  username: String!\n'
              '  password: String! = "Hunter2!Lw9$Tk2Qz"\n'
              '  adminToken: [String!]! = "Qm4!Tz8$Wk2#Lp6v"\n}\n\n'
              'type Account {\n  isPasswordAuthenticationVerifiable: Boolean!\n'
              '  invitationToken: String!\n  isTruncated: Boolean!\n  name: String!\n}\n')
    out = redact(schema, mode_for("graphql"), "graphql").text
    for value in ("Zx8#Lq2!Vm7$Pk4wR9", "Hunter2!Lw9$Tk2Qz", "Qm4!Tz8$Wk2#Lp6v"):
        assert value not in out
    # GitHub's schema: every `Boolean!` of the file was redacted after a password-named field's
    assert "isTruncated: Boolean!" in out and "invitationToken: String!" in out
    assert "isPasswordAuthenticationVerifiable: Boolean!" in out
    assert out.count(REDACTED) == 3


def test_a_proto2_default_of_a_secret_named_field_is_redacted():
    proto = ('syntax = "proto2";\nmessage Credentials {\n'
             '  optional string user = 1 [default = "admin"];\n'
             '  optional string password = 2 [default = "N7p!qR4z#Lw9$Tk2"];\n'
             '  optional string api_token = 3 [json_name = "apiToken", default = '
             '"tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0"];\n'
             '  optional string password_hint = 4;\n}\n')
    out = redact(proto, mode_for("protobuf"), "protobuf").text
    assert "N7p!qR4z#Lw9$Tk2" not in out and "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0" not in out
    assert '[default = "admin"]' in out and out.count(REDACTED) == 2
