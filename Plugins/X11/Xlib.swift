internal import CX11
import Glibc

/// Every Xlib and cairo-xlib call this plugin makes, one thin named wrapper each.
///
/// The wrappers take and return Swift types where that is free, and say in their doc
/// comment which C call they map to. Nothing else in the plugin calls Xlib directly, so the
/// C seam is this one file (as swift-system's `Syscalls.swift`).
enum Xlib {
    /// The connection, as Xlib's opaque `Display *`.
    typealias DisplayPointer = OpaquePointer

    // MARK: Connection

    /// `XOpenDisplay`; nil `name` means `$DISPLAY`.
    static func openDisplay(_ name: String?) -> DisplayPointer? {
        if let name { return XOpenDisplay(name) }
        return XOpenDisplay(nil)
    }

    /// `XCloseDisplay`.
    static func closeDisplay(_ display: DisplayPointer) {
        XCloseDisplay(display)
    }

    /// `XDisplayName`: the name XOpenDisplay would use for `name` (nil: `$DISPLAY`).
    ///
    /// `XDisplayName` returns its argument when that is non-empty, so the result is copied
    /// while the bridged C string is still alive (reading it afterwards was a use-after-free).
    static func displayName(_ name: String?) -> String {
        guard let name else { return XDisplayName(nil).map { String(cString: $0) } ?? "" }
        return name.withCString { XDisplayName($0).map { String(cString: $0) } ?? "" }
    }

    /// `XDisplayString`: the name the connection was opened with.
    static func displayString(_ display: DisplayPointer) -> String {
        XDisplayString(display).map { String(cString: $0) } ?? ""
    }

    /// `XConnectionNumber` (the `ConnectionNumber` macro): the socket to poll.
    static func connectionNumber(_ display: DisplayPointer) -> Int32 {
        XConnectionNumber(display)
    }

    /// `XDefaultScreen`.
    static func defaultScreen(_ display: DisplayPointer) -> Int32 {
        XDefaultScreen(display)
    }

    /// `XRootWindow`.
    static func rootWindow(_ display: DisplayPointer, screen: Int32) -> Window {
        XRootWindow(display, screen)
    }

    /// `XDefaultVisual`.
    static func defaultVisual(_ display: DisplayPointer, screen: Int32) -> UnsafeMutablePointer<
        Visual
    >? {
        XDefaultVisual(display, screen)
    }

    /// `XDefaultDepth`.
    static func defaultDepth(_ display: DisplayPointer, screen: Int32) -> Int32 {
        XDefaultDepth(display, screen)
    }

    /// `XInternAtom` (creating the atom if needed).
    static func internAtom(_ display: DisplayPointer, _ name: String) -> Atom {
        XInternAtom(display, name, 0)
    }

    /// `XFlush`: sends the output buffer without waiting.
    static func flush(_ display: DisplayPointer) {
        XFlush(display)
    }

    /// `XSync` with discard false: sends everything and waits until the server handled it.
    static func sync(_ display: DisplayPointer) {
        XSync(display, 0)
    }

    /// `XPending`: flushes, reads what the socket has, and returns the queued event count.
    static func pending(_ display: DisplayPointer) -> Int32 {
        XPending(display)
    }

    /// `XEventsQueued(display, QueuedAlready)`: events already read, without any I/O.
    static func eventsQueuedAlready(_ display: DisplayPointer) -> Int32 {
        XEventsQueued(display, QueuedAlready)
    }

    /// `XNextEvent`.
    static func nextEvent(_ display: DisplayPointer, into event: inout XEvent) {
        XNextEvent(display, &event)
    }

    /// `XSendEvent` to `window` with `mask`; true if the request was queued.
    static func sendEvent(
        _ display: DisplayPointer, to window: Window, propagate: Bool, mask: Int,
        event: inout XEvent
    ) -> Bool {
        XSendEvent(display, window, propagate ? 1 : 0, mask, &event) != 0
    }

    /// `XGetErrorText`.
    static func errorText(_ display: DisplayPointer, code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, code, &buffer, Int32(buffer.count))
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `XSetErrorHandler`.
    static func setErrorHandler(_ handler: XErrorHandler?) {
        _ = XSetErrorHandler(handler)
    }

    /// `XSetIOErrorHandler`.
    static func setIOErrorHandler(_ handler: XIOErrorHandler?) {
        _ = XSetIOErrorHandler(handler)
    }

    /// `XSetIOErrorExitHandler` (libX11 1.7 and later) with a handler that returns, so a lost
    /// connection leaves `display` dead (its calls do nothing) instead of ending the process.
    static func keepProcessOnConnectionLoss(
        _ display: DisplayPointer, noting loss: UnsafeMutableRawPointer
    ) {
        XSetIOErrorExitHandler(
            display,
            { _, data in
                let code = errno
                guard let data else { return }
                let loss = Unmanaged<ConnectionLoss>.fromOpaque(data).takeUnretainedValue()
                guard loss.reason == nil else { return }
                loss.reason =
                    [0, EPIPE, ECONNRESET, EAGAIN].contains(code)
                    ? "the server closed the connection or went away"
                    : String(cString: strerror(code))
            }, loss)
    }

    // MARK: Windows

    /// `XCreateWindow` with bit gravity NorthWest and background None, so a resize keeps the
    /// old pixels at the top left and the server never clears the window before an expose.
    static func createWindow(
        _ display: DisplayPointer, parent: Window, width: UInt32, height: UInt32, eventMask: Int
    ) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = eventMask
        let mask = UInt(CWBackPixmap | CWBitGravity | CWEventMask)
        return XCreateWindow(
            display, parent, 0, 0, width, height, 0, Int32(CopyFromParent), UInt32(InputOutput),
            nil, mask, &attributes)
    }

    /// `XDestroyWindow`.
    static func destroyWindow(_ display: DisplayPointer, _ window: Window) {
        XDestroyWindow(display, window)
    }

    /// `XMapWindow`.
    static func mapWindow(_ display: DisplayPointer, _ window: Window) {
        XMapWindow(display, window)
    }

    /// `XStoreName` plus `_NET_WM_NAME` as UTF-8 (`XChangeProperty`).
    static func setTitle(_ display: DisplayPointer, _ window: Window, _ title: String) {
        XStoreName(display, window, title)
        let utf8 = Array(title.utf8)
        let netName = internAtom(display, "_NET_WM_NAME")
        let utf8String = internAtom(display, "UTF8_STRING")
        utf8.withUnsafeBufferPointer { bytes in
            _ = XChangeProperty(
                display, window, netName, utf8String, 8, Int32(PropModeReplace), bytes.baseAddress,
                Int32(bytes.count))
        }
    }

    /// `XChangeProperty` of one 32-bit CARDINAL (such as `_NET_WM_PID`).
    static func setCardinalProperty(
        _ display: DisplayPointer, _ window: Window, name: String, value: Int
    ) {
        var value = value  // format 32 is passed as C longs
        let property = internAtom(display, name)
        withUnsafeBytes(of: &value) { bytes in
            _ = XChangeProperty(
                display, window, property, XA_CARDINAL, 32, Int32(PropModeReplace),
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// `XGetWindowProperty` of one 32-bit CARDINAL; nil if absent.
    static func cardinalProperty(_ display: DisplayPointer, _ window: Window, atom: Atom) -> Int? {
        withProperty(display, window, atom, type: XA_CARDINAL, longs: 1) { _, format, count, data in
            guard format == 32, count == 1 else { return nil }
            return data.withMemoryRebound(to: Int.self, capacity: 1) { $0.pointee }
        }
    }

    /// Calls `body` with a window property read by `XGetWindowProperty` (at most `longs`
    /// 32-bit units, of `type`): its actual type, format, item count and bytes, which are
    /// freed (`XFree`) afterwards. nil if the request failed or the property is absent.
    static func withProperty<Result, Failure: Error>(
        _ display: DisplayPointer, _ window: Window, _ property: Atom, type: Atom, longs: Int,
        _ body: (_ type: Atom, _ format: Int32, _ count: Int, _ data: UnsafeMutablePointer<UInt8>)
            throws(Failure) -> Result?
    ) throws(Failure) -> Result? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, property, 0, longs, 0, type, &actualType, &format, &count,
            &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data else { return nil }
        return try body(actualType, format, Int(count), data)
    }

    /// `XQueryTree`: the children of `window`.
    static func childWindows(_ display: DisplayPointer, of window: Window) -> [Window] {
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else {
            return []
        }
        defer { if let children { XFree(children) } }
        guard let children else { return [] }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// `XSetWMProtocols` with the given atoms (WM_DELETE_WINDOW).
    static func setProtocols(_ display: DisplayPointer, _ window: Window, _ atoms: [Atom]) {
        var atoms = atoms
        XSetWMProtocols(display, window, &atoms, Int32(atoms.count))
    }

    /// `XSetWMNormalHints` with a minimum size.
    static func setMinimumSize(
        _ display: DisplayPointer, _ window: Window, width: Int32, height: Int32
    ) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize
        hints.pointee.min_width = width
        hints.pointee.min_height = height
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
    }

    /// `XMoveWindow`.
    static func moveWindow(_ display: DisplayPointer, _ window: Window, x: Int32, y: Int32) {
        XMoveWindow(display, window, x, y)
    }

    /// `XResizeWindow`.
    static func resizeWindow(
        _ display: DisplayPointer, _ window: Window, width: UInt32, height: UInt32
    ) {
        XResizeWindow(display, window, width, height)
    }

    /// `XGetWindowAttributes`: the window's current size, or nil if the call failed.
    static func windowSize(_ display: DisplayPointer, _ window: Window) -> (Int, Int)? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return (Int(attributes.width), Int(attributes.height))
    }

    /// `XLookupKeysym` on a key event, index 0 (unshifted).
    static func lookupKeysym(_ event: inout XKeyEvent) -> KeySym {
        XLookupKeysym(&event, 0)
    }

    // MARK: Pixmaps and drawing

    /// `XCreatePixmap`.
    static func createPixmap(
        _ display: DisplayPointer, _ drawable: Drawable, width: UInt32, height: UInt32,
        depth: UInt32
    ) -> Pixmap {
        XCreatePixmap(display, drawable, width, height, depth)
    }

    /// `XFreePixmap`.
    static func freePixmap(_ display: DisplayPointer, _ pixmap: Pixmap) {
        XFreePixmap(display, pixmap)
    }

    /// `XCreateGC` with graphics exposures off (a copy from a pixmap never needs them).
    static func createGC(_ display: DisplayPointer, _ drawable: Drawable) -> GC? {
        var values = XGCValues()
        values.graphics_exposures = 0
        return XCreateGC(display, drawable, UInt(GCGraphicsExposures), &values)
    }

    /// `XFreeGC`.
    static func freeGC(_ display: DisplayPointer, _ gc: GC) {
        XFreeGC(display, gc)
    }

    /// `XNextRequest` − 1: the number of the request sent last.
    static func lastRequestSerial(_ display: DisplayPointer) -> UInt {
        XNextRequest(display) &- 1
    }

    /// `XLastKnownRequestProcessed`: the last of our requests the server said it handled (in
    /// a reply, an error or any event).
    static func lastRequestProcessed(_ display: DisplayPointer) -> UInt {
        XLastKnownRequestProcessed(display)
    }

    /// `XSetForeground` then `XFillRectangles`: `count` boxes of one colour in one request
    /// (Xlib sends the colour only when it changed, with the fill).
    static func fillRectangles(
        _ display: DisplayPointer, _ drawable: Drawable, gc: GC, colour: UInt,
        _ rectangles: UnsafeMutablePointer<XRectangle>, count: Int
    ) {
        XSetForeground(display, gc, colour)
        XFillRectangles(display, drawable, gc, rectangles, Int32(count))
    }

    /// `XCopyArea` from (0, 0) to (0, 0).
    static func copyArea(
        _ display: DisplayPointer, from source: Drawable, to destination: Drawable, gc: GC,
        width: UInt32, height: UInt32
    ) {
        XCopyArea(display, source, destination, gc, 0, 0, width, height, 0, 0)
    }

    /// `XGetImage` (ZPixmap, all planes) read into 0xRRGGBB values, row by row; nil if the
    /// server refused (an unmapped window, say).
    static func readPixels(
        _ display: DisplayPointer, _ drawable: Drawable, x: Int32, y: Int32, width: UInt32,
        height: UInt32
    ) -> [UInt32]? {
        guard
            let image = XGetImage(
                display, drawable, x, y, width, height, UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }  // the XDestroyImage macro
        var pixels: [UInt32] = []
        pixels.reserveCapacity(Int(width) * Int(height))
        let getPixel = image.pointee.f.get_pixel!
        for row in 0..<Int32(height) {
            for column in 0..<Int32(width) {
                pixels.append(UInt32(truncatingIfNeeded: getPixel(image, column, row)))
            }
        }
        return pixels
    }

    /// `cairo_xlib_surface_create` for a drawable of the default visual.
    static func createCairoSurface(
        _ display: DisplayPointer, _ drawable: Drawable, visual: UnsafeMutablePointer<Visual>,
        width: Int32, height: Int32
    ) -> OpaquePointer? {
        cairo_xlib_surface_create(display, drawable, visual, width, height)
    }

    // MARK: Polling

    /// `poll` on `descriptors` for input; `timeout` in seconds (rounded up to whole
    /// milliseconds, so the wait never ends early), nil waits for ever. Returns whether any
    /// descriptor became readable or hung up; false on timeout or EINTR.
    @discardableResult
    static func poll(_ descriptors: inout [pollfd], timeout: Double?) -> Bool {
        var milliseconds: Int32 = -1
        if let timeout {
            // Clamped before the conversion, and a NaN (which compares false) waits 0 ms.
            let seconds = timeout >= 0 ? min(timeout, 3600) : 0
            milliseconds = Int32((seconds * 1000).rounded(.up))
        }
        for index in descriptors.indices { descriptors[index].revents = 0 }
        return Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0
    }
}
