// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A package found by path is known by its folder's name: this one's is wherever IAPKit was
/// checked out. An app that depends on IAPKit by URL writes `package: "iapkit"` instead.
let iapkitFolder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .deletingLastPathComponent()
let iapkit = iapkitFolder.lastPathComponent

/// An app's package that gets its store from IAPKit's build plugin: the guides in
/// Sources/PebbleStore/Guides become PebbleStore's Swift code at every build that changes them.
/// On Linux, IAPKit's stand-in StoreKit module takes the place of Apple's.
let package = Package(
    name: "StoreConsumer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: iapkitFolder.path)],
    targets: [
        .target(
            name: "PebbleStore",
            dependencies: [.product(name: "StoreKit", package: iapkit, condition: .when(platforms: [.linux]))],
            exclude: ["Guides"],
            plugins: [.plugin(name: "IAPKitGenerate", package: iapkit)]
        ),
        .executableTarget(name: "pebble-demo", dependencies: ["PebbleStore"]),
    ]
)
