"""The forms session newuser37's attacker pass found stored as written, in a Phoenix-shaped
project's Elixir and Erlang, a Mojolicious app's Perl and an OpenResty app's Lua, indexed for
real (ONNX model, Qdrant Edge): no byte of a value under REPOKB_HOME, in `index --json`, a search
or `explain --json`; each file indexed (redacted), none blocked."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "sigil": "".join(("Sg7kQ2", "mWz9pLx4")),
    "signer": "".join(("Jk4vN8", "qTz2wRm6")),
    "heredoc": "".join(("Hd3pW9", "xLq7mZ2v")),
    "define": "".join(("Df8mK2", "vQz5pWn3")),
    "base64": "".join(("B6eRt4", "wQz9mLp2")),
    "perl": "".join(("Pb5nX7", "kWq2zRm8")),
    "lua": "".join(("Lj9wQ3", "mZx7pKv4")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    v = VALUES
    write(root, "lib/shop/client.ex",
          "defmodule Shop.Client do\n"
          f"  @secret_key ~S({v['sigil']})\n"
          f'  def signer, do: Joken.Signer.create("HS256", ~s({v["signer"]}))\n'
          f'  def conf, do: %{{api_key: """\n    {v["heredoc"]}\n    """}}\n'
          "end\n")
    write(root, "src/shop_db.erl",
          "-module(shop_db).\n-export([sign/1, auth/0]).\n"
          f'-define(API_KEY, <<"{v["define"]}">>).\n\n'
          "sign(Data) -> crypto:mac(hmac, sha256, ?API_KEY, Data).\n\n"
          f'auth() -> base64:encode(<<"shop:{v["base64"]}">>).\n')
    write(root, "lib/Shop/Feed.pm",
          "package Shop::Feed;\nuse strict;\n\nsub request {\n"
          "  my $req = HTTP::Request->new(GET => 'https://feeds.example.com/orders');\n"
          f"  $req->authorization_basic('shop', '{v['perl']}');\n  return $req;\n}}\n1;\n")
    write(root, "app/token.lua",
          'local jwt = require "resty.jwt"\nlocal M = {}\n\nfunction M.token(claims)\n'
          f'  return jwt:sign(M.key or "{v["lua"]}", {{ header = {{ alg = "HS256" }}, '
          "payload = claims })\nend\n\nreturn M\n")
    return root


def test_beam_perl_and_lua_forms_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "jwt signing key", "api key macro", "basic authorization", "secret key"), files=4)
    # the code around each value stays readable
    assert "crypto:mac(hmac, sha256, ?API_KEY, Data)" in answered("sign data with hmac")
