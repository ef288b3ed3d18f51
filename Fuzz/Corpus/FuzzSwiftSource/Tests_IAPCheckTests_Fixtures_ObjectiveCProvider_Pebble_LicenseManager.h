#import <Foundation/Foundation.h>

/// Something that grants licences once started.
@interface LicenseProvider : NSObject
- (void)startProviding;
@end

/// Holds the providers and the licences they grant.
@interface LicenseManager : NSObject
@property (class, readonly) LicenseManager *shared;
- (void)addProvider:(LicenseProvider *)provider;
@end
