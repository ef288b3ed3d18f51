#import "TVAppDelegate.h"

@implementation TVAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    self.window.rootViewController = [[UITabBarController alloc] init];
    [self.window makeKeyAndVisible];
    return YES;
}

@end
