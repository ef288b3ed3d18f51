/// What every fuzz target shares: handing libFuzzer the function to call with each input.
///
/// SwiftPM links an executable with its own entry point (`<Target>_main`), so a target cannot
/// use libFuzzer's `main`; it calls `LLVMFuzzerRunDriver`, which does what that `main` does.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The test of the running target; set once, before libFuzzer calls it.
nonisolated(unsafe) private var currentTest: (([UInt8]) -> Void)?

/// Runs libFuzzer with the command line `argc`, `argv`, calling `test` with each input.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: @escaping ([UInt8]) -> Void
) -> CInt {
    currentTest = test
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        currentTest?(bytes)
        return 0
    }
}

/// The input as text, invalid UTF-8 replaced, as the tool reads files.
public func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}
