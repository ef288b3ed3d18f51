// IAPGenerate
