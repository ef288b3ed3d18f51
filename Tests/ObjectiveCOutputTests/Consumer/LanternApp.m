// Code an Objective-C app writes against the generated LanternStoreObjC.h: a handler that
// answers a few callbacks, and a screen that sells and restores.

#import "LanternStoreObjC.h"

NS_ASSUME_NONNULL_BEGIN

@interface LanternPurchaseHandler : NSObject <LanternStoreObjCHandling>
@property (nonatomic) NSInteger tips;
@property (nonatomic) BOOL fontsUnlocked;
@end

@implementation LanternPurchaseHandler

- (void)smallTipPurchased:(SKPaymentTransaction *)transaction {
    if (transaction.transactionIdentifier != nil) {
        self.tips += 1;
    }
}

- (void)fontsPurchased:(SKPaymentTransaction *)transaction {
    self.fontsUnlocked = transaction.transactionState == SKPaymentTransactionStatePurchased;
}

- (void)fontsRestored:(SKPaymentTransaction *)transaction {
    self.fontsUnlocked = transaction.originalTransaction != nil;
}

- (void)fontsRevoked {
    self.fontsUnlocked = NO;
}

- (void)clubMonthlyFailed:(NSError *)error {
    NSLog(@"The club subscription failed: %ld", (long)error.code);
}

- (void)clubMonthlyDeferred {
    NSLog(@"Waiting for a parent to approve the club subscription.");
}

- (void)storeDidMissProducts:(NSArray<NSString *> *)productIdentifiers {
    NSLog(@"Missing: %lu products", (unsigned long)productIdentifiers.count);
}

@end

@interface LanternShop : NSObject
@property (nonatomic, strong) LanternPurchaseHandler *handler;
@end

@implementation LanternShop

- (instancetype)init {
    self = [super init];
    if (self) {
        _handler = [[LanternPurchaseHandler alloc] init];
        LanternStoreObjC.sharedStore.handler = _handler;
        [LanternStoreObjC.sharedStore loadProducts];
    }
    return self;
}

- (BOOL)buyFonts {
    if (!LanternStoreObjC.canMakePayments || [LanternStoreObjC.sharedStore isPurchased:LanternStoreObjCProductFonts]) {
        return NO;
    }
    SKProduct *_Nullable fonts = LanternStoreObjC.sharedStore.products[LanternStoreObjCProductFonts];
    NSLog(@"Buying %@", fonts.localizedTitle);
    return [LanternStoreObjC.sharedStore purchaseProduct:LanternStoreObjCProductFonts];
}

- (void)restore {
    [LanternStoreObjC.sharedStore restorePurchases];
}

- (NSUInteger)productCount {
    return LanternStoreObjC.allProductIdentifiers.count + LanternStoreObjC.sharedStore.missingProducts.count;
}

@end

NS_ASSUME_NONNULL_END
