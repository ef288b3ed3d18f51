// swift-tools-version:6.1
import PackageDescription

/// The pipeline is visible in the targets: parse (IAPMarkdown, IAPYAML) → extract (IAPExtract)
/// → validate (IAPValidate), all around one model (IAPModel). The `iapkit` executable is a thin
/// shell over IAPCommands, which is the only place that touches the file system.
var targets: [Target] = [
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
    .target(name: "CMarkdownArena"),
    .target(name: "IAPDiagnostics"),
    .target(name: "IAPFileAccess"),
    .target(name: "IAPMarkdown", dependencies: ["CCmark", "CMarkdownArena", "IAPDiagnostics"]),
    .target(name: "IAPJSON", dependencies: ["IAPDiagnostics"]),
    .target(name: "IAPYAML", dependencies: ["CYAML", "IAPDiagnostics", "IAPJSON"]),
    .target(name: "IAPModel", dependencies: ["IAPDiagnostics"]),
    .target(
        name: "IAPExtract",
        dependencies: ["IAPMarkdown", "IAPYAML", "IAPModel", "IAPDiagnostics", "IAPFileAccess"]
    ),
    .target(name: "IAPValidate", dependencies: ["IAPModel", "IAPDiagnostics"]),
    .target(
        name: "IAPCommands",
        dependencies: [
            "IAPExtract", "IAPValidate", "IAPModel", "IAPMarkdown", "IAPYAML", "IAPDiagnostics", "IAPGenerate",
            "IAPTemplates",
            "Templates", "IAPCheck", "IAPProject", "IAPImport", "IAPRender", "IAPFileAccess",
        ]
    ),
    .executableTarget(name: "iapkit", dependencies: ["IAPCommands", "CAllocatorTuning"]),
    .target(name: "IAPTestSupport", path: "Tests/IAPTestSupport"),
    .testTarget(
        name: "IAPMarkdownTests",
        dependencies: ["IAPMarkdown", "CMarkdownArena", "IAPTestSupport"],
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
        dependencies: ["IAPCommands", "IAPTestSupport", "IAPFileAccess"],
        exclude: ["BadInputs", "Help"]
    ),
    .target(name: "IAPTemplates", dependencies: ["IAPDiagnostics", "IAPFileAccess", "IAPJSON"]),
    // The built-in templates, compiled into the binary so that `iapkit` works wherever it is
    // copied. EmbeddedTemplates.swift is written from the `.mustache` files, which stay the
    // source: a test fails when it is out of date, and RECORD=1 rewrites it.
    .target(
        name: "Templates", path: "Templates",
        exclude: ["README.md", "StoreKit2", "StoreKit1", "Facade", "ObjectiveC"]
    ),
    // For apps: the store generated from a target's guides at build time, and
    // `swift package iapkit …` to run the tool from the package.
    .plugin(name: "IAPKitGenerate", capability: .buildTool(), dependencies: ["iapkit"]),
    .plugin(
        name: "IAPKitCommand",
        capability: .command(
            intent: .custom(verb: "iapkit", description: "Run iapkit (lint, generate, check, render) on this package."),
            permissions: [
                .writeToPackageDirectory(reason: "generate, init and render write the store, a book or the site.")
            ]
        ),
        dependencies: ["iapkit"]
    ),
    .target(
        name: "IAPGenerate",
        dependencies: [
            "IAPModel", "IAPTemplates", "IAPDiagnostics", "IAPFileAccess", "IAPProject", "IAPJSON", "Templates",
        ]
    ),
    .testTarget(name: "IAPTemplatesTests", dependencies: ["IAPTemplates", "IAPTestSupport"], exclude: ["Spec"]),
    .testTarget(
        name: "IAPGenerateTests",
        dependencies: ["IAPGenerate", "IAPExtract", "IAPValidate", "IAPTemplates", "IAPTestSupport", "Templates"]
    ),
    // The Objective-C pair, checked by clang against the headers in Tests/ObjectiveCStandIn (or,
    // on macOS, the SDK's).
    .testTarget(
        name: "ObjectiveCOutputTests",
        dependencies: ["IAPGenerate", "IAPExtract", "IAPModel", "IAPDiagnostics", "IAPTestSupport", "Templates"],
        exclude: ["Consumer", "Fixtures", "Generated"]
    ),
    .target(name: "IAPProject", dependencies: ["IAPDiagnostics", "IAPJSON"]),
    .target(name: "IAPRender", dependencies: ["IAPModel", "IAPMarkdown", "IAPDiagnostics", "IAPFileAccess"]),
    .testTarget(
        name: "IAPRenderTests",
        dependencies: ["IAPRender", "IAPExtract", "IAPMarkdown", "IAPModel", "IAPTestSupport", "IAPFileAccess"],
        exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(name: "IAPProjectTests", dependencies: ["IAPProject", "IAPTestSupport"], exclude: ["Fixtures"]),
    .target(
        name: "IAPCheck", dependencies: ["IAPModel", "IAPValidate", "IAPProject", "IAPDiagnostics", "IAPFileAccess"]
    ),
    .testTarget(
        name: "IAPCheckTests",
        dependencies: ["IAPCheck", "IAPProject", "IAPModel", "IAPTestSupport"],
        exclude: ["Fixtures"]
    ),
    .target(name: "IAPImport", dependencies: ["IAPModel", "IAPValidate", "IAPProject", "IAPDiagnostics", "IAPJSON"]),
    .testTarget(
        name: "IAPImportTests",
        dependencies: [
            "IAPImport", "IAPExtract", "IAPValidate", "IAPGenerate", "IAPModel", "IAPTestSupport", "Templates",
        ],
        exclude: ["Fixtures", "Golden"]
    ),
]

/// StoreKit exists only on Apple's systems. Elsewhere a stand-in module of the same name, with
/// a scriptable fake store behind it, lets the generated code compile unchanged and run.
#if os(Linux)
    targets += [
        // UIKit's scene types, so that the generated store's UIKit paths compile and run too.
        .target(name: "UIKit", path: "Tests/UIKitStandIn"),
        .target(name: "StoreKit", dependencies: ["UIKit"], path: "Sources/StoreKitStandIn"),
        .target(name: "FakeStoreTesting", dependencies: ["StoreKit"], path: "Tests/FakeStoreTesting"),
        .testTarget(name: "StoreKitStandInTests", dependencies: ["StoreKit", "FakeStoreTesting"]),
        // The generated goldens for the Workbook, compiled in Swift 6 mode and driven through
        // the fake store.
        .testTarget(
            name: "GeneratedStoreTests", dependencies: ["StoreKit", "FakeStoreTesting"],
            exclude: ["Generated/Stride.storekit"]
        ),
        // The same for a small guide with `storekit: 1`, and one with `storekit: both`.
        .testTarget(
            name: "GeneratedStoreKit1Tests", dependencies: ["StoreKit", "FakeStoreTesting"],
            exclude: ["Guide", "Generated/Trail.storekit"]
        ),
        .testTarget(
            name: "GeneratedFacadeTests", dependencies: ["StoreKit", "FakeStoreTesting"],
            exclude: ["Guide", "Generated/Trail.storekit"]
        ),
    ]
#endif

/// libFuzzer targets, one per reader of untrusted input, built only by `Scripts/fuzz.sh`
/// (which sets `IAPKIT_FUZZ=1` and `-sanitize=fuzzer,address`): an ordinary build never sees
/// them.
if Context.environment["IAPKIT_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzGuide", ["IAPExtract", "IAPValidate", "IAPRender"]),
        ("FuzzYAML", ["IAPYAML"]),
        ("FuzzJSON", ["IAPYAML", "IAPJSON", "IAPTemplates"]),
        ("FuzzMustache", ["IAPTemplates"]),
        ("FuzzStoreKit", ["IAPImport", "IAPProject", "IAPExtract"]),
        ("FuzzPBXProj", ["IAPProject"]),
        ("FuzzScheme", ["IAPProject"]),
        ("FuzzPlist", ["IAPProject"]),
        ("FuzzSwiftSource", ["IAPProject", "IAPCheck", "IAPModel"]),
        ("FuzzSVG", ["IAPRender"]),
        ("FuzzXCConfig", ["IAPProject"]),
    ]
    targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
    for target in fuzzTargets {
        targets.append(
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport"] + target.dependencies,
                path: "Fuzz/Targets/\(target.name)"))
    }
}

var products: [Product] = [
    .executable(name: "iapkit", targets: ["iapkit"]),
    .plugin(name: "IAPKitGenerate", targets: ["IAPKitGenerate"]),
    .plugin(name: "IAPKitCommand", targets: ["IAPKitCommand"]),
    .library(name: "IAPMarkdown", targets: ["IAPMarkdown"]),
    .library(name: "IAPYAML", targets: ["IAPYAML"]),
    .library(name: "IAPModel", targets: ["IAPModel"]),
    .library(name: "IAPExtract", targets: ["IAPExtract"]),
    .library(name: "IAPValidate", targets: ["IAPValidate"]),
]
#if os(Linux)
    // So that an app package can build its generated store on Linux, as Examples/ does.
    products.append(.library(name: "StoreKit", targets: ["StoreKit"]))
#endif

let package = Package(
    name: "IAPKit",
    platforms: [.macOS(.v13)],
    products: products,
    targets: targets
)
