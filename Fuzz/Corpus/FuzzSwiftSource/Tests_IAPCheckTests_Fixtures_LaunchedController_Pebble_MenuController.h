#import <UIKit/UIKit.h>
#import "GameDirector.h"

/// The first screen; the game director tells it when the game starts.
@interface MenuController : UIViewController <GameDirectorDelegate>
@end
