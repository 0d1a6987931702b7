"""A question's `response.json` is a member, `package.json` a file: the project's files decide.

`json`, `log`, `env`, `settings`, `config` are extensions and members' names alike. A question
naming `response.json`, `console.log`, `process.env` or `self.settings` was read as a file name
(every lower-case `x.json` was): no name to boost, no `def json` searched, and the definition
lost to files that only talk about responses and JSON. The search now asks the catalog whether
a searched project has a file of that name; `package.json` (which the project has) stays a file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.query import plan
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "package.json", '{"name": "shop-web", "scripts": {"build": "vite build"},\n'
                                ' "dependencies": {"vite": "^5.0.0"}}\n')
    write(root, "src/shop/http.py", '''
        class Response:
            """What the shop's API answered."""

            def __init__(self, status, body):
                self.status = status
                self.body = body

            def json(self):
                """Decode the body."""
                import json as _json
                return _json.loads(self.body)
        ''' + "".join(f'''
            def {name}(self):
                """The response's {name} header, or None: what the server said of its body."""
                for key, value in self.headers:
                    if key.lower() == "{name}":
                        return value.strip()
                return None
        ''' for name in ("etag", "expires", "location", "server", "vary", "via")))
    # modules that talk about responses and JSON all along, and define no `json`
    for name in ("orders", "carts", "refunds", "invoices", "stock"):
        write(root, f"src/shop/{name}.py", f'''
            import json


            def {name}_response_json(response):
                """The {name} response as JSON: the response body decoded, the response JSON."""
                data = json.loads(response.body)
                return {{"response": response.status, "json": data}}
            ''')
    write(root, "src/shop/testing.py", '''
        class ShopTestCase:
            """A test case with the shop's helpers."""

            def settings(self, **overrides):
                """Run the block with these settings changed."""
                return dict(overrides)
        ''' + "".join(f'''
            def assert_{name}_shown(self, page):
                """Fail unless the page shows the {name}: its title, its lines, its total."""
                for part in ("title", "lines", "total"):
                    if f"{name}-{{part}}" not in page:
                        raise AssertionError(f"no {name} {{part}} on the page")
        ''' for name in ("order", "cart", "refund", "invoice", "stock", "coupon")))
    write(root, "src/shop/settings.py", "\n".join(
        f"SETTING_{i} = 'self settings value {i}'  # the settings of the shop, self-described"
        for i in range(40)) + "\n")
    return root


def _top(ws: Workspace, text: str) -> tuple[str, str]:
    hit = ws.searcher.search(Query(text=text, limit=10))[0]
    return hit.path, hit.content


def test_the_project_files_decide_whether_a_dotted_name_is_a_file_or_a_member():
    files = {"package.json", "App.config", "server.log"}

    def is_file(name: str, exact: bool) -> bool:
        return name in files if exact else name.lower() in {f.lower() for f in files}

    for text, name in (("what does response.json return", "response.json"),
                       ("console.log", "console.log"), ("where is process.env read", "process.env"),
                       ("self.settings", "self.settings"), ("request.json", "request.json")):
        p = plan(text, is_file=is_file)
        assert p.files == () and p.names == (name,), text
        assert "def " + name.rsplit(".", 1)[-1] in p.lexical_text, text
    for text, file in (("what does package.json list", "package.json"),
                       ("what is in app.config", "app.config"),  # the project's App.config
                       ("what is logged to server.log", "server.log"),
                       ("what does setup.py do", "setup.py"),  # .py: a file, asked or not
                       ("see docs/index.rst", "index.rst")):
        p = plan(text, is_file=is_file)
        assert p.files == (file,) and p.names == (), text
    # `Response.json` is a file only as written (a fixture `response.json` makes it none)
    assert plan("Response.json", is_file=lambda n, exact: not exact).files == ()


def test_a_member_named_like_a_file_finds_its_definition_and_a_file_stays_a_file(workspace, shop):
    workspace.indexer.run(resolve_roots([shop], None))
    assert workspace.catalog.has_file_named("package.json")
    assert workspace.catalog.has_file_named("PACKAGE.JSON")
    assert not workspace.catalog.has_file_named("PACKAGE.JSON", exact=True)
    assert not workspace.catalog.has_file_named("response.json")
    assert not workspace.catalog.has_file_named("package.json", ("elsewhere",))
    assert not workspace.catalog.has_file_named("%.json")  # a name, not a pattern
    for text in ("response.json", "how does response.json decode the body"):
        path, content = _top(workspace, text)
        assert path == "src/shop/http.py" and "def json(self)" in content, text
    path, content = _top(workspace, "self.settings")
    assert path == "src/shop/testing.py" and "def settings(self" in content
    assert _top(workspace, "what does package.json list")[0] == "package.json"
    # the names are kept until the catalog changes: a file added and indexed counts at once
    (shop / "response.json").write_text('{"status": 200}\n', encoding="utf-8")
    workspace.indexer.run(resolve_roots([shop], None))
    assert workspace.catalog.has_file_named("response.json")
