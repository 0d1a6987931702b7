"""Java (Maven): 'where is X defined', 'which feature does Y' on Guava, commons-lang3, Jackson.

    python bench/retrieval/java.py --home DIR [--json OUT]

DIR holds one project `java` (`repokb index TREE --project java`). TREE is made from Debian
bookworm's source packages (`apt-get source --download-only`, each `.orig.tar.xz` unpacked; no
Maven Central reaches this machine): jackson-databind 2.14.0's DeserializationFeature,
SerializationFeature, MapperFeature, ObjectMapper, ObjectReader, JsonNode, Module, its
annotation/ package, src/moditect/module-info.java, pom.xml, mvnw and .mvn/wrapper under
`jackson-databind/`; libcommons-lang3-java 3.12.0's StringUtils, ArrayUtils, JavaVersion,
ObjectUtils, Validate and pom.xml under `commons-lang3/`; guava-libraries 31.1's base/
(Preconditions, Joiner, Splitter, Strings, Optional, Objects, MoreObjects, Stopwatch,
CharMatcher, Verify), collect/ImmutableList, ImmutableMap, ImmutableSet, cache/CacheBuilder,
LoadingCache, CacheLoader, Cache and pom.xml under `guava/` (paths as in the packages); and
`demo-app/`, a Spring-Boot-style orders service written by hand for session 32 (pom.xml with
java.version 17, application.properties/.yml, logback.xml, META-INF/spring.factories, a
record, an enum with bodies, an annotation type, a generic interface with default methods, a
nested class, package-info.java, module-info.java, a test, mvnw, a target/ folder): 72 files,
3,322 pieces (a subset: the three whole projects, 2,261 files and 43,670 pieces, take over
half an hour to embed on a loaded 2-core machine). Session 33 (java33) rebuilt it with
`java_tree.sh OUT` (the app kept in `java_app/`, a sealed interface of records and a nested
interface added; guava's package-info.java files, ImmutableListTest, PreconditionsTest,
jackson's record tests and commons-lang3's StringUtilsEmptyBlankTest beside: 78 files) and
added 26 questions: fully qualified names, packages, annotations, records, a sealed
interface, nested types, overloads, default methods and tests. A hit is right as in names.py
(path ends with the path, symbol with the name, case folded); the file's rank (any piece of the
right file) is shown too.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("java.json", __doc__ or "")
