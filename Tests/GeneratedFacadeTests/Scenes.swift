import UIKit

// Swift Testing has a cross-import overlay for UIKit that only Apple's systems provide, so the
// tests, which import Testing, get their scenes from this file, which does not.

/// A window scene for confirming purchases in.
@MainActor
func windowScene() -> UIWindowScene {
    UIWindowScene()
}
