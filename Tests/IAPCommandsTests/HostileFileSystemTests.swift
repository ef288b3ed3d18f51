import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder; paths in these tests are absolute, since the working directory is shared.
final class Scratch: Sendable {
    let root: String

    init() {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-hostile-\(UUID().uuidString)")
            .path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Every file below `relative`, relative to it, with its bytes.
    func files(under relative: String) -> [String: Data] {
        var found: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: path(relative)) ?? [] {
            let full = path(relative) + "/" + name
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[name] = FileManager.default.contents(atPath: full)
            }
        }
        return found
    }

    func text(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Guides and projects from someone else, on a real disk: symbolic links out of the book,
/// links planted in the site, loops, named pipes and devices, and two runs at once.
@Suite struct HostileFileSystemTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    /// Finding: a SUMMARY link published any readable file in the site, its print view and its
    /// search index.
    @Test func summaryLinksToFilesOutsideTheBookPublishNothing() throws {
        let scratch = Scratch()
        try scratch.write("secret.md", "# Secret\n\nMARKER-OF-A-PRIVATE-FILE\n")
        try scratch.write("book/intro.md", "# Intro\n\nThe book.\n")
        try scratch.link("book/linked.md", to: scratch.path("secret.md"))
        let up = String(repeating: "../", count: scratch.root.split(separator: "/").count + 1)
        try scratch.write(
            "book/SUMMARY.md",
            "# Summary\n\n- [Intro](intro.md)\n- [Passwords](\(up)etc/passwd)\n- [Host](/etc/hostname)\n"
                + "- [Secret](../secret.md)\n- [Linked](linked.md)\n")
        let outcome = CommandHarness.runOnDisk(["render", scratch.path("book"), "-o", scratch.path("site"), "--quiet"])
        #expect(outcome.status == 1)
        let book = scratch.path("book")
        #expect(
            outcome.standardError == """
                \(book)/SUMMARY.md:4:3: error: SUMMARY.md links to '\(up)etc/passwd', which is outside the book's folder '\(book)'; chapters must be inside it
                \(book)/SUMMARY.md:5:3: error: SUMMARY.md links to '/etc/hostname', which is outside the book's folder '\(book)'; chapters must be inside it
                \(book)/SUMMARY.md:6:3: error: SUMMARY.md links to '../secret.md', which is outside the book's folder '\(book)'; chapters must be inside it
                \(book)/SUMMARY.md:7:3: error: SUMMARY.md links to 'linked.md', a symbolic link that leads outside the book's folder '\(book)'; it is not read

                """)
        let site = scratch.files(under: "site")
        #expect(site["index.html"] != nil)
        for (name, bytes) in site {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(
                // `root:x:0:0` opens /etc/passwd; the style sheet's `:root:` selectors are not it.
                !text.contains("MARKER-OF-A-PRIVATE-FILE") && !text.contains("root:x:0:"),
                "\(name) holds an outside file")
        }
    }

    /// Finding: an image that is a symbolic link, or sits in a linked folder, was copied from
    /// wherever it led.
    @Test func linkedImagesAndFoldersStayOutOfTheSite() throws {
        let scratch = Scratch()
        try scratch.write("outside/logo.png", bytes: Self.png)
        try scratch.write("outside/pictures/a.png", bytes: Self.png)
        try scratch.write("book/img/own.png", bytes: Self.png)
        try scratch.link("book/img/logo.png", to: scratch.path("outside/logo.png"))
        try scratch.link("book/pictures", to: scratch.path("outside/pictures"))
        try scratch.write(
            "book/guide.md", "# Guide\n\n![own](img/own.png) ![logo](img/logo.png) ![a](pictures/a.png)\n")
        let outcome = CommandHarness.runOnDisk([
            "render", scratch.path("book/guide.md"), "-o", scratch.path("site"), "--quiet",
        ])
        #expect(outcome.status == 0)
        let guide = scratch.path("book/guide.md")
        #expect(
            outcome.standardError == """
                \(guide):3:21: warning: image '\(scratch.path("book/img/logo.png"))' leads outside the book's folder through a symbolic link; it is not copied
                \(guide):3:43: warning: image '\(scratch.path("book/pictures/a.png"))' leads outside the book's folder through a symbolic link; it is not copied

                """)
        #expect(Set(scratch.files(under: "site").keys).isSuperset(of: ["img/own.png", "index.html"]))
        #expect(scratch.files(under: "site")["img/logo.png"] == nil)
        #expect(scratch.files(under: "site")["pictures/a.png"] == nil)
    }

    /// A translation folder that is a symbolic link to a book elsewhere is not read, and says so:
    /// its chapters would otherwise be published from outside the book's folder.
    @Test func aLinkedTranslationFolderIsNotReadAndIsReported() throws {
        let scratch = Scratch()
        try scratch.write("outside/zh-Hans/SUMMARY.md", "# 摘要\n\n- [介绍](intro.md)\n")
        try scratch.write("outside/zh-Hans/intro.md", "# 介绍\n\nMARKER-OF-A-LINKED-TRANSLATION\n")
        try scratch.write("book/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
        try scratch.write("book/intro.md", "# Intro\n\nThe book.\n")
        try scratch.link("book/zh-Hans", to: scratch.path("outside/zh-Hans"))
        let book = scratch.path("book")
        let warning =
            "\(book)/zh-Hans/SUMMARY.md:1:1: warning: the 'zh-Hans' translation leads outside the book's "
            + "folder '\(book)' through a symbolic link; it is not read\n"
        let lint = CommandHarness.runOnDisk(["lint", book])
        #expect(lint.status == 0)
        #expect(lint.standardOutput.hasPrefix(warning))
        let render = CommandHarness.runOnDisk(["render", book, "-o", scratch.path("site"), "--quiet"])
        #expect(render.status == 0)
        #expect(render.standardError == warning)
        let site = scratch.files(under: "site")
        #expect(site["index.html"] != nil)
        #expect(site.keys.allSatisfy { !$0.hasPrefix("zh-Hans/") })
        #expect(site.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("MARKER-OF-A-LINKED") })
    }

    /// Finding: links planted in the site made `render` write through them, and left the site's
    /// files as links.
    @Test func linksPlantedInTheSiteAreReplacedNotWrittenThrough() throws {
        let scratch = Scratch()
        try scratch.write("book/guide.md", "# Guide\n\nText.\n")
        let arguments = ["render", scratch.path("book/guide.md"), "-o", scratch.path("site"), "--quiet"]
        #expect(CommandHarness.runOnDisk(arguments).status == 0)
        let names = scratch.files(under: "site").keys.sorted()
        #expect(names.contains("index.html") && names.contains("assets/site.js"))
        for (number, name) in names.enumerated() {
            try scratch.write("victims/\(number)", "precious \(number)")
            try FileManager.default.removeItem(atPath: scratch.path("site/" + name))
            try scratch.link("site/" + name, to: scratch.path("victims/\(number)"))
        }
        #expect(CommandHarness.runOnDisk(arguments).status == 0)
        for (number, name) in names.enumerated() {
            #expect(scratch.text("victims/\(number)") == "precious \(number)")
            let type = try FileManager.default.attributesOfItem(atPath: scratch.path("site/" + name))[.type]
            #expect(type as? FileAttributeType == .typeRegular, "\(name) is still a link")
        }
    }

    /// Finding: a linked folder inside the output folder (`site/assets -> elsewhere`) was
    /// written through.
    @Test func aLinkedFolderInTheSiteIsRefusedAndNothingIsWritten() throws {
        let scratch = Scratch()
        try scratch.write("book/guide.md", "# Guide\n\nText.\n")
        try FileManager.default.createDirectory(atPath: scratch.path("elsewhere"), withIntermediateDirectories: true)
        try scratch.link("site/assets", to: scratch.path("elsewhere"))
        let outcome = CommandHarness.runOnDisk([
            "render", scratch.path("book/guide.md"), "-o", scratch.path("site"), "--quiet",
        ])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError == """
                iapkit render: error: cannot write '\(scratch.path("site/assets"))': it is a symbolic link; files are never written through one (remove the link)
                iapkit render: nothing written

                """)
        #expect(scratch.files(under: "elsewhere").isEmpty)
        #expect(scratch.text("site/index.html") == nil)
    }

    /// Finding: a symbolic link loop made lint read a guide dozens of times (with false
    /// duplicate-ID errors) and `check` walk without end.
    @Test func symbolicLinkLoopsAreReportedAndEveryFileIsReadOnce() throws {
        let scratch = Scratch()
        try scratch.write(
            "book/a.md",
            "# A\n\n```yaml iap\nproducts:\n  - id: com.example.a.gems\n    type: consumable\n"
                + "    referenceName: Gems\n    price: 0.99\n    localizations:\n"
                + "      en-US: {displayName: Gems, description: Gems}\n```\n")
        try scratch.link("book/again", to: ".")
        try scratch.link("book/sub/up", to: "..")
        try scratch.link("book/same.md", to: "a.md")
        let outcome = CommandHarness.runOnDisk(["lint", scratch.path("book")])
        #expect(outcome.status == 2)
        let book = scratch.path("book")
        #expect(
            outcome.standardError == """
                iapkit lint: error: '\(book)/again' leads back to '\(book)' (a symbolic link loop); it is not read
                iapkit lint: error: '\(book)/sub/up' leads back to '\(book)' (a symbolic link loop); it is not read

                """)
        // `same.md` is `a.md` again: read once, so its product is not defined twice.
        #expect(!outcome.standardOutput.contains("twice"), "\(outcome.standardOutput)")

        // The commands that write say that they wrote nothing: "it is not read" alone reads as
        // if the rest of the book had been.
        let render = CommandHarness.runOnDisk(["render", book, "-o", scratch.path("site"), "--quiet"])
        #expect(render.status == 2)
        #expect(
            render.standardError == """
                \(book)/a.md:5:5: warning: products are defined but no 'app' is; add 'app' with 'name' and 'bundleID' to a config block
                iapkit render: error: '\(book)/again' leads back to '\(book)' (a symbolic link loop); it is not read
                iapkit render: error: '\(book)/sub/up' leads back to '\(book)' (a symbolic link loop); it is not read
                iapkit render: nothing written

                """)
        #expect(scratch.files(under: "site").isEmpty)
        for command in ["generate", "tangle"] {
            let other = CommandHarness.runOnDisk([command, book, "-o", scratch.path(command)])
            #expect(other.status == 2)
            let ending = "(a symbolic link loop); it is not read\niapkit \(command): nothing written\n"
            #expect(other.standardError.hasSuffix(ending))
            #expect(scratch.files(under: command).isEmpty)
        }

        try scratch.write(
            "app/App.xcodeproj/project.pbxproj",
            "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = { }; rootObject = X; }\n")
        try scratch.write("app/Sources/Store.swift", "import StoreKit\n")
        try scratch.link("app/Sources/loop", to: "..")
        try scratch.link("app/Sources/root", to: "/")
        let check = CommandHarness.runOnDisk([
            "check", "--project", scratch.path("app"), scratch.path("book/a.md"), "--format", "json",
        ])
        #expect(check.status == 0 || check.status == 1, "\(check.standardError)")
    }

    /// Finding: a named pipe called `*.md` blocked for ever; `/dev/zero` was read up to 2 GB.
    @Test func namedPipesAndDevicesAreRefusedWithoutBlocking() throws {
        let scratch = Scratch()
        try scratch.write("book/a.md", "# A\n")
        #expect(mkfifo(scratch.path("book/pipe.md"), 0o644) == 0)
        let walk = CommandHarness.runOnDisk(["lint", scratch.path("book")])
        #expect(walk.status == 2)
        #expect(
            walk.standardError
                == "iapkit lint: error: '\(scratch.path("book/pipe.md"))' is a named pipe (FIFO), not a regular file; it is not read\n"
        )
        try scratch.write("book/SUMMARY.md", "- [A](a.md)\n- [Pipe](pipe.md)\n")
        let summary = CommandHarness.runOnDisk(["lint", scratch.path("book")])
        #expect(summary.status == 1)
        #expect(
            summary.standardOutput.hasPrefix(
                "\(scratch.path("book/SUMMARY.md")):2:3: error: SUMMARY.md links to 'pipe.md', which is a named pipe (FIFO), not a chapter file\n"
            ))
        let device = CommandHarness.runOnDisk(["lint", "/dev/zero"])
        #expect(device.status == 2)
        #expect(
            device.standardError
                == "iapkit lint: error: '/dev/zero' is a character device, not a guide file; it is not read\n")
        let storekit = CommandHarness.runOnDisk(["storekit", "import", scratch.path("book/pipe.md")])
        #expect(storekit.status == 2)
    }

    /// Templates and partials are inputs too: one that leads outside its folder is an error.
    @Test func templatesAndPartialsThatLeadOutsideTheirFolderAreRefused() throws {
        let scratch = Scratch()
        try scratch.write("secret.txt", "MARKER-OF-A-PRIVATE-FILE")
        try scratch.link("templates/StoreKit2/ProductID.swift.mustache", to: scratch.path("secret.txt"))
        try scratch.write(
            "guide.md",
            "# G\n\n```yaml iap\napp:\n  name: Pebble\n  bundleID: com.example.pebble\nproducts: []\n```\n")
        let generate = CommandHarness.runOnDisk([
            "generate", scratch.path("guide.md"), "-o", scratch.path("out"), "--templates", scratch.path("templates"),
        ])
        #expect(generate.status == 1)
        #expect(
            generate.standardError.contains(
                "\(scratch.path("templates/StoreKit2/ProductID.swift.mustache")):1:1: error: the template cannot be read: "
                    + "it leads outside '\(scratch.path("templates"))' (through '..' or a symbolic link), so it is not read"
            ))
        #expect(scratch.files(under: "out").isEmpty)

        try scratch.write("t.mustache", "before {{> part}} after")
        try scratch.write("c.json", "{}")
        try scratch.link("parts/part.mustache", to: scratch.path("secret.txt"))
        let template = CommandHarness.runOnDisk([
            "template", "render", scratch.path("t.mustache"), "--context", scratch.path("c.json"), "--partials",
            scratch.path("parts"),
        ])
        #expect(template.status == 1)
        #expect(!template.standardOutput.contains("MARKER"))
        #expect(template.standardError.contains("the partial leads outside the partials folder"))
    }

    static func guide(_ name: String, price: String) -> String {
        """
        # \(name)

        ```yaml iap
        app:
          name: Pebble
          bundleID: com.example.pebble
        products:
          - id: com.example.pebble.gems
            type: consumable
            referenceName: \(name)
            price: \(price)
            localizations:
              en-US: {displayName: \(name), description: Gems}
        ```

        """
    }

    /// Finding: two `generate`s into one folder could leave a stale file that every later run
    /// called unchanged. Whatever the order, a run afterwards finds its own outputs or rewrites
    /// them, and `--check` then agrees.
    /// Runs both at the same time on threads of their own: a run waiting for the folder's lock
    /// blocks its thread, which must not be one of the few that run the other tests' tasks.
    static func atOnce(_ first: @escaping @Sendable () -> Int32, _ second: @escaping @Sendable () -> Int32)
        -> [Int32]
    {
        let results = SharedValue<[Int32]>([-1, -1])
        let done = DispatchGroup()
        for (index, body) in [first, second].enumerated() {
            done.enter()
            let thread = Thread {
                let status = body()
                results.withLock { $0[index] = status }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        return results.withLock { $0 }
    }

    @Test func concurrentGeneratesLeaveAFolderTheNextRunCanTrust() throws {
        let scratch = Scratch()
        try scratch.write("a/guide.md", Self.guide("Alpha", price: "0.99"))
        try scratch.write("b/guide.md", Self.guide("Beta", price: "1.99"))
        let out = scratch.path("out")
        for _ in 0..<8 {
            let statuses = Self.atOnce(
                { CommandHarness.runOnDisk(["generate", scratch.path("a/guide.md"), "-o", out]).status },
                { CommandHarness.runOnDisk(["generate", scratch.path("b/guide.md"), "-o", out]).status })
            #expect(statuses == [0, 0])
            for side in ["a", "b"] {
                #expect(
                    CommandHarness.runOnDisk(["generate", scratch.path("\(side)/guide.md"), "-o", out]).status == 0)
                let check = CommandHarness.runOnDisk([
                    "generate", scratch.path("\(side)/guide.md"), "-o", out, "--check",
                ])
                #expect(check.status == 0, "\(check.standardOutput)")
            }
        }
        #expect(!scratch.files(under: "out").keys.contains { $0.contains(".iapkit-tmp-") || $0 == ".iapkit-lock" })
    }

    /// Finding: two `render`s into one folder could leave a site mixing both books. Afterwards
    /// the folder holds exactly one of the two sites, byte for byte.
    @Test func concurrentRendersLeaveOneBook() throws {
        let scratch = Scratch()
        try scratch.write("a/SUMMARY.md", "- [One](one.md)\n- [Two](two.md)\n")
        try scratch.write("a/one.md", "# One\n\nAlpha.\n")
        try scratch.write("a/two.md", "# Two\n\nAlpha again.\n")
        try scratch.write("b/SUMMARY.md", "- [Three](three.md)\n")
        try scratch.write("b/three.md", "# Three\n\nBeta.\n")
        for side in ["a", "b"] {
            #expect(
                CommandHarness.runOnDisk(["render", scratch.path(side), "-o", scratch.path("alone-\(side)")]).status
                    == 0)
        }
        let alone = ["a", "b"].map { scratch.files(under: "alone-\($0)") }
        for _ in 0..<8 {
            let statuses = Self.atOnce(
                {
                    CommandHarness.runOnDisk(["render", scratch.path("a"), "-o", scratch.path("site"), "--quiet"])
                        .status
                },
                {
                    CommandHarness.runOnDisk(["render", scratch.path("b"), "-o", scratch.path("site"), "--quiet"])
                        .status
                })
            #expect(statuses == [0, 0])
            let site = scratch.files(under: "site")
            #expect(site == alone[0] || site == alone[1], "the site mixes both books: \(site.keys.sorted())")
        }
    }
}
