import Glibc
import SwipeDismiss

/// Makes a window's sheet (or card) an AT-SPI modal dialog that screen readers such as Orca
/// see and act on, speaking D-Bus directly (libdbus, no main loop of its own).
///
/// Enablement follows the desktop, as GTK and Qt do: on while `org.a11y.Status` (on the
/// session bus) says `IsEnabled` or `ScreenReaderEnabled`, including when that changes
/// while running; otherwise the accessibility bus is never connected to. No session bus at
/// all leaves it off, silently. The host waits on ``pollDescriptor`` in its own `poll()`
/// and calls ``handleReadable()`` when it is readable; the bridge works only then and on the
/// controller's phase and detent events, never per frame.
///
/// The bridge never makes its host wait: each bus is opened on a thread of its own, and what
/// is sent is written as far as the socket takes it, the rest when it can. A bus that takes
/// longer than ``answerTimeout`` to open, or that stops taking what is written to it (a
/// stopped daemon, an address that accepts and never speaks), is given up: accessibility
/// turns off for the rest of the run, said once through ``warn``.
///
/// Exported while on: an application root named ``applicationName``, the window as a frame
/// named ``windowTitle`` and, while content shows, one dialog named by the model (states
/// modal, showing, visible, focused; actions dismiss, expand, collapse; real extents) whose
/// children are the model's items (push buttons and sliders with `click`).
public final class AccessibilityBridge {
    /// The content's accessible view; its changes become AT-SPI events.
    public let model: SheetAccessibilityModel
    /// The application accessible's name (the program's name).
    public let applicationName: String
    /// The frame's name: the window title.
    public let windowTitle: String
    /// Pixels per point (extents are reported in pixels).
    public var scale: Double
    /// The window's top-left corner on the screen in pixels, for screen-relative extents
    /// (nil, or a nil answer: taken as 0, 0).
    public var windowOrigin: (() -> (x: Int, y: Int)?)?
    /// Told one line about each state change of the bridge (enabled, connected, lost),
    /// for a host's `--verbose`.
    public var log: ((String) -> Void)?
    /// Told, once, that a bus stopped answering and accessibility is off (a host's stderr);
    /// nil: told to ``log`` instead.
    public var warn: ((String) -> Void)?
    /// Seconds a bus may take to open, or to take a message written to it, before it is
    /// given up (3 by default).
    public var answerTimeout: Double = 3

    /// Whether `org.a11y.Status` last said accessibility is on.
    public internal(set) var isEnabled = false
    /// Whether the bridge is connected to the accessibility bus (and so exported).
    public var isConnected: Bool { accessibilityBus != nil }
    /// Whether the bridge holds a session bus connection (to hear enablement changes).
    public var isWatchingSessionBus: Bool { sessionBus != nil }
    /// Whether a bus stopped answering and the bridge turned accessibility off for good.
    public private(set) var gaveUp = false

    var sessionBus: BusConnection?
    var accessibilityBus: BusConnection?
    var server: AtspiServer?
    private var poller: BusPoller?
    private var sessionAttempt: (attempt: BusConnectAttempt, deadline: Double)?
    private var accessibilityAttempt: (attempt: BusConnectAttempt, deadline: Double)?
    private var sessionOutput = OutputWatch()
    private var accessibilityOutput = OutputWatch()
    var statusSerial: UInt32 = 0
    /// Whether `org.a11y.Status` has answered once.
    var statusAnswered = false
    var addressSerial: UInt32 = 0
    var embedSerial: UInt32 = 0

    static let busName = "org.a11y.Bus"
    static let busPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"
    /// Bytes a bus may leave unwritten before it is given up at once (whatever the time).
    static let outputLimit = 4 << 20

    /// A bridge for `model`'s content in a window titled `windowTitle`; nothing is connected
    /// until ``start(sessionBusAddress:)``.
    public init(
        model: SheetAccessibilityModel, applicationName: String, windowTitle: String,
        scale: Double = 1
    ) {
        self.model = model
        self.applicationName = applicationName
        self.windowTitle = windowTitle
        self.scale = scale
        model.onChange = { [weak self] change in self?.announce(change) }
    }

    deinit {
        sessionAttempt?.attempt.abandon()
        accessibilityAttempt?.attempt.abandon()
    }

    /// The session bus address the environment gives: `DBUS_SESSION_BUS_ADDRESS`, else the
    /// `$XDG_RUNTIME_DIR/bus` socket if there is one, else nil (no session bus).
    public static func sessionBusAddressFromEnvironment() -> String? {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }),
            !address.isEmpty
        {
            return address
        }
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }),
            !runtime.isEmpty
        else { return nil }
        let socket = runtime + "/bus"
        var info = stat()
        guard stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + socket
    }

    /// Starts connecting to the session bus at `sessionBusAddress` (by default the
    /// environment's) without waiting: the connection, `org.a11y.Status`'s answer and the
    /// accessibility bus connection if it says yes all come through ``handleReadable()``.
    /// Without a session bus address it stays off and returns false.
    @discardableResult
    public func start(sessionBusAddress: String? = sessionBusAddressFromEnvironment()) -> Bool {
        guard !gaveUp, sessionBus == nil, sessionAttempt == nil, let address = sessionBusAddress
        else { return false }
        guard let poller = BusPoller() else {
            log?("accessibility: no descriptor to wait on; staying off")
            return false
        }
        switch BusConnectAttempt.start(address: address) {
        case .failure(let error):
            log?("accessibility: \(error); staying off")
            return false
        case .success(let attempt):
            self.poller = poller
            let deadline = BusPoller.now + answerTimeout
            sessionAttempt = (attempt, deadline)
            poller.watch(attempt.readDescriptor)
            poller.arm(at: deadline)
            return true
        }
    }

    /// One descriptor for the host's `poll()` (POLLIN): readable when a bus has something,
    /// can take what waits to be written, or a deadline has passed; -1 when there is nothing
    /// to wait for.
    public var pollDescriptor: Int32 { poller?.descriptor ?? -1 }

    /// Reads and answers whatever the buses hold, writes what waits, and gives up a bus past
    /// its deadline, without waiting. Call it when ``pollDescriptor`` is readable.
    public func handleReadable() {
        guard let poller else { return }
        poller.drainTimer()
        let now = BusPoller.now
        if let (attempt, deadline) = sessionAttempt {
            if let result = attempt.take() {
                sessionAttempt = nil
                poller.unwatch(attempt.readDescriptor)
                sessionOpened(result)
            } else if now >= deadline {
                return giveUp("the session bus did not answer in \(answerTimeout) s")
            }
        }
        if let (attempt, deadline) = accessibilityAttempt {
            if let result = attempt.take() {
                accessibilityAttempt = nil
                self.poller?.unwatch(attempt.readDescriptor)
                accessibilityOpened(result)
            } else if now >= deadline {
                return giveUp("the accessibility bus did not answer in \(answerTimeout) s")
            }
        }
        if let bus = sessionBus {
            if bus.readAvailable() {
                while let message = sessionBus?.nextMessage() { handleSession(message) }
            } else {
                log?("accessibility: the session bus went away; off")
                sessionBus = nil
                disconnect()
            }
        }
        if let bus = accessibilityBus {
            if bus.readAvailable() {
                while let message = accessibilityBus?.nextMessage() { handleAccessibility(message) }
            } else {
                log?("accessibility: the accessibility bus went away")
                disconnect()
            }
        }
        finishTurn()
    }

    /// Checks what waits to be written on each bus (giving up one that took nothing for
    /// ``answerTimeout``) and arms the deadline for the next check.
    func finishTurn() {
        guard let poller else { return }
        let now = BusPoller.now
        if let bus = sessionBus, !sessionOutput.check(bus, poller, now, answerTimeout) {
            return giveUp(
                "the session bus stopped taking messages (\(bus.outputSize) bytes waiting)")
        }
        if let bus = accessibilityBus,
            !accessibilityOutput.check(bus, poller, now, answerTimeout)
        {
            return giveUp(
                "the accessibility bus stopped taking messages (\(bus.outputSize) bytes waiting)")
        }
        let readMessages =
            sessionBus?.hasReadMessages == true || accessibilityBus?.hasReadMessages == true
        let deadlines = [
            sessionAttempt?.deadline, accessibilityAttempt?.deadline, sessionOutput.deadline,
            accessibilityOutput.deadline, readMessages ? now : nil,
        ]
        poller.arm(at: deadlines.compactMap { $0 }.min())
    }

    /// Turns accessibility off for the rest of the run, saying why once.
    private func giveUp(_ reason: String) {
        guard !gaveUp else { return }
        gaveUp = true
        let line = "accessibility: \(reason); accessibility is off"
        if let warn { warn(line) } else { log?(line) }
        sessionAttempt?.attempt.abandon()
        accessibilityAttempt?.attempt.abandon()
        sessionAttempt = nil
        accessibilityAttempt = nil
        sessionBus = nil
        disconnect()
    }

    private func sessionOpened(_ result: Result<BusConnection, AccessibilityBusError>) {
        guard case .success(let bus) = result else {
            if case .failure(let error) = result {
                log?("accessibility: no session bus (\(error)); staying off")
            }
            disconnect()
            return
        }
        sessionBus = bus
        poller?.watch(bus.fileDescriptor)
        bus.addMatch(
            "type='signal',sender='\(Self.busName)',path='\(Self.busPath)',"
                + "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                + "arg0='\(Self.statusInterface)'")
        bus.addMatch(
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                + "member='NameOwnerChanged',arg0='\(Self.busName)'")
        askStatus()
    }

    // MARK: The accessibility bus

    func connect(to address: String) {
        guard accessibilityBus == nil, accessibilityAttempt == nil, let poller else { return }
        switch BusConnectAttempt.start(address: address) {
        case .failure(let error):
            log?("accessibility: \(error)")
        case .success(let attempt):
            accessibilityAttempt = (attempt, BusPoller.now + answerTimeout)
            poller.watch(attempt.readDescriptor)
        }
    }

    private func accessibilityOpened(_ result: Result<BusConnection, AccessibilityBusError>) {
        let bus: BusConnection
        switch result {
        case .failure(let error):
            log?("accessibility: \(error)")
            return
        case .success(let opened):
            bus = opened
        }
        // Switched off while it opened: dropped (closed) here.
        guard isEnabled, sessionBus != nil else { return }
        accessibilityBus = bus
        accessibilityOutput = OutputWatch()
        poller?.watch(bus.fileDescriptor)
        server = AtspiServer(
            facts: AtspiFacts(
                model: model, applicationName: applicationName, windowTitle: windowTitle,
                scale: scale, windowOrigin: windowOrigin),
            bus: bus.uniqueName)
        let root = AccessibleReference(bus: bus.uniqueName, path: AtspiNode.application.path)
        embedSerial = bus.send(
            .methodCall(
                destination: "org.a11y.atspi.Registry", path: AtspiNode.application.path,
                interface: AtspiInterface.socket, member: "Embed", arguments: [.reference(root)]))
        log?("accessibility: exported on \(bus.uniqueName)")
    }

    func disconnect() {
        accessibilityAttempt?.attempt.abandon()
        accessibilityAttempt = nil
        if let bus = accessibilityBus {
            poller?.unwatch(bus.fileDescriptor)
            accessibilityBus = nil
            server = nil
        }
        if sessionBus == nil {
            isEnabled = false
            sessionAttempt?.attempt.abandon()
            sessionAttempt = nil
            poller = nil
        }
    }

    private func handleAccessibility(_ message: DBusMessage) {
        guard let bus = accessibilityBus else { return }
        if !message.isMethodCall {
            if message.replySerial == embedSerial, embedSerial != 0 {
                embedSerial = 0
                if case .structure(let fields)? = message.arguments.first, fields.count == 2,
                    let name = fields[0].stringValue, let path = fields[1].stringValue
                {
                    server?.desktop = AccessibleReference(bus: name, path: path)
                }
            }
            return
        }
        guard var server else { return }
        let answer = server.answer(
            path: message.path, interface: message.interface, member: message.member,
            arguments: message.arguments)
        self.server = server
        guard message.expectsReply else { return }
        switch answer {
        case .reply(let values): bus.send(message.reply(values))
        case .error(let name, let text): bus.send(message.errorReply(name: name, text: text))
        }
    }
}

/// What waits to be written on one bus, and until when the bus may take nothing of it.
private struct OutputWatch {
    /// When the bus is given up if it has taken nothing by then (nil: nothing waits).
    var deadline: Double?
    /// The bytes waiting at the last check.
    var size = 0

    /// Watches the bus's socket for writing while something waits; false when the bus has
    /// taken nothing for `timeout` seconds or holds more than the limit.
    mutating func check(
        _ bus: BusConnection, _ poller: BusPoller, _ now: Double, _ timeout: Double
    ) -> Bool {
        guard bus.hasOutput else {
            if deadline != nil { poller.watch(bus.fileDescriptor) }
            self = OutputWatch()
            return true
        }
        let waiting = bus.outputSize
        guard waiting <= AccessibilityBridge.outputLimit else { return false }
        if deadline == nil { poller.watch(bus.fileDescriptor, writable: true) }
        if deadline == nil || waiting < size { deadline = now + timeout }
        size = waiting
        return now < deadline ?? now
    }
}
