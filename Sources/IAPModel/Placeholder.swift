// IAPModel
