import Glibc

/// A bus connection being opened on a thread of its own, so that the host's loop never waits
/// on it: opening (`connect`, the authentication) and registering (`Hello`, answered only
/// when the bus speaks) block in libdbus, for as long as 25 s on a bus that accepts and never
/// speaks. The owner polls ``readDescriptor`` and calls ``take()`` when it is readable, or
/// ``abandon()`` when it has waited long enough: the thread then closes what it opens.
final class BusConnectAttempt: @unchecked Sendable {
    /// The bus address being opened.
    let address: String
    /// Readable (one byte) once the attempt has ended.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `lock`.
    private var outcome: Result<BusConnection, AccessibilityBusError>?
    private var abandoned = false

    private init(address: String, read: Int32, write: Int32) {
        self.address = address
        readDescriptor = read
        writeDescriptor = write
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Starts opening the bus at `address` on a new thread; nil (with the reason) when no
    /// thread or pipe could be had.
    static func start(address: String) -> Result<BusConnectAttempt, AccessibilityBusError> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return .failure(AccessibilityBusError(description: "pipe: errno \(errno)"))
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let attempt = BusConnectAttempt(address: address, read: ends[0], write: ends[1])
        let context = Unmanaged.passRetained(attempt).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<BusConnectAttempt>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<BusConnectAttempt>.fromOpaque(context).release()
            return .failure(AccessibilityBusError(description: "pthread_create: error \(status)"))
        }
        pthread_detach(thread)
        return .success(attempt)
    }

    /// The connection, or why it could not be had, once the attempt has ended; nil before.
    func take() -> Result<BusConnection, AccessibilityBusError>? {
        pthread_mutex_lock(lock)
        let taken = outcome
        outcome = nil
        pthread_mutex_unlock(lock)
        if taken != nil {
            var byte: UInt8 = 0
            _ = read(readDescriptor, &byte, 1)
        }
        return taken
    }

    /// Gives the attempt up: a connection it opens (or has opened) is closed, never handed out.
    func abandon() {
        pthread_mutex_lock(lock)
        abandoned = true
        let dropped = outcome
        outcome = nil
        pthread_mutex_unlock(lock)
        // Closed here, outside the lock.
        _ = dropped
    }

    private func run() {
        let result: Result<BusConnection, AccessibilityBusError>
        do {
            result = .success(try BusConnection(address: address))
        } catch {
            result = .failure(error)
        }
        pthread_mutex_lock(lock)
        let keep = !abandoned
        if keep { outcome = result }
        pthread_mutex_unlock(lock)
        guard keep else { return }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
