/// What a purchase unlocks, named apart from the product IDs that sell it.
enum Feature: String {
    case gem = "com.example.pebble.gem"
    case themes = "com.example.pebble.themes"
}
