#import "LegacyStore.h"

@implementation LegacyStore

- (void)load {
    SKProductsRequest *request = [[SKProductsRequest alloc] initWithProductIdentifiers:[NSSet setWithObjects:PEBBLE_GEMS, nil]];
    request.delegate = self;
    [request start];
}

- (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
    NSLog(@"%lu products", (unsigned long)response.products.count);
}

@end
