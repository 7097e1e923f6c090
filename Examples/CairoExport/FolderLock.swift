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
            // Never through a symbolic link (one planted there would make us create or lock
            // a file elsewhere), and never anything but a regular file.
            let descriptor = open(
                path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            guard descriptor >= 0 else {
                if errno == ELOOP { throw refusal(path, folder, "it is a symbolic link") }
                throw .system("creating the lock file", path)
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw refusal(path, folder, "it is not a regular file")
            }
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

    /// The refusal for a lock path that is not a plain file we may lock.
    private static func refusal(_ path: String, _ folder: String, _ what: String) -> FolderError {
        FolderError(
            kind: .refused, path: folder,
            reason: "the lock file \(path) is not ours to use: \(what); remove it and try again")
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
