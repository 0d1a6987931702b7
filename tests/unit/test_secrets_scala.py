"""Scala's and sbt's everyday ways of writing a credential are redacted; their code stays.

Found by planting 14 credentials in an sbt multi-module tree: once `build.sbt` and the `.sc`
scripts are indexed (they were unknown, so never read), sbt's `credentials +=
Credentials("Realm", "host", "user", "X")` and Flyway's `.dataSource(url, "user", "X")` reached
the store and the search answers as written. HOCON's `password = "X"` (also before a
`${?DB_PASSWORD}` override), `play.http.secret.key = "X"`, JDBC URLs with a password and Slick's
`Database.forURL(url, user = .., password = "X")` were redacted already, and still are.
"""

from __future__ import annotations

import pytest

from repokb.secrets import redact

from ..conftest import assert_redacted

PW = "".join(("Bx7q", "Lm2Zk9Wp4v"))  # a FAKE password, assembled at run time

MUST_REDACT = [  # (language, text)
    ("scala", f'credentials += Credentials("Sonatype Nexus Repository Manager", '
              f'"nexus.example.com", "deploy", "{PW}")\n'),
    # as scalafmt breaks it, and a password that is one plain word
    ("scala", f'ThisBuild / credentials += Credentials(\n  "Artifactory Realm",\n'
              f'  "artifactory.example.com",\n  "ci",\n  "{PW}"\n)\n'),
    ("scala", 'credentials += Credentials("Realm", "nexus.example.com", "deploy", '
              '"Bxqlmzkwpv")\n'),
    ("scala", f'val flyway = Flyway.configure().dataSource(url, "shop", "{PW}").load()\n'),
    ("java", f'DataSource ds = new DriverManagerDataSource(url, "shop", "{PW}");\n'),
    # redacted before, kept so
    ("scala", f'Database.forURL("jdbc:postgresql://localhost/shop", user = "shop", '
              f'password = "{PW}", driver = "org.postgresql.Driver")\n'),
    ("scala", f'Database.forURL("jdbc:postgresql://db:5432/shop?user=report&password={PW}")\n'),
    ("scala", f'private val adminPassword = "{PW}"\n'),
    ("ini", f'db {{\n  user = "shop"\n  password = "{PW}"\n  password = ${{?DB_PASSWORD}}\n}}\n'),
    ("ini", f'play.http.secret.key = "{PW}"\nplay.http.secret.key = ${{?APPLICATION_SECRET}}\n'),
    ("ini", f'url = "jdbc:mysql://report:{PW}@reports.internal:3306/reports"\n'),
]

MUST_KEEP = [  # (language, text): no credential in them
    ("scala", 'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\n'),
    ("scala", 'credentials += Credentials("Realm", "nexus.example.com", sys.env("NEXUS_USER"), '
              'sys.env("NEXUS_PASSWORD"))\n'),
    ("scala", 'val flyway = Flyway.configure().dataSource(url, user, password).load()\n'),
    ("scala", 'val creds = Credentials("nexus.example.com", "deploy")\n'),
    ("scala", 'credentials += Credentials("Realm", "nexus.example.com", "deploy", "password")\n'),
    ("scala", '// credentials += Credentials("Realm", "host", "user", "Bxqlmzkwpv")\n'),
    ("ini", 'db {\n  password = ${?DB_PASSWORD}\n}\n'),
]


@pytest.mark.parametrize(("language", "text"), MUST_REDACT)
def test_a_scala_credential_is_redacted(language, text):
    mode = "config" if language == "ini" else "code"
    assert_redacted(text, mode, language, PW, "Bxqlmzkwpv")


@pytest.mark.parametrize(("language", "text"), MUST_KEEP)
def test_what_only_looks_like_a_scala_credential_stays(language, text):
    mode = "config" if language == "ini" else "code"
    assert redact(text, mode, language).text == text
