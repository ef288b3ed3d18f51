import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Why a PDF could not be printed.
public enum PDFPrintFailure: Error, Sendable, Equatable {
    /// No Chromium or Chrome on this machine.
    case noBrowser
    case failed(String)
}

/// Prints a page of the rendered site to PDF with headless Chromium (or Google Chrome), the one
/// browser whose command line prints a page as the print style sheet lays it out.
///
/// The browser runs with a profile of its own in a temporary folder, so the user's is never
/// touched; the PDF is written beside its final name and renamed over it, so a failed or killed
/// run leaves the old file whole.
struct PDFPrinter: Sendable {
    let environment: [String: String]

    /// How long a book may take to print before the browser is stopped.
    static let timeout: TimeInterval = 180

    static let programNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]
    static let macApplications = [
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ]

    /// `CHROMIUM` when it names a program, else the first browser on `PATH`, else a macOS app.
    func browser() -> String? {
        let manager = FileManager.default
        if let named = environment["CHROMIUM"], !named.isEmpty {
            return manager.isExecutableFile(atPath: named) ? named : nil
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in Self.programNames {
            for folder in folders where manager.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return Self.macApplications.first { manager.isExecutableFile(atPath: $0) }
    }

    func print(page: String, to pdf: String) -> Result<Void, PDFPrintFailure> {
        guard let browser = browser() else { return .failure(.noBrowser) }
        let manager = FileManager.default
        let pageURL = URL(fileURLWithPath: page, relativeTo: URL(fileURLWithPath: manager.currentDirectoryPath))
        let target = URL(fileURLWithPath: pdf, relativeTo: URL(fileURLWithPath: manager.currentDirectoryPath))
            .standardizedFileURL
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).iapkit-tmp-\(suffix)")
        let profile = manager.temporaryDirectory.appendingPathComponent("iapkit-chromium-\(suffix)")
        defer {
            try? manager.removeItem(at: profile)
            try? manager.removeItem(at: temporary)
        }
        var arguments = [
            "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--no-pdf-header-footer",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=10000",
            "--print-to-pdf=\(temporary.path)", pageURL.standardizedFileURL.absoluteString,
        ]
        // Chromium's sandbox refuses to start for root, as in a container or CI.
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.failed("could not start \(browser): \(error.localizedDescription)"))
        }
        let deadline = Date().addingTimeInterval(Self.timeout)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .failure(.failed("\(browser) did not finish printing within \(Int(Self.timeout)) seconds"))
        }
        let bytes = (try? Data(contentsOf: temporary)) ?? Data()
        guard process.terminationStatus == 0, bytes.starts(with: Array("%PDF".utf8)) else {
            return .failure(.failed("\(browser) exited with status \(process.terminationStatus) and wrote no PDF"))
        }
        guard rename(temporary.path, target.path) == 0 else {
            return .failure(.failed("cannot write '\(pdf)': \(String(cString: strerror(errno)))"))
        }
        return .success(())
    }
}
