"""An Elixir (Mix, Phoenix) or Erlang (rebar3, OTP) project's own files are read as such.

A pass over a Phoenix-shaped tree (mix.exs, config/*.exs, rel/vm.args, rel/sys.config, a rebar3
app beside it) and Debian's erlang-src 25.2.3 found `rebar.config`, `rebar.lock`, `*.app.src`,
the `.hrl` headers (139 in erlang-src), `sys.config` and `vm.args` unknown, so excluded; Mix's
`config/*.exs` read as source; `_build/` left to the unknown rule file by file and ElixirLS's
`.elixir_ls/` indexed as configuration; `.erlang.cookie`, Hex's `hex.config` and Phoenix's
`config/prod.secret.exs` not blocked (the last indexed after redaction); Phoenix's `.heex` and
`.eex` templates unknown.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import assert_classified, write
from .test_discover import walk

MIX_CONFIG = 'import Config\n\nconfig :shop, Shop.Repo, pool_size: 10\n'
SYS_CONFIG = '[{shop, [{pool_size, 10}]}, {kernel, [{inet_dist_listen_min, 9100}]}].\n'
VM_ARGS = "-name shop@127.0.0.1\n+K true\n+A 64\n"
APP_SRC = ('{application, shop,\n [{description, "Shop"},\n  {vsn, "0.1.0"},\n'
           '  {applications, [kernel, stdlib]}]}.\n')
REBAR_CONFIG = '{erl_opts, [debug_info]}.\n{deps, [{cowboy, "2.10.0"}]}.\n'
REBAR_LOCK = '{"1.2.0",\n[{<<"cowboy">>,{pkg,<<"cowboy">>,<<"2.10.0">>},0}]}.\n'
HRL = "-record(order, {id, total = 0, items = []}).\n-define(TIMEOUT, 5000).\n"
HEEX = ('<div class="px-4">\n  <h1>Welcome to the Shop</h1>\n'
        '  <.link navigate={~p"/orders"}>Your orders</.link>\n</div>\n')
PROD_SECRET = ('use Mix.Config\n\nconfig :shop, ShopWeb.Endpoint,\n'
               '  secret_key_base: System.get_env("SECRET_KEY_BASE")\n')


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("config/config.exs", MIX_CONFIG, Kind.CONFIGURATION, "beam_config", "elixir",
         Policy.INDEX_TEXT),
        ("config/runtime.exs", MIX_CONFIG, Kind.CONFIGURATION, "beam_config", "elixir",
         Policy.INDEX_TEXT),
        ("apps/shop_web/config/dev.exs", MIX_CONFIG, Kind.CONFIGURATION, "beam_config",
         "elixir", Policy.INDEX_TEXT),
        ("rel/sys.config", SYS_CONFIG, Kind.CONFIGURATION, "beam_config", "erlang",
         Policy.INDEX_TEXT),
        ("config/sys.config.src", SYS_CONFIG, Kind.CONFIGURATION, "beam_config", "erlang",
         Policy.INDEX_TEXT),
        ("rel/vm.args", VM_ARGS, Kind.CONFIGURATION, "beam_config", None, Policy.INDEX_TEXT),
        ("rebar.config", REBAR_CONFIG, Kind.DEPENDENCY_MANIFEST, "rebar_config", "erlang",
         Policy.INDEX_TEXT),
        ("rebar.lock", REBAR_LOCK, Kind.LOCKFILE, "rebar_lockfile", "erlang",
         Policy.METADATA_ONLY),
        ("src/shop.app.src", APP_SRC, Kind.DEPENDENCY_MANIFEST, "otp_application", "erlang",
         Policy.INDEX_TEXT),
        ("include/shop.hrl", HRL, Kind.SOURCE, "erlang_source", "erlang",
         Policy.PARSE_AND_INDEX),
        (".formatter.exs", '[inputs: ["{mix,.formatter}.exs", "{config,lib}/**/*.{ex,exs}"]]\n',
         Kind.CONFIGURATION, "elixir_config", "elixir", Policy.INDEX_TEXT),
        (".credo.exs", '%{configs: [%{name: "default", strict: true}]}\n',
         Kind.CONFIGURATION, "elixir_config", "elixir", Policy.INDEX_TEXT),
        ("erl_crash.dump", "=erl_crash_dump:0.5\nSat Dec  5 06:00:00 2026\n", Kind.LOG, "log",
         None, Policy.EXCLUDE),
        ("src/asn1.appup.src", '{"5.0.21", [{<<".*">>, [{restart_application, asn1}]}], []}.\n',
         Kind.SOURCE, "erlang_source", "erlang", Policy.PARSE_AND_INDEX),
        ("bin/mix", "#!/usr/bin/env elixir\nMix.CLI.main()\n", Kind.SOURCE, "elixir_source",
         "elixir", Policy.PARSE_AND_INDEX),
        ("bin/tool", "#!/usr/bin/env escript\nmain(_) -> ok.\n", Kind.SOURCE, "erlang_source",
         "erlang", Policy.PARSE_AND_INDEX),
        # EEx/HEEx templates (Linguist's HTML+EEX), also beside their controller (Phoenix 1.7)
        ("lib/shop_web/controllers/page_html/home.html.heex", HEEX, Kind.SOURCE,
         "html_template", "html", Policy.INDEX_TEXT),
        ("lib/shop_web/components/layouts/root.html.heex", HEEX, Kind.SOURCE,
         "html_template", "html", Policy.INDEX_TEXT),
        ("lib/shop_web/templates/page/index.html.eex", HEEX, Kind.SOURCE, "html_template",
         "html", Policy.INDEX_TEXT),
        ("lib/shop_web/live/cart_live.html.leex", HEEX, Kind.SOURCE, "html_template", "html",
         Policy.INDEX_TEXT),
        ("priv/templates/phx.gen.context/schema.ex.eex",
         "defmodule <%= inspect schema.module %> do\n  use Ecto.Schema\nend\n", Kind.SOURCE,
         "elixir_source", "elixir", Policy.PARSE_AND_INDEX),
        # secret files: blocked whatever they hold
        (".erlang.cookie", "QJZHKXWNRTVYBPLMSDF", Kind.SECRET_CANDIDATE, "credentials_file",
         None, Policy.BLOCK),
        ("config/prod.secret.exs", PROD_SECRET, Kind.SECRET_CANDIDATE, "secrets_file", "elixir",
         Policy.BLOCK),
        ("home/.hex/hex.config", '{api_key,<<"0f1e2d3c4b5a6978">>}.\n', Kind.SECRET_CANDIDATE,
         "credentials_file", "erlang", Policy.BLOCK),
        ("home/.config/rebar3/hex.config", '{api_key,<<"0f1e2d3c4b5a6978">>}.\n',
         Kind.SECRET_CANDIDATE, "credentials_file", "erlang", Policy.BLOCK),
        # what stays as it was
        ("mix.exs", "defmodule Shop.MixProject do\n  use Mix.Project\nend\n",
         Kind.DEPENDENCY_MANIFEST, "mix_manifest", "elixir", Policy.INDEX_TEXT),
        ("mix.lock", '%{"plug": {:hex, :plug, "1.15.0"}}\n', Kind.LOCKFILE, "mix_lockfile",
         "elixir", Policy.METADATA_ONLY),
        ("lib/shop/accounts.ex", "defmodule Shop.Accounts do\nend\n", Kind.SOURCE,
         "elixir_source", "elixir", Policy.PARSE_AND_INDEX),
        ("lib/shop/config.ex", "defmodule Shop.Config do\nend\n", Kind.SOURCE,
         "elixir_source", "elixir", Policy.PARSE_AND_INDEX),
        ("test/shop/accounts_test.exs", "defmodule Shop.AccountsTest do\nend\n", Kind.TEST,
         "elixir_test", "elixir", Policy.PARSE_AND_INDEX),
        ("priv/repo/migrations/20240101000000_create_users.exs",
         "defmodule Shop.Repo.Migrations.CreateUsers do\nend\n", Kind.SCHEMA, "migration",
         "elixir", Policy.PARSE_AND_INDEX),
    ],
)
def test_a_mix_or_rebar_projects_files_are_elixir_and_erlang(tmp_path, rel, content, kind,
                                                            subkind, language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


def test_mix_and_rebar3_build_output_and_editor_caches_are_not_walked(tmp_path):
    write(tmp_path, "p/lib/shop.ex", "defmodule Shop do\nend\n")
    write(tmp_path, "p/_build/dev/lib/shop/ebin/shop.app", "{application, shop, []}.\n")
    write(tmp_path, "p/_build/prod/rel/shop/releases/0.1.0/sys.config", "[].\n")
    write(tmp_path, "p/.elixir_ls/build/test/lib/shop/.mix/compile.lock", "x\n")
    write(tmp_path, "p/.rebar3/erlcinfo", "x\n")
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"lib/shop.ex"}
    assert set(skipped) == {"_build", ".elixir_ls", ".rebar3"}
