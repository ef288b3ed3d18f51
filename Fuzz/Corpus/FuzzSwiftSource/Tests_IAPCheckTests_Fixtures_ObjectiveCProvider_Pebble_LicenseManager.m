#import "LicenseManager.h"

@implementation LicenseProvider

- (void)startProviding {
}

@end

@implementation LicenseManager {
    NSMutableArray<LicenseProvider *> *_providers;
}

+ (LicenseManager *)shared {
    static LicenseManager *manager;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        manager = [[self alloc] init];
    });
    return manager;
}

- (void)addProvider:(LicenseProvider *)provider {
    if (_providers == nil) {
        _providers = [NSMutableArray new];
    }
    [_providers addObject:provider];
    [provider startProviding];
}

@end
