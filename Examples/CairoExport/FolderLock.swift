#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One export at a time per output folder: an exclusive `flock(2)` on a lock file beside
/// the folder (never inside it, since the folder itself is swapped).
///
/// The holder unlinks the file before unlocking. A waiter that then gets the lock on the
/// unlinked file notices (the path no longer names the file it locked) and tries again, so
/// two runs never both believe they hold it.
final class FolderLock {
    let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock at `path`, retrying for up to `wait`. Throws a refusal naming `folder`
    /// when another run holds it that long; returns nil when `interrupted` reports a signal.
    static func acquire(
        path: String, for folder: String, wait: Duration, interrupted: () -> Int32?
    ) throws(FolderError) -> FolderLock? {
        let deadline = ContinuousClock.now + wait
        var interval = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .system("creating the lock file", path) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                if isStillNamed(path, descriptor) {
                    return FolderLock(path: path, descriptor: descriptor)
                }
            } else if errno != EWOULDBLOCK && errno != EINTR {
                let error = FolderError.system("locking", path)
                close(descriptor)
                throw error
            }
            close(descriptor)
            if interrupted() != nil { return nil }
            guard ContinuousClock.now < deadline else {
                throw FolderError(
                    kind: .refused, path: folder,
                    reason: "another cairo-export is writing this folder (it holds \(path)); "
                        + "try again when it has finished")
            }
            nanosleep(&interval, nil)
        }
    }

    /// Whether `path` still names the open file `descriptor` (same device and inode).
    private static func isStillNamed(_ path: String, _ descriptor: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Removes the lock file and releases the lock; safe to call twice.
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
