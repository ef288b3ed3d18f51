// IAPExtract
