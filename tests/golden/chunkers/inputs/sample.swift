import Foundation
import WebKit

/// How a plugin call returns its result to JavaScript.
public typealias PluginResultHandler = (PluginCallResult?, PluginCall) -> Void

/// Errors a plugin call can end with.
public enum PluginCallError: Error {
    case missingArgument(String)
    case invalidArgument(String, reason: String)
    case unavailable
}

/// Something that can receive plugin calls from the web view.
@objc public protocol PluginRegistry: AnyObject {
    /// The plugin registered under `name`, if any.
    func plugin(withName name: String) -> CAPPlugin?
    func register(_ plugin: CAPPlugin)
    var pluginNames: [String] { get }
}

/// The bridge between the web view and the native plugins.
@objc(CAPBridge)
open class CapacitorBridge: NSObject, PluginRegistry {
    public private(set) var plugins: [String: CAPPlugin] = [:]
    private let queue = DispatchQueue(label: "bridge")
    weak var webView: WKWebView?

    public init(webView: WKWebView?) {
        self.webView = webView
        super.init()
    }

    deinit {
        plugins.removeAll()
    }

    // MARK: - PluginRegistry

    public func plugin(withName name: String) -> CAPPlugin? {
        return queue.sync { plugins[name] }
    }

    public func register(_ plugin: CAPPlugin) {
        queue.sync {
            plugins[plugin.pluginId] = plugin
        }
        plugin.load()
    }

    public var pluginNames: [String] {
        return queue.sync { Array(plugins.keys).sorted() }
    }

    /// Runs a call on the plugin it names, or rejects it when there is none.
    func handleJSCall(call: JSCall) {
        guard let plugin = self.plugin(withName: call.pluginId) else {
            call.reject("plugin \(call.pluginId) is not implemented on iOS")
            return
        }
        let selector = NSSelectorFromString("\(call.method):")
        guard plugin.responds(to: selector) else {
            call.reject("method \(call.method) is not implemented on \(call.pluginId)")
            return
        }
        plugin.perform(selector, with: call)
    }

    /// Sends an event to the web view's `window.Capacitor` listeners.
    public func triggerJSEvent(eventName: String, target: String, data: String = "{}") {
        let script = "window.Capacitor.triggerEvent('\(eventName)', '\(target)', \(data))"
        DispatchQueue.main.async { [weak self] in
            self?.webView?.evaluateJavaScript(script, completionHandler: nil)
        }
    }

    subscript(name: String) -> CAPPlugin? {
        return plugin(withName: name)
    }
}

/// Reading typed options out of a call.
extension PluginCall {
    public func getString(_ key: String, _ defaultValue: String? = nil) -> String? {
        return options[key] as? String ?? defaultValue
    }

    public func getBool(_ key: String) -> Bool? {
        return options[key] as? Bool
    }
}

struct PluginHeader: Codable, Equatable {
    let name: String
    let methods: [String]
}

actor CallCounter {
    private var count = 0

    func increment() -> Int {
        count += 1
        return count
    }
}

public func isSimulator() -> Bool {
    #if targetEnvironment(simulator)
    return true
    #else
    return false
    #endif
}
