internal import CX11
import Glibc

/// Owns one connection to an X server: opened with a described error, closed in `deinit`.
///
/// Opening the first display installs Xlib's error handlers, which Xlib keeps process-wide: a
/// protocol error (`XSetErrorHandler`) is logged to stderr instead of aborting, and a lost
/// connection (`XSetIOErrorHandler`, with `XSetIOErrorExitHandler` per display so Xlib does
/// not end the process) is noted in `connectionLostReason`. Xlib calls on a lost connection do
/// nothing, and `X11EventLoop` returns `.connectionLost`: the program decides what to do.
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

    /// Connects to `name` (nil: `$DISPLAY`).
    public init(name: String? = nil) throws(X11Error) {
        Self.installHandlers()
        guard let pointer = Xlib.openDisplay(name) else {
            throw X11Error.cannotOpenDisplay(Xlib.displayName(name))
        }
        self.pointer = pointer
        // After the I/O error handler, Xlib would end the process; this display merely dies.
        Xlib.keepProcessOnConnectionLoss(pointer)
        self.name = Xlib.displayString(pointer)
        screen = Xlib.defaultScreen(pointer)
        root = Xlib.rootWindow(pointer, screen: screen)
        guard let visual = Xlib.defaultVisual(pointer, screen: screen) else {
            Xlib.closeDisplay(pointer)
            throw X11Error.cannotCreate("default visual")
        }
        self.visual = visual
        depth = Xlib.defaultDepth(pointer, screen: screen)
    }

    deinit {
        Xlib.closeDisplay(pointer)
        Self.lostConnections[UInt(bitPattern: pointer)] = nil
    }

    /// Why the connection to the server was lost (the server went away, say), or nil while
    /// it lives. Once lost, Xlib calls on this display do nothing.
    public var connectionLostReason: String? {
        Self.lostConnections[UInt(bitPattern: pointer)]
    }

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
        _ = handlersInstalled
    }

    /// Xlib's error handlers, installed once per process: a `static let` is initialised
    /// exactly once (thread-safely), so no flag is shared between threads.
    private static let handlersInstalled: Bool = {
        Xlib.setErrorHandler { display, event in
            guard let display, let event else { return 0 }
            X11Display.protocolErrorCount += 1
            let text = Xlib.errorText(display, code: Int32(event.pointee.error_code))
            X11Display.writeStandardError(
                "\(X11Display.messagePrefix): X error (ignored): \(text); request \(event.pointee.request_code).\(event.pointee.minor_code), resource 0x\(String(event.pointee.resourceid, radix: 16))\n"
            )
            return 0
        }
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

    static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
