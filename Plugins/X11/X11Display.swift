internal import CX11
import Glibc

/// Owns one connection to an X server: opened with a described error, closed in `deinit`.
///
/// Nothing process-wide is installed unless asked. Xlib's error handlers are process-wide,
/// so they are opt-in (`init(name:installsErrorHandlers:)` with `true`, or
/// `installErrorHandlers()`; `X11Host` opts in): a protocol error (`XSetErrorHandler`) is
/// then logged to stderr instead of ending the process, and a lost connection
/// (`XSetIOErrorHandler`) is noted in `connectionLostReason`. Every display sets its own
/// `XSetIOErrorExitHandler`, so once Xlib's I/O error handler returns, Xlib does not end the
/// process: calls on the lost connection do nothing, and `X11EventLoop` returns
/// `.connectionLost`. The program decides what to do.
public final class X11Display {
    let pointer: Xlib.DisplayPointer
    /// The display's name, such as `:0`.
    public let name: String
    let screen: Int32
    let root: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32

    /// The prefix of the messages the protocol error handler prints, such as `x11-demo`; set
    /// it before opening a display.
    ///
    /// `nonisolated(unsafe)`: set it on the thread that drives X11; Xlib calls its handlers on
    /// that same thread, so nothing reads it concurrently.
    nonisolated(unsafe) public static var messagePrefix = "x11"
    /// How many non-fatal X protocol errors were logged (a test hook). Written only by the
    /// error handler, which Xlib runs on the thread making the failing call.
    nonisolated(unsafe) package private(set) static var protocolErrorCount = 0
    /// Why each lost connection was lost, by display pointer. Written by the I/O error handler,
    /// which Xlib runs on the thread making the call that found the connection gone.
    nonisolated(unsafe) private static var lostConnections: [UInt: String] = [:]

    /// Whether `deinit` closes the connection (false for one adopted from a host).
    private let ownsConnection: Bool
    /// Why this connection was lost, noted by its own I/O exit handler (no process-wide state).
    private let loss = ConnectionLoss()

    /// Connects to `name` (nil: `$DISPLAY`). `installsErrorHandlers` (opt-in, for a program
    /// that leaves X11 to the plugin) installs Xlib's process-wide handlers as the type's
    /// overview says; false (the default) installs nothing process-wide: protocol errors and
    /// a lost connection then go to Xlib's handlers (which end the process) or the
    /// program's own; a lost connection is still noted per display once its handler returns.
    public init(name: String? = nil, installsErrorHandlers: Bool = false) throws(X11Error) {
        if installsErrorHandlers { Self.installHandlers() }
        guard let pointer = Xlib.openDisplay(name) else {
            throw X11Error.cannotOpenDisplay(Xlib.displayName(name))
        }
        self.pointer = pointer
        ownsConnection = true
        guard let facts = Self.describe(pointer) else {
            Xlib.closeDisplay(pointer)
            throw X11Error.cannotCreate("default visual")
        }
        (self.name, self.screen, self.root, self.visual, self.depth) = facts
        // After the I/O error handler, Xlib would end the process; this display merely dies.
        Xlib.keepProcessOnConnectionLoss(pointer, noting: Unmanaged.passUnretained(loss).toOpaque())
    }

    /// Adopts a connection the host opened: `display` is its `Display *` (from your own
    /// Xlib binding, as an `OpaquePointer`). The connection stays the host's: it is not
    /// closed here, and no handler is installed process-wide. `reportsConnectionLoss` sets
    /// this display's own I/O exit handler (`XSetIOErrorExitHandler`, libX11 1.7+), so a
    /// lost server leaves the connection dead and `connectionLostReason` set, instead of
    /// ending the process; false leaves Xlib's default (exit) in place. The handler stays set
    /// on the connection after this object is gone (with the few bytes it writes to).
    public init(adopting display: OpaquePointer, reportsConnectionLoss: Bool = true)
        throws(X11Error)
    {
        pointer = display
        ownsConnection = false
        guard let facts = Self.describe(display) else {
            throw X11Error.cannotCreate("default visual")
        }
        (self.name, self.screen, self.root, self.visual, self.depth) = facts
        if reportsConnectionLoss {
            // Retained for good: the handler stays set on the host's connection after this
            // object is gone (the host may close the connection first; touching it in
            // `deinit` would then crash), so what it writes to must live as long.
            Xlib.keepProcessOnConnectionLoss(
                display, noting: Unmanaged.passRetained(loss).toOpaque())
        }
    }

    /// The display's name, default screen, root window, default visual and depth.
    private static func describe(_ pointer: Xlib.DisplayPointer) -> (
        String, Int32, Window, UnsafeMutablePointer<Visual>, Int32
    )? {
        let screen = Xlib.defaultScreen(pointer)
        guard let visual = Xlib.defaultVisual(pointer, screen: screen) else { return nil }
        return (
            Xlib.displayString(pointer), screen, Xlib.rootWindow(pointer, screen: screen), visual,
            Xlib.defaultDepth(pointer, screen: screen)
        )
    }

    deinit {
        // An adopted connection is the host's: not touched here (it may be closed already).
        if ownsConnection { Xlib.closeDisplay(pointer) }
        Self.lostConnections[UInt(bitPattern: pointer)] = nil
    }

    /// Why the connection to the server was lost (the server went away, say), or nil while
    /// it lives. Once lost, Xlib calls on this display do nothing.
    public var connectionLostReason: String? {
        Self.lostConnections[UInt(bitPattern: pointer)] ?? loss.reason
    }

    /// The `Display *`, for your own Xlib calls on the same connection. Borrowed: valid while
    /// this object lives (and, adopted, while the host keeps it open).
    public var displayPointer: OpaquePointer { pointer }

    /// Whether Xlib holds events it has already read from the socket
    /// (`XEventsQueued(QueuedAlready)`, no I/O). A host's `poll()` on `fileDescriptor` would
    /// sleep on those: handle them first.
    public var hasPendingEvents: Bool { Xlib.eventsQueuedAlready(pointer) > 0 }

    /// The socket to wait on (`ConnectionNumber`).
    public var fileDescriptor: Int32 { Xlib.connectionNumber(pointer) }

    /// Sends buffered requests (`XFlush`).
    public func flush() {
        Xlib.flush(pointer)
    }

    /// Sends buffered requests and waits for the server to handle them (`XSync`).
    public func sync() {
        Xlib.sync(pointer)
    }

    /// The atom called `name` (`XInternAtom`).
    public func atom(_ name: String) -> UInt {
        Xlib.internAtom(pointer, name)
    }

    // MARK: Other clients' windows (tools and tests)

    /// Sends `window` (any client's) the WM_DELETE_WINDOW message a window manager's close
    /// button sends (`XSendEvent` of a WM_PROTOCOLS ClientMessage), and flushes.
    package func sendCloseRequest(to window: UInt) {
        var event = X11Window.deleteMessage(
            window: window, protocols: atom("WM_PROTOCOLS"), delete: atom("WM_DELETE_WINDOW"))
        _ = Xlib.sendEvent(pointer, to: window, propagate: false, mask: 0, event: &event)
        Xlib.flush(pointer)
    }

    /// Reads pixels of any viewable window as 0xRRGGBB, row by row (`XGetImage`); nil if
    /// the server refused (the window is gone or not viewable).
    package func readPixels(window: UInt, x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        Xlib.readPixels(
            pointer, window, x: Int32(x), y: Int32(y), width: UInt32(width),
            height: UInt32(height))
    }

    /// The top-level windows whose `_NET_WM_PID` is `pid`.
    package func windows(ofProcess pid: Int32) -> [UInt] {
        Xlib.childWindows(pointer, of: root).filter {
            Xlib.cardinalProperty(pointer, $0, atom: atom("_NET_WM_PID")) == Int(pid)
        }
    }

    // MARK: Handlers

    /// Installs Xlib's error handlers before the first display opens.
    private static func installHandlers() {
        _ = protocolHandlerInstalled
        _ = connectionLossHandlerInstalled
    }

    /// Xlib's error handlers, installed once per process: a `static let` is initialised
    /// exactly once (thread-safely), so no flag is shared between threads.
    private static let protocolHandlerInstalled: Bool = {
        Xlib.setErrorHandler { display, event in
            guard let display, let event else { return 0 }
            X11Display.protocolErrorCount += 1
            let text = Xlib.errorText(display, code: Int32(event.pointee.error_code))
            X11Display.writeStandardError(
                "\(X11Display.messagePrefix): X error (ignored): \(text); request \(event.pointee.request_code).\(event.pointee.minor_code), resource 0x\(String(event.pointee.resourceid, radix: 16))\n"
            )
            return 0
        }
        return true
    }()

    /// The I/O error handler, installed once per process: it notes the loss and returns, so
    /// each display's exit handler (set by `init(name:)` and `init(adopting:)`) keeps the
    /// process alive.
    private static let connectionLossHandlerInstalled: Bool = {
        Xlib.setIOErrorHandler { display in
            let code = errno
            guard let display else { return 0 }
            let key = UInt(bitPattern: display)
            guard X11Display.lostConnections[key] == nil else { return 0 }
            X11Display.lostConnections[key] =
                [0, EPIPE, ECONNRESET, EAGAIN].contains(code)
                ? "the server closed the connection or went away"
                : String(cString: strerror(code))
            return 0
        }
        return true
    }()

    /// Installs Xlib's process-wide handlers (what `init(name:installsErrorHandlers:)` does
    /// with `true`): protocol errors logged under `messagePrefix` instead of ending the
    /// process, lost connections noted. Opt-in; once per process.
    public static func installErrorHandlers() {
        installHandlers()
    }

    /// Installs only Xlib's process-wide I/O error handler, which notes a lost connection
    /// and returns, printing nothing. Xlib's default one prints a line and ends the process
    /// before a display's own exit handler can run, so a host that wants a lost server back
    /// as a value (`X11HostedSheet.update(_:)`, `connectionLostReason`) opts in with this,
    /// or installs an I/O error handler of its own that returns. Once per process.
    public static func installConnectionLossHandler() {
        _ = connectionLossHandlerInstalled
    }

    static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Why one display's connection was lost, written by its I/O exit handler (which Xlib runs on
/// the thread that found the connection gone: the one driving X11).
final class ConnectionLoss {
    var reason: String?
}
