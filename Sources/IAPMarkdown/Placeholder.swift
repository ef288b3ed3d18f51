// IAPMarkdown
