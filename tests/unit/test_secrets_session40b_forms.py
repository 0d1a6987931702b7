# ruff: noqa: E501  (the forms table: each text as the attacker wrote it, one literal)
"""Session 40's leftovers (mobile40's and secrets40's attacker passes), decided by the smallest
rule that generalises: a letters-only random token under a secret-named assignment
(`scan.random_letters`: short case runs, not a name of words), a random token in a Kotlin pair
that `pairs._name` read as a name (a name's words hold a vowel), ZooKeeper's `superDigest`
(`P.DIGEST_KEY_TAILS`), React Native's `ios/.xcode.env` indexed when it assigns only references
and programs' paths (`stores.env_references`), and fastlane's `.env.default` blocked (fastlane
loads it before every lane: no template).
"""

from __future__ import annotations

import pytest

from repokb.models import Policy
from repokb.secrets.scan import random_letters

from ..conftest import classify_file
from ..secret_forms import j as _j
from ..secret_forms import kept_forms, redacted_forms

_LETTERS = _j("MbWPuGbvDjfV", "pEeHFWjwQZcY")  # 24 random letters, no digit

test_random_letters_under_a_secret_name = redacted_forms([
    ("kotlin", 'object Keys {\n    const val TOKEN = "{X}"\n}\n', _LETTERS),
    ("python", 'TOKEN = "{X}"\n', _LETTERS),
    ("python", 'AUTH_TOKEN = "{X}"\n', _LETTERS),
    ("javascript", "const ACCESS_TOKEN = '{X}';\n", _LETTERS),
    ("java", 'private static final String API_TOKEN = "{X}";\n', _j("qWeRtYuIoPaSdF", "gHjKlZxC")),
])

# a name of words under a secret's name, in code: a header's, a scheme's, a class's name
test_names_of_words_stay = kept_forms([
    ("python", 'ACCESS_TOKEN = "AuthorizationHeaderValue"\n'),
    ("python", 'TOKEN = "BearerTokenAuthentication"\n'),
    ("javascript", 'const TOKEN_CLASS = "XMLHttpRequestUpload";\n'),
    ("kotlin", 'const val TOKEN_TYPE = "OAuthSessionTokenIO"\n'),
    ("python", 'AUTH_TOKEN = "getAWSCredentialsProviderV"\n'),
    ("python", 'TOKEN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"\n'),
])


@pytest.mark.parametrize(("value", "expected"), [
    (_LETTERS, True), (_j("qWeRtYuIoPaSdF", "gHjKlZxC"), True),
    ("AuthorizationHeaderValue", False), ("BearerTokenAuthentication", False),
    ("XMLHttpRequest", False), ("iPhoneXSMaxAdapter", False), ("isEnabledForLevel", False),
    ("HTTPBasicAuthHandler", False), ("OAuthSessionTokenIO", False), ("aBcDeFgHiJkLmNoPqRsT", True),
    # a digit, too short, one case only, not letters
    (_j("MbWPuGbvDjfV", "pEeHFWjwQZc1"), False), ("MbWPuGbvDjfVpEe", False),
    ("mbwpugbvdjfvpeehfwjwqzcy", False), ("MbWPuGbv-DjfVpEeHFWjwQZcY", False),
])
def test_random_letters(value, expected):
    assert random_letters(value) is expected


# mobile40: an identifier-shaped random token in a Kotlin pair (`pairs._name` read `Xqzp`,
# `Lmhd`, `spq` as a name's words); a name with digits still stays
test_a_random_token_in_a_kotlin_pair = redacted_forms([
    ("kotlin", 'val tags = mapOf("sentryAuthToken" to "{X}", "env" to "prod")\n', _j("Uz8KSNXqzpLm", "hdVRN7spqESv")),
    ("kotlin", 'val headers = mapOf("apiToken" to "{X}")\n', _j("Kp7ZqwXcvBnm", "Rt5LsDfgHj2W")),
    ("kotlin", 'val headers = mapOf("apiToken" to "{X}")\n', _j("JvBLZwan8M6h", "WikNzVKhUeoB")),  # `Zwan`, `Wik`: words?
    ("kotlin", 'val headers = mapOf("authToken" to "{X}")\n', _LETTERS),  # letters only
])

test_names_in_pairs_stay = kept_forms([
    ("kotlin", 'val m = mapOf("privateKey" to "MLKEM768X25519PrivateKey")\n'),
    ("kotlin", 'val m = mapOf("tokenParser" to "Base64UrlTokenParser2")\n'),
    ("kotlin", 'val m = mapOf("secretKeyCheck" to "openssl_x509_checkpurpose")\n'),
    ("kotlin", 'val m = mapOf("tokenType" to "AuthorizationHeaderValue")\n'),
])

# secrets40: ZooKeeper's super user's digest (`super:` + base64 of SHA-1 of `super:password`,
# crackable offline) in zkEnv.sh, a properties file, a Compose environment
_DIGEST = _j("D/InIHSb7yEEbrWz", "8b9l71RjZJU=")
test_zookeeper_super_digest = redacted_forms([
    ("shell", 'export SERVER_JVMFLAGS="-Dzookeeper.DigestAuthenticationProvider.superDigest=super:{X}"\n', _DIGEST),
    ("shell", 'SERVER_JVMFLAGS="$SERVER_JVMFLAGS -Dzookeeper.DigestAuthenticationProvider.superDigest=super:{X}"\n', _DIGEST),
    ("properties", "zookeeper.DigestAuthenticationProvider.superDigest=super:{X}\n", _DIGEST),
    ("yaml", "environment:\n  SERVER_JVMFLAGS: -Dzookeeper.DigestAuthenticationProvider.superDigest=super:{X}\n", _DIGEST),
])

test_zookeeper_settings_stay = kept_forms([
    ("properties", "authProvider.1=org.apache.zookeeper.server.auth.DigestAuthenticationProvider\n"),
    ("shell", 'export SERVER_JVMFLAGS="-Dzookeeper.DigestAuthenticationProvider.superDigest=$ZK_SUPER_DIGEST"\n'),
])

_XCODE_ENV = ("# This `.xcode.env` file is versioned and is used to source the environment\n"
              "# used when running script phases inside Xcode.\n#\n"
              "# For example, to use nvm with brew, add the following line\n"
              '# . "$(brew --prefix nvm)/nvm.sh" --no-use\n'
              "export NODE_BINARY=$(command -v node)\n")


@pytest.mark.parametrize("text", [_XCODE_ENV, 'export NODE_BINARY="$(which node)"\nexport USE_HERMES=true\n',
                                  "export NODE_BINARY=${HOME}/.nvm/current/bin/node\n".replace("/.nvm/current/bin/node", "")])
def test_xcode_env_of_references_is_indexed(tmp_path, text):
    decided = classify_file(tmp_path, "ios/.xcode.env", text)
    assert decided.index_policy is not Policy.BLOCK, decided.reasons


@pytest.mark.parametrize(("path", "text"), [
    ("ios/.xcode.env", _XCODE_ENV + "export SENTRY_AUTH_TOKEN=" + _j("sntrys_eyJp", "YXQiOjE3") + "\n"),
    ("ios/.xcode.env", "export NODE_BINARY=/opt/homebrew/bin/node\n"),  # a value written
    ("ios/.xcode.env", '. "$(brew --prefix nvm)/nvm.sh" --no-use\nexport NODE_BINARY=$(command -v node)\n'),
    (".env", "NODE_BINARY=$(command -v node)\n"),  # `.env` itself stays blocked whatever it holds
    (".env.production", "API_URL=$API_URL\n"),
    ("conf/java.env", 'SERVER_JVMFLAGS="-Xmx1g"\n'),
    # fastlane loads `fastlane/.env.default` before every lane: settings, not a template
    ("fastlane/.env.default", "FASTLANE_USER=ci@acme.io\nMATCH_PASSWORD=" + _j("hunter", "Two") + "\n"),
    ("ios/fastlane/.env.default", "SLACK_URL=https://hooks.slack.com/services/T0/B0/x\n"),
])
def test_env_files_with_a_value_stay_blocked(tmp_path, path, text):
    assert classify_file(tmp_path, path, text).index_policy is Policy.BLOCK


@pytest.mark.parametrize("path", [".env.default", "fastlane/.env.example", "config/.env.default"])
def test_env_templates_elsewhere_are_indexed(tmp_path, path):
    assert classify_file(tmp_path, path, "API_KEY=\nAPI_URL=https://api.acme.io\n").index_policy is not Policy.BLOCK
