#!/bin/bash
# Build the tree of java.py: Debian bookworm's source packages of jackson-databind 2.14.0,
# commons-lang3 3.12.0 and guava 31.1 (no Maven Central reaches this machine), a subset of each,
# beside java_app/ (the hand-written Spring-style orders service) as demo-app/ with an mvnw,
# .mvn/wrapper and a target/ folder: 78 files. Written by session 33 (java33): session 32's
# 72-file tree (gone since) was assembled so by hand; this one takes the same 48 files of the
# packages, 8 more for session 33's questions (guava's base/collect/cache package-info.java,
# ImmutableListTest, PreconditionsTest; jackson's RecordBasicsTest, RecordCreatorsTest;
# StringUtilsEmptyBlankTest), and an app rewritten to session 32's description (22 files).
#
#   bench/retrieval/java_tree.sh OUT      (OUT/tree is the tree; OUT/dl the downloads)
#   REPOKB_HOME=DIR python -m repokb index OUT/tree --project java
set -euo pipefail
OUT=$(realpath "$1"); HERE=$(dirname "$(realpath "$0")")
D=$OUT/dl; T=$OUT/tree; mkdir -p "$D/apt/lists" "$D/apt/parts" "$D/x"; rm -rf "$T"; mkdir -p "$T"
cd "$D"
echo "deb-src http://deb.debian.org/debian bookworm main" > apt/src.list
APT=(-o Dir::Etc::SourceList="$D/apt/src.list" -o Dir::Etc::SourceParts="$D/apt/parts"
     -o Dir::State::Lists="$D/apt/lists")
apt-get "${APT[@]}" update -q >/dev/null
apt-get "${APT[@]}" source --download-only libcommons-lang3-java jackson-databind guava-libraries >/dev/null
for f in *.orig.tar.xz; do tar xJf "$f" -C x; done
J=x/jackson-databind-jackson-databind-2.14.0; JD=src/main/java/com/fasterxml/jackson/databind
mkdir -p "$T/jackson-databind/$JD" "$T/jackson-databind/src/moditect" "$T/jackson-databind/.mvn"
for c in DeserializationFeature SerializationFeature MapperFeature ObjectMapper ObjectReader JsonNode Module; do
  cp "$J/$JD/$c.java" "$T/jackson-databind/$JD/"; done
cp -r "$J/$JD/annotation" "$T/jackson-databind/$JD/"; cp "$J/src/moditect/module-info.java" "$T/jackson-databind/src/moditect/"
cp "$J/pom.xml" "$J/mvnw" "$T/jackson-databind/"; cp -r "$J/.mvn/wrapper" "$T/jackson-databind/.mvn/"
R=src/test-jdk14/java/com/fasterxml/jackson/databind/records; mkdir -p "$T/jackson-databind/$R"
cp "$J/$R/RecordBasicsTest.java" "$J/$R/RecordCreatorsTest.java" "$T/jackson-databind/$R/"
C=x/commons-lang-rel-commons-lang-3.12.0; CD=src/main/java/org/apache/commons/lang3; CT=src/test/java/org/apache/commons/lang3
mkdir -p "$T/commons-lang3/$CD" "$T/commons-lang3/$CT"
for c in StringUtils ArrayUtils JavaVersion ObjectUtils Validate; do cp "$C/$CD/$c.java" "$T/commons-lang3/$CD/"; done
cp "$C/pom.xml" "$T/commons-lang3/"; cp "$C/$CT/StringUtilsEmptyBlankTest.java" "$T/commons-lang3/$CT/"
G=x/guava-31.1; GD=guava/src/com/google/common; GT=guava-tests/test/com/google/common
mkdir -p "$T/guava/$GD/base" "$T/guava/$GD/collect" "$T/guava/$GD/cache" "$T/guava/$GT/collect" "$T/guava/$GT/base"
for c in Preconditions Joiner Splitter Strings Optional Objects MoreObjects Stopwatch CharMatcher Verify package-info; do
  cp "$G/$GD/base/$c.java" "$T/guava/$GD/base/"; done
for c in ImmutableList ImmutableMap ImmutableSet package-info; do cp "$G/$GD/collect/$c.java" "$T/guava/$GD/collect/"; done
for c in CacheBuilder LoadingCache CacheLoader Cache package-info; do cp "$G/$GD/cache/$c.java" "$T/guava/$GD/cache/"; done
cp "$G/pom.xml" "$T/guava/"; cp "$G/$GT/collect/ImmutableListTest.java" "$T/guava/$GT/collect/"
cp "$G/$GT/base/PreconditionsTest.java" "$T/guava/$GT/base/"
A=$T/demo-app; cp -r "$HERE/java_app" "$A"; cp "$J/mvnw" "$A/"; mkdir -p "$A/.mvn/wrapper" "$A/target/classes"
cp "$J/.mvn/wrapper/maven-wrapper.properties" "$A/.mvn/wrapper/"
echo "fake" > "$A/target/classes/application.properties"; printf 'PK\003\004junk' > "$A/target/orders-service-0.4.0-SNAPSHOT.jar"
find "$T" -type f | wc -l
