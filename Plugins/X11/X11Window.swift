internal import CX11
import Glibc
import SwipeDismiss

/// Owns one top-level X window: created titled, with WM_DELETE_WINDOW, bit gravity
/// NorthWest and background None; destroyed in `deinit`.
///
/// It keeps what the window's own events said (size from ConfigureNotify, exposure from
/// Expose with count 0, a close request from WM_DELETE_WINDOW); the event loop reads and
/// clears those flags once per frame.
public final class X11Window {
    /// The connection the window belongs to.
    public let display: X11Display
    let id: Window
    let deleteWindowAtom: Atom
    let protocolsAtom: Atom

    /// The width in pixels, as of the last ConfigureNotify.
    public private(set) var pixelWidth: Int
    /// The height in pixels, as of the last ConfigureNotify.
    public private(set) var pixelHeight: Int
    /// Whether the window manager (or a test) asked the window to close.
    public private(set) var closeRequested = false
    /// Whether the window was destroyed from outside.
    public private(set) var isDestroyed = false
    /// Whether the window is mapped (viewable).
    public private(set) var isMapped = false
    /// Whether the window has keyboard focus, as of the last FocusIn or FocusOut (grab and
    /// ungrab crossings aside); false until the first.
    public private(set) var hasFocus = false
    /// Whether `deinit` destroys the window (false for one adopted from a host).
    private let ownsWindow: Bool
    /// Set by an Expose with count 0 (or a map); cleared by `takeExposure()`.
    private var exposed = false
    /// Set by a ConfigureNotify that changed the size; cleared by `takeResize()`.
    private var resized = false

    /// The events the window selects: pointer, keys, focus, crossing, structure, exposure.
    static let eventMask =
        ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
        | PointerMotionMask | KeyPressMask | FocusChangeMask | EnterWindowMask
        | LeaveWindowMask

    /// Creates (but does not map) a window of `width` × `height` pixels titled `title`.
    public init(display: X11Display, title: String, width: Int, height: Int) throws(X11Error) {
        guard (1...PixelLimit.maximumSide).contains(width),
            (1...PixelLimit.maximumSide).contains(height)
        else {
            throw X11Error.invalidSize(width: width, height: height)
        }
        self.display = display
        ownsWindow = true
        let dpy = display.pointer
        id = Xlib.createWindow(
            dpy, parent: display.root, width: UInt32(width), height: UInt32(height),
            eventMask: Self.eventMask)
        pixelWidth = width
        pixelHeight = height
        deleteWindowAtom = Xlib.internAtom(dpy, "WM_DELETE_WINDOW")
        protocolsAtom = Xlib.internAtom(dpy, "WM_PROTOCOLS")
        Xlib.setTitle(dpy, id, title)
        Xlib.setProtocols(dpy, id, [deleteWindowAtom])
        Xlib.setCardinalProperty(dpy, id, name: "_NET_WM_PID", value: Int(getpid()))
        Xlib.setMinimumSize(dpy, id, width: 64, height: 64)
    }

    /// Adopts a window the host made on `display` (its XID): the plugin draws into it and
    /// reads its size, but the window stays the host's: it is neither configured, mapped nor
    /// destroyed here, and no event is selected on it. The host selects what it wants
    /// (for the plugin: exposure, structure, buttons, motion, keys) and forwards events to
    /// `X11HostedSheet.handle(event:)` or to the input source and `handle(event:)`.
    /// Throws for a window the server does not know.
    public init(adopting windowID: UInt, display: X11Display) throws(X11Error) {
        guard let (width, height) = Xlib.windowSize(display.pointer, windowID) else {
            throw X11Error.cannotCreate("window 0x\(String(windowID, radix: 16)) (no such window)")
        }
        self.display = display
        ownsWindow = false
        id = windowID
        pixelWidth = width
        pixelHeight = height
        deleteWindowAtom = Xlib.internAtom(display.pointer, "WM_DELETE_WINDOW")
        protocolsAtom = Xlib.internAtom(display.pointer, "WM_PROTOCOLS")
    }

    /// Creates (but does not map) a child window of `parent` (an XID on `display`, such as
    /// the host's own window) at (`x`, `y`) of `width` × `height` pixels, selecting the
    /// plugin's events; destroyed in `deinit`. The host maps it (`map()`) after its parent.
    public init(display: X11Display, parent: UInt, x: Int = 0, y: Int = 0, width: Int, height: Int)
        throws(X11Error)
    {
        guard (1...PixelLimit.maximumSide).contains(width),
            (1...PixelLimit.maximumSide).contains(height)
        else {
            throw X11Error.invalidSize(width: width, height: height)
        }
        self.display = display
        ownsWindow = true
        let dpy = display.pointer
        id = Xlib.createWindow(
            dpy, parent: parent, width: UInt32(width), height: UInt32(height),
            eventMask: Self.eventMask)
        if x != 0 || y != 0 { Xlib.moveWindow(dpy, id, x: Int32(x), y: Int32(y)) }
        pixelWidth = width
        pixelHeight = height
        deleteWindowAtom = Xlib.internAtom(dpy, "WM_DELETE_WINDOW")
        protocolsAtom = Xlib.internAtom(dpy, "WM_PROTOCOLS")
    }

    deinit {
        if ownsWindow, !isDestroyed {
            Xlib.destroyWindow(display.pointer, id)
            Xlib.flush(display.pointer)
        }
    }

    /// The window's XID, for tools and tests (`xdotool`, `xwininfo`).
    public var windowID: UInt { id }

    /// Shows the window (`XMapWindow`).
    public func map() {
        Xlib.mapWindow(display.pointer, id)
    }

    /// Asks for a new size (`XResizeWindow`); the change lands with its ConfigureNotify.
    public func resize(width: Int, height: Int) throws(X11Error) {
        guard (1...PixelLimit.maximumSide).contains(width),
            (1...PixelLimit.maximumSide).contains(height)
        else {
            throw X11Error.invalidSize(width: width, height: height)
        }
        Xlib.resizeWindow(display.pointer, id, width: UInt32(width), height: UInt32(height))
    }

    /// Sends this window the WM_DELETE_WINDOW message a window manager's close button sends.
    public func requestClose() {
        var event = Self.deleteMessage(
            window: id, protocols: protocolsAtom, delete: deleteWindowAtom)
        _ = Xlib.sendEvent(display.pointer, to: id, propagate: false, mask: 0, event: &event)
        Xlib.flush(display.pointer)
    }

    static func deleteMessage(window: Window, protocols: Atom, delete: Atom) -> XEvent {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: delete)
        event.xclient.data.l.1 = Int(CurrentTime)
        return event
    }

    /// Reads the window's pixels as 0xRRGGBB (`XGetImage`); nil if not viewable.
    package func readPixels(x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        Xlib.readPixels(
            display.pointer, id, x: Int32(x), y: Int32(y), width: UInt32(width),
            height: UInt32(height))
    }

    /// Applies one of the window's own events (a size change, an expose, a close request)
    /// that a host read itself: `event` points to an `XEvent` just returned by `XNextEvent`
    /// on this window's connection. Returns whether it was one of this window's.
    @discardableResult
    public func handle(event: UnsafeMutableRawPointer) -> Bool {
        handle(&event.assumingMemoryBound(to: XEvent.self).pointee)
    }

    /// Applies one of the window's own events; returns whether it was one.
    @discardableResult
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ConfigureNotify:
            guard event.xconfigure.window == id else { return false }
            let width = Int(event.xconfigure.width)
            let height = Int(event.xconfigure.height)
            if width != pixelWidth || height != pixelHeight {
                pixelWidth = width
                pixelHeight = height
                resized = true
            }
            return true
        case Expose:
            guard event.xexpose.window == id else { return false }
            // Only the last of a series repaints; the back buffer covers every rectangle.
            if event.xexpose.count == 0 { exposed = true }
            return true
        case MapNotify:
            guard event.xmap.window == id else { return false }
            isMapped = true
            exposed = true
            return true
        case UnmapNotify:
            guard event.xunmap.window == id else { return false }
            isMapped = false
            return true
        case FocusIn, FocusOut:
            guard event.xfocus.window == id else { return false }
            let mode = event.xfocus.mode
            if mode != NotifyGrab, mode != NotifyUngrab { hasFocus = event.type == FocusIn }
            return true
        case DestroyNotify:
            guard event.xdestroywindow.window == id else { return false }
            isDestroyed = true
            closeRequested = true
            return true
        case ClientMessage:
            guard event.xclient.window == id, event.xclient.message_type == protocolsAtom
            else { return false }
            if Atom(bitPattern: event.xclient.data.l.0) == deleteWindowAtom {
                closeRequested = true
            }
            return true
        default:
            return false
        }
    }

    /// Whether the window was exposed since the last call; clears the flag.
    public func takeExposure() -> Bool {
        defer { exposed = false }
        return exposed
    }

    /// Whether the size changed since the last call; clears the flag.
    public func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }
}
