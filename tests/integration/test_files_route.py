"""GET /knowledge/files: a project's files and the folders its walk left out, with what became of
each and why, filtered and a page at a time (newuser43: the dashboard showed only the upload
list and `explain` of one path typed in; a user with 9,000 files could not browse what was left
out). On the real model and a real Qdrant Edge shard, through the REST app."""

from __future__ import annotations

import pytest

from .. import fake_secrets as fake
from ..conftest import assert_nowhere, write
from .test_server_api import assert_error, make_client  # noqa: F401  (the fixture)

pytestmark = pytest.mark.integration

TREE = {
    "src/shop/db.py": 'def connect_with_timeout(url, seconds=30.0):\n'
                      '    """Open a database connection that gives up after a timeout."""\n'
                      '    return (url, seconds)\n',
    "src/shop/mail.py": 'def send_password_reset_email(address, token):\n'
                        '    """Email a password reset link with a one-time token."""\n'
                        '    return f"to {address}: {token}"\n',
    "docs/install.md": "# Shop\n\n## Installation\n\nRun `pip install shop` and start it with "
                       "`shop serve`; it listens on port 8000.\n",
    "poetry.lock": '[[package]]\nname = "requests"\nversion = "2.32.3"\n',
    ".env": f"AWS_SECRET_ACCESS_KEY={fake.AWS_SECRET_KEY}\n",
    "config/app.yaml": f"database:\n  url: postgres://db.internal/shop\n  password: "
                       f"\"{fake.YAML_PASSWORD}\"\n  pool_size: 10\n",
    f"notes/{fake.GITHUB_TOKEN}/todo.md": "# To do\n\nWrite the invoice export and test it "
                                          "against the accounting system.\n",
    "node_modules/leftpad/index.js": "module.exports = function leftpad() {};\n",
}
SECRETS = [fake.AWS_SECRET_KEY, fake.YAML_PASSWORD, fake.GITHUB_TOKEN]


@pytest.fixture
def client(make_client, tmp_path):  # noqa: F811
    client = make_client()
    for project, tree in (("shop", TREE), ("blog", {"README.md": "# Blog\n\nPosts.\n"})):
        folder = tmp_path / project
        for path, text in tree.items():
            write(folder, path, text)
        client.app.state.ops.index([str(folder)], project)
    return client


def listed(client, **params) -> dict:
    answer = client.get("/knowledge/files", params={"project": "shop", **params})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_every_record_is_listed_with_its_decision_as_explain_gives_it(client, home):
    page = listed(client, limit=500)
    files = {f["path"]: f for f in page["files"]}
    assert page["total"] == len(files) == len(page["files"])
    decided = {path: f["decision"] for path, f in files.items()}
    assert {p: decided[p] for p in ("src/shop/db.py", "poetry.lock", ".env", "node_modules",
                                    "config/app.yaml")} == {
        "src/shop/db.py": "indexed", "poetry.lock": "metadata_only", ".env": "blocked",
        "node_modules": "skipped", "config/app.yaml": "indexed"}
    assert files["node_modules"]["folder"] and not files[".env"]["folder"]
    assert page["by_decision"] == {d: list(decided.values()).count(d) for d in page["by_decision"]}
    for path, record in files.items():  # the same record explain answers (and its decision)
        explained = client.get("/knowledge/explain", params={"project": "shop", "path": path})
        assert explained.status_code == 200, explained.text
        assert {k: v for k, v in record.items() if k not in ("decision", "folder")} \
            == explained.json(), path
    assert "blog" not in {f["project"] for f in page["files"]}
    # the folder named by a token is listed redacted, and no secret is in any answer or byte
    assert any(p.startswith("notes/<REDACTED_SECRET_") for p in files), sorted(files)
    answers = [client.get("/knowledge/files", params=params).text for params in (
        {"project": "shop", "limit": 500}, {"limit": 500},
        {"project": "shop", "status": "not_indexed"}, {"project": "shop", "path": "notes"})]
    assert_nowhere(home, SECRETS, answers)


def test_filters_narrow_and_pages_cover_the_list_once_in_order(client):
    everything = listed(client, limit=500)
    left_out = listed(client, status="not_indexed")
    assert {f["decision"] for f in left_out["files"]} == {"metadata_only", "blocked", "skipped"}
    assert left_out["total"] == everything["total"] - everything["by_decision"]["indexed"]
    assert [f["path"] for f in listed(client, status="Metadata-Only")["files"]] == ["poetry.lock"]
    assert [f["path"] for f in listed(client, kind="lockfile")["files"]] == ["poetry.lock"]
    shop = listed(client, path="SHOP/")  # a piece of the path, in any case
    assert [f["path"] for f in shop["files"]] == ["src/shop/db.py", "src/shop/mail.py"]
    assert shop["by_decision"]["indexed"] == 2 and shop["total"] == 2
    both = listed(client, path="shop/", status="blocked")
    assert both["total"] == 0 and both["files"] == [] and both["by_decision"]["indexed"] == 2

    paths, offset = [], 0
    while offset < everything["total"]:
        page = listed(client, limit=3, offset=offset)
        assert page["total"] == everything["total"] and len(page["files"]) <= 3
        paths += [f["path"] for f in page["files"]]
        offset += 3
    assert paths == [f["path"] for f in everything["files"]] == sorted(paths)
    chunks = [f["chunks"] for f in listed(client, order="chunks", limit=500)["files"]]
    assert chunks == sorted(chunks, reverse=True) and chunks[0] > 0
    every = listed(client, project=None, limit=500)  # no project: every project's
    assert {f["project"] for f in every["files"]} == {"shop", "blog"}
    assert every["total"] == everything["total"] + 1


@pytest.mark.parametrize(("params", "words"), [
    ({"status": "skiped"}, "Did you mean 'skipped'?"),
    ({"status": "metadata"}, "Did you mean 'metadata_only'?"),
    ({"kind": "tests"}, "Did you mean 'test'?"),
    ({"order": "sizes"}, "Did you mean 'size'?"),
])
def test_a_filter_that_names_nothing_is_a_422_saying_what_it_means(client, params, words):
    error = assert_error(client.get("/knowledge/files", params={"project": "shop", **params}),
                         422, "invalid_request")
    assert words in error["hint"], error


def test_an_unknown_project_is_a_404_naming_the_known_ones(client):
    error = assert_error(client.get("/knowledge/files", params={"project": "nosuch"}), 404,
                         "not_found")
    assert (error["message"], error["hint"]) == ("No project 'nosuch' in the knowledge base.",
                                                 "Known projects: blog, shop.")
    limit = client.get("/knowledge/files", params={"project": "shop", "limit": 0})
    assert_error(limit, 422, "invalid_request")
    assert "/knowledge/files" in client.get("/openapi.json").json()["paths"]
