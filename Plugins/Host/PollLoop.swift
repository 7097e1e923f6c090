import Glibc

/// One `poll()` for a whole program: the window system's connection, the signal pipe, the
/// accessibility bridge and the app's own descriptors register on it the same way, each with
/// a callback, and a turn waits until one is ready or a deadline passes.
///
/// It is the selector of swift-nio's event loop cut to what a host needs: level-triggered
/// `poll()`, registrations in a fixed order, and nothing allocated while waiting (the
/// descriptor table is rebuilt only when a registration changes). `X11EventLoop` and
/// `WaylandEventLoop` each own one (`pollLoop`) and register their connection first; an app
/// adds its pipe or socket with `register(_:interest:handler:)` and removes it with
/// `unregister(_:)`, on either window system.
///
/// A turn is two calls, so that a window system can do its own work between them (Wayland
/// reads its events after `wait` and before the others' callbacks run): `wait(timeout:)`
/// polls and notes what each registration saw, and `dispatch()` calls the callbacks of those
/// that were ready, in registration order. A descriptor the kernel reports not open
/// (`POLLNVAL`) is unregistered by `dispatch()` (it would wake every poll at once) after its
/// callback is told `.invalid`.
public final class PollLoop {
    /// What a registration waits for, and what `poll` saw on it.
    public struct Events: OptionSet, Hashable, Sendable {
        /// The bits, as `poll`'s `events` / `revents`.
        public let rawValue: Int16
        /// Makes a set from `poll`'s bits.
        public init(rawValue: Int16) { self.rawValue = rawValue }
        /// `POLLIN`: there is something to read.
        public static let readable = Events(rawValue: Int16(POLLIN))
        /// `POLLOUT`: a write would not block.
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// `POLLHUP`: the other end hung up (always reported, never asked for).
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// `POLLERR`: an error on the descriptor (always reported).
        public static let error = Events(rawValue: Int16(POLLERR))
        /// `POLLNVAL`: the descriptor is not open (always reported).
        public static let invalid = Events(rawValue: Int16(POLLNVAL))
    }

    /// Names one registration (descriptors may be registered twice, or reused after a close).
    public struct Registration: Hashable, Sendable {
        fileprivate let number: Int
    }

    private struct Entry {
        let registration: Registration
        let handler: ((Events) -> Void)?
    }

    /// Called with what `poll` saw, on the loop's thread, from `dispatch()`.
    public typealias Handler = (Events) -> Void

    private var descriptors: [pollfd] = []
    private var entries: [Entry] = []
    private var nextNumber = 0
    /// Bumped by every change of the table, so that `dispatch` notices one a callback makes.
    private var generation = 0
    /// How many times `wait` returned.
    public private(set) var wakeups = 0

    /// An empty loop: nothing registered.
    public init() {}

    /// How many descriptors are registered.
    public var count: Int { entries.count }

    /// Adds `descriptor`, waited on for `interest`; `handler` (nil: none, the owner reads
    /// `events(of:)` itself) is called from `dispatch()` when `poll` saw it ready. A negative
    /// descriptor is kept but never polled (as `poll` ignores it). Returns its name.
    @discardableResult
    public func register(
        _ descriptor: Int32, interest: Events = .readable, handler: Handler? = nil
    ) -> Registration {
        let registration = Registration(number: nextNumber)
        nextNumber += 1
        descriptors.append(pollfd(fd: descriptor, events: interest.rawValue, revents: 0))
        entries.append(Entry(registration: registration, handler: handler))
        generation += 1
        return registration
    }

    /// Removes `registration` (nothing when it is not registered).
    public func unregister(_ registration: Registration) {
        guard let index = index(of: registration) else { return }
        descriptors.remove(at: index)
        entries.remove(at: index)
        generation += 1
    }

    /// Whether `registration` is still registered.
    public func contains(_ registration: Registration) -> Bool {
        index(of: registration) != nil
    }

    /// The descriptor `registration` waits on (nil: not registered).
    public func descriptor(of registration: Registration) -> Int32? {
        index(of: registration).map { descriptors[$0].fd }
    }

    /// Changes what `registration` waits for (an empty set: it is polled for hang-up and errors
    /// only). No allocation.
    public func setInterest(_ interest: Events, for registration: Registration) {
        guard let index = index(of: registration) else { return }
        descriptors[index].events = interest.rawValue
    }

    /// What `poll` saw on `registration` in the last `wait` (empty: nothing, or not registered).
    public func events(of registration: Registration) -> Events {
        guard let index = index(of: registration) else { return [] }
        return Events(rawValue: descriptors[index].revents)
    }

    /// Waits until a registered descriptor is ready or `timeout` seconds have passed (nil: for
    /// ever; rounded up to whole milliseconds, so the wait never ends early; a negative or NaN
    /// timeout does not wait, and one past an hour waits an hour). Returns whether any was
    /// ready; false on timeout or when a signal interrupted the wait.
    @discardableResult
    public func wait(timeout: Double?) -> Bool {
        for index in descriptors.indices { descriptors[index].revents = 0 }
        let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(timeout))
        wakeups += 1
        return ready > 0
    }

    /// Calls the handler of each registration the last `wait` saw ready, in registration order,
    /// and unregisters those the kernel said are not open. A handler may register or unregister
    /// (itself included); what changed is polled from the next `wait` on, and the rest of this
    /// turn's ready descriptors are seen again then (`poll` is level-triggered).
    public func dispatch() {
        let start = generation
        var position = 0
        var closed = false
        while position < entries.count, generation == start {
            let seen = Events(rawValue: descriptors[position].revents)
            let entry = entries[position]
            position += 1
            guard !seen.isEmpty else { continue }
            if seen.contains(.invalid) { closed = true }
            entry.handler?(seen)
        }
        guard closed else { return }
        for entry in entries.reversed() {
            guard let index = index(of: entry.registration),
                Events(rawValue: descriptors[index].revents).contains(.invalid)
            else { continue }
            unregister(entry.registration)
        }
    }

    /// `poll`'s timeout in milliseconds for `seconds` (nil: -1, for ever).
    static func milliseconds(_ seconds: Double?) -> Int32 {
        guard let seconds else { return -1 }
        // Clamped before the conversion; a NaN (which compares false) waits 0 ms.
        let clamped = seconds >= 0 ? min(seconds, 3600) : 0
        return Int32((clamped * 1000).rounded(.up))
    }

    private func index(of registration: Registration) -> Int? {
        // Few entries (a connection, a pipe, a bridge, the app's): a scan is cheaper than a map.
        entries.firstIndex { $0.registration == registration }
    }
}
