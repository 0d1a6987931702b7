"""Mobile apps and native modules: React Native, Expo, Capacitor and Cordova modules with their
Android (Java, Kotlin, Gradle) and iOS (Swift, Objective-C, podspec) sides: 'where is the
native module registered', 'which permission does the Android side request', 'where is the
event emitted to JS', 'which deployment target does the podspec set'.

    python bench/retrieval/mobile.py --home DIR [--json OUT]

DIR holds seven projects (`sh bench/retrieval/mobile_trees.sh TREE` makes the trees; index each
with `repokb index TREE/NAME`), npm tarballs: `device-info` (react-native-device-info 15.0.2:
Java and Objective-C, RCT_EXPORT_METHOD), `permissions` (react-native-permissions 5.6.2:
Kotlin/Java and Objective-C++ handlers per permission), `keychain` (react-native-keychain
10.0.0: Kotlin and Objective-C), `push-notifications` (@capacitor/push-notifications 8.1.2:
Java and Swift, CAPPluginMethod), `camera` (cordova-plugin-camera 8.0.0: Java, Objective-C,
plugin.xml), `location` (expo-location 57.0.20: Kotlin and Swift, Expo's module DSL) and
`template` (@react-native-community/template 0.87.2: an app's Gradle, Podfile, AppDelegate,
Info.plist). Questions written by session mobile40 as a mobile developer asks them, README
only. A hit is right as in names.py (path ends with the path, symbol with the name, case
folded); the file's rank is shown too, and the first piece of the file holding the asked line.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("mobile.json", __doc__ or "", "piece")
