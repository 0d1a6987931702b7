# ruff: noqa: E501  (the planted files: each text as a mobile project writes it, one literal)
"""FAKE secrets planted the way mobile projects (Android, iOS, React Native, Expo, Capacitor,
Cordova, fastlane) leak them (session mobile40): 70 values in 33 files. Values are derived from
labels at run time; none is real.

    python bench/secret_leaks.py index --plant bench/plant_mobile.py
"""
from __future__ import annotations

import hashlib

from tests.planted_secrets import Planted

_A = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"


def v(label: str, n: int = 24) -> str:
    h = hashlib.sha256(("mobile40-" + label).encode()).digest()
    return "".join(_A[b % len(_A)] for b in h[:n])


def human(label: str) -> str:  # a password a person types
    words = ["Tiger", "Lily", "Harbor", "Maple", "Comet", "Falcon", "Cedar", "Orbit"]
    h = hashlib.sha256(label.encode()).digest()
    return f"{words[h[0] % 8]}{words[h[1] % 8]}_{1000 + h[2] * 7 % 9000}!"


S = {k: v(k) for k in (
    "gp_store", "gp_key", "gp_sign", "gp_central", "gr_store", "gr_key", "gr_bcf", "gr_res",
    "gr_placeholder", "kts_store", "kts_key", "kts_bcf", "kts_placeholder", "kts_map",
    "ks_store", "ks_key", "local_maps", "plist_custom", "plist_fb", "xc_api", "xc_secret",
    "swift_let", "swift_static", "swift_typed", "swift_header", "swift_keychain", "swift_enum",
    "objc_const", "objc_define", "objc_local", "objc_header", "objc_parse", "kt_const",
    "kt_private_const", "kt_companion", "kt_header", "kt_addheader", "fl_pass", "fl_match",
    "fl_asp", "app_extra", "app_sentry", "eas_env", "eas_token", "env_rnc", "cap_secret",
    "cordova_pref", "cordova_var", "sentry_props", "manifest_meta", "manifest_sentry",
    "strings_fb", "appcenter", "instabug", "gms_swift", "mapbox_sk", "raw_json",
    "podfile_token", "bitrise", "codemagic", "appconfig_js", "play_json")}
HUMAN = {k: human(k) for k in ("gp_human", "gr_human", "kts_human")}
AIZA = "AI" + "za" + "Sy" + v("aiza", 33)
AIZA2 = "AI" + "za" + "Sy" + v("aiza2", 33)
P8 = ("-----BEGIN PRIVATE KEY-----\n" + "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
      + v("p8a", 40) + "\n" + v("p8b", 64) + "\n" + v("p8c", 24) + "\n-----END PRIVATE KEY-----")
P8_LINE = v("p8b", 64)


def planted() -> list[Planted]:
    s, h = S, HUMAN
    return [
        Planted("android/gradle.properties",
                "# Project-wide Gradle settings.\norg.gradle.jvmargs=-Xmx2048m -XX:MaxMetaspaceSize=512m\n"
                "android.useAndroidX=true\nnewArchEnabled=true\nhermesEnabled=true\n"
                "MYAPP_UPLOAD_STORE_FILE=my-upload-key.keystore\nMYAPP_UPLOAD_KEY_ALIAS=my-key-alias\n"
                f"MYAPP_UPLOAD_STORE_PASSWORD={s['gp_store']}\nMYAPP_UPLOAD_KEY_PASSWORD={h['gp_human']}\n"
                f"signing.password={s['gp_sign']}\nmavenCentralPassword={s['gp_central']}\n",
                [s["gp_store"], h["gp_human"], s["gp_sign"], s["gp_central"]],
                readable=["MYAPP_UPLOAD_KEY_ALIAS=my-key-alias", "hermesEnabled=true"]),
        Planted("android/app/build.gradle",
                'apply plugin: "com.android.application"\n\nandroid {\n    namespace "com.shopapp"\n'
                "    defaultConfig {\n        applicationId \"com.shopapp\"\n        minSdkVersion 24\n"
                f'        buildConfigField "String", "PAYMENTS_KEY", "\\"{s["gr_bcf"]}\\""\n'
                f'        resValue "string", "maps_api_key", "{s["gr_res"]}"\n'
                f'        manifestPlaceholders = [auth0Domain: "shop.eu.auth0.com", auth0ClientSecret: "{s["gr_placeholder"]}"]\n'
                "    }\n    signingConfigs {\n        debug {\n            storeFile file('debug.keystore')\n"
                "            storePassword 'android'\n        }\n        release {\n"
                "            storeFile file(MYAPP_UPLOAD_STORE_FILE)\n"
                f'            storePassword = "{s["gr_store"]}"\n            keyAlias "upload"\n'
                f"            keyPassword = '{h['gr_human']}'\n        }}\n    }}\n}}\n"
                f'def uploadPassword = "{s["gr_key"]}"\n',
                [s["gr_bcf"], s["gr_res"], s["gr_placeholder"], s["gr_store"], h["gr_human"],
                 s["gr_key"]], readable=["minSdkVersion 24", "auth0Domain"]),
        Planted("android/app/build.gradle.kts",
                "plugins { id(\"com.android.application\") }\n\nandroid {\n    namespace = \"com.shopapp.kts\"\n"
                "    defaultConfig {\n        minSdk = 26\n"
                f'        buildConfigField("String", "STRIPE_SECRET", "\\"{s["kts_bcf"]}\\"")\n'
                f'        manifestPlaceholders["MAPS_API_KEY"] = "{s["kts_placeholder"]}"\n'
                f'        manifestPlaceholders += mapOf("sentryAuthToken" to "{s["kts_map"]}")\n'
                "    }\n    signingConfigs {\n        create(\"release\") {\n"
                "            storeFile = file(\"release.jks\")\n"
                f'            storePassword = "{s["kts_store"]}"\n            keyAlias = "release"\n'
                f'            keyPassword = "{h["kts_human"]}"\n        }}\n    }}\n}}\n',
                [s["kts_bcf"], s["kts_placeholder"], s["kts_map"], s["kts_store"],
                 h["kts_human"]], readable=["minSdk = 26"]),
        Planted("android/keystore.properties",
                f"storePassword={s['ks_store']}\nkeyPassword={s['ks_key']}\nkeyAlias=upload\n"
                "storeFile=../upload.jks\n", [s["ks_store"], s["ks_key"]], expect="block"),
        Planted("android/local.properties",
                f"sdk.dir=/Users/me/Library/Android/sdk\nMAPS_API_KEY={s['local_maps']}\n",
                [s["local_maps"]], expect="block"),
        Planted("android/app/google-services.json",
                '{\n  "project_info": {\n    "project_number": "123456789012",\n'
                '    "project_id": "shopapp-1a2b3",\n    "storage_bucket": "shopapp-1a2b3.appspot.com"\n  },\n'
                '  "client": [\n    {\n      "client_info": {\n        "mobilesdk_app_id": "1:123456789012:android:abc123def456",\n'
                '        "android_client_info": {"package_name": "com.shopapp"}\n      },\n'
                '      "oauth_client": [],\n'
                f'      "api_key": [{{"current_key": "{AIZA}"}}],\n'
                '      "services": {"appinvite_service": {"other_platform_oauth_client": []}}\n'
                '    }\n  ],\n  "configuration_version": "1"\n}\n',
                [AIZA], readable=["shopapp-1a2b3"]),
        Planted("ios/ShopApp/GoogleService-Info.plist",
                '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
                f"\t<key>API_KEY</key>\n\t<string>{AIZA2}</string>\n\t<key>GCM_SENDER_ID</key>\n"
                "\t<string>123456789012</string>\n\t<key>BUNDLE_ID</key>\n\t<string>com.shopapp</string>\n"
                "\t<key>PROJECT_ID</key>\n\t<string>shopapp-1a2b3</string>\n</dict>\n</plist>\n",
                [AIZA2], readable=["GCM_SENDER_ID"]),
        Planted("ios/ShopApp/Info.plist",
                '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
                "\t<key>CFBundleDisplayName</key>\n\t<string>Shop</string>\n"
                "\t<key>NSCameraUsageDescription</key>\n\t<string>Scan receipts</string>\n"
                f"\t<key>BranchKey</key>\n\t<string>key_live_{s['plist_custom']}</string>\n"
                f"\t<key>FacebookClientToken</key>\n\t<string>{s['plist_fb']}</string>\n"
                "\t<key>FacebookAppID</key>\n\t<string>1234567890</string>\n</dict>\n</plist>\n",
                [s["plist_custom"], s["plist_fb"]], readable=["Scan receipts"]),
        Planted("ios/Config/Release.xcconfig",
                '#include "Pods/Target Support Files/Pods-ShopApp/Pods-ShopApp.release.xcconfig"\n'
                "API_BASE_URL = https:/$()/api.shopapp.dev\n"
                f"API_KEY = {s['xc_api']}\nPAYMENTS_SECRET = {s['xc_secret']}\n"
                "IPHONEOS_DEPLOYMENT_TARGET = 15.1\n",
                [s["xc_api"], s["xc_secret"]], readable=["IPHONEOS_DEPLOYMENT_TARGET = 15.1"]),
        Planted("ios/ShopApp/Secrets.swift",
                "import Foundation\n\nlet apiKey = \"" + s["swift_let"] + "\"\n\n"
                "struct Keys {\n    static let clientSecret = \"" + s["swift_static"] + "\"\n"
                "    private let token: String = \"" + s["swift_typed"] + "\"\n}\n\n"
                "enum Backend {\n    static let stripe = \"sk_" + "live_" + s["swift_enum"] + "\"\n}\n\n"
                "func authorize(_ request: inout URLRequest) {\n"
                "    request.setValue(\"Bearer " + s["swift_header"] + "\", forHTTPHeaderField: \"Authorization\")\n"
                "    KeychainWrapper.standard.set(\"" + s["swift_keychain"] + "\", forKey: \"password\")\n}\n",
                [s["swift_let"], s["swift_static"], s["swift_typed"], s["swift_enum"],
                 s["swift_header"], s["swift_keychain"]], readable=["func authorize"]),
        Planted("ios/ShopApp/AppDelegate.swift",
                "import UIKit\nimport GoogleMaps\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n"
                "  func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: "
                "[UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
                "    GMSServices.provideAPIKey(\"" + s["gms_swift"] + "\")\n"
                "    AppCenter.start(withAppSecret: \"" + s["appcenter"] + "\", services: [Analytics.self])\n"
                "    Instabug.start(withToken: \"" + s["instabug"] + "\", invocationEvents: [.shake])\n"
                "    MapboxOptions.accessToken = \"sk.eyJ1Ijoic2hvcCIsImEiOiJ" + s["mapbox_sk"] + "\"\n"
                "    return true\n  }\n}\n",
                [s["gms_swift"], s["appcenter"], s["instabug"], s["mapbox_sk"]],
                readable=["didFinishLaunchingWithOptions"]),
        Planted("ios/ShopApp/SHPClient.m",
                "#import \"SHPClient.h\"\n\nstatic NSString *const kSecret = @\"" + s["objc_const"] + "\";\n"
                "#define SHP_API_SECRET @\"" + s["objc_define"] + "\"\n\n@implementation SHPClient\n"
                "- (void)configure {\n  NSString *password = @\"" + s["objc_local"] + "\";\n"
                "  [self.request setValue:@\"Bearer " + s["objc_header"] + "\" forHTTPHeaderField:@\"Authorization\"];\n"
                "  [Parse setApplicationId:@\"shopapp\" clientKey:@\"" + s["objc_parse"] + "\"];\n}\n@end\n",
                [s["objc_const"], s["objc_define"], s["objc_local"], s["objc_header"],
                 s["objc_parse"]], readable=["@implementation SHPClient"]),
        Planted("android/app/src/main/java/com/shopapp/Secrets.kt",
                "package com.shopapp\n\nconst val API_SECRET = \"" + s["kt_const"] + "\"\n"
                "private const val CLIENT_SECRET: String = \"" + s["kt_private_const"] + "\"\n\n"
                "class ApiClient {\n    companion object {\n        const val TOKEN = \"" + s["kt_companion"] + "\"\n    }\n\n"
                "    fun build(): OkHttpClient = OkHttpClient.Builder().addInterceptor { chain ->\n"
                "        chain.proceed(chain.request().newBuilder()\n"
                "            .addHeader(\"Authorization\", \"Bearer " + s["kt_addheader"] + "\")\n"
                "            .header(\"X-Api-Key\", \"" + s["kt_header"] + "\").build())\n    }.build()\n}\n",
                [s["kt_const"], s["kt_private_const"], s["kt_companion"], s["kt_addheader"],
                 s["kt_header"]], readable=["class ApiClient"]),
        Planted("fastlane/Fastfile",
                "default_platform(:ios)\n\n"
                "ENV[\"FASTLANE_PASSWORD\"] = \"" + s["fl_pass"] + "\"\n"
                "ENV['MATCH_PASSWORD'] = '" + s["fl_match"] + "'\n\n"
                "platform :ios do\n  desc \"Push a new beta build to TestFlight\"\n  lane :beta do\n"
                "    api_key = app_store_connect_api_key(\n      key_id: \"D383SF739\",\n"
                "      issuer_id: \"6053b7fe-68a8-4acb-89be-165aa6465141\",\n"
                "      key_content: \"" + P8.replace("\n", "\\n") + "\"\n    )\n"
                "    build_app(scheme: \"ShopApp\")\n    upload_to_testflight(api_key: api_key)\n  end\nend\n",
                [s["fl_pass"], s["fl_match"], P8_LINE], readable=["lane :beta do"]),
        Planted("fastlane/Appfile",
                "app_identifier(\"com.shopapp\")\napple_id(\"dev@shopapp.dev\")\n"
                "ENV[\"FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD\"] = \"" + s["fl_asp"] + "\"\n"
                "json_key_file(\"fastlane/play-store.json\")\n",
                [s["fl_asp"]], readable=["app_identifier"]),
        Planted("fastlane/.env.default",
                f"FASTLANE_USER=dev@shopapp.dev\nFASTLANE_PASSWORD={human('fl_env')}\n",
                [human("fl_env")], expect="block"),
        Planted("ios/AuthKey_D383SF739.p8", P8 + "\n", [P8_LINE], expect="block"),
        Planted("android/app/release.jks", "\xfe\xed\xfe\xed" + v("jks", 40) + "\n", [v("jks", 40)],
                expect="block"),
        Planted("ios/dist.p12", "0\x82" + v("p12", 40) + "\n", [v("p12", 40)], expect="block"),
        Planted("app.json",
                '{\n  "expo": {\n    "name": "Shop",\n    "slug": "shop",\n'
                '    "ios": {"bundleIdentifier": "com.shopapp", "config": {"googleMapsApiKey": "' + AIZA + '"}},\n'
                '    "android": {"package": "com.shopapp", "permissions": ["CAMERA"]},\n'
                '    "extra": {"apiSecret": "' + s["app_extra"] + '", "eas": {"projectId": "8c1f-shop"}},\n'
                '    "hooks": {"postPublish": [{"file": "sentry-expo/upload-sourcemaps",'
                ' "config": {"organization": "shop", "authToken": "' + s["app_sentry"] + '"}}]}\n'
                "  }\n}\n",
                [s["app_extra"], s["app_sentry"]], readable=['"bundleIdentifier"']),
        Planted("eas.json",
                '{\n  "cli": {"version": ">= 5.0.0"},\n  "build": {\n    "production": {\n'
                '      "env": {"API_URL": "https://api.shopapp.dev", "API_SECRET": "' + s["eas_env"] + '",'
                ' "SENTRY_AUTH_TOKEN": "' + s["eas_token"] + '"}\n    }\n  },\n'
                '  "submit": {"production": {"ios": {"appleId": "dev@shopapp.dev", "ascAppId": "1234567890"}}}\n}\n',
                [s["eas_env"], s["eas_token"]], readable=['"ascAppId"']),
        Planted("app.config.js",
                "export default ({ config }) => ({\n  ...config,\n  extra: {\n"
                "    apiUrl: process.env.API_URL,\n    stripeSecret: process.env.STRIPE_SECRET ?? \"" + s["appconfig_js"] + "\",\n"
                "  },\n});\n", [s["appconfig_js"]], readable=["apiUrl: process.env.API_URL"]),
        Planted(".env", f"API_URL=https://api.shopapp.dev\nAPI_SECRET={s['env_rnc']}\n",
                [s["env_rnc"]], expect="block"),
        Planted("capacitor.config.ts",
                "import type { CapacitorConfig } from '@capacitor/cli';\n\nconst config: CapacitorConfig = {\n"
                "  appId: 'com.shopapp', appName: 'Shop', webDir: 'dist',\n  plugins: {\n"
                "    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },\n"
                "    Stripe: { secretKey: '" + s["cap_secret"] + "' },\n  },\n};\n\nexport default config;\n",
                [s["cap_secret"]], readable=["presentationOptions"]),
        Planted("config.xml",
                '<?xml version="1.0" encoding="utf-8"?>\n<widget id="com.shopapp" version="1.0.0" '
                'xmlns="http://www.w3.org/ns/widgets">\n  <name>Shop</name>\n'
                '  <preference name="Orientation" value="portrait" />\n'
                '  <preference name="API_SECRET" value="' + s["cordova_pref"] + '" />\n'
                '  <plugin name="cordova-plugin-facebook-connect" spec="^3.2.0">\n'
                '    <variable name="APP_ID" value="1234567890" />\n'
                '    <variable name="CLIENT_TOKEN" value="' + s["cordova_var"] + '" />\n  </plugin>\n</widget>\n',
                [s["cordova_pref"], s["cordova_var"]], readable=['name="Orientation"']),
        Planted("android/sentry.properties",
                "defaults.url=https://sentry.io/\ndefaults.org=shop\ndefaults.project=shop-android\n"
                "auth.token=sntrys_" + s["sentry_props"] + "\n", [s["sentry_props"]],
                readable=["defaults.project=shop-android"]),
        Planted("android/app/src/main/AndroidManifest.xml",
                '<manifest xmlns:android="http://schemas.android.com/apk/res/android">\n'
                '    <uses-permission android:name="android.permission.CAMERA" />\n'
                '    <application android:name=".MainApplication">\n'
                '        <meta-data android:name="com.onesignal.ApiSecret" android:value="' + s["manifest_meta"] + '" />\n'
                '        <meta-data android:name="io.sentry.dsn" android:value="https://' + s["manifest_sentry"][:24].lower()
                + '@o12345.ingest.sentry.io/678" />\n'
                '    </application>\n</manifest>\n',
                [s["manifest_meta"], s["manifest_sentry"][:24].lower()],
                readable=["android.permission.CAMERA"]),
        Planted("android/app/src/main/res/values/strings.xml",
                '<resources>\n    <string name="app_name">Shop</string>\n'
                '    <string name="facebook_app_secret" translatable="false">' + s["strings_fb"] + "</string>\n</resources>\n",
                [s["strings_fb"]], readable=['name="app_name"']),
        Planted("android/app/src/main/res/raw/config.json",
                '{"endpoint": "https://api.shopapp.dev", "clientSecret": "' + s["raw_json"] + '"}\n',
                [s["raw_json"]]),
        Planted("ios/Podfile",
                "platform :ios, '15.1'\n\nsource 'https://cdn.cocoapods.org/'\n"
                "source 'https://ci-bot:" + s["podfile_token"] + "@github.com/shop/private-specs.git'\n\n"
                "target 'ShopApp' do\n  use_react_native!\nend\n",
                [s["podfile_token"]], readable=["target 'ShopApp' do"]),
        Planted("bitrise.yml",
                "format_version: '11'\napp:\n  envs:\n  - BITRISE_PROJECT_PATH: ios/ShopApp.xcworkspace\n"
                "  - KEYSTORE_PASSWORD: " + s["bitrise"] + "\n", [s["bitrise"]],
                readable=["BITRISE_PROJECT_PATH"]),
        Planted("codemagic.yaml",
                "workflows:\n  android:\n    environment:\n      vars:\n"
                "        CM_KEYSTORE_PASSWORD: " + s["codemagic"] + "\n        PACKAGE_NAME: com.shopapp\n",
                [s["codemagic"]], readable=["PACKAGE_NAME: com.shopapp"]),
        Planted("android/fastlane/Fastfile",
                "lane :deploy do\n  upload_to_play_store(track: 'internal', json_key_data: '{\"type\": "
                "\"service_account\", \"private_key_id\": \"" + s["play_json"] + "\"}')\nend\n",
                [s["play_json"]], readable=["lane :deploy do"]),
    ]
