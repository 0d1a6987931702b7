"""Gradle builds, Jenkins pipelines and Groovy sources read as their developers expect.

A pass over Gradle builds from npm (@capacitor/android 6.1.2, react-native-webview 16.0.0's
`android/build.gradle`) and a planted Jenkins shared library found every `.gradle`, `.groovy`
and `Jenkinsfile` cut in nameless 500/100 windows, and a project's other pipelines
(`Jenkinsfile.release`, `deploy.jenkinsfile`) unknown, excluded. A Jenkins build parameter's
default under a secret name (`string(name: 'API_TOKEN', defaultValue: 'v')`) reached the store.
"""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.groovy import definitions
from repokb.models import Kind, Policy
from repokb.secrets import REDACTED, redact

from ..conftest import assert_classified

JENKINSFILE = """\
// Release pipeline of the shop service
pipeline {
    agent any
    environment {
        REGISTRY = 'registry.acme.io'
    }
    stages {
        stage('Build') {
            steps {
                sh './gradlew --no-daemon clean assemble'
            }
        }
        // Deploys the chart with Helm
        stage("Deploy to staging") {
            steps {
                sh "helm upgrade --install shop ./chart --set image.tag=${env.BUILD_NUMBER}"
            }
        }
    }
}
"""

STEP = """\
/**
 * Deploys the application with Helm to the given environment.
 */
def call(Map config = [:]) {
    def ns = config.namespace ?: 'default'
    sh "helm upgrade --install ${config.release} ./chart -n ${ns}"
}

// Rolls the release back to the previous revision.
def rollback(Map config) {
    sh "helm rollback ${config.release} -n ${config.namespace}"
}
"""

RES_VALUES = "\n".join(f"        resValue 'string', 'label_{i}', 'Label {i} of the shop'"
                       for i in range(30))
GRADLE = """\
plugins {
    id 'com.android.application'
}

android {
    namespace 'io.acme.shop'
    defaultConfig {
        applicationId 'io.acme.shop'
        minSdk 24
        versionName '2.3.0'
%s
    }
    buildTypes {
        release {
            minifyEnabled true
            proguardFiles getDefaultProguardFile('proguard-android-optimize.txt')
        }
    }
}

// Prints the version name for the release script.
task printVersionName {
    doLast { println android.defaultConfig.versionName }
}

tasks.register('bundleReleaseNotes', Zip) {
    from 'release-notes'
    archiveFileName = 'release-notes.zip'
}

afterEvaluate {
    tasks.register('verifyReleaseNotes') {
        doLast { assert file('release-notes/CHANGES.md').exists() }
    }
}

def deploy = { String target ->
    println "deploying ${target} to the store"
}
""".replace("%s", RES_VALUES)


WRAPPER = ("distributionBase=GRADLE_USER_HOME\ndistributionPath=wrapper/dists\n"
           "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.5-bin.zip\n")


def outline(language: str, text: str, path: str = "") -> list[tuple[str | None, str | None, int]]:
    chunker = chunker_for(language)
    assert chunker is not None, f"no chunker for {language}"
    pieces = chunker.chunk_path(text, path) if path else chunker.chunk(text)  # type: ignore[attr-defined]
    lines = text.splitlines(keepends=True)
    for p in pieces:  # each piece is the file's own lines (a window may cut a long one)
        assert p.content in "".join(lines[p.start_line - 1 : p.end_line])
    assert [p.start_line for p in pieces] == sorted(p.start_line for p in pieces)
    return [(p.symbol, p.symbol_type, p.start_line) for p in pieces]


def test_jenkins_stages_are_pieces_named_by_their_title_with_the_comment_above():
    pieces = outline("groovy", JENKINSFILE)
    assert ("Build", "stage", 7) in pieces  # `stages {` is too short to stand alone
    assert ("Deploy to staging", "stage", 13) in pieces  # its comment line is part of it
    assert ("environment", "block", 4) in pieces
    assert not any(symbol in ("pipeline", "stages") for symbol, _, _ in pieces)


def test_a_shared_library_step_is_named_after_its_file():
    pieces = outline("groovy", STEP, "vars/deployApp.groovy")
    assert pieces == [("deployApp", "function", 1), ("rollback", "function", 9)]
    # the same file outside a vars/ folder keeps Groovy's own name
    assert outline("groovy", STEP, "src/deploy.groovy")[0][0] == "call"


def test_gradle_blocks_and_tasks_are_named_and_a_big_block_is_cut_per_block():
    pieces = outline("groovy", GRADLE)
    symbols = {symbol: kind for symbol, kind, _ in pieces}
    assert symbols["plugins"] == "block"
    assert symbols["android.defaultConfig"] == "block"  # android is over 1500 characters
    assert symbols["android.buildTypes"] == "block"
    assert symbols["printVersionName"] == "task"
    assert symbols["bundleReleaseNotes"] == "task"
    assert symbols["deploy"] == "function"
    assert symbols["afterEvaluate"] == "block"
    # a block's task (a piece of its own once the block is over 1500 characters)
    found = {(d.symbol_type, d.name) for d in definitions(GRADLE, GRADLE.splitlines(True))}
    assert ("task", "verifyReleaseNotes") in found  # not a block named `tasks.register`
    assert ("printVersionName", "task", 50) in pieces  # with its comment


def test_braces_in_strings_comments_and_regexes_do_not_move_the_blocks():
    text = """\
def parse(String tag) {
    // a } in a comment
    def m = tag =~ /^v?(\\d+)\\}$/
    def s = "a { brace ${tag} and '}'"
    def t = '''a
} in a triple-quoted string'''
    return m
}

def render(String name) {
    /* { */ return "<b>${name}</b>"
}
"""
    pieces = outline("groovy", text)
    assert [(s, k, line) for s, k, line in pieces] == [("parse", "function", 1),
                                                       ("render", "function", 10)]


def test_an_escaped_triple_quote_does_not_close_the_string():
    # `\"""` inside a triple-quoted string is an escaped quote and two more (Groovy's lexer):
    # the string went on; the scanner closed it there, the closing `"""` then opened a string
    # to the end of the file and hid the blocks after it (render, deploy not found)
    text = """\
def banner = \"\"\"say \\\"\"\" hi \"\"\"

def render(String name) {
    return "<b>${name}</b>" + banner
}

def deploy(String env) {
    sh "helm upgrade --install shop ./chart --namespace ${env}"
}
"""
    assert '\\"""' in text
    symbols = [(s, k) for s, k, _ in outline("groovy", text)]
    assert ("render", "function") in symbols
    assert ("deploy", "function") in symbols


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("Jenkinsfile", JENKINSFILE, Kind.CI_CD, "jenkins", "groovy", Policy.INDEX_TEXT),
        ("Jenkinsfile.release", JENKINSFILE, Kind.CI_CD, "jenkins", "groovy", Policy.INDEX_TEXT),
        ("deploy.jenkinsfile", JENKINSFILE, Kind.CI_CD, "jenkins", "groovy", Policy.INDEX_TEXT),
        ("ci/nightly.Jenkinsfile", JENKINSFILE, Kind.CI_CD, "jenkins", "groovy",
         Policy.INDEX_TEXT),
        ("vars/deployApp.groovy", STEP, Kind.SOURCE, "groovy_source", "groovy",
         Policy.PARSE_AND_INDEX),
        ("app/build.gradle", GRADLE, Kind.DEPENDENCY_MANIFEST, "gradle_build", "groovy",
         Policy.INDEX_TEXT),
        ("settings.gradle", "include ':app'\n", Kind.DEPENDENCY_MANIFEST, "gradle_settings",
         "groovy", Policy.INDEX_TEXT),
        # which Gradle the build runs is the project's; the wrapper's jar and scripts are Gradle's
        ("gradle/wrapper/gradle-wrapper.properties", WRAPPER, Kind.CONFIGURATION, "ini_config",
         "ini", Policy.INDEX_TEXT),
        ("gradlew", "#!/bin/sh\n# Gradle start up script for POSIX\n", Kind.VENDOR,
         "linguist_vendored", "shell", Policy.EXCLUDE),
    ],
)
def test_gradle_and_jenkins_files_are_read_as_such(tmp_path, rel, content, kind, subkind,
                                                   language, policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


PW = "".join(("Jk8v", "Qe3Rt6Yp1w"))  # a FAKE password, assembled at run time

MUST_REDACT = [
    f"parameters {{\n    string(name: 'API_TOKEN', defaultValue: '{PW}')\n}}\n",
    f"parameters {{\n    password(name: 'NEXUS', description: 'x', defaultValue: '{PW}')\n}}\n",
    # redacted before, kept so
    f"environment {{\n    DB_PASSWORD = '{PW}'\n}}\n",
    f'sh "curl -u admin:{PW} https://nexus.acme.io/upload"\n',
    f"deployApp(env: 'staging', password: '{PW}')\n",
    f"withEnv(['API_TOKEN={PW}', 'STAGE=prod']) {{\n    sh 'make'\n}}\n",
    f'sh "docker login -u ci -p {PW} registry.acme.io"\n',
    f"git url: 'https://ci:{PW}@github.com/acme/shop.git', branch: 'main'\n",
    f'signingConfigs {{\n  release {{\n    storePassword "{PW}"\n'
    f'    keyPassword "{PW}"\n  }}\n}}\n',
    f"maven {{\n  credentials {{\n    username 'ci'\n    password '{PW}'\n  }}\n}}\n",
    f'buildConfigField "String", "API_KEY", "\\"{PW}\\""\n',
]

MUST_KEEP = [  # credential ids and lookups, no values
    "docker.withRegistry('https://registry.acme.io', 'acme-registry-creds') {\n}\n",
    "withCredentials([usernamePassword(credentialsId: 'staging-db', usernameVariable: 'U', "
    "passwordVariable: 'P')]) {\n}\n",
    "sshagent(['deploy-key']) {\n    sh 'ssh deploy@staging ./restart.sh'\n}\n",
    "environment {\n    DB_PASSWORD = credentials('shop-db-password')\n}\n",
    "parameters {\n    string(name: 'BRANCH', defaultValue: 'main')\n"
    "    password(name: 'DB_PASS', defaultValue: '')\n}\n",
    "storePassword keystoreProperties['storePassword']\n",
    "password System.getenv('NEXUS_PASSWORD')\n",
]


@pytest.mark.parametrize("text", MUST_REDACT)
def test_a_jenkins_or_gradle_credential_is_redacted(text):
    result = redact(text, "code", "groovy")
    assert PW not in result.text, result.text
    assert REDACTED in result.text


@pytest.mark.parametrize("text", MUST_KEEP)
def test_a_credential_id_or_lookup_stays_readable(text):
    assert redact(text, "code", "groovy").text == text


def test_a_long_line_of_blocks_takes_linear_time():
    # 20,000 blocks on one line (160 KB, minified or generated): the line before each `{` was
    # read again for each of them, 37 s of CPU; now 0.1 s
    import time

    text = "def f() { " + "a { b } " * 20000 + "}\n"
    started = time.process_time()
    pieces = outline("groovy", text)
    assert time.process_time() - started < 5
    assert pieces
