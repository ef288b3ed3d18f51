// A stand-in for Apple's StoreKit 1 Objective-C API, declaring only what the generated store
// manager uses, with Apple's signatures and nullability. It declares; it implements nothing.

#ifndef IAPKIT_STAND_IN_STOREKIT_H
#define IAPKIT_STAND_IN_STOREKIT_H

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSErrorDomain const SKErrorDomain;

typedef NS_ERROR_ENUM(SKErrorDomain, SKErrorCode){
    SKErrorUnknown,
    SKErrorClientInvalid,
    SKErrorPaymentCancelled,
    SKErrorPaymentInvalid,
    SKErrorPaymentNotAllowed,
    SKErrorStoreProductNotAvailable,
};

@class SKRequest, SKProductsRequest, SKProductsResponse, SKPaymentQueue, SKPaymentTransaction;

@protocol SKRequestDelegate <NSObject>
@optional
- (void)requestDidFinish:(SKRequest *)request;
- (void)request:(SKRequest *)request didFailWithError:(NSError *)error;
@end

@interface SKRequest : NSObject
@property (nonatomic, weak, nullable) id<SKRequestDelegate> delegate;
- (void)cancel;
- (void)start;
@end

@protocol SKProductsRequestDelegate <SKRequestDelegate>
@required
- (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response;
@end

@interface SKProductsRequest : SKRequest
- (instancetype)initWithProductIdentifiers:(NSSet<NSString *> *)productIdentifiers;
@property (nonatomic, weak, nullable) id<SKProductsRequestDelegate> delegate;
@end

@interface SKProduct : NSObject
@property (nonatomic, readonly) NSString *localizedDescription;
@property (nonatomic, readonly) NSString *localizedTitle;
@property (nonatomic, readonly) NSDecimalNumber *price;
@property (nonatomic, readonly) NSLocale *priceLocale;
@property (nonatomic, readonly) NSString *productIdentifier;
@property (nonatomic, readonly) BOOL isFamilyShareable IAPKIT_AVAILABLE(14.0, 11.0);
@property (nonatomic, readonly, nullable) NSString *subscriptionGroupIdentifier IAPKIT_AVAILABLE(12.0, 10.14);
@end

@interface SKProductsResponse : NSObject
@property (nonatomic, readonly) NSArray<SKProduct *> *products;
@property (nonatomic, readonly) NSArray<NSString *> *invalidProductIdentifiers;
@end

@interface SKPayment : NSObject <NSCopying, NSMutableCopying>
+ (instancetype)paymentWithProduct:(SKProduct *)product;
@property (nonatomic, copy, readonly) NSString *productIdentifier;
@property (nonatomic, copy, readonly, nullable) NSString *applicationUsername;
@property (nonatomic, readonly) NSInteger quantity;
@end

@interface SKMutablePayment : SKPayment
@property (nonatomic, copy, readwrite, nullable) NSString *applicationUsername;
@property (nonatomic, readwrite) NSInteger quantity;
@end

typedef NS_ENUM(NSInteger, SKPaymentTransactionState){
    SKPaymentTransactionStatePurchasing,
    SKPaymentTransactionStatePurchased,
    SKPaymentTransactionStateFailed,
    SKPaymentTransactionStateRestored,
    SKPaymentTransactionStateDeferred,
};

@interface SKPaymentTransaction : NSObject
@property (nonatomic, readonly, nullable) NSError *error;
@property (nonatomic, readonly, nullable) SKPaymentTransaction *originalTransaction;
@property (nonatomic, readonly) SKPayment *payment;
@property (nonatomic, readonly, nullable) NSDate *transactionDate;
@property (nonatomic, readonly, nullable) NSString *transactionIdentifier;
@property (nonatomic, readonly) SKPaymentTransactionState transactionState;
@end

@protocol SKPaymentTransactionObserver <NSObject>
@required
- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions;
@optional
- (void)paymentQueue:(SKPaymentQueue *)queue removedTransactions:(NSArray<SKPaymentTransaction *> *)transactions;
- (void)paymentQueue:(SKPaymentQueue *)queue restoreCompletedTransactionsFailedWithError:(NSError *)error;
- (void)paymentQueueRestoreCompletedTransactionsFinished:(SKPaymentQueue *)queue;
- (BOOL)paymentQueue:(SKPaymentQueue *)queue
    shouldAddStorePayment:(SKPayment *)payment
               forProduct:(SKProduct *)product IAPKIT_AVAILABLE(11.0, 11.0);
- (void)paymentQueue:(SKPaymentQueue *)queue
    didRevokeEntitlementsForProductIdentifiers:(NSArray<NSString *> *)productIdentifiers IAPKIT_AVAILABLE(14.0, 11.0);
@end

@interface SKPaymentQueue : NSObject
+ (instancetype)defaultQueue;
+ (BOOL)canMakePayments;
@property (nonatomic, readonly) NSArray<SKPaymentTransaction *> *transactions;
- (void)addPayment:(SKPayment *)payment;
- (void)restoreCompletedTransactions;
- (void)finishTransaction:(SKPaymentTransaction *)transaction;
- (void)addTransactionObserver:(id<SKPaymentTransactionObserver>)observer;
- (void)removeTransactionObserver:(id<SKPaymentTransactionObserver>)observer;
@end

NS_ASSUME_NONNULL_END

#endif
