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
typedef long NSInteger;
typedef unsigned long NSUInteger;

typedef struct _NSZone NSZone;

NS_ASSUME_NONNULL_BEGIN

typedef void (^dispatch_block_t)(void);
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef long dispatch_once_t;
extern dispatch_queue_t dispatch_get_main_queue(void);
extern void dispatch_async(dispatch_queue_t queue, dispatch_block_t block);
extern void dispatch_once(dispatch_once_t *predicate, dispatch_block_t block);

@class NSString, NSArray<ObjectType>, NSDictionary<KeyType, ObjectType>, NSSet<ObjectType>;

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

@interface NSArray<__covariant ObjectType> : NSObject <NSCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull[_Nonnull])objects count:(NSUInteger)cnt;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)idx;
- (NSArray<ObjectType> *)sortedArrayUsingSelector:(SEL)comparator;
@end

@interface NSMutableArray<ObjectType> : NSArray <ObjectType>
+ (instancetype)array;
- (void)addObject:(ObjectType)anObject;
@end

@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSCopying, NSFastEnumeration>
@property (readonly) NSUInteger count;
+ (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull[_Nullable])objects
                              forKeys:(const KeyType<NSCopying> _Nonnull[_Nullable])keys
                                count:(NSUInteger)cnt;
- (nullable ObjectType)objectForKeyedSubscript:(KeyType)key;
@end

@interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary <KeyType, ObjectType>
+ (instancetype)dictionary;
- (void)setObject:(nullable ObjectType)obj forKeyedSubscript:(KeyType<NSCopying>)key;
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
@end

@interface NSNumber : NSObject <NSCopying>
@end

@interface NSDecimalNumber : NSNumber
@end

@interface NSLocale : NSObject <NSCopying>
@end

@interface NSDate : NSObject <NSCopying>
@end

@interface NSError : NSObject <NSCopying>
@property (readonly, copy) NSErrorDomain domain;
@property (readonly) NSInteger code;
+ (instancetype)errorWithDomain:(NSErrorDomain)domain
                           code:(NSInteger)code
                       userInfo:(nullable NSDictionary<NSString *, id> *)dict;
@end

@interface NSThread : NSObject
@property (class, readonly) BOOL isMainThread;
@end

@interface NSNotificationCenter : NSObject
@property (class, readonly, strong) NSNotificationCenter *defaultCenter;
- (void)postNotificationName:(NSNotificationName)aName
                      object:(nullable id)anObject
                    userInfo:(nullable NSDictionary *)aUserInfo;
@end

@interface NSUserDefaults : NSObject
@property (class, readonly, strong) NSUserDefaults *standardUserDefaults;
- (nullable NSArray *)arrayForKey:(NSString *)defaultName;
- (void)setObject:(nullable id)value forKey:(NSString *)defaultName;
@end

FOUNDATION_EXPORT void NSLog(NSString *format, ...) NS_FORMAT_FUNCTION(1, 2);

NS_ASSUME_NONNULL_END

#endif
