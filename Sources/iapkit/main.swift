import CAllocatorTuning
import IAPCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

iapkit_tune_allocator()
let status = IAPKitTool.run(Array(CommandLine.arguments.dropFirst()), context: .process)
exit(status.rawValue)
