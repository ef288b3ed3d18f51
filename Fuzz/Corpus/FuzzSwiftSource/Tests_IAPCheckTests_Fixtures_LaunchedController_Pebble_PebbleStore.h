#import <StoreKit/StoreKit.h>

/// The game's store: it observes the payment queue from the moment it exists.
@interface PebbleStore : NSObject <SKPaymentTransactionObserver>
+ (instancetype)sharedStore;
- (void)load;
@end
