"""A plain Java (Maven) project as a new user meets it: Guava, commons-lang3 and jackson-databind
sources (Debian bookworm's source packages) beside a Spring-style app, pom.xml, settings.xml,
application.properties/yml (session 32, newuser32)."""

from __future__ import annotations

from repokb.secrets import redact

from ..conftest import assert_redacted, cases

PW = "Kx7pQ2mVw9rT4nZs"

# maven-jarsigner-plugin's and keytool-maven-plugin's own option names: `storepass` and
# `keypass` are keytool's, glued, no case to split them
POM_SECRETS = [
    ("xml", f"<configuration>\n  <storepass>{PW}</storepass>\n</configuration>\n", PW),
    ("xml", f"<configuration>\n  <keypass>{PW}</keypass>\n</configuration>\n", PW),
    ("xml", f"<configuration>\n  <srcstorepass>{PW}</srcstorepass>\n</configuration>\n", PW),
    ("xml", f"<properties>\n  <jarsigner.storepass>{PW}</jarsigner.storepass>\n</properties>\n",
     PW),
]
POM_KEPT = [
    ("xml", "<configuration>\n  <storepass>${keystore.password}</storepass>\n</configuration>\n"),
    ("xml", "<configuration>\n  <keypass>${env.KEY_PASS}</keypass>\n</configuration>\n"),
]


@cases("language, text, value", POM_SECRETS)
def test_a_keystore_password_in_a_pom_plugin_config_is_redacted(language, text, value):
    assert_redacted(text, "config", language, value)


@cases("language, text", POM_KEPT)
def test_a_keystore_password_property_reference_stays(language, text):
    assert redact(text, "config", language).text == text
