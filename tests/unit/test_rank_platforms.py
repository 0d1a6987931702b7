"""A question that names iOS or Android asks for that platform's side of a native module.

Session mobile40 on react-native-keychain 10.0.0 and expo-location 57.0.20: "where is
getGenericPasswordForOptions implemented on iOS" put the Kotlin method first (the iOS one, named
the same, below it), and "where is getCurrentPositionAsync implemented on iOS" the web shim
`src/ExpoLocation.web.ts` first, the Swift function 8th.
"""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.rank_platforms import ANDROID, IOS, platform_of, platform_said
from repokb.settings import Settings


def _piece(n: int, path: str, language: str, symbol: str, fused: float) -> Candidate:
    payload = {"project": "keychain", "path": path, "kind": "source", "language": language,
               "start_line": 1, "end_line": 12, "symbol": symbol, "symbol_type": "method",
               "quality": 0.5, "content": f"{symbol}\n", "chunk_index": n}
    return Candidate(str(n), payload, fused, n, n, 0.5)


def pool() -> list[Candidate]:
    return [
        _piece(1, "android/src/main/java/com/oblador/keychain/KeychainModule.kt", "kotlin",
               "KeychainModule.getGenericPasswordForOptions", 0.0330),
        _piece(2, "ios/RNKeychainManager/RNKeychainManager.m", "objc",
               "RNKeychainManager.getGenericPasswordForOptions", 0.0300),
        _piece(3, "src/index.ts", "typescript", "getGenericPassword", 0.0310),
    ]


def test_the_platform_a_question_names_comes_first():
    s = Settings()
    ranked = rerank(pool(), plan("where is getGenericPasswordForOptions implemented on iOS"), s)
    assert ranked[0].id == "2" and ranked[0].factors["platform_said"] == s.path_boost
    assert all("platform_said" not in c.factors for c in ranked[1:])
    ranked = rerank(pool(), plan("how does the Android side get the generic password"), s)
    assert ranked[0].id == "1" and "platform_said" in ranked[0].factors
    # no platform named, or both: the order the rest of the ranking gives
    for question in ("where is getGenericPasswordForOptions implemented",
                     "how do iOS and Android store the generic password"):
        assert all("platform_said" not in c.factors for c in rerank(pool(), plan(question), s))


def test_a_project_of_one_platform_is_not_reordered_by_the_word():
    # a Swift package asked "how does the Swift client retry": no candidate is another
    # platform's and none lies in a platform's folder, so the word tells nothing apart
    s = Settings()
    swift = _piece(4, "Sources/Keychain/Keychain.swift", "swift", "Keychain.password", 0.03)
    docs = _piece(5, "README.md", "markdown", "Usage", 0.031)
    assert all("platform_said" not in c.factors
               for c in rerank([swift, docs], plan("how does the Swift client read it"), s))


def test_a_platforms_folder_is_evidence_enough():
    # expo-location: "which Android permissions does expo-location declare" found no iOS
    # candidate; its manifest under android/ steps forward by its folder, the TypeScript not
    s = Settings()
    types = _piece(6, "src/Location.types.ts", "typescript", "LocationPermissionResponse", 0.0298)
    manifest = _piece(7, "android/src/main/AndroidManifest.xml", "xml", "manifest", 0.0270)
    ranked = rerank([types, manifest], plan("which Android permissions does it declare"), s)
    assert ranked[0] is manifest and "platform_said" in manifest.factors


def test_a_files_platform_is_its_folder_else_its_language():
    assert platform_of("ios/Sources/PushNotificationsPlugin/Plugin.swift", "swift") == IOS
    assert platform_of("src/ios/CDVCamera.m", "objc") == IOS
    assert platform_of("src/android/CameraLauncher.java", "java") == ANDROID
    assert platform_of("shared/src/androidMain/kotlin/Platform.kt", "kotlin") == ANDROID
    assert platform_of("Sources/App/Client.swift", "swift") == IOS
    assert platform_of("src/ExpoLocation.web.ts", "typescript") is None
    assert platform_of("docs/ios/android-setup.md", "markdown") == IOS
    assert platform_said("which permission does the Android side request") == ANDROID
    assert platform_said("which deployment target does the podspec set for iOS") == IOS
    assert platform_said("which iOS and Android versions are supported") is None
    assert platform_said("where is the event emitted to JS") is None
