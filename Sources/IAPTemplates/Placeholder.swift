// IAPTemplates
