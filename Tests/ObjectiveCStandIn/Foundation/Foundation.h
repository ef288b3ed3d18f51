// A stand-in for Apple's Foundation, declaring only what the generated Objective-C store
// manager uses, with Apple's signatures and nullability, so clang can check that code on systems
// without Apple's SDK. It declares; it implements nothing and is never linked.

#ifndef IAPKIT_STAND_IN_FOUNDATION_H
#define IAPKIT_STAND_IN_FOUNDATION_H

#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define FOUNDATION_EXPORT extern
#define NS_FORMAT_FUNCTION(F, A) __attribute__((format(__NSString__, F, A)))
#define NS_ENUM(TYPE, NAME) \
    enum NAME : TYPE NAME; \
    enum NAME : TYPE
#define NS_ERROR_ENUM(DOMAIN, NAME) NS_ENUM(NSInteger, NAME)
#define NS_TYPED_EXTENSIBLE_ENUM
// Apple's headers mark each declaration with the systems it exists on; these spell the same
// clang attributes for the platforms the generated code is checked for.
#define IAPKIT_AVAILABLE(IOS, MACOS) \
    __attribute__((availability(ios, introduced = IOS))) __attribute__((availability(macos, introduced = MACOS)))

typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((void *)0)
#define NULL ((void *)0)
typedef long NSInteger;
typedef unsigned long NSUInteger;

typedef struct _NSZone NSZone;

NS_ASSUME_NONNULL_BEGIN

typedef void (^dispatch_block_t)(void);
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef long dispatch_once_t;
typedef unsigned long long dispatch_time_t;
typedef long long int64_t;
typedef double NSTimeInterval;
#define DISPATCH_TIME_NOW (0ull)
#define NSEC_PER_SEC 1000000000ull
extern dispatch_queue_t dispatch_get_main_queue(void);
extern void dispatch_async(dispatch_queue_t queue, dispatch_block_t block);
extern void dispatch_once(dispatch_once_t *predicate, dispatch_block_t block);
extern dispatch_time_t dispatch_time(dispatch_time_t when, int64_t delta);
extern void dispatch_after(dispatch_time_t when, dispatch_queue_t queue, dispatch_block_t block);

// Core Foundation, as far as the keychain calls need it.
typedef const void *CFTypeRef;
typedef const struct __CFString *CFStringRef;
typedef const struct __CFDictionary *CFDictionaryRef;
typedef int OSStatus;
extern id _Nullable CFBridgingRelease(CFTypeRef _Nullable X);

@class NSString, NSArray<ObjectType>, NSMutableArray<ObjectType>, NSDictionary<KeyType, ObjectType>,
    NSMutableDictionary<KeyType, ObjectType>, NSSet<ObjectType>;

@protocol NSObject
- (BOOL)isEqual:(id)object;
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
@end

@interface NSObject <NSObject> {
    Class isa;
}
+ (instancetype)alloc;
+ (Class)class;
- (instancetype)init;
- (id)copy;
- (id)mutableCopy;
@end

@protocol NSMutableCopying
- (id)mutableCopyWithZone:(nullable NSZone *)zone;
@end

@protocol NSCopying
- (id)copyWithZone:(nullable NSZone *)zone;
@end

typedef struct {
    unsigned long state;
    id __unsafe_unretained _Nullable *_Nullable itemsPtr;
    unsigned long *_Nullable mutationsPtr;
    unsigned long extra[5];
} NSFastEnumerationState;

@protocol NSFastEnumeration
- (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state
                                  objects:(id __unsafe_unretained _Nullable[_Nonnull])buffer
                                    count:(NSUInteger)len;
@end

typedef NS_ENUM(NSInteger, NSComparisonResult){
    NSOrderedAscending = -1L,
    NSOrderedSame,
    NSOrderedDescending,
};

@interface NSString : NSObject <NSCopying>
- (BOOL)isEqualToString:(NSString *)aString;
- (NSComparisonResult)compare:(NSString *)string;
@end

// The class of @"..." literals.
@interface NSConstantString : NSString
@end

typedef NSString *NSNotificationName NS_TYPED_EXTENSIBLE_ENUM;
typedef NSString *NSErrorDomain;

@interface NSArray<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull[_Nonnull])objects count:(NSUInteger)cnt;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)idx;
- (NSArray<ObjectType> *)sortedArrayUsingSelector:(SEL)comparator;
- (BOOL)containsObject:(ObjectType)anObject;
- (NSMutableArray<ObjectType> *)mutableCopy;
@end

@interface NSMutableArray<ObjectType> : NSArray <ObjectType>
+ (instancetype)array;
- (void)addObject:(ObjectType)anObject;
- (void)removeObjectAtIndex:(NSUInteger)index;
@end

@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
@property (readonly, copy) NSArray<KeyType> *allKeys;
- (NSMutableDictionary<KeyType, ObjectType> *)mutableCopy;
+ (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull[_Nullable])objects
                              forKeys:(const KeyType<NSCopying> _Nonnull[_Nullable])keys
                                count:(NSUInteger)cnt;
- (nullable ObjectType)objectForKeyedSubscript:(KeyType)key;
@end

@interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary <KeyType, ObjectType>
+ (instancetype)dictionary;
- (void)setObject:(nullable ObjectType)obj forKeyedSubscript:(KeyType<NSCopying>)key;
- (void)removeObjectForKey:(KeyType)aKey;
@end

@interface NSSet<__covariant ObjectType> : NSObject <NSCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
@property (readonly, copy) NSArray<ObjectType> *allObjects;
+ (instancetype)set;
+ (instancetype)setWithArray:(NSArray<ObjectType> *)array;
- (BOOL)containsObject:(ObjectType)anObject;
- (NSSet<ObjectType> *)setByAddingObject:(ObjectType)anObject;
@end

@interface NSMutableSet<ObjectType> : NSSet <ObjectType>
- (void)addObject:(ObjectType)object;
- (void)removeObject:(ObjectType)object;
- (void)removeAllObjects;
@end

@interface NSNumber : NSObject <NSCopying>
@property (readonly) double doubleValue;
+ (NSNumber *)numberWithBool:(BOOL)value;
+ (NSNumber *)numberWithDouble:(double)value;
@end

@interface NSData : NSObject <NSCopying>
@end

@interface NSDecimalNumber : NSNumber
@end

@interface NSLocale : NSObject <NSCopying>
@end

@interface NSDate : NSObject <NSCopying>
@property (readonly) NSTimeInterval timeIntervalSince1970;
+ (instancetype)date;
+ (instancetype)dateWithTimeIntervalSince1970:(NSTimeInterval)secs;
- (NSComparisonResult)compare:(NSDate *)other;
@end

@interface NSDateComponents : NSObject <NSCopying>
@property NSInteger year;
@property NSInteger month;
@property NSInteger day;
@end

@interface NSTimeZone : NSObject <NSCopying>
+ (instancetype)timeZoneForSecondsFromGMT:(NSInteger)seconds;
@end

typedef NSString *NSCalendarIdentifier NS_TYPED_EXTENSIBLE_ENUM;
FOUNDATION_EXPORT NSCalendarIdentifier const NSCalendarIdentifierGregorian;
typedef NS_ENUM(NSUInteger, NSCalendarOptions){
    NSCalendarWrapComponents = (1UL << 0),
};

@interface NSCalendar : NSObject <NSCopying>
@property (copy) NSTimeZone *timeZone;
- (nullable id)initWithCalendarIdentifier:(NSCalendarIdentifier)ident;
- (nullable NSDate *)dateByAddingComponents:(NSDateComponents *)comps toDate:(NSDate *)date options:(NSCalendarOptions)opts;
@end

typedef NS_ENUM(NSUInteger, NSJSONReadingOptions){
    NSJSONReadingMutableContainers = (1UL << 0),
};
typedef NS_ENUM(NSUInteger, NSJSONWritingOptions){
    NSJSONWritingPrettyPrinted = (1UL << 0),
    NSJSONWritingSortedKeys = (1UL << 1),
};

@class NSError;

@interface NSJSONSerialization : NSObject
+ (nullable NSData *)dataWithJSONObject:(id)obj options:(NSJSONWritingOptions)opt error:(NSError **)error;
+ (nullable id)JSONObjectWithData:(NSData *)data options:(NSJSONReadingOptions)opt error:(NSError **)error;
@end

@interface NSError : NSObject <NSCopying>
@property (readonly, copy) NSErrorDomain domain;
@property (readonly) NSInteger code;
+ (instancetype)errorWithDomain:(NSErrorDomain)domain
                           code:(NSInteger)code
                       userInfo:(nullable NSDictionary<NSString *, id> *)dict;
@end

FOUNDATION_EXPORT NSErrorDomain const NSOSStatusErrorDomain;

@interface NSThread : NSObject
@property (class, readonly) BOOL isMainThread;
@property (class, readonly, strong) NSThread *mainThread;
@property (readonly, retain) NSMutableDictionary *threadDictionary;
@end

@interface NSNotification : NSObject <NSCopying>
@property (readonly, copy) NSNotificationName name;
@property (nullable, readonly, retain) id object;
@end

@interface NSOperationQueue : NSObject
@property (class, readonly, strong) NSOperationQueue *mainQueue;
@end

@interface NSNotificationCenter : NSObject
@property (class, readonly, strong) NSNotificationCenter *defaultCenter;
- (void)postNotificationName:(NSNotificationName)aName
                      object:(nullable id)anObject
                    userInfo:(nullable NSDictionary *)aUserInfo;
- (id<NSObject>)addObserverForName:(nullable NSNotificationName)name
                            object:(nullable id)obj
                             queue:(nullable NSOperationQueue *)queue
                        usingBlock:(void (^)(NSNotification *notification))block;
- (void)removeObserver:(id)observer;
@end

@interface NSUserDefaults : NSObject
@property (class, readonly, strong) NSUserDefaults *standardUserDefaults;
- (nullable NSArray *)arrayForKey:(NSString *)defaultName;
- (nullable NSData *)dataForKey:(NSString *)defaultName;
- (void)setObject:(nullable id)value forKey:(NSString *)defaultName;
@end

FOUNDATION_EXPORT void NSLog(NSString *format, ...) NS_FORMAT_FUNCTION(1, 2);

NS_ASSUME_NONNULL_END

#endif
