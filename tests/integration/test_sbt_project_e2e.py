"""An sbt project indexed for real (ONNX model, Qdrant Edge), as a Scala developer runs repokb
on it: its build files are read, its tool state is skipped, a definition is found by its name,
and no credential it holds (sbt's `Credentials(...)`, one broken over lines as scalafmt writes
it, `.sbt/.credentials`, Flyway's `dataSource`, HOCON's passwords and Play's secret key) is a
byte under REPOKB_HOME, in `index --json`, a search or `explain --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "nexus": "".join(("Nx4qTr8", "wLm2Kv6")),
    "artifactory": "".join(("Ar7bQz2", "pWn5Jc9")),
    "sbt_file": "".join(("Sb3dHk9", "vRt6Mx1")),
    "flyway": "".join(("Fl8wCq6", "yTn4Pz3")),
    "hocon": "".join(("Hc5pLd4", "wQe8Rb2")),
    "play": "".join(("Pl9sXc2", "vBn7Mq4Lk")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "build.sbt",
          'ThisBuild / scalaVersion := "3.3.1"\n\n'
          f'credentials += Credentials("Sonatype Nexus Repository Manager", "nexus.example.com", '
          f'"deploy", "{VALUES["nexus"]}")\n\n'
          'lazy val core = (project in file("core"))\n'
          '  .settings(name := "shop-core")\n')
    write(root, "project/publish.sbt",
          "ThisBuild / credentials += Credentials(\n  \"Artifactory Realm\",\n"
          f"  \"artifactory.example.com\",\n  \"ci\",\n  \"{VALUES['artifactory']}\"\n)\n")
    write(root, "project/build.properties", "sbt.version=1.9.7\n")
    write(root, ".sbt/.credentials", "realm=Nexus\nhost=nexus.example.com\nuser=deploy\n"
          f"password={VALUES['sbt_file']}\n")
    write(root, "scripts/migrate.sc",
          "import org.flywaydb.core.Flyway\n\n"
          "/** Runs the database migrations against the URL given on the command line. */\n"
          "@main def migrate(url: String): Unit =\n"
          f'  Flyway.configure().dataSource(url, "shop", "{VALUES["flyway"]}").load().migrate()\n')
    write(root, "core/src/main/resources/application.conf",
          f'play.http.secret.key = "{VALUES["play"]}"\n'
          'play.http.secret.key = ${?APPLICATION_SECRET}\n\n'
          'slick.dbs.default.db {\n  url = "jdbc:postgresql://db.internal:5432/shop"\n'
          f'  password = "{VALUES["hocon"]}"\n  password = ${{?DB_PASSWORD}}\n}}\n')
    write(root, "core/src/main/scala/shop/core/Pricing.scala",
          "package shop.core\n\n"
          "/** Prices orders: discounts, VAT and shipping. */\n"
          "object Pricing:\n"
          "  /** Rounds a price in cents to the nearest five cents, as Swiss francs are paid. */\n"
          "  def roundToFiveCents(cents: Long): Long = ((cents + 2) / 5) * 5\n")
    write(root, ".bloop/core.json", '{"version":"1.4.0","project":{"name":"core"}}\n')
    write(root, ".bsp/sbt.json", '{"name":"sbt","argv":["java","-bsp"]}\n')
    write(root, "target/streams/out", "[info] compiling 1 Scala source\n")
    return root


def test_an_sbt_project_is_read_as_one_and_keeps_its_credentials(home, project):
    indexed = invoke("index", str(project), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert files["build.sbt"]["kind"] == "dependency_manifest"
    assert files["build.sbt"]["chunks"] > 0  # redacted, not blocked
    assert files["scripts/migrate.sc"]["chunks"] > 0
    assert files[".sbt/.credentials"]["index_policy"] == "block"
    assert {".bloop", ".bsp", "target"} <= set(files)  # skipped, with their reason
    assert all(files[d]["index_policy"] == "exclude" for d in (".bloop", ".bsp", "target"))
    hits = json.loads(invoke("search", "where is roundToFiveCents defined", "--json"))
    assert hits[0]["symbol"] == "Pricing" and hits[0]["path"].endswith("Pricing.scala")
    outputs = [indexed]
    for path in ("build.sbt", "project/publish.sbt", "scripts/migrate.sc",
                 "core/src/main/resources/application.conf"):
        outputs.append(invoke("explain", str(project / path), "--json"))
    for query in (*VALUES.values(), "nexus credentials publish", "artifactory realm",
                  "flyway migrate datasource", "play secret key", "database password"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, VALUES.values(), outputs)
