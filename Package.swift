// swift-tools-version:6.0
import PackageDescription

/// The pipeline is visible in the targets: parse (IAPMarkdown, IAPYAML) → extract (IAPExtract)
/// → validate (IAPValidate), all around one model (IAPModel). The `iapkit` executable is a thin
/// shell over IAPCommands, which is the only place that touches the file system.
let package = Package(
    name: "IAPKit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "iapkit", targets: ["iapkit"]),
        .library(name: "IAPMarkdown", targets: ["IAPMarkdown"]),
        .library(name: "IAPYAML", targets: ["IAPYAML"]),
        .library(name: "IAPModel", targets: ["IAPModel"]),
        .library(name: "IAPExtract", targets: ["IAPExtract"]),
        .library(name: "IAPValidate", targets: ["IAPValidate"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "CAllocatorTuning"),
        .target(name: "IAPDiagnostics"),
        .target(name: "IAPMarkdown", dependencies: ["CCmark", "IAPDiagnostics"]),
        .target(name: "IAPYAML", dependencies: ["CYAML", "IAPDiagnostics"]),
        .target(name: "IAPModel", dependencies: ["IAPDiagnostics"]),
        .target(
            name: "IAPExtract",
            dependencies: ["IAPMarkdown", "IAPYAML", "IAPModel", "IAPDiagnostics"]
        ),
        .target(name: "IAPValidate", dependencies: ["IAPModel", "IAPDiagnostics"]),
        .target(
            name: "IAPCommands",
            dependencies: [
                "IAPExtract", "IAPValidate", "IAPModel", "IAPMarkdown", "IAPYAML", "IAPDiagnostics",
            ]
        ),
        .executableTarget(name: "iapkit", dependencies: ["IAPCommands", "CAllocatorTuning"]),
        .target(name: "IAPTestSupport", path: "Tests/IAPTestSupport"),
        .testTarget(
            name: "IAPMarkdownTests",
            dependencies: ["IAPMarkdown", "IAPTestSupport"],
            exclude: ["Dumps"]
        ),
        .testTarget(name: "IAPYAMLTests", dependencies: ["IAPYAML"]),
        .testTarget(
            name: "IAPExtractTests",
            dependencies: ["IAPExtract", "IAPValidate", "IAPModel", "IAPTestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "IAPCommandsTests",
            dependencies: ["IAPCommands", "IAPTestSupport"],
            exclude: ["BadInputs", "Help"]
        ),
    ]
)
