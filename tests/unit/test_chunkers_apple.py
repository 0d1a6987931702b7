"""Swift and Objective-C by syntax tree: types, extensions and methods as their own chunks.

Before, both fell back to fixed windows with no symbol: 0 of 7,430 pieces of the .swift, .m and
.mm files of expo-modules-core 58.2.0 ios/, @capacitor/ios 8.6.0 and react-native 0.86.3 React/
named a definition, so `repokb search` could not find a method by its name.
"""

from __future__ import annotations

from repokb.chunkers import chunker_for


def pieces(language: str, text: str) -> list[tuple[int, int, str | None, str | None]]:
    chunker = chunker_for(language)
    assert chunker is not None
    return [(p.start_line, p.end_line, p.symbol_type, p.symbol) for p in chunker.chunk(text)]


def test_swift_types_and_extensions_are_named_as_written():
    text = (
        "/// Options of a call.\n"
        "extension CAPPluginCall.Options: Sendable {\n"
        "    public func getString(_ key: String) -> String? { return self[key] as? String }\n"
        "}\n\n"
        "public protocol JSValueEncodable {\n"
        "    func encode(to encoder: JSValueEncoder) throws\n}\n\n"
        "struct PluginHeader: Codable {\n    let name: String\n    let methods: [String]\n}\n"
    )
    assert pieces("swift", text) == [
        (1, 4, "extension", "CAPPluginCall.Options"),
        (6, 8, "protocol", "JSValueEncodable"),
        (10, 13, "struct", "PluginHeader"),
    ]


def test_swift_computed_properties_are_definitions_stored_ones_are_not():
    text = ("final class CAPBridgeViewController: UIViewController {\n"
            "    static let secretHeader = \"X-Capacitor-Platform-Name-Header\"\n"
            "    /// The plugins this view controller registers when the bridge loads.\n"
            "    open var capacitorPluginNames: [String] {\n"
            "        return Bundle.main.infoDictionary?[\"CapacitorPlugins\"] as? [String] ?? []\n"
            "    }\n" + "".join(f"    func f{i}() {{ print(\"{'x' * 150}\") }}\n"
                              for i in range(10)) + "}\n")
    named = {(kind, symbol) for _, _, kind, symbol in pieces("swift", text)}
    assert ("property", "CAPBridgeViewController.capacitorPluginNames") in named
    assert not any(symbol and symbol.endswith("secretHeader") for _, symbol in named)


def test_swift_methods_of_a_big_class_are_class_dot_method():
    methods = "".join(
        f"    /// Handles {n}: resolves the call with the value the web view asked for.\n"
        f"    func handle{n}(_ call: CAPPluginCall) {{\n"
        f"        call.resolve([\"value\": \"{n}\" + String(repeating: \"x\", count: 40)])\n"
        "    }\n\n" for n in ("Open", "Close", "Share", "Print", "Save", "Load", "Copy", "Move"))
    text = ("@objc(CAPAppPlugin)\npublic class AppPlugin: CAPPlugin {\n"
            + methods + "    deinit {\n        NotificationCenter.default.removeObserver(self)\n"
            "    }\n}\n")
    names = [symbol for _, _, kind, symbol in pieces("swift", text) if kind == "method"]
    assert names == [f"AppPlugin.handle{n}" for n in
                     ("Open", "Close", "Share", "Print", "Save", "Load", "Copy", "Move")] + [
        "AppPlugin.deinit"]


def test_objc_methods_keep_their_class_when_the_class_does_not_parse():
    # react-native 0.86.3 React/Base/RCTCallableJSModules.m: an #ifdef among the ivars makes
    # the @implementation an error node; its methods were left nameless
    text = (
        "@implementation RCTCallableJSModules {\n"
        "  RCTBridgelessJSModuleMethodInvoker _invoker;\n"
        "#ifndef RCT_REMOVE_LEGACY_ARCH\n  __weak RCTBridge *_bridge;\n#endif\n}\n\n"
        "#ifndef RCT_REMOVE_LEGACY_ARCH\n- (void)setBridge:(RCTBridge *)bridge\n{\n"
        "  _bridge = bridge;\n}\n#endif\n\n"
        "- (void)setBridgelessJSModuleMethodInvoker:(RCTBridgelessJSModuleMethodInvoker)invoker\n"
        "{\n  _invoker = invoker;\n}\n\n"
        "- (void)invokeModule:(NSString *)moduleName method:(NSString *)methodName\n"
        "{\n  [self invokeModule:moduleName method:methodName withArgs:@[]];\n}\n\n@end\n"
    )
    named = [(kind, symbol) for _, _, kind, symbol in pieces("objc", text) if symbol]
    assert named == [("method", "RCTCallableJSModules.setBridgelessJSModuleMethodInvoker"),
                     ("method", "RCTCallableJSModules.invokeModule")]


def test_objc_header_interface_category_and_protocol():
    text = (
        "#import <Foundation/Foundation.h>\n\n"
        "/// A plugin of the bridge.\n"
        "@interface CAPPlugin : NSObject\n"
        "@property (nonatomic, weak, nullable) id<CAPBridgeProtocol> bridge;\n"
        "- (instancetype)initWithBridge:(id<CAPBridgeProtocol>)bridge pluginId:(NSString *)pid;\n"
        "@end\n\n"
        "@interface CAPPlugin (Events)\n"
        "- (void)notifyListeners:(NSString *)eventName data:(NSDictionary *)data;\n@end\n\n"
        "@protocol CAPBridgedPlugin <NSObject>\n@property (nonatomic, strong) NSString *jsName;\n"
        "@end\n"
    )
    assert pieces("objc", text) == [
        (1, 7, "interface", "CAPPlugin"),  # the #import, too short alone, opens it
        (9, 11, "extension", "CAPPlugin"),
        (13, 15, "protocol", "CAPBridgedPlugin"),
    ]


def test_objc_end_never_stands_alone():
    body = "".join(f"- (void)method{i} {{\n  NSLog(@\"{'x' * 200}\");\n}}\n\n" for i in range(8))
    text = "@implementation CAPBridge\n\n" + body + "@end\n"
    got = pieces("objc", text)
    assert all(not (kind == "class" and start == end == text.count("\n")) for start, end, kind, _
               in got)
    assert got[-1][3] == "CAPBridge.method7" and got[-1][1] == text.count("\n")


def test_objc_header_methods_keep_their_class_when_a_macro_hides_the_interface():
    # @capacitor/ios 8.6.0 CAPInstanceConfiguration.h: with NS_SWIFT_NAME(..) above it the
    # @interface is no class_interface node, and its methods were nameless of their class
    text = (
        "#ifndef CAPInstanceConfiguration_h\n#define CAPInstanceConfiguration_h\n\n"
        "@import UIKit;\n\nNS_SWIFT_NAME(InstanceConfiguration)\n"
        "@interface CAPInstanceConfiguration: NSObject\n"
        "@property (nonatomic, readonly, nullable) NSString *appendedUserAgentString;\n\n"
        "- (instancetype _Nonnull)initWithDescriptor:(CAPInstanceDescriptor* _Nonnull)descriptor"
        " isDebug:(BOOL)debug NS_SWIFT_NAME(init(with:isDebug:));\n"
        "- (instancetype _Nonnull)updatingAppLocation:(NSURL* _Nonnull)location "
        "NS_SWIFT_NAME(updatingAppLocation(_:));\n@end\n\n"
        "#endif\n"
    )
    methods = [symbol for _, _, kind, symbol in pieces("objc", text) if kind == "method"]
    assert methods == ["CAPInstanceConfiguration.initWithDescriptor",
                       "CAPInstanceConfiguration.updatingAppLocation"]
