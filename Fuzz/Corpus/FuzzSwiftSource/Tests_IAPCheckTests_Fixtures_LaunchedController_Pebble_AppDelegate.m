#import "AppDelegate.h"
#import "GameDirector.h"
#import "MenuController.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    MenuController *menu = [[MenuController alloc] initWithNibName:nil bundle:nil];
    [[GameDirector sharedDirector] setDelegate:menu];
    return YES;
}

@end
