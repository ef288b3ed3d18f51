// IAPValidate
