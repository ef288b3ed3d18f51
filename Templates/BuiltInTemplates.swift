/// The templates that ship with IAPKit, compiled into the tool: `sources` is written at build
/// time from the `.mustache` files beside this one (see `Plugins/EmbedTemplates`).
public enum BuiltInTemplates {
    /// The names of the built-in templates, in order (`Facade/Store.swift`, ...).
    public static var names: [String] { sources.keys.sorted() }
}
