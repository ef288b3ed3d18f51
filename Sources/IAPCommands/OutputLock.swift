#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// One run at a time per output folder: two runs writing the same folder at once could leave a
/// mixture of both, or a record of outputs that no longer matches them.
///
/// The lock is `flock(2)` on `.iapkit-lock` in the folder, which the system releases when the
/// holder exits, even when it is killed. The file holds the holder's process ID and command, so
/// a run that has to wait can say for whom; it is removed when the run ends.
struct OutputLock {
    static let fileName = ".iapkit-lock"

    private let descriptor: Int32

    /// Takes the lock of the folder open at `folder`, waiting for another run to finish;
    /// `waiting` is told once, with the other run's description, when it has to wait.
    static func acquire(
        in folder: Int32, path: String, holder: String, waiting: (String) -> Void
    ) throws(OutputWriter.WriteError) -> OutputLock {
        var toldWaiting = false
        while true {
            let descriptor = openat(folder, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw OutputWriter.WriteError(
                    path: OutputWriter.join(path, fileName),
                    reason: "cannot create the lock file: \(String(cString: strerror(errno)))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                if !toldWaiting {
                    toldWaiting = true
                    waiting(Self.holder(of: descriptor))
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(descriptor)
                        throw OutputWriter.WriteError(
                            path: OutputWriter.join(path, fileName),
                            reason: "cannot lock the folder: \(String(cString: strerror(errno)))")
                    }
                }
            }
            // The run before may have removed the file between our open and our lock: then the
            // lock is on a file nobody else will find, and the current file must be locked instead.
            var held = stat()
            var named = stat()
            guard fstat(descriptor, &held) == 0,
                fstatat(folder, fileName, &named, AT_SYMLINK_NOFOLLOW) == 0,
                held.st_dev == named.st_dev, held.st_ino == named.st_ino
            else {
                close(descriptor)
                continue
            }
            let text = Array("\(getpid()) \(holder)\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return OutputLock(descriptor: descriptor)
        }
    }

    /// "process 1234 (iapkit render)", from the lock file, or a general phrase when it is empty.
    private static func holder(of descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text =
            String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        guard let space = text.firstIndex(of: " "), let pid = Int32(text[..<space]) else { return "another iapkit run" }
        return "process \(pid) (\(text[text.index(after: space)...]))"
    }

    /// Removes the lock file, then lets go of the lock: a run waiting on the old file finds it
    /// gone and takes the lock of a new one.
    func release(in folder: Int32) {
        unlinkat(folder, Self.fileName, 0)
        close(descriptor)
    }
}
