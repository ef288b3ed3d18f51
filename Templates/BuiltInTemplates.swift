import Foundation

/// The templates that ship with IAPKit, as a resource bundle beside the tool.
public enum BuiltInTemplates {
    /// The folder holding one subfolder per template set (`StoreKit2`, ...).
    public static var directory: URL? { Bundle.module.resourceURL }
}
