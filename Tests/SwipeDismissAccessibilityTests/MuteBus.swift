import Foundation
import Glibc
import SwipeDismissTestSupport

@testable import SwipeDismissAccessibility

/// A listening socket that accepts every connection and never says a word: a D-Bus address
/// that hangs whoever authenticates on it. Its own thread accepts; `stop()` closes it all.
final class MuteSocket: @unchecked Sendable {
    let path: String
    var address: String { "unix:path=" + path }
    private let listener: Int32
    private var accepted: [Int32] = []
    private var stopped = false
    private let lock = NSLock()
    private var thread: Thread?

    init(path: String) throws {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard listener >= 0, bound == 0, listen(listener, 16) == 0 else {
            throw TestFailure(description: "the mute socket \(path) could not listen: \(errno)")
        }
        let thread = Thread { [self] in acceptUntilStopped() }
        self.thread = thread
        thread.start()
    }

    deinit { stop() }

    /// How many connections it accepted.
    var acceptedCount: Int { lock.withLock { accepted.count } }

    /// Closes the listener and every accepted connection (their peers then see the end).
    func stop() {
        let descriptors: [Int32] = lock.withLock {
            guard !stopped else { return [] }
            stopped = true
            defer { accepted = [] }
            return accepted
        }
        for descriptor in descriptors { close(descriptor) }
    }

    private func acceptUntilStopped() {
        while true {
            var wait = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            _ = poll(&wait, 1, 50)
            let done: Bool = lock.withLock { stopped }
            if done {
                close(listener)
                unlink(path)
                return
            }
            guard wait.revents != 0 else { continue }
            let connection = accept(listener, nil, nil)
            if connection >= 0 { lock.withLock { accepted.append(connection) } }
        }
    }
}

/// An `org.a11y.Bus` on a session bus that says accessibility is on and hands out
/// `accessibilityAddress` (a mute socket, say) as the accessibility bus, served on its own
/// thread until `stop()`.
final class FakeAccessibilityBusService: @unchecked Sendable {
    private let bus: BusConnection
    private let accessibilityAddress: String
    private let lock = NSLock()
    private var stopped = false
    private var finished = false

    init(sessionAddress: String, accessibilityAddress: String) throws {
        bus = try BusConnection(address: sessionAddress)
        self.accessibilityAddress = accessibilityAddress
        let reply = try bus.call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "RequestName",
                arguments: [.string("org.a11y.Bus"), .uint32(4)]), timeout: 5)
        guard reply.arguments.first == .uint32(1) else {
            throw TestFailure(description: "RequestName org.a11y.Bus: \(reply.arguments)")
        }
        Thread { [self] in serve() }.start()
    }

    deinit { stop() }

    /// Stops serving and waits for the thread to let go of the connection.
    func stop() {
        lock.withLock { stopped = true }
        _ = eventually(timeout: 2, every: 0.01) { [self] in lock.withLock { finished } }
    }

    private func serve() {
        defer { lock.withLock { finished = true } }
        while !lock.withLock({ stopped }) {
            var wait = pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&wait, 1, 20)
            guard bus.readAvailable() else { return }
            while let message = bus.nextMessage() {
                if message.isMethodCall { bus.send(answer(message)) }
            }
        }
    }

    private func answer(_ message: DBusMessage) -> DBusMessage? {
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            return message.reply([
                .dictionary(
                    key: "s", value: "v",
                    [
                        (.string("IsEnabled"), .variant(.bool(true))),
                        (.string("ScreenReaderEnabled"), .variant(.bool(false))),
                    ])
            ])
        case ("org.freedesktop.DBus.Properties", "Get"):
            return message.reply([.variant(.bool(true))])
        case ("org.a11y.Bus", "GetAddress"):
            return message.reply([.string(accessibilityAddress)])
        default:
            return message.errorReply(
                name: "org.freedesktop.DBus.Error.UnknownMethod", text: message.member)
        }
    }
}
