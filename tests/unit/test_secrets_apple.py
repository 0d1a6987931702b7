"""Credentials in the forms Apple-platform projects hold them are redacted; public values stay.

An attacker pass over a copy of @capacitor/ios 8.6.0 and the React Native 0.87.2 app template
with 37 planted values found, once Info.plist became configuration worth indexing, an API key
and a client secret in Info.plist (`<key>APIKey</key>` above its `<string>`) stored as written,
and in Objective-C a key in a dictionary literal (`@{@"api_key": @"v"}`) and one passed to a
setter (`[client setApiKey:@"v"]`). Public-by-design values (a Stripe publishable key, a Google
OAuth client ID in GoogleService-Info.plist) and Info.plist's ordinary entries stay readable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Kind, Policy
from repokb.secrets import mode_for, redact

from ..conftest import assert_redacted, classify_file

# FAKE values, assembled at run time; below detect-secrets' entropy limit, as the planted were
_K = "".join(("JbW56eCuNGMGmSrC", "GIZEG8pSH4487q7J"))
_S = "".join(("58m1CiAhzCueQpBe", "nQtYh5Xj8TPQxj"))

PLIST_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n')

MUST_REDACT = [  # (language, text, value)
    ("xml", f"{PLIST_HEAD}\t<key>APIKey</key>\n\t<string>{_K}</string>\n</dict>\n</plist>\n",
     _K),
    ("xml", f"{PLIST_HEAD}\t<key>MySDKClientSecret</key>\n\t<string>{_S}</string>\n</dict>\n",
     _S),
    ("xml", f"{PLIST_HEAD}<key>auth_token</key><string>{_K}</string></dict>\n", _K),
    ("objc", f'NSDictionary *h = @{{@"api_key": @"{_K}", @"Accept": @"application/json"}};\n',
     _K),
    ("objc", f'    [self.client setApiKey:@"{_K}"];\n', _K),
    ("objc", f'    [Analytics setupWithClientSecret:@"{_S}"];\n', _S),
    ("csharp", f'var options = new {{ ApiKey = @"{_K}" }};\n', _K),
    # a triple-quoted text block holding only the value (Swift, Kotlin, Python alike)
    ("swift", f'let apiKey = """\n    {_K}\n    """\n', _K),
    ("kotlin", f'val clientSecret = """\n{_S}\n"""\n', _S),
    ("python", f"API_TOKEN: str = \'\'\'\n{_K}\n\'\'\'\n", _K),
    # Xcode build settings with escaped quotes (a compiler flag, a preprocessor definition)
    ("ini", f'OTHER_SWIFT_FLAGS = $(inherited) -DAPI_KEY=\\"{_K}\\"\n', _K),
    ("ini", f'GCC_PREPROCESSOR_DEFINITIONS = $(inherited) API_SECRET=@\\"{_S}\\"\n', _S),
    # mobile40: a keyed store given the value before its name (UserDefaults, a keychain wrapper)
    ("swift", f'KeychainWrapper.standard.set("{_K}", forKey: "password")\n', _K),
    ("swift", f'UserDefaults.standard.set("{_S}", forKey: "apiToken")\n', _S),
    ("swift", f'try keychain.set("{_K}", key: "refresh_token")\n', _K),
    ("objc", f'[[NSUserDefaults standardUserDefaults] setObject:@"{_K}" forKey:@"authToken"];\n',
     _K),
    ("objc", f'[keychain setString:@"{_S}" forKey:@"password"];\n', _S),
]


@pytest.mark.parametrize(("language", "text", "value"), MUST_REDACT)
def test_apple_credentials_are_redacted(language: str, text: str, value: str) -> None:
    assert_redacted(text, mode_for(language), language, value)


MUST_STAY = [  # (language, text, value that must stay readable)
    ("xml", f"{PLIST_HEAD}\t<key>CFBundleIdentifier</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)"
     "</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan documents</string>\n",
     "Scan documents"),
    ("xml", f"{PLIST_HEAD}\t<key>CLIENT_ID</key>\n\t<string>123-abc.apps.googleusercontent.com"
     "</string>\n", "123-abc.apps.googleusercontent.com"),
    ("xml", f"{PLIST_HEAD}\t<key>TokenRefreshInterval</key>\n\t<integer>3600</integer>\n", "3600"),
    ("xml", f"{PLIST_HEAD}\t<key>KeychainAccessGroupName</key>\n\t<string>group.example</string>"
     "\n", "group.example"),
    ("objc", '    [Stripe setDefaultPublishableKey:@"pk_live_51AbCdEfGhIjKlMnOp"];\n',
     "pk_live_51AbCdEfGhIjKlMnOp"),
    ("objc", '    NSString *key = @"RCTDevMenuKey";\n    [defaults setObject:@YES forKey:key];\n',
     "RCTDevMenuKey"),
    ("objc", '    dict[@"token"] = token;\n', "token"),
    ("python", 'SECRET_KEY_HELP = """\nThe secret key signs the session cookies.\n"""\n',
     "The secret key signs the session cookies."),
    ("swift", 'let tokenQuery = """\n    query { viewer { login } }\n    """\n', "viewer"),
    ("ini", 'GCC_PREPROCESSOR_DEFINITIONS = $(inherited) DEBUG=1 RCT_DEV_MENU=1\n', "RCT_DEV_MENU"),
    # react-native 0.86.3 React/Modules/RCTI18nUtil.m: a defaults key, with a digit in it
    ("objc", '  BOOL rtl = [[NSUserDefaults standardUserDefaults]\n'
     '      boolForKey:@"RCTI18nUtil_forceRTL"];\n', "RCTI18nUtil_forceRTL"),
    ("objc", '  [[NSUserDefaults standardUserDefaults] setBool:rtl\n'
     '      forKey:@"RCTI18nUtil_allowRTL"];\n', "RCTI18nUtil_allowRTL"),
    ("swift", 'defaults.set("dark", forKey: "theme")\n', "dark"),
    ("swift", 'UserDefaults.standard.set("onboarding_token_v2", forKey: "tokenKind")\n',
     "onboarding_token_v2"),
    ("objc", '[defaults setObject:@"RCTI18nUtil_allowRTL" forKey:@"RCTI18nUtil_allowRTL"];\n',
     "RCTI18nUtil_allowRTL"),
]


@pytest.mark.parametrize(("language", "text", "value"), MUST_STAY)
def test_apple_values_that_are_no_secret_stay(language: str, text: str, value: str) -> None:
    assert value in redact(text, mode_for(language), language).text


@pytest.mark.parametrize("rel", ["ios/AuthKey_D383SF739.p8", "keys/SubscriptionKey_7XY.p8",
                                 "certs/apns_production.p8"])
def test_an_apple_pkcs8_key_is_blocked(tmp_path: Path, rel: str) -> None:
    # mobile40: App Store Connect's `AuthKey_<KEYID>.p8` was indexed as PICO-8's Lua source
    # (its key block redacted): a private key file, blocked as `.pem`/`.key` are
    c = classify_file(tmp_path, rel, "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n"
                      "-----END PRIVATE KEY-----\n")
    assert (c.kind, c.index_policy) == (Kind.SECRET_CANDIDATE, Policy.BLOCK), c.reasons


def test_a_pico8_cartridge_is_still_lua(tmp_path: Path) -> None:
    c = classify_file(tmp_path, "carts/jelpi.p8", "pico-8 cartridge // http://www.pico-8.com\n"
                      "version 41\n__lua__\nfunction _init()\nend\n")
    assert (c.kind, c.language, c.index_policy) == (Kind.SOURCE, "lua", Policy.PARSE_AND_INDEX)
