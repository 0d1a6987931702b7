"""A qualifier names a file only where that file defines the member; a bare name finds the
nearest of its definitions.

Django 5.2.8: "what does response.json return" answered `JsonResponse` in django/http/response.py
first: `response`, the object of the member, boosted every chunk of response.py, which has no
`json`; the test client's `_parse_json` (what `response.json` is) came second. Hugs' base library:
"pack", "where is pack defined" answered `Data.ByteString.Lazy.Char8.pack` before
`Data.ByteString.pack` (every definition named `pack` got the same share of the boost), and
"where is pack defined" gave no name at all (`pack` is a plain word).
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from repokb.models import Query
from repokb.roots import resolve_roots
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration


def _top(ws: Workspace, text: str) -> tuple[str, str | None, str]:
    hit = ws.searcher.search(Query(text=text, limit=10))[0]
    return hit.path, hit.symbol, hit.content


@pytest.fixture
def web(tmp_path: Path) -> Path:
    root = tmp_path / "web"
    write(root, "web/response.py", '''
        import json


        class Response:
            """An HTTP response: its status, its headers and its content."""

            def __init__(self, content=b"", status=200):
                self.content = content
                self.status = status


        class JsonResponse(Response):
            """A response whose content is JSON: the data is encoded to JSON, the response's
            content type is application/json. What does the response return? JSON."""

            def __init__(self, data, encoder=json.JSONEncoder, **kwargs):
                kwargs.setdefault("content_type", "application/json")
                super().__init__(content=json.dumps(data, cls=encoder), **kwargs)


        class StreamingResponse(Response):
            """A response streamed in parts."""

            def __iter__(self):
                return iter(self.content)
        ''')
    write(root, "web/testing/client.py", '''
        import json
        from functools import partial


        class Client:
            """A test client: it sends requests to the app and returns the responses."""

            def get(self, path):
                response = self.app.handle("GET", path)
                response.json = partial(self._parse_json, response)
                return response

            def _parse_json(self, response, **extra):
                """Return the response's content decoded from JSON (response.json())."""
                if response.get("Content-Type") != "application/json":
                    raise ValueError("Content-Type header is not application/json")
                return json.loads(response.content.decode(), **extra)
        ''')
    return root


def test_a_qualifier_that_is_no_file_of_the_member_boosts_no_file(workspace, web):
    workspace.indexer.run(resolve_roots([web], None))
    path, _, content = _top(workspace, "what does response.json return")
    assert path == "web/testing/client.py" and "def _parse_json" in content
    # the qualifier is the file where it defines the member: `response.JsonResponse`
    assert _top(workspace, "response.JsonResponse")[:2] == ("web/response.py", "JsonResponse")


_MODULES = {
    # the nearest: a long definition with its helper, as Data.ByteString's
    "Data/ByteString.hs": ("Data.ByteString", "[Word8]", '''
        pack str = unsafeCreate (length str) $ \\p -> go p str
            where
                go _ []     = return ()
                go p (x:xs) = poke p x >> go (p `plusPtr` 1) xs
        '''),
    "Data/ByteString/Char8.hs": ("Data.ByteString.Char8", "String", "pack = B.pack . map c2w\n"),
    "Data/ByteString/Lazy.hs": ("Data.ByteString.Lazy", "[Word8]",
                                "pack ws = L.packChunks 32 ws\n"),
    "Data/ByteString/Lazy/Char8.hs": ("Data.ByteString.Lazy.Char8", "[Char]",
                                      "pack = L.pack . map c2w\n"),
}


@pytest.fixture
def hugs(tmp_path: Path) -> Path:
    root = tmp_path / "hugs"
    for path, (module, argument, body) in _MODULES.items():
        write(root, path, dedent(f"""
            module {module} (
                ByteString, pack, unpack, empty
              ) where

            -- | /O(1)/ The empty 'ByteString'
            empty :: ByteString
            empty = B.empty

            -- | /O(n)/ Convert a '{argument}' into a 'ByteString'.
            pack :: {argument} -> ByteString
            """) + dedent(body) + dedent(f"""
            -- | /O(n)/ Converts a 'ByteString' to a '{argument}'.
            unpack :: ByteString -> {argument}
            unpack = map w2c . B.unpack
            """))
    return root


def test_a_bare_name_finds_the_nearest_of_its_definitions(workspace, hugs):
    workspace.indexer.run(resolve_roots([hugs], None))
    for text in ("pack", "where is pack defined"):
        assert _top(workspace, text)[:2] == ("Data/ByteString.hs", "Data.ByteString.pack"), text
    # the question's other words point to another one
    assert _top(workspace, "where is pack defined for lazy bytestrings")[:2] == (
        "Data/ByteString/Lazy.hs", "Data.ByteString.Lazy.pack")
