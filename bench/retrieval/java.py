"""Java (Maven): 'where is X defined', 'which feature does Y' on Guava, commons-lang3, Jackson.

    python bench/retrieval/java.py --home DIR [--json OUT]

DIR holds one project `java` (`repokb index TREE --project java`), TREE made of Debian
bookworm's source packages (`apt-get source --download-only`, the `.orig.tar.xz` unpacked; no
Maven Central here): libcommons-lang3-java 3.12.0 under `commons-lang3/` and jackson-databind
2.14.0 under `jackson-databind/` (whole projects: pom.xml, src/main/java, src/test/java,
mvnw, .mvn/wrapper, META-INF, src/moditect/module-info.java), guava-libraries 31.1's
pom.xml, README.md and `guava/` module under `guava/`, beside `demo-app/`, a Spring-Boot-style
orders service written by hand for session 32 (pom.xml with java.version 17, application
.properties/.yml, logback.xml, a record, an enum with bodies, an annotation type, a generic
interface with default methods, a nested class, package-info.java, module-info.java, a test, a
target/ folder): 2,261 files. A hit is right as in names.py (path ends with the path, symbol
with the name, case folded); the file's rank (any piece of the right file) is shown too.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("java.json", __doc__ or "")
