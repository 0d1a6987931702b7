"""Apple-platform projects: each file of an iOS/macOS tree gets the kind Linguist and Xcode imply.

A pass over expo-modules-core 58.2.0 (ios/), @capacitor/ios 8.6.0, react-native 0.86.3 (React/)
and the React Native app template 0.87.2 (ios/) found 250 Objective-C headers (`@interface`,
`#import "X.h"` beside their `.m`/`.mm`) read as C, and every podspec, Info.plist, privacy
manifest, .xcconfig, .modulemap, project.pbxproj, scheme and storyboard `unknown`, so excluded
without a reason; asset catalogs' Contents.json files were embedded as configuration.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Kind, Policy, SkippedPath, SourceFile
from repokb.pipeline.discover import ProjectRoot, discover

from ..conftest import classify_file, write

OBJC_HEADER = ('#import <Foundation/Foundation.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\n'
               '@interface CAPPlugin : NSObject\n- (void)load;\n@end\n')
QUOTED_IMPORT = '#import "CDVPlugin.h"\n\nextern NSString* const CDVPageDidLoadNotification;\n'
C_HEADER = "#ifndef FOO_H\n#define FOO_H\n#include <stdio.h>\nint foo(void);\n#endif\n"
PLIST = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST'
         ' 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'
         '<dict>\n\t<key>CFBundleName</key>\n\t<string>$(PRODUCT_NAME)</string>\n</dict>\n'
         '</plist>\n')
PODSPEC = ("Pod::Spec.new do |s|\n  s.name = 'Capacitor'\n  s.version = '8.6.0'\n"
           "  s.source_files = 'Capacitor/Capacitor/**/*.{swift,h,m}'\nend\n")
PACKAGE_SWIFT = ('// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = '
                 'Package(name: "Capacitor", targets: [.target(name: "Capacitor")])\n')
PBXPROJ = ("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 54;\n\tobjects = {\n"
           "\t};\n}\n")
STORYBOARD = ('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3'
              '.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="15702">\n</document>\n')
ASSETS = '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n'


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("Capacitor/CAPPlugin.h", OBJC_HEADER, Kind.SOURCE, "objc_source", "objc",
         Policy.PARSE_AND_INDEX),
        ("Classes/Public/CDVViewController.h", QUOTED_IMPORT, Kind.SOURCE, "objc_source",
         "objc", Policy.PARSE_AND_INDEX),
        ("src/foo.h", C_HEADER, Kind.SOURCE, "c_source", "c", Policy.PARSE_AND_INDEX),
        # a C++ header is C++ (Linguist's heuristic: templates, namespaces, std::, access
        # labels ...), so its classes and namespaces are cut by the C++ grammar
        ("ReactCommon/jsi/jsi.h", "#pragma once\n#include <memory>\n#include <string>\n\n"
         "namespace facebook {\nnamespace jsi {\nclass JSI_EXPORT Buffer {\n public:\n"
         "  virtual ~Buffer();\n};\n}\n}\n", Kind.SOURCE, "cpp_source", "cpp",
         Policy.PARSE_AND_INDEX),
        ("include/vec.h", "#ifndef VEC_H\n#define VEC_H\ntemplate <typename T>\n"
         "T add(T a, T b) { return a + b; }\n#endif\n", Kind.SOURCE, "cpp_source", "cpp",
         Policy.PARSE_AND_INDEX),
        # words in a C header's comment or names are no C++ marks
        ("src/lock.h", "/* trylock: the class of locks */\nint trylock(void);\n"
         "int try_again(int n);\n", Kind.SOURCE, "c_source", "c", Policy.PARSE_AND_INDEX),
        # `.m` is also MATLAB's (Linguist's heuristic): no Objective-C mark, a `%` comment or
        # a `function` line; MATLAB read with the Objective-C grammar gave broken pieces
        ("toolbox/solve_ode.m", "function y = solve_ode(t, y0)\n% SOLVE_ODE integrates\n"
         "y = ode45(@f, t, y0);\nend\n", Kind.SOURCE, "matlab_source", "matlab",
         Policy.PARSE_AND_INDEX),
        ("scripts/plot_results.m", "% plot the results\nx = linspace(0, 1);\nplot(x, x.^2);\n",
         Kind.SOURCE, "matlab_source", "matlab", Policy.PARSE_AND_INDEX),
        ("Classes/CDVPlugin.m", '#import "CDVPlugin.h"\n\n@implementation CDVPlugin\n'
         "- (void)pluginInitialize {\n  // a comment\n}\n@end\n", Kind.SOURCE, "objc_source",
         "objc", Policy.PARSE_AND_INDEX),
        ("Capacitor.podspec", PODSPEC, Kind.DEPENDENCY_MANIFEST, "cocoapods_spec", "ruby",
         Policy.INDEX_TEXT),
        # RubyGems' spec is Ruby as CocoaPods' is (Linguist); it had no language
        ("rack.gemspec", PODSPEC.replace("Pod::Spec", "Gem::Specification"),
         Kind.DEPENDENCY_MANIFEST, "gem_spec", "ruby", Policy.INDEX_TEXT),
        ("Package.swift", PACKAGE_SWIFT, Kind.DEPENDENCY_MANIFEST, "swiftpm_manifest", "swift",
         Policy.INDEX_TEXT),
        ("Package.resolved", '{\n  "pins" : [ ],\n  "version" : 2\n}\n', Kind.LOCKFILE,
         "swiftpm_lockfile", "json", Policy.METADATA_ONLY),
        ("Capacitor/Info.plist", PLIST, Kind.CONFIGURATION, "xml_config", "xml",
         Policy.INDEX_TEXT),
        ("Capacitor/PrivacyInfo.xcprivacy", PLIST, Kind.CONFIGURATION, "xml_config", "xml",
         Policy.INDEX_TEXT),
        ("App/App.entitlements", PLIST, Kind.CONFIGURATION, "xml_config", "xml",
         Policy.INDEX_TEXT),
        ("third-party.xcconfig", "HEADER_SEARCH_PATHS = $(inherited) ../third-party\n",
         Kind.CONFIGURATION, "ini_config", "ini", Policy.INDEX_TEXT),
        ("Capacitor/Capacitor.modulemap", "framework module Capacitor {\n  umbrella header "
         '"Capacitor.h"\n  export *\n}\n', Kind.INFRASTRUCTURE, "modulemap", "modulemap",
         Policy.INDEX_TEXT),
        ("App.xcodeproj/project.pbxproj", PBXPROJ, Kind.GENERATED, "xcode_project", None,
         Policy.METADATA_ONLY),
        ("App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", STORYBOARD, Kind.GENERATED,
         "xcode_scheme", None, Policy.METADATA_ONLY),
        ("App/LaunchScreen.storyboard", STORYBOARD, Kind.GENERATED, "interface_builder", "xml",
         Policy.METADATA_ONLY),
        ("App/Views/Cell.xib", STORYBOARD, Kind.GENERATED, "interface_builder", "xml",
         Policy.METADATA_ONLY),
        ("App/Images.xcassets/AppIcon.appiconset/Contents.json", ASSETS, Kind.ASSET,
         "asset_catalog", "json", Policy.METADATA_ONLY),
        ("App/en.lproj/Localizable.strings", '"welcome" = "Welcome";\n', Kind.DATA,
         "translation_catalog", None, Policy.METADATA_ONLY),
        ("App/Localizable.xcstrings", '{\n  "sourceLanguage" : "en",\n  "strings" : {}\n}\n',
         Kind.DATA, "translation_catalog", None, Policy.METADATA_ONLY),
        ("fastlane/Appfile", 'app_identifier("com.example.app")\n', Kind.SOURCE, "ruby_source",
         "ruby", Policy.PARSE_AND_INDEX),
        ("fastlane/Matchfile", 'git_url("git@example.com:certs.git")\n', Kind.SOURCE,
         "ruby_source", "ruby", Policy.PARSE_AND_INDEX),
    ],
)
def test_apple_files(tmp_path: Path, rel: str, content: str, kind: Kind, subkind: str,
                     language: str | None, policy: Policy) -> None:
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.language, c.index_policy) == (kind, subkind, language, policy)
    assert c.reasons and "no rule matched" not in c.reasons[0]  # a user sees why


def test_xcode_and_swiftpm_output_and_user_state_are_not_walked(tmp_path: Path) -> None:
    for rel in ("DerivedData/App/Build/Intermediates/gen.swift", ".build/debug/out.swift",
                ".swiftpm/xcode/package.xcworkspace/contents.xcworkspacedata",
                "App.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/xcschememanagement.plist",
                "App/AppDelegate.swift"):
        write(tmp_path, rel, "x = 1\n")
    items = list(discover(ProjectRoot("p", tmp_path)))
    files = {i.path for i in items if isinstance(i, SourceFile)}
    skipped = {i.path: i.reason for i in items if isinstance(i, SkippedPath)}
    assert files == {"App/AppDelegate.swift"}
    assert set(skipped) == {"DerivedData", ".build", ".swiftpm", "App.xcodeproj/xcuserdata"}
    assert all(r.startswith("skipped directory: ") for r in skipped.values())


def test_a_provisioning_profile_is_binary_metadata(tmp_path: Path) -> None:
    c = classify_file(tmp_path, "App/embedded.mobileprovision",
                      b"0\x82\x2f\x1c\x06\x09*\x86H\x86\xf7\r\x01\x07\x02<?xml version=\"1.0\"?>")
    assert (c.kind, c.index_policy) == (Kind.BINARY, Policy.METADATA_ONLY)
