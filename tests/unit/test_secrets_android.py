"""Gradle's and Android's own ways of writing a credential are redacted; look-alikes stay.

An attacker pass with 52 values planted in an Android Studio-shaped app (Java, Kotlin, Gradle
Groovy and Kotlin DSL, gradle.properties, local.properties, keystore.properties, res/values,
google-services.json, a Spring Boot server beside it) found these stored as written and
returned by search: `buildConfigField "String", "API_KEY", "\\"X\\""` (Groovy and Kotlin DSL),
`resValue "string", "server_token", "X"`, a `signingConfigs` block's `storePassword "X"` and
`keyPassword "X"` (Groovy calls without `=`), `<string name="api_key">X</string>` and its
`client_secret` and `facebook_client_token` siblings in res/values/strings.xml, and OkHttp's
`Credentials.basic("admin", "X")`. A second round of 28 found `System.setProperty(
"javax.net.ssl.keyStorePassword", "X")`, `ks.load(in, "X".toCharArray())` and Gradle's
`val storePass = project.findProperty("storePassword") as String? ?: "X"` stored as written.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact

from ..conftest import assert_redacted, cases

PW = "".join(("Xk9m", "Q2vL7pzq"))  # a FAKE password, assembled at run time
TOKEN = "".join(("q8Zr2Lw5", "Nx7Tb3Kd", "9Vm4Hc6J"))

MUST_REDACT = [  # (language, mode, text, value)
    ("groovy", "code", f'buildConfigField "String", "API_KEY", "\\"{TOKEN}\\""\n', TOKEN),
    ("groovy", "code", f"buildConfigField 'String', 'CLIENT_SECRET', '\"{TOKEN}\"'\n", TOKEN),
    ("kotlin", "code", f'buildConfigField("String", "API_SECRET", "\\"{TOKEN}\\"")\n', TOKEN),
    ("groovy", "code", f'resValue "string", "server_token", "{TOKEN}"\n', TOKEN),
    ("groovy", "code", "signingConfigs {\n    release {\n        storeFile file('r.jks')\n"
     f'        storePassword "{PW}"\n        keyAlias "release"\n'
     f"        keyPassword '{PW}'\n    }}\n}}\n", PW),
    ("ruby", "code", f'  password "{PW}"\n', PW),
    ("xml", "config", f'<resources>\n    <string name="api_key">{TOKEN}</string>\n</resources>\n',
     TOKEN),
    ("xml", "config", '<resources>\n    <string name="client_secret" translatable="false">'
     f"{PW}</string>\n</resources>\n", PW),
    ("xml", "config", f'<item name="facebook_client_token" type="string">{TOKEN}</item>\n',
     TOKEN),
    ("kotlin", "code", f'val auth = Credentials.basic("admin", "{PW}")\n', PW),
    ("java", "code", f'String auth = Credentials.basic(user, "{PW}");\n', PW),
    ("java", "code", f'System.setProperty("javax.net.ssl.keyStorePassword", "{PW}");\n', PW),
    ("kotlin", "code", f'prefs.edit().putString("api_token", "{TOKEN}").apply()\n', TOKEN),
    ("java", "code", f'ks.load(in, "{PW}".toCharArray());\n', PW),
    ("kotlin", "code", 'val storePass = project.findProperty("storePassword") as String? '
     f'?: "{PW}"\n', PW),
    ("groovy", "code", f"def keyPass = System.getenv('KEY_PASS') ?: '{PW}'\n", PW),
    ("java", "code", f'String apiSecret = """\n    {TOKEN}\n    """;\n', TOKEN),
    # mobile40: a generated field named `..._KEY` (a build's fields name API keys so), and an
    # SDK's key given in AndroidManifest.xml's `<meta-data>` (either attribute first, over lines)
    ("groovy", "code", f'buildConfigField "String", "PAYMENTS_KEY", "\\"{TOKEN}\\""\n', TOKEN),
    ("kotlin", "code", f'buildConfigField("String", "MAPS_KEY", "\\"{TOKEN}\\"")\n', TOKEN),
    ("xml", "config", f'<meta-data android:name="com.onesignal.ApiSecret" android:value="{TOKEN}"'
     " />\n", TOKEN),
    ("xml", "config", '<application>\n    <meta-data\n        android:name="com.facebook.sdk.'
     f'ClientToken"\n        android:value="{TOKEN}" />\n</application>\n', TOKEN),
    ("xml", "config", f'<meta-data android:value="{TOKEN}" android:name="com.acme.sdk.API_KEY"/>'
     "\n", TOKEN),
]

MUST_KEEP = [  # (language, mode, text): nothing here is a secret
    ("groovy", "code", 'buildConfigField "String", "API_URL", "\\"https://api.acme.dev\\""\n'),
    ("groovy", "code", 'buildConfigField "boolean", "USE_TOKEN_AUTH", "true"\n'),
    ("kotlin", "code", 'buildConfigField("String", "API_KEY", "\\"${apiKey}\\"")\n'),
    ("groovy", "code", 'buildConfigField "String", "API_KEY", "\\"$mapsApiKey\\""\n'),
    ("groovy", "code", 'resValue "string", "token_label", "Token"\n'),
    ("groovy", "code", "storePassword System.getenv('STORE_PASSWORD')\n"),
    ("groovy", "code", 'storePassword "${System.getenv(\'STORE_PASSWORD\')}"\n'),
    ("groovy", "code", "keyPassword keystoreProperties['keyPassword']\n"),
    ("groovy", "code", 'storePassword "android"\n'),  # the debug keystore's well-known one
    ("groovy", "code", 'echo "a3Fb9xQ2Lm7Kd4Rt"\n'),
    ("xml", "config", '<resources>\n    <string name="password">Passwort</string>\n'
     '    <string name="password_hint">Enter your password</string>\n'
     '    <string name="token_expired">Your session has expired, sign in again.</string>\n'
     '    <string name="app_name">Weather</string>\n</resources>\n'),
    ("xml", "config", '<string name="forgot_password">@string/reset</string>\n'),
    ("kotlin", "code", "val auth = Credentials.basic(user, password)\n"),
    ("java", "code", 'System.setProperty("javax.net.ssl.keyStorePassword", storePass);\n'),
    ("java", "code", 'System.setProperty("http.proxyHost", "proxy.internal9");\n'),
    ("java", "code", 'private static final char[] HEX = "0123456789abcdef".toCharArray();\n'),
    ("java", "code", 'char[] vowels = "aeiou".toCharArray();\n'),
    ("java", "code", 'for (char c : "a1b2-c3".toCharArray()) {}\n'),
    ("kotlin", "code", 'val token = prefs.getString("token", null) ?: "unknown"\n'),
    ("kotlin", "code", 'val password = intent.getStringExtra("password") ?: ""\n'),
    ("java", "code", 'String sql = """\n    SELECT password FROM users\n    """;\n'),
    ("groovy", "code", 'buildConfigField "String", "SEARCH_KEY", "\\"recent_searches\\""\n'),
    ("xml", "config", '<meta-data android:name="com.google.android.geo.API_KEY" '
     'android:value="${MAPS_API_KEY}"/>\n'),
    ("xml", "config", '<meta-data android:name="com.google.android.geo.API_KEY" '
     'android:value="@string/google_maps_key"/>\n'),
    ("xml", "config", '<meta-data android:name="io.sentry.auto-init" android:value="false" />\n'),
    ("xml", "config", '<meta-data android:name="com.acme.TokenRefreshSeconds" '
     'android:value="3600" />\n'),
]


@cases(("language", "mode", "text", "value"), MUST_REDACT)
def test_an_android_or_gradle_credential_is_redacted(language, mode, text, value):
    assert_redacted(text, mode, language, value)


@cases(("language", "mode", "text"), MUST_KEEP)
def test_what_only_looks_like_one_stays(language, mode, text):
    assert redact(text, mode, language).text == text


def test_only_the_value_goes_not_its_name():
    text = f'buildConfigField "String", "API_KEY", "\\"{TOKEN}\\""\n'
    assert redact(text, "code", "groovy").text == (
        f'buildConfigField "String", "API_KEY", "\\"{REDACTED}\\""\n')
    text = f'<string name="api_key">{TOKEN}</string>\n'
    assert redact(text, "config", "xml").text == f'<string name="api_key">{REDACTED}</string>\n'


def test_local_and_keystore_properties_are_blocked(tmp_path):
    from repokb.models import Kind, Policy

    from ..conftest import classify_file
    for rel in ("local.properties", "app/keystore.properties"):
        c = classify_file(tmp_path, rel, "sdk.dir=/Users/me/Library/Android/sdk\n")
        assert (c.kind, c.index_policy) == (Kind.SECRET_CANDIDATE, Policy.BLOCK), rel


@pytest.mark.parametrize("line", [
    f'buildConfigField "String", "API_KEY", "\\"{TOKEN}\\""\n',
    f'System.setProperty("javax.net.ssl.keyStorePassword", "{PW}");\n',
    f'ks.load(in, "{PW}".toCharArray());\n',
])
def test_a_letter_that_lowercases_longer_does_not_hide_a_credential(line):
    # `İ`.lower() is two characters: a comment of Turkish above the line shifted every offset
    # of the lower-cased text past it, and the line holding the anchor was never searched
    text = "// " + "İstanbul İzmir " * 60 + "\n" + line
    result = redact(text, "code", "groovy" if "buildConfig" in line else "java")
    assert TOKEN not in result.text and PW not in result.text, result.text



@pytest.mark.parametrize(("language", "text"), [
    ("java", 'String help = """\n    Usage: repokb index\n    Index a tree.\n    """;\n'
     f'String apiSecret = """\n    {TOKEN}\n    """;\n'),
    ("kotlin", 'val help = """\n    Usage: repokb index\n    Index a tree.\n    """\n'
     f'val apiSecret = """\n    {TOKEN}\n    """\n'),
    ("python", f'"""The client."""\napi_secret = """\n{TOKEN}\n"""\n'),
])
def test_a_text_block_opening_just_below_other_quotes_is_read(language, text):
    # jvm.py searched the three lines from each `"""`; those of a block above (or of a
    # one-line docstring) hid the opening quotes of the next block, which was never read as
    # a text block (shapes.py's multi-line value found it: the redaction was the same)
    from repokb.secrets import jvm
    at = text.index(TOKEN)
    assert (at, at + len(TOKEN), "text_block", False) in jvm.find(text, language)
    assert TOKEN not in redact(text, "code", language).text
