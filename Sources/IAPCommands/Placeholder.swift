// IAPCommands
