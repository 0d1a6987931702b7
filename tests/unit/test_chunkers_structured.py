"""Docs, config, markup and styles chunkers: boundaries, symbols, fallbacks."""

from __future__ import annotations

import json

from repokb.chunkers import chunker_for

from ..conftest import chunks

# -- docs ----------------------------------------------------------------------------------------

def test_markdown_trims_huge_code_blocks_but_keeps_the_prose():
    listing = "".join(f"print('line {i} of a very long generated listing')\n" for i in range(80))
    text = f"# Tool\n\n## Usage\n\nRun it like this:\n\n```python\n{listing}```\n\nThat is all.\n"
    pieces = chunker_for("markdown").chunk(text)
    usage = [p for p in pieces if p.symbol == "Tool > Usage"]
    body = "".join(p.content for p in usage)
    assert "line 0 of" in body and "line 79 of" not in body
    assert "lines trimmed]" in body and "That is all." in body
    assert usage[-1].end_line == text.count("\n")  # the span still covers the block


def test_rst_titles_with_underlines_and_overlines_make_a_heading_path():
    pieces = chunks("rst", '''
        =======
         Guide
        =======

        Intro text that is long enough to stay a chunk.

        Install
        =======

        Use pip to install the package into a fresh virtual environment.

        Docker
        ------

        Build the image with docker build and run it with the port published.
        ''')
    assert [p.symbol for p in pieces] == ["Guide", "Guide > Install", "Guide > Install > Docker"]
    assert pieces[0].start_line == 1 and pieces[2].start_line == 12


# -- config --------------------------------------------------------------------------------------

def test_large_yaml_value_is_split_by_sub_keys_never_inside_a_mapping():
    services = "".join(
        f"  service_{i}:\n    image: registry.example/service-{i}:1.{i}\n"
        f"    replicas: {i}\n    env:\n      LOG_LEVEL: info\n      REGION: eu-west-{i}\n"
        for i in range(12))
    text = f"version: 3\nservices:\n{services}"
    pieces = chunker_for("yaml").chunk(text)
    symbols = [p.symbol for p in pieces]
    assert all(s == "version" or s.startswith("services") for s in symbols)
    assert any(s.startswith("services.service_") or s == "services" for s in symbols)
    for p in pieces:  # every chunk holds whole services: none starts inside one
        first = p.content.splitlines()[0]
        assert not first.startswith("    "), first
    assert max(len(p.content) for p in pieces) <= 1000
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert covered == set(range(1, text.count("\n") + 1))


def test_json_key_paths_and_arrays_of_objects_grouped():
    doc = {"database": {"connection": {"timeout": 30, "url": "postgres://db/shop",
                                       "options": {f"opt_{i}": "x" * 40 for i in range(30)}}},
           "users": [{"name": f"user{i}", "email": f"user{i}@example.org", "roles": ["a", "b"]}
                     for i in range(40)]}
    text = json.dumps(doc, indent=2)
    pieces = chunker_for("json").chunk(text)
    symbols = [p.symbol for p in pieces]
    assert "database.connection.options" in symbols  # the nested key path, in full
    groups = [s for s in symbols if s.startswith("users[")]
    assert len(groups) > 1 and all("-" in s for s in groups)  # several objects per chunk
    for p in pieces:
        if p.symbol.startswith("users["):  # whole objects only, never cut inside one
            first, last = (int(n) for n in p.symbol[len("users["):-1].split("-"))
            body = p.content.strip().removeprefix('"users": [').strip()
            assert body.startswith("{")
            assert p.content.count('"name"') == last - first + 1


def test_toml_tables_and_array_tables_by_key_path():
    pieces = chunks("toml", '''
        [tool.ruff]
        line-length = 100
        target-version = "py311"

        [tool.ruff.lint]
        select = ["E", "F", "W", "I", "B", "UP", "SIM", "C4", "PT", "RET", "ARG"]
        ignore = ["E501"]
        ''')
    assert [p.symbol for p in pieces] == ["tool.ruff", "tool.ruff.lint"]


def test_malformed_config_falls_back_to_windows_without_raising():
    for language, text in (("json", '{"a": [1, 2,, }\n' * 30), ("yaml", "a: [1, 2\nb: {c\n" * 30),
                           ("toml", "[a\nb = = 1\n" * 30)):
        pieces = chunker_for(language).chunk(text)
        assert pieces and all(p.symbol is None for p in pieces), language


def test_ini_sections_name_their_windows():
    pieces = chunks("ini", '''
        [server]
        host = 0.0.0.0
        port = 8080
        workers = 4

        [database]
        url = postgres://db/shop
        timeout = 30
        ''')
    assert [(p.symbol, p.start_line) for p in pieces] == [("server", 1), ("database", 6)]


# -- markup and styles ----------------------------------------------------------------------------

def test_html_sections_without_scripts_styles_or_comments():
    pieces = chunks("html", '''
        <html><head><title>Docs</title><script>var secretSauce = 1;</script></head>
        <body>
          <section id="install">
            <h2>Install</h2>
            <!-- remember to update the version -->
            <p>Download the installer for your platform and run it; it needs no admin rights.</p>
          </section>
          <section id="usage">
            <h2>Usage</h2>
            <style>.x { color: red }</style>
            <p>Start the application from the menu and sign in with your company account.</p>
          </section>
        </body></html>
        ''')
    text = "".join(p.content for p in pieces)
    assert "secretSauce" not in text and "remember to update" not in text
    assert "color: red" not in text
    symbols = [p.symbol for p in pieces]
    assert "section#install" in symbols and "section#usage" in symbols
    usage = next(p for p in pieces if p.symbol == "section#usage")
    assert usage.start_line == 8


def test_css_media_and_keyframes_are_boundaries_and_selectors_are_symbols():
    pieces = chunks("css", '''
        .card { padding: 1rem; border: 1px solid #ddd; }
        .card-title { font-weight: 600; }
        @media print {
          .card { border: none; }
        }
        @-webkit-keyframes pulse { from { opacity: 1; } to { opacity: 0.5; } }
        ''')
    symbols = [p.symbol for p in pieces]
    assert symbols == [".card, .card-title", "@media print", "@keyframes pulse"]


def test_unbalanced_css_falls_back_to_windows():
    pieces = chunker_for("scss").chunk(".a { color: red;\n" * 40)
    assert pieces and all(p.symbol is None for p in pieces)


def test_a_mapping_of_mappings_is_cut_per_key_path():
    """`checkout` holding two mappings of substance: each hit names its own key path
    (issue 17), while a small mapping of scalars stays one chunk."""
    source = json.dumps({
        "name": "shop",
        "checkout": {
            "address_autocomplete": {"enabled": True, "provider": "google", "debounce_ms": 300,
                                     "country_bias": "NL"},
            "payment": {"methods": ["card", "ideal"], "three_d_secure": True,
                        "retry_limit": 3},
        },
        "search": {"engine": "algolia", "index": "products"},
    }, indent=2) + "\n"
    pieces = chunker_for("json").chunk(source)
    symbols = [p.symbol for p in pieces]
    assert "checkout.address_autocomplete" in symbols and "checkout.payment" in symbols
    assert "checkout" not in symbols
    autocomplete = next(p for p in pieces if p.symbol == "checkout.address_autocomplete")
    assert '"provider": "google"' in autocomplete.content and "three_d_secure" not in \
        autocomplete.content
    lines = source.splitlines()
    assert sorted(n for p in pieces for n in range(p.start_line, p.end_line + 1)) == list(
        range(1, len(lines) + 1))  # every line still lands in exactly one chunk
