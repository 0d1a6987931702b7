"""Android and JVM projects: what a Gradle/Android Studio tree holds is classified as its role.

A pass over an Android Studio-shaped app, @capacitor/android 8.6.0, expo-modules-core 58.2.0 and
react-native 0.88.1's ReactAndroid found the app's own code under `src/main/java/com/example/app/`
(Android Studio's default package) classified as *example code* (supporting role), the nine
`android/cmake/*.cmake` modules of expo-modules-core unknown (excluded), Android lint's
`lint-baseline.xml` (a tool's list of ignored warnings) indexed as configuration, and
`Automatically generated file. DO NOT MODIFY` (BuildConfig.java) and `Generated File. Do not
edit.` (Capacitor's native-bridge.js) not seen as generated.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy, Role

from ..conftest import assert_classified, classify_file

ACTIVITY = ("package com.example.app\n\nimport android.os.Bundle\n\n"
            "class MainActivity : AppCompatActivity() {\n"
            "    override fun onCreate(savedInstanceState: Bundle?) {\n"
            "        super.onCreate(savedInstanceState)\n    }\n}\n")
SPRING_TEST = ("package org.springframework.test.context;\n\n"
               "public interface TestContext {\n    Class<?> getTestClass();\n}\n")
BUILD_CONFIG = ("/**\n * Automatically generated file. DO NOT MODIFY\n */\n"
                "package com.example.app;\n\npublic final class BuildConfig {\n"
                '  public static final String APPLICATION_ID = "com.example.app";\n}\n')
NATIVE_BRIDGE = ("/*! Capacitor: https://capacitorjs.com/ - MIT License */\n"
                 "/* Generated File. Do not edit. */\n\n"
                 "var nativeBridge = (function (exports) {\n    'use strict';\n})({});\n")
LINT_BASELINE = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                 '<issues format="5" by="lint 4.1.1" client="gradle" variant="all">\n'
                 '    <issue id="DefaultLocale" message="Implicitly using the default locale">\n'
                 '        <location file="src/main/java/com/getcapacitor/Bridge.java"/>\n'
                 "    </issue>\n</issues>\n")
CMAKE = ("include(\"${CMAKE_CURRENT_LIST_DIR}/variables.cmake\")\n"
         "add_library(expo-modules-core SHARED ${SOURCES})\n")
KEEP_RULES = ("# https://github.com/expo/expo/issues/3918\n\n"
              "-keep class expo.modules.location.taskConsumers.** { *; }\n")
CATALOG = '[versions]\nagp = "8.2.0"\n\n[libraries]\ncore = { module = "androidx.core:core-ktx" }\n'


@pytest.mark.parametrize("rel", [
    "app/src/main/java/com/example/app/MainActivity.kt",
    "app/src/main/kotlin/com/example/app/MainActivity.kt",
    "lib/src/debug/java/org/example/samples/MainActivity.kt",
])
def test_a_package_named_example_is_the_apps_own_source(tmp_path, rel):
    c = classify_file(tmp_path, rel, ACTIVITY)
    assert (c.kind, c.subkind, c.knowledge_role) == (Kind.SOURCE, "kotlin_source", Role.PRIMARY)


def test_an_examples_folder_above_the_source_set_is_still_example_code(tmp_path):
    c = classify_file(tmp_path, "examples/demo/src/main/java/com/acme/MainActivity.kt", ACTIVITY)
    assert (c.kind, c.subkind) == (Kind.SOURCE, "example")


def test_a_test_package_in_main_is_the_library_not_its_tests(tmp_path):
    # spring-test ships org.springframework.test; a django.test of the JVM
    main = classify_file(tmp_path, "spring-test/src/main/java/org/springframework/test/context/"
                         "TestContext.java", SPRING_TEST)
    assert (main.kind, main.subkind) == (Kind.SOURCE, "java_source")
    # the source set still says what a test is
    for rel in ("app/src/test/java/com/acme/Helpers.kt",
                "app/src/androidTest/java/com/acme/Helpers.kt"):
        assert classify_file(tmp_path, rel, ACTIVITY).kind == Kind.TEST, rel


@pytest.mark.parametrize(("rel", "content", "kind", "subkind", "policy"), [
    ("gen/com/example/app/BuildConfig.java", BUILD_CONFIG, Kind.GENERATED, "generated_code",
     Policy.METADATA_ONLY),
    ("capacitor/src/main/assets/native-bridge.js", NATIVE_BRIDGE, Kind.GENERATED,
     "generated_code", Policy.METADATA_ONLY),
    ("capacitor/lint-baseline.xml", LINT_BASELINE, Kind.GENERATED, "lint_baseline",
     Policy.METADATA_ONLY),
    ("android/cmake/main.cmake", CMAKE, Kind.INFRASTRUCTURE, "cmake", Policy.INDEX_TEXT),
    ("gradle/libs.versions.toml", CATALOG, Kind.DEPENDENCY_MANIFEST, "gradle_version_catalog",
     Policy.INDEX_TEXT),
    # ProGuard/R8 keep rules (mobile40: Linguist's vendor.yml names `proguard-rules.pro`
    # anywhere, so expo-location's `-keep class expo.modules.location.taskConsumers.**` and the
    # React Native app template's were excluded as vendored)
    ("android/proguard-rules.pro", KEEP_RULES, Kind.CONFIGURATION, "proguard_rules",
     Policy.INDEX_TEXT),
    ("app/proguard-rules.pro", "# Add project specific ProGuard rules here.\n",
     Kind.CONFIGURATION, "proguard_rules", Policy.INDEX_TEXT),
    ("library/consumer-rules.pro", KEEP_RULES, Kind.CONFIGURATION, "proguard_rules",
     Policy.INDEX_TEXT),
    ("app/proguard-release.pro", KEEP_RULES, Kind.CONFIGURATION, "proguard_rules",
     Policy.INDEX_TEXT),
])
def test_android_build_files(tmp_path, rel, content, kind, subkind, policy):
    assert_classified(tmp_path, rel, content, kind=kind, subkind=subkind, index_policy=policy)


def test_a_comment_that_only_mentions_generated_files_is_not_a_marker(tmp_path):
    text = "// Copies the generated file into place; do not edit the copy by hand.\nvar x = 1;\n"
    assert classify_file(tmp_path, "scripts/copy.js", text).kind == Kind.SOURCE


STRINGS = ('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
           '    <string name="welcome">Bienvenue dans la météo</string>\n</resources>\n')
VECTOR = ('<vector xmlns:android="http://schemas.android.com/apk/res/android" '
          'android:width="24dp" android:height="24dp">\n'
          '    <path android:fillColor="#FF000000" android:pathData="M12,2C6.48,2 2,6.48 2,12z"/>\n'
          "</vector>\n")
MANIFEST = ('<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n'
            '    <uses-permission android:name="android.permission.INTERNET" />\n</manifest>\n')


@pytest.mark.parametrize(("rel", "kind", "subkind"), [
    # translations of values/strings.xml, as a gettext catalog: data, metadata only
    ("app/src/main/res/values-fr/strings.xml", Kind.DATA, "translation_catalog"),
    ("app/src/main/res/values-zh-rTW/strings.xml", Kind.DATA, "translation_catalog"),
    ("app/src/main/res/values-b+sr+Latn/strings.xml", Kind.DATA, "translation_catalog"),
    ("app/src/main/res/values-fil/plurals.xml", Kind.DATA, "translation_catalog"),
    ("app/src/main/res/values-de-night/strings.xml", Kind.DATA, "translation_catalog"),
    # the text itself, and other qualifiers, stay configuration
    ("app/src/main/res/values/strings.xml", Kind.CONFIGURATION, "xml_config"),
    ("app/src/main/res/values-night/themes.xml", Kind.CONFIGURATION, "xml_config"),
    ("app/src/main/res/values-v21/styles.xml", Kind.CONFIGURATION, "xml_config"),
    ("app/src/main/res/values-car/dimens.xml", Kind.CONFIGURATION, "xml_config"),
    ("app/src/main/res/values-sw600dp/dimens.xml", Kind.CONFIGURATION, "xml_config"),
    ("app/src/main/res/layout/activity_main.xml", Kind.CONFIGURATION, "xml_config"),
])
def test_android_values_folders(tmp_path, rel, kind, subkind):
    c = classify_file(tmp_path, rel, STRINGS)
    assert (c.kind, c.subkind) == (kind, subkind), c.reasons


@pytest.mark.parametrize("rel", [
    "app/src/main/res/drawable/ic_launcher_background.xml",
    "app/src/main/res/drawable-v24/ic_launcher_foreground.xml",
    "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml",
    "ReactAndroid/src/main/res/devsupport/anim/catalyst_push_up_in.xml",
])
def test_android_drawables_are_assets(tmp_path, rel):
    c = classify_file(tmp_path, rel, VECTOR)
    assert (c.kind, c.subkind, c.index_policy) == (Kind.ASSET, "android_drawable",
                                                   Policy.METADATA_ONLY), c.reasons


def test_a_drawable_folder_outside_res_is_not_android(tmp_path):
    c = classify_file(tmp_path, "docs/drawable/notes.xml", VECTOR)
    assert c.kind == Kind.CONFIGURATION


def test_android_manifest(tmp_path):
    c = classify_file(tmp_path, "app/src/main/AndroidManifest.xml", MANIFEST)
    assert (c.kind, c.subkind, c.index_policy) == (Kind.CONFIGURATION, "android_manifest",
                                                   Policy.INDEX_TEXT)
