"""Errors travel between processes in the REST error shape and come back as the same class."""

from __future__ import annotations

import pytest

from repokb import errors

CLASSES = [errors.RepokbError, errors.ConfigError, errors.InputError, errors.NotFoundError,
           errors.TooLargeError, errors.AccessError, errors.AuthError, errors.BusyError,
           errors.ModelError, errors.StoreError, errors.StoreBusyError]


@pytest.mark.parametrize("cls", CLASSES)
def test_every_error_comes_back_as_itself(cls):
    sent = cls("Something went wrong.", hint="Do this instead.",
               details=[{"location": "body.x", "message": "bad"}])
    body = sent.to_json()
    assert set(body["error"]) == {"status", "code", "message", "hint", "details", "request_id"}
    back = errors.from_response(body, body["error"]["status"])
    assert type(back) is cls
    assert (back.message, back.hint, back.details, back.exit_code, back.status) == (
        sent.message, sent.hint, sent.details, sent.exit_code, sent.status)


def test_codes_are_unique_so_the_class_is_known():
    codes = [c.code for c in CLASSES]
    assert len(codes) == len(set(codes))


def test_unknown_codes_fall_back_by_status():
    teapot = errors.from_response({"error": {"code": "unsupported_media_type", "message": "m",
                                             "hint": "", "details": []}}, 415)
    assert type(teapot) is errors.InputError and teapot.status == 415 and teapot.exit_code == 2
    broken = errors.from_response("not json", 502)
    assert isinstance(broken, errors.StoreError)


def test_a_hint_names_each_surfaces_own_inputs_and_keeps_its_terms_between_processes():
    """`explain` of a path two projects have hinted "Name the project: --project (REST and MCP:
    project)" on every surface: a REST client was told a command-line option."""
    sent = errors.InputError("That path is in 2 projects: one, two.",
                             "Say which with <<project>>.")
    assert sent.hint_on("cli") == "Say which with --project."
    assert sent.hint_on("rest") == "Say which with the project parameter."
    assert sent.hint_on("mcp") == "Say which with the project argument."
    # between repokb's processes (the owner's socket, an index worker) the term travels as is,
    # so the CLI words a hint its owner raised as its own
    back = errors.from_response(sent.to_json(), 422)
    assert back.hint == sent.hint and back.hint_on("cli") == "Say which with --project."
    assert sent.to_json(surface="rest")["error"]["hint"] == sent.hint_on("rest")
    for term in errors.TERMS.values():  # every term has words on every surface
        assert set(term) == set(errors.SURFACES) and "--" not in term["rest"]


def test_an_unknown_project_is_one_error_naming_the_known_ones_cut_short():
    one = errors.unknown_project("nosuch", ["shop", "ops"])
    assert type(one) is errors.NotFoundError and (one.status, one.code) == (404, "not_found")
    assert one.message == "No project 'nosuch' in the knowledge base."
    assert one.hint == "Known projects: ops, shop."
    many = errors.unknown_project("x", [f"p{i:02}" for i in range(25)])
    assert many.hint == ("Known projects: " + ", ".join(f"p{i:02}" for i in range(10))
                         + " and 15 more.")
    # a project named after its unpacked folder (`click-8.1.7`) asked for by its bare name:
    # listed at most among the first ten, it was one more name to find (multi28's trial)
    versioned = [f"p{i:02}" for i in range(12)] + ["click-8.1.7", "flask-3.0.3"]
    assert errors.unknown_project("click", versioned).hint.startswith(
        "Did you mean 'click-8.1.7'? Known projects: ")
    assert errors.unknown_project("Flask", versioned).hint.startswith("Did you mean 'flask-3.0.3'?")
    assert errors.unknown_project("flaks-3.0.3", versioned).hint.startswith("Did you mean 'flask")
    assert "Did you mean" not in errors.unknown_project("p", versioned).hint  # 12 such: none
    # newuser43: `--project wagtial` (a typo of the bare name) found no `wagtail-8.0.1`
    assert errors.unknown_project("wagtial", ["wagtail-8.0.1", "solid-js-1.9.20"]).hint \
        .startswith("Did you mean 'wagtail-8.0.1'?")
    two = ["flask-3.0.3", "flask-3.1.0"]
    assert "Did you mean" not in errors.unknown_project("flaks", two).hint  # which one?
    empty = errors.unknown_project("x", [])
    assert empty.hint_on("cli") == ("The knowledge base is empty: index a project first "
                                    "(`repokb index FOLDER`).")
    assert "index_path" in empty.hint_on("mcp") and "/knowledge/index" in empty.hint_on("rest")
    errors.require_project(None, [])
    errors.require_project("shop", ["shop"])
    with pytest.raises(errors.NotFoundError, match="No project 'x'"):
        errors.require_project("x", ["shop"])


def test_every_term_a_message_uses_has_words():
    """`worded` shows an unknown `<<term>>` as its bare name: a misspelt term would reach
    every surface as a stray word, so each one the sources use must be in TERMS."""
    import re
    from pathlib import Path

    src = Path(errors.__file__).parent
    used = {m for f in src.rglob("*.py") for m in re.findall(r"<<(\w+)>>", f.read_text())}
    assert used and used - {"term"} <= set(errors.TERMS), used - set(errors.TERMS)
