internal import CEpoll
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
/// Exported while on: an application root named ``applicationName``, the window as a frame
/// named ``windowTitle`` and, while content shows, one dialog named by the model (states
/// modal, showing, visible, focused; actions dismiss, expand, collapse; real extents).
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

    /// Whether `org.a11y.Status` last said accessibility is on.
    public private(set) var isEnabled = false
    /// Whether the bridge is connected to the accessibility bus (and so exported).
    public var isConnected: Bool { accessibilityBus != nil }
    /// Whether the bridge holds a session bus connection (to hear enablement changes).
    public var isWatchingSessionBus: Bool { sessionBus != nil }

    private var sessionBus: BusConnection?
    private var accessibilityBus: BusConnection?
    private var server: AtspiServer?
    private var epoll: Int32 = -1
    private var statusSerial: UInt32 = 0
    private var addressSerial: UInt32 = 0
    private var embedSerial: UInt32 = 0

    static let busName = "org.a11y.Bus"
    static let busPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"

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
        if epoll >= 0 { close(epoll) }
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

    /// Connects to the session bus at `sessionBusAddress` (by default the environment's)
    /// and asks `org.a11y.Status` whether accessibility is on, without waiting: the answer,
    /// and the accessibility bus connection if it says yes, come through
    /// ``handleReadable()``. Without a session bus it stays off and returns false.
    @discardableResult
    public func start(sessionBusAddress: String? = sessionBusAddressFromEnvironment()) -> Bool {
        guard sessionBus == nil, let address = sessionBusAddress else { return false }
        let bus: BusConnection
        do {
            bus = try BusConnection(address: address)
        } catch {
            log?("accessibility: no session bus (\(error)); staying off")
            return false
        }
        sessionBus = bus
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        watch(bus.fileDescriptor)
        bus.addMatch(
            "type='signal',sender='\(Self.busName)',path='\(Self.busPath)',"
                + "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                + "arg0='\(Self.statusInterface)'")
        bus.addMatch(
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                + "member='NameOwnerChanged',arg0='\(Self.busName)'")
        askStatus()
        return true
    }

    /// One descriptor for the host's `poll()` (POLLIN): readable when either bus has
    /// something; -1 when there is nothing to wait for.
    public var pollDescriptor: Int32 { epoll }

    /// Reads and answers whatever the buses hold, without waiting. Call it when
    /// ``pollDescriptor`` is readable.
    public func handleReadable() {
        if let bus = sessionBus {
            if bus.readAvailable() {
                while let message = bus.nextMessage() { handleSession(message) }
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
    }

    // MARK: Enablement (session bus)

    private func askStatus() {
        statusSerial =
            sessionBus?.send(
                .methodCall(
                    destination: Self.busName, path: Self.busPath,
                    interface: AtspiInterface.properties, member: "GetAll",
                    arguments: [.string(Self.statusInterface)])) ?? 0
    }

    private func handleSession(_ message: DBusMessage) {
        if message.isSignal {
            if message.member == "PropertiesChanged" {
                askStatus()
            } else if message.member == "NameOwnerChanged" {
                let arguments = message.arguments
                if arguments.count == 3, arguments[2].stringValue?.isEmpty == false {
                    askStatus()
                }
            }
            return
        }
        let serial = message.replySerial
        if serial != 0, serial == statusSerial {
            statusSerial = 0
            var enabled = false
            if !message.isError, case .dictionary(_, _, let entries)? = message.arguments.first {
                for (key, value) in entries
                where ["IsEnabled", "ScreenReaderEnabled"].contains(key.stringValue ?? "") {
                    enabled = enabled || value.boolValue == true
                }
            }
            setEnabled(enabled)
        } else if serial != 0, serial == addressSerial {
            addressSerial = 0
            guard isEnabled, !message.isError, let address = message.arguments.first?.stringValue
            else {
                if message.isError {
                    log?("accessibility: GetAddress failed: \(message.errorName)")
                }
                return
            }
            connect(to: address)
        }
    }

    private func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        if enabled {
            log?("accessibility: on (org.a11y.Status)")
            addressSerial =
                sessionBus?.send(
                    .methodCall(
                        destination: Self.busName, path: Self.busPath, interface: Self.busName,
                        member: "GetAddress")) ?? 0
        } else {
            log?("accessibility: off (org.a11y.Status)")
            disconnect()
        }
    }

    // MARK: The accessibility bus

    private func connect(to address: String) {
        guard accessibilityBus == nil else { return }
        let bus: BusConnection
        do {
            bus = try BusConnection(address: address)
        } catch {
            log?("accessibility: \(error)")
            return
        }
        accessibilityBus = bus
        watch(bus.fileDescriptor)
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

    private func disconnect() {
        if let bus = accessibilityBus {
            unwatch(bus.fileDescriptor)
            accessibilityBus = nil
            server = nil
        }
        if sessionBus == nil {
            isEnabled = false
            if epoll >= 0 {
                close(epoll)
                epoll = -1
            }
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

    // MARK: Events

    private func announce(_ change: AccessibleSheetChange) {
        guard let bus = accessibilityBus, let server else { return }
        let dialog = AtspiNode.dialog.path
        func event(
            _ path: String, _ interface: String, _ member: String, _ detail: String,
            _ one: Int32, _ data: DBusValue = .int32(0)
        ) {
            bus.send(
                .signal(
                    path: path, interface: interface, member: member,
                    arguments: [
                        .string(detail), .int32(one), .int32(0), .variant(data), .noProperties,
                    ]))
        }
        switch change {
        case .shown(let shown):
            let child = DBusValue.reference(server.reference(.dialog))
            if shown {
                event(
                    AtspiNode.frame.path, AtspiInterface.eventObject, "ChildrenChanged", "add", 0,
                    child)
                bus.send(
                    .signal(
                        path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                        member: "AddAccessible", arguments: [server.cacheItem(.dialog)]))
            }
            event(dialog, AtspiInterface.eventObject, "StateChanged", "showing", shown ? 1 : 0)
            event(dialog, AtspiInterface.eventObject, "StateChanged", "visible", shown ? 1 : 0)
            if !shown {
                event(
                    AtspiNode.frame.path, AtspiInterface.eventObject, "ChildrenChanged", "remove",
                    0, child)
                bus.send(
                    .signal(
                        path: AtspiNode.cachePath, interface: AtspiInterface.cache,
                        member: "RemoveAccessible", arguments: [child]))
            }
        case .expanded(let expanded):
            event(dialog, AtspiInterface.eventObject, "StateChanged", "expanded", expanded ? 1 : 0)
            event(dialog, AtspiInterface.eventObject, "StateChanged", "collapsed", expanded ? 0 : 1)
        case .focused(let focused):
            event(dialog, AtspiInterface.eventObject, "StateChanged", "focused", focused ? 1 : 0)
            if focused { event(dialog, AtspiInterface.eventFocus, "Focus", "", 0) }
        }
    }

    // MARK: The descriptor

    private func watch(_ descriptor: Int32) {
        guard epoll >= 0, descriptor >= 0 else { return }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = descriptor
        epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event)
    }

    private func unwatch(_ descriptor: Int32) {
        guard epoll >= 0, descriptor >= 0 else { return }
        epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
    }
}
