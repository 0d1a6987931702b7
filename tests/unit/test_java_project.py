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
