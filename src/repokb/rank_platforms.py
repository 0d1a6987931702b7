"""A question that names a mobile platform asks for that platform's side of the code.

A React Native, Expo, Capacitor or Cordova module implements each method twice, in `ios/`
(Swift, Objective-C) and in `android/` (Kotlin, Java), beside its JavaScript: "where is
getGenericPasswordForOptions implemented on iOS" found react-native-keychain's Kotlin method
first, and "where is getCurrentPositionAsync implemented on iOS" expo-location's web shim
(`ExpoLocation.web.ts`), the same name in each. A piece on the platform the question names
gets the factor a file the question names gets (`path_boost`), when the candidates hold the
other platform's code too: in a project of one platform the word tells nothing apart.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

IOS, ANDROID = "ios", "android"
_SAID = {IOS: re.compile(r"\b(?:ios|iphone|ipad|ipados|swift|objective-?c|objc|xcode|cocoapods"
                         r"|uikit|swiftui|tvos|visionos|watchos)\b", re.I),
         ANDROID: re.compile(r"\b(?:android|kotlin)\b", re.I)}
# the folders a platform's code lies in (React Native's and Capacitor's `ios/` and `android/`,
# Cordova's `src/ios/`, Kotlin Multiplatform's `iosMain/` and `androidMain/`) and its languages
_FOLDERS = {IOS: frozenset({"ios", "iosmain", "apple", "macos"}),
            ANDROID: frozenset({"android", "androidmain"})}
_LANGUAGES = {IOS: frozenset({"swift", "objc"}), ANDROID: frozenset({"kotlin", "java"})}


def platform_said(text: str) -> str | None:
    """The one mobile platform a question names ("... implemented on iOS"), or None (none, or
    both: "how do iOS and Android store it")."""
    said = [name for name, words in _SAID.items() if words.search(text)]
    return said[0] if len(said) == 1 else None


@lru_cache(maxsize=65_536)
def _folder_platforms(path: str) -> tuple[str, ...]:
    """The platforms a file's folders name (`android/src/...`, `src/ios/...`): none, one or
    both."""
    folders = {part.lower() for part in path.split("/")[:-1]}
    return tuple(name for name, names in _FOLDERS.items() if folders & names)


def platform_folder(path: str) -> str | None:
    """The one platform a file's folders name, or None (none, or both)."""
    found = _folder_platforms(path)
    return found[0] if len(found) == 1 else None


def platform_of(path: str, language: str | None) -> str | None:
    """The platform whose code a file is, by its folders, else by its language."""
    if _folder_platforms(path):
        return platform_folder(path)
    return next((name for name, languages in _LANGUAGES.items() if language in languages), None)


def on_said_platform(candidates: list[Any], platform: str | None) -> set[str]:
    """The ids of the candidates on `platform`: in its folder, or by language when others are
    on another platform."""
    if platform is None:
        return set()
    on: set[str] = set()
    by_language: set[str] = set()
    other = False
    for c in candidates:
        path, language = str(c.payload.get("path", "")), c.payload.get("language")
        side = platform_of(path, language)
        if side == platform:
            (on if platform_folder(path) == platform else by_language).add(c.id)
        elif side is not None:
            other = True
    return on | by_language if other else on
