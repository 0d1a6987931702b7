package org.acme.pipeline

import groovy.json.JsonSlurper

/**
 * A semantic version number read from a git tag ("v1.4.2").
 */
class SemVer implements Comparable<SemVer>, Serializable {
    int major
    int minor
    int patch

    /** Parses a tag such as 'v1.4.2' or '1.4.2'; fails on anything else. */
    static SemVer parse(String tag) {
        def m = tag =~ /^v?(\d+)\.(\d+)\.(\d+)$/
        if (!m.matches()) {
            throw new IllegalArgumentException("not a version tag: ${tag}")
        }
        return new SemVer(major: m[0][1] as int, minor: m[0][2] as int, patch: m[0][3] as int)
    }

    // The next minor version: 1.4.2 -> 1.5.0
    SemVer bumpMinor() {
        new SemVer(major: major, minor: minor + 1, patch: 0)
    }

    // The next major version: 1.4.2 -> 2.0.0
    SemVer bumpMajor() {
        new SemVer(major: major + 1, minor: 0, patch: 0)
    }

    // The next patch version: 1.4.2 -> 1.4.3, for a hotfix branch
    SemVer bumpPatch() {
        new SemVer(major: major, minor: minor, patch: patch + 1)
    }

    @Override
    int compareTo(SemVer other) {
        major <=> other.major ?: minor <=> other.minor ?: patch <=> other.patch
    }

    @Override
    String toString() {
        "${major}.${minor}.${patch}"
    }

    /**
     * The versions of the tags in `git tag --list`, newest first, ignoring tags
     * that are no version ("nightly", "latest").
     */
    static List<SemVer> fromTags(String listing) {
        listing.readLines()
            .findAll { it ==~ /^v?\d+\.\d+\.\d+$/ }
            .collect { parse(it) }
            .sort { a, b -> b <=> a }
    }
}

// Reads the service's release notes from the JSON the release tool writes.
def readReleaseNotes = { String path ->
    def notes = new JsonSlurper().parseText(new File(path).text)
    notes.entries.collect { "* ${it.title} (#${it.pr})" }.join('\n')
}

/**
 * Tags the current commit with the next version and pushes the tag.
 */
def tagRelease(String current, boolean major = false) {
    def next = major ? SemVer.parse(current).bumpMajor() : SemVer.parse(current).bumpMinor()
    sh "git tag -a v${next} -m 'Release ${next}'"
    sh "git push origin v${next}"
    return next
}

node('linux') {
    stage('Checkout') {
        checkout scm
    }
    stage('Tag release') {
        def current = sh(script: 'git describe --tags --abbrev=0', returnStdout: true).trim()
        tagRelease(current)
    }
}
