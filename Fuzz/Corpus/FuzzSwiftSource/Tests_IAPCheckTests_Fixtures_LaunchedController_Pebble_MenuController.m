#import "MenuController.h"
#import "PebbleStore.h"

@implementation MenuController

#define MENU_TITLE @"Pebble"
- (void)directorDidStart:(GameDirector *)director {
    self.title = MENU_TITLE;
    [[PebbleStore sharedStore] load];
}

@end
