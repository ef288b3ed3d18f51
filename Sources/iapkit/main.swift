import IAPCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

let status = IAPKitTool.run(Array(CommandLine.arguments.dropFirst()), context: .process)
exit(status.rawValue)
