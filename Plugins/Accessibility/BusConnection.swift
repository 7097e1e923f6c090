import Glibc

/// Why a bus could not be used.
public struct AccessibilityBusError: Error, CustomStringConvertible, Equatable {
    /// What failed, with libdbus's own words.
    public var description: String
}

/// One private libdbus connection (`dbus_connection_open_private` + `dbus_bus_register`),
/// closed and unreferenced in `deinit`.
///
/// No libdbus main loop: the owner polls `fileDescriptor` and calls `readAvailable()` when it
/// is readable (and, while ``hasOutput``, when it is writable); nothing ever blocks except
/// opening it (`init`, which a ``BusConnectAttempt`` runs off the owner's thread) and the
/// calls that say so (`call`, with a timeout). Sending writes what the socket takes at once
/// and leaves the rest queued: a bus that stops reading never stops the sender.
/// The connection never ends the process when the bus goes away (libdbus's shared session
/// connection would `_exit`); `readAvailable` then reports the loss.
final class BusConnection {
    let pointer: OpaquePointer
    let lib: LibDBus
    /// This connection's unique name on the bus (`:1.42`).
    let uniqueName: String
    /// The address it was opened on.
    let address: String

    /// Opens and registers a connection to the bus at `address`.
    init(address: String) throws(AccessibilityBusError) {
        guard let lib = LibDBus.shared else {
            throw AccessibilityBusError(description: LibDBus.loadError)
        }
        self.lib = lib
        var error = BusErrorStorage()
        lib.errorInit(&error)
        guard let connection = lib.connectionOpenPrivate(address, &error) else {
            throw Self.take(&error, lib, doing: "connecting to \(address)")
        }
        lib.connectionSetExitOnDisconnect(connection, 0)
        guard lib.busRegister(connection, &error) != 0 else {
            let failure = Self.take(&error, lib, doing: "registering on \(address)")
            lib.connectionClose(connection)
            lib.connectionUnref(connection)
            throw failure
        }
        pointer = connection
        self.address = address
        uniqueName = lib.busGetUniqueName(connection).map { String(cString: $0) } ?? ""
    }

    deinit {
        lib.connectionClose(pointer)
        lib.connectionUnref(pointer)
    }

    /// The socket, for the owner's `poll()`; -1 if libdbus has none.
    var fileDescriptor: Int32 {
        var descriptor: Int32 = -1
        return lib.connectionGetUnixFd(pointer, &descriptor) != 0 ? descriptor : -1
    }

    /// Whether the connection is still open.
    var isConnected: Bool { lib.connectionGetIsConnected(pointer) != 0 }

    /// Queues `message` and writes what the socket takes now, without waiting for a reply or
    /// for the socket; returns its serial (0 if it could not be queued), which the reply's
    /// `replySerial` names. What is left stays queued (``hasOutput``) for the next
    /// ``readAvailable()``.
    @discardableResult
    func send(_ message: DBusMessage?) -> UInt32 {
        guard let message else { return 0 }
        var serial: UInt32 = 0
        guard lib.connectionSend(pointer, message.pointer, &serial) != 0 else { return 0 }
        _ = lib.connectionReadWrite(pointer, 0)
        return serial
    }

    /// Whether messages wait to be written (the socket took no more).
    var hasOutput: Bool { lib.connectionHasMessagesToSend(pointer) != 0 }

    /// How many bytes wait to be written.
    var outputSize: Int { lib.connectionGetOutgoingSize(pointer) }

    /// Whether messages were read that ``nextMessage()`` has not taken yet (so the socket
    /// may not be readable although there is work).
    var hasReadMessages: Bool {
        lib.connectionGetDispatchStatus(pointer) == LibDBus.dataRemainsStatus
    }

    /// Calls a method and waits at most `timeout` seconds for its reply. Messages that
    /// arrive meanwhile stay queued for the next `nextMessage()`.
    func call(_ message: DBusMessage?, timeout: Double = 2) throws(AccessibilityBusError)
        -> DBusMessage
    {
        guard let message else { throw AccessibilityBusError(description: "out of memory") }
        var error = BusErrorStorage()
        lib.errorInit(&error)
        let milliseconds = Int32(max(1, min(timeout * 1000, 60_000)))
        guard
            let reply = lib.connectionSendWithReplyAndBlock(
                pointer, message.pointer, milliseconds, &error)
        else {
            throw Self.take(&error, lib, doing: "calling \(message.interface).\(message.member)")
        }
        return DBusMessage(adopting: reply, lib: lib)
    }

    /// Reads what the socket holds and writes what it takes, without waiting; false once the
    /// connection is lost.
    func readAvailable() -> Bool {
        lib.connectionReadWrite(pointer, 0) != 0 && isConnected
    }

    /// The next message read and not yet taken, if any.
    func nextMessage() -> DBusMessage? {
        lib.connectionPopMessage(pointer).map { DBusMessage(adopting: $0, lib: lib) }
    }

    /// Asks the bus daemon to route the signals `rule` matches to this connection.
    func addMatch(_ rule: String) {
        // No DBusError: the reply is not waited for (a bad rule is the bridge's own bug).
        lib.busAddMatch(pointer, rule, nil)
        _ = lib.connectionReadWrite(pointer, 0)
    }

    private static func take(
        _ error: inout BusErrorStorage, _ lib: LibDBus, doing what: String
    ) -> AccessibilityBusError {
        defer { lib.errorFree(&error) }
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        return AccessibilityBusError(description: "\(what): \(message)")
    }
}
