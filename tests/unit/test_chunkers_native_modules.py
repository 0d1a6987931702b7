"""A native module's methods, as JavaScript calls them, are pieces named after them.

Session mobile40 asked React Native, Expo, Capacitor and Cordova modules as a mobile developer
does ("where is getCarrier implemented on iOS", "how does the Android side get the current
position"). react-native-device-info 15.0.2's `RNDeviceInfo.m` exports 53 methods through
`RCT_EXPORT_METHOD(getCarrier:...)` and `RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(getCarrierSync)`,
which tree-sitter-objc reads as broken declarations: all of them were in unnamed windows.
expo-location 57.0.20 declares its 30 functions inside `definition()` by Expo's DSL
(`AsyncFunction("getCurrentPositionAsync") { ... }`): the Swift module was 8 windows of 1,500
characters all named `LocationModule.definition`, the Kotlin one 8 more.
"""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.chunkers.rnmacros import as_methods


def pieces(language: str, text: str) -> list[tuple[int, int, str | None, str | None]]:
    chunker = chunker_for(language)
    assert chunker is not None
    return [(p.start_line, p.end_line, p.symbol_type, p.symbol) for p in chunker.chunk(text)]


RN_MODULE = """\
#import "RNDeviceInfo.h"

@implementation RNDeviceInfo

RCT_EXPORT_MODULE();

- (NSString *) getCarrier {
    CTTelephonyNetworkInfo *netinfo = [[CTTelephonyNetworkInfo alloc] init];
    return netinfo.subscriberCellularProvider.carrierName;
}

RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(getCarrierSync) {
    return self.getCarrier ?: @"unknown carrier, none reported";
}

RCT_EXPORT_METHOD(getCarrier:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)rej) {
    resolve(self.getCarrier ?: @"unknown carrier, none reported");
}

RCT_REMAP_METHOD(getGenericPassword, getGenericPasswordForOptions:(NSDictionary *)options
                  resolver:(RCTPromiseResolveBlock)resolve
                  rejecter:(RCTPromiseRejectBlock)reject)
{
  resolve([self readPasswordFromKeychainFor:options error:nil]);
}

@end
"""


def test_react_natives_exported_methods_are_named_by_their_selector():
    assert pieces("objc", RN_MODULE)[1:] == [
        (7, 10, "method", "RNDeviceInfo.getCarrier"),
        (12, 14, "method", "RNDeviceInfo.getCarrierSync"),
        (16, 18, "method", "RNDeviceInfo.getCarrier"),
        (20, 27, "method", "RNDeviceInfo.getGenericPasswordForOptions"),
    ]


def test_the_macros_are_read_at_the_same_length_and_the_pieces_are_the_files_text():
    parsed = as_methods(RN_MODULE)
    assert len(parsed) == len(RN_MODULE)
    assert parsed.splitlines()[15].startswith("- (void)          getCarrier:(")
    assert "RCT_EXPORT_METHOD(getCarrier:" in chunker_for("objc").chunk(RN_MODULE)[3].content


def test_a_swift_modules_declarations_end_as_declarations():
    text = ("#import <React/RCTBridgeModule.h>\n\n"
            "@interface RCT_EXTERN_MODULE(Calendar, NSObject)\n"
            "RCT_EXTERN_METHOD(addEvent:(NSString *)name location:(NSString *)location)\n@end\n")
    assert as_methods(text).splitlines()[3] == (
        "- (void)          addEvent:(NSString *)name location:(NSString *)location;")
    # no macro, or one left open, changes nothing
    for same in ("int x = 1;\n", "RCT_EXPORT_METHOD(open:(id)x\n"):
        assert as_methods(same) == same


def test_a_parenthesis_in_a_comment_or_string_closes_no_macro():
    text = ("RCT_EXPORT_METHOD(show:(NSString *)title // the title (shown as is)\n"
            "                  note:(NSString *)note) {\n  NSLog(@\")\");\n}\n"
            "/*\nRCT_EXPORT_METHOD(old:(id)x)\n*/\n")
    lines = as_methods(text).splitlines()
    assert lines[0].startswith("- (void)          show:(NSString *)title // the title (shown")
    assert lines[1] == "                  note:(NSString *)note  {"  # its own `)` blanked
    assert lines[5] == "RCT_EXPORT_METHOD(old:(id)x)"  # a macro in a comment is no method


EXPO_SWIFT = """\
import ExpoModulesCore

public class LocationModule: Module {
  public func definition() -> ModuleDefinition {
    Name("ExpoLocation")

    Events(EVENT_LOCATION_CHANGED, EVENT_HEADING_CHANGED)

    OnCreate {
      EXPermissionsMethodsDelegate.register([EXForegroundPermissionRequester()],
                                            withPermissionsManager: self.appContext?.permissions)
    }

    AsyncFunction("getCurrentPositionAsync") { (options: LocationOptions) -> [String: Any] in
      try ensureForegroundLocationPermissions(appContext)
      let requester = await LocationRequester(options: options)
      let location = try await requester.requestLocation()
      return exportLocation(location)
    }

    AsyncFunction("watchPositionImplAsync") { (watchId: Int, options: LocationOptions) in
      try ensureForegroundLocationPermissions(appContext)
      let streamer = await LocationsStreamer(options: options)
      locationStreamers[watchId] = streamer
      Task {
        for try await locations in try streamer.streamLocations() {
          guard let location = locations.last else { continue }
          sendEvent(EVENT_LOCATION_CHANGED, ["watchId": watchId, "location": location])
        }
      }
    }

    AsyncFunction("geocodeAsync") { (address: String) -> [[String: Any]] in
      return try await Geocoder.geocode(address: address).map { exportGeocodedLocation($0) }
    }

    Property("isBackgroundLocationAvailable") { () -> Bool in
      return Bundle.main.infoDictionary?["UIBackgroundModes"] != nil
    }

    AsyncFunction("startGeofencingAsync") { (taskName: String, options: [String: Any]) in
      guard CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) else {
        throw GeofencingUnavailableException()
      }
      try ensureBackgroundLocationPermissions(appContext)
      try taskManager.registerTask(withName: taskName, consumer: EXGeofencingTaskConsumer.self,
                                   options: options)
    }
  }
}
"""

EXPO_KOTLIN = """\
package expo.modules.location

class LocationModule : Module() {
  override fun definition() = ModuleDefinition {
    Name("ExpoLocation")

    OnCreate {
      mContext = appContext.reactContext ?: throw Exceptions.ReactContextLost()
      mLocationProvider = LocationServices.getFusedLocationProviderClient(mContext)
    }

    AsyncFunction("getCurrentPositionAsync") Coroutine { options: LocationOptions ->
      val permissionsManager = appContext.permissions ?: throw NoPermissionsModuleException()
      return@Coroutine LocationHelpers.requestSingleLocation(mLocationProvider, options)
    }

    AsyncFunction("watchPositionImplAsync") { watchId: Int, options: LocationOptions ->
      val permissionsManager = appContext.permissions ?: throw NoPermissionsModuleException()
      val locationRequest = LocationHelpers.prepareLocationRequest(options)
      val showUserSettingsDialog = options.mayShowUserSettingsDialog ?: true
      requestLocationUpdates(locationRequest, watchId, object : LocationRequestCallbacks {
        override fun onLocationChanged(location: Location) {
          sendEvent(LOCATION_EVENT_NAME, Bundle().apply { putInt("watchId", watchId) })
        }
        override fun onRequestFailed(cause: CodedException) = throw cause
      })
    }

    Function("hasServicesEnabled") { ->
      LocationHelpers.isAnyProviderAvailable(mContext) && mContext.isLocationEnabledOnDevice()
    }

    AsyncFunction("startGeofencingAsync") { taskName: String, options: GeofencingOptions ->
      if (!hasBackgroundPermission()) {
        throw LocationBackgroundUnauthorizedException()
      }
      val geofencing = GeofencingTaskConsumer::class.java
      taskManager.registerTask(taskName, geofencing, options.toMap())
    }
  }
}
"""


def test_an_expo_modules_functions_are_named_as_javascript_calls_them():
    assert [p[2:] for p in pieces("swift", EXPO_SWIFT)[1:]] == [
        ("method", "LocationModule.definition"),
        ("method", "LocationModule.OnCreate"),
        ("method", "LocationModule.getCurrentPositionAsync"),
        ("method", "LocationModule.watchPositionImplAsync"),
        ("method", "LocationModule.geocodeAsync"),
        ("property", "LocationModule.isBackgroundLocationAvailable"),
        ("method", "LocationModule.startGeofencingAsync"),
    ]
    assert [p[2:] for p in pieces("kotlin", EXPO_KOTLIN)[1:]] == [
        ("method", "LocationModule.definition"),
        ("method", "LocationModule.OnCreate"),
        ("method", "LocationModule.getCurrentPositionAsync"),
        ("method", "LocationModule.watchPositionImplAsync"),
        ("method", "LocationModule.hasServicesEnabled"),
        ("method", "LocationModule.startGeofencingAsync"),
    ]


def test_a_small_module_definition_stays_one_piece_and_other_calls_name_nothing():
    text = ('class M : Module() {\n  override fun definition() = ModuleDefinition {\n'
            '    Name("Tiny")\n    Function("ping") { "pong" }\n  }\n}\n')
    assert [p[2:] for p in pieces("kotlin", text)] == [("class", "M")]
    text = ("fun render() {\n    items.forEach { item ->\n        Function(\"x\") { item }\n"
            "        draw(item, color = Color.Blue, width = 2.dp, height = 2.dp)\n    }\n}\n")
    assert [p[2:] for p in pieces("kotlin", text)] == [("function", "render")]


KTS = """\
plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "com.example.shop"
    compileSdk = 35

    defaultConfig {
        applicationId = "com.example.shop"
        minSdk = 24
        targetSdk = 35
    }
}

dependencies {
    implementation(libs.androidx.core.ktx)
    testImplementation(libs.junit)
}

tasks.register("printVersion") {
    doLast { println(android.defaultConfig.versionName) }
}
"""


def test_a_kotlin_gradle_script_is_cut_by_its_blocks_as_a_groovy_one_is():
    # mobile40: Android Studio writes `build.gradle.kts` (Kotlin DSL) for new projects; read
    # as Kotlin it was windows with no name ("which minSdk does the app set": no `android`)
    kotlin = chunker_for("kotlin")
    assert kotlin is not None and hasattr(kotlin, "chunk_path")
    named = [(p.symbol_type, p.symbol) for p in kotlin.chunk_path(KTS, "app/build.gradle.kts")]
    assert named == [("block", "plugins"), ("block", "android"), ("block", "dependencies"),
                     ("task", "printVersion")]
    # other Kotlin files, scripts too, are Kotlin's
    assert all(p.symbol_type != "block" for p in kotlin.chunk_path(KTS, "tools/shop.main.kts"))


PODSPEC = """\
require 'json'

package = JSON.parse(File.read(File.join(__dir__, 'package.json')))

Pod::Spec.new do |s|
  s.name         = "RNDeviceInfo"
  s.version      = package['version']
  s.platforms    = { :ios => "9.0", :visionos => "1.0", :tvos => "10.0" }
  s.source_files = "ios/**/*.{h,m}"
  s.dependency "React-Core"
end
"""
PODFILE = """\
platform :ios, min_ios_version_supported
prepare_react_native_project!

target 'HelloWorld' do
  config = use_native_modules!
  use_react_native!(:path => config[:reactNativePath])

  post_install do |installer|
    react_native_post_install(installer, config[:reactNativePath])
  end
end
"""


def test_a_podspec_is_named_by_its_pod_and_a_podfile_by_its_targets():
    # mobile40: every podspec and Podfile of seven native modules and the React Native app
    # template was unnamed windows ("which iOS deployment target does the podspec set")
    ruby = chunker_for("ruby")
    assert ruby is not None
    assert [(p.symbol_type, p.symbol) for p in ruby.chunk(PODSPEC)][-1:] == [
        ("block", "RNDeviceInfo")]
    unnamed = PODSPEC.replace('"RNDeviceInfo"', "package['name']")
    assert [(p.symbol_type, p.symbol) for p in ruby.chunk(unnamed)][-1:] == [
        ("block", "Pod.Spec")]
    assert [(p.symbol_type, p.symbol) for p in ruby.chunk(PODFILE)][-1:] == [
        ("block", "HelloWorld")]


PACKAGE_SWIFT = """\
// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "CapacitorPushNotifications",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "CapacitorPushNotifications", targets: ["PushNotificationsPlugin"])
    ],
    targets: [
        .target(
            name: "PushNotificationsPlugin",
            path: "ios/Sources/PushNotificationsPlugin"),
        .testTarget(
            name: "PushNotificationsPluginTests",
            dependencies: ["PushNotificationsPlugin"])
    ]
)
"""


def test_a_swift_package_manifest_is_named_by_its_package_and_targets():
    # mobile40: @capacitor/push-notifications' Package.swift was one unnamed window
    swift = chunker_for("swift")
    assert swift is not None
    assert [(p.symbol_type, p.symbol) for p in swift.chunk(PACKAGE_SWIFT)][-1:] == [
        ("block", "CapacitorPushNotifications")]
    # a big one is cut at its targets, each named by its target
    deps = "".join(f'                .product(name: "Dep{j}", package: "swift-dep-{j}"),\n'
                   for j in range(12))
    targets = ",\n".join(f'        .target(\n            name: "Module{i}",\n'
                         f'            dependencies: [\n{deps}            ])' for i in range(6))
    big = PACKAGE_SWIFT.replace('    targets: [\n', f'    targets: [\n{targets},\n')
    names = [p.symbol for p in swift.chunk(big)]
    assert {f"CapacitorPushNotifications.Module{i}" for i in range(6)} <= set(names)
    assert "CapacitorPushNotifications.PushNotificationsPluginTests" in names
    # `.target(name:)` outside a `Package(...)` manifest names nothing
    code = 'func f() {\n    let x = Foo(targets: [.target(name: "Nope")])\n}\n'
    assert [p.symbol for p in swift.chunk(code)] == ["f"]
