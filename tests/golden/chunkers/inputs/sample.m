#import "CAPPlugin.h"
#import <Foundation/Foundation.h>

NSString *const CAPPluginDidLoadNotification = @"CAPPluginDidLoad";

#define CAP_LOG(fmt, ...) NSLog((@"[Capacitor] " fmt), ##__VA_ARGS__)

/// A plugin's view of its configuration.
@protocol CAPPluginConfigReading <NSObject>
- (id)getConfigValue:(NSString *)key;
@end

@interface CAPPlugin ()
@property (nonatomic, strong) NSMutableDictionary<NSString *, NSMutableArray *> *eventListeners;
@end

@implementation CAPPlugin

/// Creates the plugin for a bridge; `load` runs once it is registered.
- (instancetype)initWithBridge:(id<CAPBridgeProtocol>)bridge pluginId:(NSString *)pluginId
                    pluginName:(NSString *)pluginName {
    self = [super init];
    if (self) {
        _bridge = bridge;
        _pluginId = pluginId;
        _pluginName = pluginName;
        _eventListeners = [[NSMutableDictionary alloc] init];
    }
    return self;
}

- (void)load {
    CAP_LOG(@"loaded %@", self.pluginId);
}

// Listeners are kept per event name, in the order they were added.
- (void)addEventListener:(NSString *)eventName listener:(CAPPluginCall *)listener {
    NSMutableArray *listeners = self.eventListeners[eventName];
    if (listeners == nil) {
        listeners = [[NSMutableArray alloc] init];
        self.eventListeners[eventName] = listeners;
    }
    [listeners addObject:listener];
}

- (void)removeEventListener:(NSString *)eventName listener:(CAPPluginCall *)listener {
    NSMutableArray *listeners = self.eventListeners[eventName];
    [listeners removeObject:listener];
}

- (void)notifyListeners:(NSString *)eventName data:(NSDictionary<NSString *, id> *)data {
    for (CAPPluginCall *listener in [self.eventListeners[eventName] copy]) {
        [listener resolve:data];
    }
}

- (BOOL)hasListeners:(NSString *)eventName {
    NSArray *listeners = self.eventListeners[eventName];
    return listeners != nil && listeners.count > 0;
}

/// Called when the app opens a URL; plugins that handle URLs override it.
- (BOOL)shouldOverrideLoad:(WKNavigationAction *)navigationAction {
    return NO;
}

+ (NSString *)jsName {
    return NSStringFromClass([self class]);
}

@end

@implementation CAPPlugin (Deprecated)

- (id)getConfigValue:(NSString *)key {
    return [[self getConfig] getConfigJSON][key];
}

@end

static BOOL CAPIsMainThread(void) {
    return [NSThread isMainThread];
}

typedef struct CAPPoint {
    double x;
    double y;
} CAPPoint;
