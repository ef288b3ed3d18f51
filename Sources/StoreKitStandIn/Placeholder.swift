// StoreKit stand-in
