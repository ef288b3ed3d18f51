#import "AppStoreProvider.h"

@implementation AppStoreProvider

- (void)startProviding {
    [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
}

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
    for (SKPaymentTransaction *transaction in transactions) {
        if (transaction.transactionState != SKPaymentTransactionStatePurchasing) {
            [queue finishTransaction:transaction];
        }
    }
}

@end
