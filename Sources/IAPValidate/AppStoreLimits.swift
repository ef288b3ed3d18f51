/// App Store Connect's limits on product fields, shared by the validator and `iapkit check`.
public enum AppStoreLimits {
    /// The longest product ID App Store Connect accepts, in characters.
    public static let productIDMaximumLength = ProductIDRules.maximumLength
    /// The longest reference name App Store Connect accepts, in characters.
    public static let referenceNameMaximumLength = ProductRules.referenceNameLimit

    /// True when `id` uses only the allowed characters and is not too long.
    public static func isValidProductID(_ id: String) -> Bool { ProductIDRules.isValidFormat(id) }
}
