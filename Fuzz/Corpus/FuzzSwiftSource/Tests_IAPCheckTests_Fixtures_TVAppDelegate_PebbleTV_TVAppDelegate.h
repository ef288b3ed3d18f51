#import <UIKit/UIKit.h>

/// The TV app's delegate: a tab bar of the catalogue, no store.
@interface TVAppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) UIWindow *window;
@end
