#import "PebbleStore.h"

@implementation PebbleStore

+ (instancetype)sharedStore {
    static PebbleStore *store;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        store = [[self alloc] init];
    });
    return store;
}

- (instancetype)init {
    if ((self = [super init])) {
        [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
    }
    return self;
}

- (void)load {
}

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
    for (SKPaymentTransaction *transaction in transactions) {
        switch (transaction.transactionState) {
            case SKPaymentTransactionStatePurchased:
            case SKPaymentTransactionStateRestored:
            case SKPaymentTransactionStateFailed:
                [queue finishTransaction:transaction];
                break;
            default:
                break;
        }
    }
}

@end
