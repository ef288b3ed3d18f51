// A stand-in for Apple's Security framework, declaring only the keychain calls the generated
// Objective-C store manager makes, with Apple's signatures. It declares; it implements nothing.

#ifndef IAPKIT_STAND_IN_SECURITY_H
#define IAPKIT_STAND_IN_SECURITY_H

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

enum {
    errSecSuccess = 0,
    errSecItemNotFound = -25300,
};

extern const CFStringRef kSecClass;
extern const CFStringRef kSecClassGenericPassword;
extern const CFStringRef kSecAttrService;
extern const CFStringRef kSecAttrAccount;
extern const CFStringRef kSecAttrAccessible;
extern const CFStringRef kSecAttrAccessibleAfterFirstUnlock;
extern const CFStringRef kSecValueData;
extern const CFStringRef kSecReturnData;
extern const CFStringRef kSecMatchLimit;
extern const CFStringRef kSecMatchLimitOne;

OSStatus SecItemCopyMatching(CFDictionaryRef query, CFTypeRef _Nullable *_Nullable result);
OSStatus SecItemAdd(CFDictionaryRef attributes, CFTypeRef _Nullable *_Nullable result);
OSStatus SecItemUpdate(CFDictionaryRef query, CFDictionaryRef attributesToUpdate);

NS_ASSUME_NONNULL_END

#endif
