import CGtk
import Glibc

/// Ends a GTK host's run as a value when its display goes away (the X server dies, the
/// Wayland compositor quits), as the X11 and Wayland hosts' loops do: GDK's own handler
/// would end the process at once with status 1 and no word a user sees.
///
/// It watches the display connection's socket for a hang-up on the main context, at a
/// priority above GDK's event source, so it is told before GDK reads the dead connection.
/// Should GDK find the loss first (a frame's flush to a compositor that just quit), GDK
/// ends the process itself, with status 1, right after its log message saying so: a
/// program that wants its own words then asks for ``tellLosses(_:)`` in its `main`.
public final class GtkDisplayWatch {
    /// Why the watch fired: "lost the connection to the X server :1", "… the Wayland
    /// compositor wayland-0".
    public private(set) var lostReason: String?
    private let name: String
    private var channel: UnsafeMutablePointer<GIOChannel>?
    private var source: guint = 0
    private let onLost: (String) -> Void

    /// Watches the default GDK display (call after `gtk_init`); nil when there is none or
    /// its backend's connection cannot be found (then GDK's own handling stays). `onLost`
    /// is called once, on the main loop, with a one-line reason (quit the loop there).
    public init?(onLost: @escaping (String) -> Void) {
        guard let display = gdk_display_get_default() else { return nil }
        let object = UnsafeMutableRawPointer(display)
        let kind = Self.typeName(of: object)
        var descriptor: Int32 = -1
        var what = ""
        if kind == "GdkX11Display" {
            typealias XDisplayOf =
                @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
            typealias ConnectionNumber = @convention(c) (UnsafeMutableRawPointer?) -> Int32
            if let xdisplayOf = Self.symbol("gdk_x11_display_get_xdisplay", as: XDisplayOf.self),
                let number = Self.symbol("XConnectionNumber", as: ConnectionNumber.self),
                let xdisplay = xdisplayOf(object)
            {
                descriptor = number(xdisplay)
            }
            what = "the X server"
        } else if kind == "GdkWaylandDisplay" {
            typealias WlDisplayOf =
                @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
            typealias DisplayFd = @convention(c) (UnsafeMutableRawPointer?) -> Int32
            if let wlDisplayOf = Self.symbol(
                "gdk_wayland_display_get_wl_display", as: WlDisplayOf.self),
                let fdOf = Self.symbol("wl_display_get_fd", as: DisplayFd.self),
                let wlDisplay = wlDisplayOf(object)
            {
                descriptor = fdOf(wlDisplay)
            }
            what = "the Wayland compositor"
        }
        guard descriptor >= 0 else { return nil }
        let displayName = gdk_display_get_name(display).map { String(cString: $0) } ?? ""
        name = displayName.isEmpty ? what : "\(what) \(displayName)"
        self.onLost = onLost
        channel = g_io_channel_unix_new(descriptor)
        source = g_io_add_watch_full(
            channel, G_PRIORITY_HIGH, GIOCondition(rawValue: G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, condition, data in
                guard let data else { return 0 }
                Unmanaged<GtkDisplayWatch>.fromOpaque(data).takeUnretainedValue().fired(condition)
                return 0
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Whether a GDK message says the display connection is gone (GDK then `_exit(1)`s).
    static func meansLostConnection(_ text: String) -> Bool {
        [
            "Error flushing display", "Error reading events from display",
            "Error dispatching to Wayland display", "lost its connection to the display",
            "Fatal IO error", "Lost connection to Wayland compositor",
        ].contains { text.contains($0) }
    }

    nonisolated(unsafe) private static var teller: ((String) -> Void)?

    /// Routes GLib's log through a writer that turns GDK's last message about a lost
    /// display ("Error flushing display: Broken pipe", after which GDK ends the process with
    /// status 1) into `tell("lost the connection to the display (…)")`; every other message
    /// is written as GLib would. Process-wide (`g_log_set_writer_func`, which GLib allows
    /// once): a program's choice, made in its `main` before `gtk_init`.
    public static func tellLosses(_ tell: @escaping (String) -> Void) {
        guard teller == nil else { return }
        teller = tell
        g_log_set_writer_func(
            { level, fields, count, data in
                var domain = ""
                var message = ""
                if let fields {
                    for index in 0..<Int(count) {
                        let field = fields[index]
                        guard let key = field.key, let value = field.value else { continue }
                        let name = String(cString: key)
                        guard name == "GLIB_DOMAIN" || name == "MESSAGE" else { continue }
                        let text =
                            field.length < 0
                            ? String(cString: value.assumingMemoryBound(to: CChar.self))
                            : String(
                                decoding: UnsafeRawBufferPointer(
                                    start: value, count: Int(field.length)), as: UTF8.self)
                        if name == "GLIB_DOMAIN" { domain = text } else { message = text }
                    }
                }
                if domain == "Gdk", GtkDisplayWatch.meansLostConnection(message),
                    let teller = GtkDisplayWatch.teller
                {
                    teller("lost the connection to the display (\(message))")
                    return G_LOG_WRITER_HANDLED
                }
                return g_log_writer_default(level, fields, count, data)
            }, nil, nil)
    }

    deinit {
        if source != 0 { g_source_remove(source) }
        if let channel { g_io_channel_unref(channel) }
    }

    private func fired(_ condition: GIOCondition) {
        source = 0
        guard lostReason == nil else { return }
        let why = condition.rawValue & G_IO_ERR.rawValue != 0 ? "error" : "hang-up"
        let reason = "lost the connection to \(name) (\(why))"
        lostReason = reason
        onLost(reason)
    }

    /// The GType name of a GObject ("GdkX11Display").
    private static func typeName(of object: UnsafeMutableRawPointer) -> String? {
        let instance = object.assumingMemoryBound(to: GTypeInstance.self)
        return g_type_name_from_instance(instance).map { String(cString: $0) }
    }

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            return nil
        }
        return unsafeBitCast(address, to: type)
    }
}
