extension LicenseManager {
    /// Adds the App Store as the source of licences.
    func setUp() {
        add(AppStoreProvider())
    }
}
