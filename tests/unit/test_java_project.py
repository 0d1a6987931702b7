"""A plain Java (Maven) project as a new user meets it: Guava, commons-lang3 and jackson-databind
sources (Debian bookworm's source packages) beside a Spring-style app, pom.xml, settings.xml,
application.properties/yml (session 32, newuser32)."""

from __future__ import annotations

from repokb.models import Kind, Policy
from repokb.secrets import redact

from ..conftest import assert_redacted, cases, classify_file

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


# jackson-databind 2.14's DeserializationFeature: an enum of 30 constants, each with its
# Javadoc (the file is 22 KB); the question "which feature makes unknown properties fail" is
# answered by one constant
_FEATURE = '''package com.fasterxml.jackson.databind;

/**
 * Enumeration that defines simple on/off features that affect
 * the way Java objects are deserialized from JSON
 */
public enum DeserializationFeature implements ConfigFeature
{
''' + "".join(f'''    /**
     * Feature that determines whether encountering of {i} unknown properties
     * (ones that do not map to a property, and there is no "any setter" or handler
     * that can handle it) should result in a failure (by throwing a JsonMappingException) or not.
     */
    FEATURE_{i}(true),

''' for i in range(12)) + '''    /**
     * Feature that determines whether encountering of unknown
     * properties should result in a failure.
     *<p>
     * Feature is enabled by default (meaning that a
     * JsonMappingException will be thrown if an unknown property
     * is encountered).
     */
    FAIL_ON_UNKNOWN_PROPERTIES(true),
    ;

    private final boolean _defaultState;

    private DeserializationFeature(boolean defaultState) {
        _defaultState = defaultState;
    }

    @Override
    public boolean enabledByDefault() { return _defaultState; }
}
'''

MODULE_INFO = '''// Generated 08-Mar-2019 using Moditect maven plugin
module com.fasterxml.jackson.databind {
    requires java.desktop;
    requires java.logging;

    requires transitive com.fasterxml.jackson.annotation;
    requires transitive com.fasterxml.jackson.core;

    exports com.fasterxml.jackson.databind;
    exports com.fasterxml.jackson.databind.annotation;
    exports com.fasterxml.jackson.databind.cfg;
''' + "".join(f"    exports com.fasterxml.jackson.databind.part{i};\n" for i in range(40)) + '''
    opens com.fasterxml.jackson.databind;
    provides com.fasterxml.jackson.core.ObjectCodec with
        com.fasterxml.jackson.databind.ObjectMapper;
}
'''


def _pieces(path: str, text: str) -> list:  # type: ignore[type-arg]
    from repokb.pipeline.chunk import chunk_file

    from .test_enrich_and_metrics import PLAN, _classification, _file

    return chunk_file(_file(path), _classification("java"), text, "h", PLAN).chunks


def test_a_big_enum_is_cut_per_constant_with_its_javadoc():
    pieces = _pieces("src/main/java/com/fasterxml/jackson/databind/DeserializationFeature.java",
                     _FEATURE)
    named = {c.symbol: c for c in pieces}
    fail = named["DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES"]
    assert fail.symbol_type == "constant"
    assert "unknown\n     * properties should result in a failure" in fail.content
    assert "FEATURE_3" not in fail.content
    assert "DeserializationFeature.enabledByDefault" in named


def test_module_info_is_one_piece_named_after_its_module():
    pieces = _pieces("src/moditect/module-info.java", MODULE_INFO)
    assert [(c.symbol, c.symbol_type) for c in pieces] == [
        ("com.fasterxml.jackson.databind", "module")]
    assert pieces[0].content.startswith("// Generated 08-Mar-2019")


SPRING_FACTORIES = (
    "org.springframework.boot.autoconfigure.EnableAutoConfiguration=\\\n"
    "com.example.orders.OrdersAutoConfiguration,\\\n"
    "com.example.orders.PricingAutoConfiguration\n")


def test_spring_factories_is_properties_configuration(tmp_path):
    """META-INF/spring.factories, Spring's auto-configuration list in properties form, was
    unknown and excluded."""
    c = classify_file(tmp_path, "src/main/resources/META-INF/spring.factories", SPRING_FACTORIES)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.CONFIGURATION, "ini", Policy.INDEX_TEXT), c.reasons


MAVEN_WRAPPER = (
    "distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.8.4/"
    "apache-maven-3.8.4-bin.zip\n"
    "wrapperUrl=https://repo.maven.apache.org/maven2/io/takari/maven-wrapper/0.5.6/"
    "maven-wrapper-0.5.6.jar\n")


def test_the_maven_wrappers_properties_are_configuration_its_jar_vendored(tmp_path):
    """`.mvn/wrapper/maven-wrapper.properties` says which Maven the build runs, as Gradle's
    `gradle-wrapper.properties` does (configuration since 0.3.18); it was vendored, excluded."""
    c = classify_file(tmp_path, ".mvn/wrapper/maven-wrapper.properties", MAVEN_WRAPPER)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.CONFIGURATION, "ini", Policy.INDEX_TEXT), c.reasons
    jar = classify_file(tmp_path, ".mvn/wrapper/maven-wrapper.jar", b"PK\x03\x04" + bytes(200))
    assert jar.index_policy == Policy.EXCLUDE
    assert classify_file(tmp_path, "mvnw", "#!/bin/sh\nexec java\n").kind == Kind.VENDOR


# jackson-databind 2.14's SerializationFeature: banners head each group of constants
_BANNERED = '''package com.fasterxml.jackson.databind;

/**
 * Enumeration that defines simple on/off features that affect
 * the way Java objects are serialized.
 */
public enum SerializationFeature implements ConfigFeature
{
''' + "".join(f'''    /**
     * Feature that determines whether output {i} is wrapped in a single property
     * whose name is the root name of the value's class (see the annotation), or not.
     */
    FEATURE_{i}(false),

''' for i in range(12)) + '''    /*
    /**********************************************************
    /* Datatype-specific serialization configuration
    /**********************************************************
     */

    /**
     * Feature that determines whether Date (and date/time) values
     * (and Date-based things like Calendars) are to be serialized
     * as numeric time stamps (true; the default), or as something else
     * (usually textual representation).
     */
    WRITE_DATES_AS_TIMESTAMPS(true),

    // ---- Deprecated features ----

    WRITE_NULL_MAP_VALUES(true),
    ;

    private final boolean _defaultState;

    private SerializationFeature(boolean defaultState) {
        _defaultState = defaultState;
    }
}
'''


def test_a_banner_between_enum_constants_is_no_piece_named_after_the_enum():
    """A banner (`/* Datatype-specific serialization configuration */`) was a piece of comments
    named after the enum, which won "which SerializationFeature writes dates as timestamps" on
    the enum's name; it is an unnamed piece scored as comments, the constants below it keep
    their Javadoc alone (the banner's 120 asterisks would take half of what the model reads)
    and are scored as documented code."""
    pieces = _pieces("src/main/java/com/fasterxml/jackson/databind/SerializationFeature.java",
                     _BANNERED)
    named = {c.symbol: c for c in pieces}
    dates = named["SerializationFeature.WRITE_DATES_AS_TIMESTAMPS"]
    assert dates.content.lstrip().startswith("/**\n     * Feature that determines whether Date")
    banners = [c for c in pieces if "Datatype-specific" in c.content]
    assert banners and all(c.symbol is None for c in banners)
    assert all(c.quality < dates.quality for c in banners)
    assert dates.quality >= 0.9


def test_java_pieces_are_named_by_their_package_in_the_embedded_text():
    """`package com.fasterxml.jackson.databind;`: a question naming the package or the fully
    qualified name finds it in the prefix (BM25 and the model both read it); the symbol stays
    as the code writes it."""
    pieces = _pieces("src/main/java/com/fasterxml/jackson/databind/SerializationFeature.java",
                     _BANNERED)
    dates = next(c for c in pieces if c.symbol == "SerializationFeature.WRITE_DATES_AS_TIMESTAMPS")
    assert dates.embed_text.startswith(
        "src/main/java/com/fasterxml/jackson/databind/SerializationFeature.java: constant "
        "com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS — ")
    assert not [c for c in pieces if c.symbol_type == "package"]


# guava 31.1's com/google/common/base/package-info.java: a license, then the package's Javadoc
_PACKAGE_INFO = '''/*
 * Copyright (C) 2007 The Guava Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 * in compliance with the License.
 */

/**
 * Basic utility libraries and interfaces.
 *
 * <p>This package is a part of the open-source <a href="https://github.com/google/guava">Guava</a>
 * library.
 *
 * <h2>String-related utilities</h2>
 *
 * <ul>
 *   <li>{@link com.google.common.base.Ascii}
 *   <li>{@link com.google.common.base.CaseFormat}
 *   <li>{@link com.google.common.base.CharMatcher}
 *   <li>{@link com.google.common.base.Joiner}
 *   <li>{@link com.google.common.base.Splitter}
 *   <li>{@link com.google.common.base.Strings}
 * </ul>
 */
@CheckReturnValue
@ParametersAreNonnullByDefault
package com.google.common.base;

import com.google.errorprone.annotations.CheckReturnValue;
import javax.annotation.ParametersAreNonnullByDefault;
'''


def test_package_info_is_named_by_its_package_its_javadoc_the_packages_documentation():
    """package-info.java was unnamed windows scored as comments (0.35): its Javadoc is the
    package's documentation, one piece named `com.google.common.base`."""
    pieces = _pieces("guava/src/com/google/common/base/package-info.java", _PACKAGE_INFO)
    docs = [c for c in pieces if c.symbol == "com.google.common.base"]
    assert len(docs) == 1 and docs[0].symbol_type == "package"
    assert docs[0].content.startswith("/**\n * Basic utility libraries and interfaces.")
    assert "package com.google.common.base;" in docs[0].content
    assert "Licensed under" not in docs[0].content
    assert docs[0].embed_text.startswith(
        "guava/src/com/google/common/base/package-info.java: package com.google.common.base — ")
    assert docs[0].quality >= 0.9


def test_a_poms_properties_are_read_as_settings_not_markup_noise():
    """`<java.version>17</java.version>`: in a pom's `<properties>` the element names are what
    a reader asks for ("which Java version"); the piece was scored as tags and whitespace
    (0.35, below every dependency)."""
    from repokb.models import ChunkPiece
    from repokb.pipeline.enrich import quality

    props = ChunkPiece("  <properties>\n    <java.version>17</java.version>\n"
                       "    <guava.version>31.1-jre</guava.version>\n"
                       "    <jackson.version>2.14.0</jackson.version>\n  </properties>\n",
                       19, 24, "properties", "element")
    deps = ChunkPiece("    <dependency>\n      <groupId>com.google.guava</groupId>\n"
                      "      <artifactId>guava</artifactId>\n    </dependency>\n",
                      34, 38, "dependency", "element")
    markup = ChunkPiece('  <div class="row"><span class="a"></span><span class="b"></span>'
                        '<span class="c"></span><i class="icon"></i></div>\n',
                        1, 1, "div", "element")
    assert quality(props, "xml") >= quality(deps, "xml")
    assert quality(markup, "xml") < quality(props, "xml")
