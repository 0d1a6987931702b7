"""Secret forms earlier passes left as written, indexed for real (ONNX model, Qdrant Edge):
no byte of a value under REPOKB_HOME, in `index --json`, a search or `explain --json`.

The forms: in Lua, `auth = "X"` in a table, `redis.call("AUTH", "X")` and an environment
lookup's long-string fallback `os.getenv("JWT_SECRET") or [[X]]`; a Java or Kotlin text block
under a variable named only `key` (a random token, a key's base64 body over lines); a value in
the comment after an Objective-C `@property`; a plain-word key or password given by position
(`jwt.decode(token, "X", ..)`, `auth=("admin", "X")`, `HTTPBasicAuth("admin", "X")`,
`client.login("admin", "X")`); a PHP password glued with `.`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

# FAKE values, assembled at run time
LUA_AUTH = "".join(("Rd7qLm2", "xV9tKw4z"))
LUA_REDIS = "".join(("Pz3nQw8", "rT5yHs1k"))
LUA_LONG = "".join(("Jw6sEc4", "rEt2Fk9q"))
JAVA_KEY = "".join(("Vq8Lr3mZ", "t6Wp1Xk9Ns4d"))
KOTLIN_BODY = ("".join(("MIIEvQIBADANBgkqhkiG9w0BAQEF", "AASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj")),
               "".join(("MzEfYyjiWA4R4/M2bS1GB4t7NXp9", "8C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu")))
OBJC = "".join(("Hk4wPz7", "Nq2Lx8Vr5t"))
WORDS = {  # plain words: a signing key, passwords
    "jwt": "".join(("orchard", "lanternsong")),
    "auth": "".join(("marble", "harbourfox")),
    "basic": "".join(("velvet", "canyonrain")),
    "login": "".join(("copper", "meadowlark")),
}
PHP = ("Xr4t", "Ww9kQz2m")  # glued with `.`


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "gateway"
    write(root, "lua/gateway/config.lua",
          "-- Gateway settings, read once at start-up.\n"
          "local M = {}\n\n"
          "M.redis = {\n"
          '  host = "cache.internal",\n'
          "  port = 6379,\n"
          f'  auth = "{LUA_AUTH}",\n'
          "}\n\n"
          f'M.jwt_secret = os.getenv("JWT_SECRET") or [[{LUA_LONG}]]\n\n'
          "function M.unlock(key)\n"
          "  -- a script run inside Redis: authenticate, then release the lock\n"
          f'  redis.call("AUTH", "{LUA_REDIS}")\n'
          '  return redis.call("DEL", key)\n'
          "end\n\n"
          "function M.connect(red, password)\n"
          "  return red:auth(password)\n"
          "end\n\n"
          "return M\n")
    write(root, "android/src/main/java/com/acme/Signer.java",
          "package com.acme;\n\n"
          "/** Signs requests to the partner API. */\n"
          "public final class Signer {\n"
          '    private static final String key = """\n'
          f"        {JAVA_KEY}\n"
          '        """;\n\n'
          "    public String sign(String body) {\n"
          "        return Hmac.sha256(key.strip(), body);\n"
          "    }\n"
          "}\n")
    write(root, "android/src/main/kotlin/com/acme/Keys.kt",
          "package com.acme\n\n"
          "/** The service's signing key, bundled for the offline build. */\n"
          'val key = """\n'
          f"    {KOTLIN_BODY[0]}\n"
          f"    {KOTLIN_BODY[1]}\n"
          '""".trimIndent()\n\n'
          "fun signingKey(): String = key\n")
    write(root, "ios/Sources/ACMEClient.h",
          "#import <Foundation/Foundation.h>\n\n"
          "/// The client for the ACME partner API.\n"
          "@interface ACMEClient : NSObject\n"
          f"@property (nonatomic, copy) NSString *apiKey; // {OBJC}\n"
          "@property (nonatomic, copy) NSString *baseURL; // https://api.acme.test\n"
          "- (void)fetchOrders;\n"
          "@end\n")
    write(root, "services/partner.py",
          '"""Calls to the partner API and checks of its tokens."""\n\n'
          "import jwt\n"
          "import requests\n"
          "from requests.auth import HTTPBasicAuth\n\n\n"
          "def claims(token):\n"
          '    """The partner token\'s claims."""\n'
          f'    return jwt.decode(token, "{WORDS["jwt"]}", algorithms=["HS256"])\n\n\n'
          "def verified(token, key):\n"
          '    """A token checked with a key given by the caller."""\n'
          '    return jwt.decode(token, key, algorithms=["HS256"])\n\n\n'
          "def orders(url):\n"
          '    """The partner\'s open orders."""\n'
          f'    return requests.get(url, auth=("admin", "{WORDS["auth"]}")).json()\n\n\n'
          "def invoices(url):\n"
          '    """The partner\'s invoices."""\n'
          f'    return requests.get(url, auth=HTTPBasicAuth("admin", "{WORDS["basic"]}"))\n\n\n'
          "def test_admin_can_log_in(client):\n"
          '    """The admin account logs in to the partner console."""\n'
          f'    assert client.login("admin", "{WORDS["login"]}")\n')
    write(root, "web/config.php",
          "<?php\n"
          "// Database settings for the partner console.\n"
          f"$db_password = '{PHP[0]}' . '{PHP[1]}';\n"
          "$db_host = 'db.internal';\n")
    return root


def test_secrets_written_in_these_forms_never_reach_the_home_or_an_answer(home, project):
    values = [LUA_AUTH, LUA_REDIS, LUA_LONG, JAVA_KEY, *KOTLIN_BODY, OBJC, *WORDS.values(),
              PHP[1], "".join(PHP)]
    assert_never_stored(home, project, values, (
        "redis auth lock", "jwt decode partner token claims",
        "partner open orders", "admin can log in", "signing key", "apiKey",
        "database settings"), files=6)
    # what surrounds the values stays readable: a key given by the caller, a password passed
    # by name, a property's URL in its comment
    content = answered("token checked with a key given by the caller", "--path", "services/*")
    assert 'return jwt.decode(token, key, algorithms=["HS256"])' in content
    content = answered("the partner's open orders", "--path", "services/*")
    assert 'auth=("admin", "<REDACTED_SECRET>")' in content
    content = answered("redis connect auth password", "--path", "lua/*")
    assert "return red:auth(password)" in content
    assert 'redis.call("AUTH", "<REDACTED_SECRET>")' in content
    content = answered("ACMEClient baseURL apiKey", "--path", "ios/*")
    assert "NSString *baseURL; // https://api.acme.test" in content
