#import <StoreKit/StoreKit.h>
#import "LicenseManager.h"

/// Grants the licences the App Store says were bought.
@interface AppStoreProvider : LicenseProvider <SKPaymentTransactionObserver>
@end
