#import <StoreKit/StoreKit.h>

#define PEBBLE_GEMS @"com.example.pebble.gems"

/// The store of the Objective-C screens.
@interface LegacyStore : NSObject <SKProductsRequestDelegate>
- (void)load;
@end
