internal import CWayland
internal import CWaylandProtocols
import Glibc

/// One connection to a Wayland compositor and the globals the plugin binds from its
/// registry: `wl_compositor`, `wl_shm`, `xdg_wm_base` (required), and `wl_seat`, the
/// outputs, `wp_viewporter`, `wp_fractional_scale_manager_v1` and `zwp_pointer_gestures_v1`
/// where the compositor has them.
///
/// Owns the `wl_display *`: disconnected in `deinit`. Nothing here ends the process; a
/// broken connection is reported by `check()` as `WaylandError.connectionLost`.
public final class WaylandDisplay {
    /// The display name connected to (`WAYLAND_DISPLAY`, or `wayland-0`).
    public let name: String
    let pointer: OpaquePointer
    private var registry: OpaquePointer?
    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var seat: OpaquePointer?
    private(set) var seatVersion: UInt32 = 0
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var pointerGestures: OpaquePointer?
    private(set) var pointerGesturesVersion: UInt32 = 0
    /// The seat's capabilities (`WL_SEAT_CAPABILITY_*`), as last announced.
    private(set) var seatCapabilities: UInt32 = 0
    /// Told each time the seat announces its capabilities (the input source).
    var seatCapabilitiesChanged: ((UInt32) -> Void)?
    /// The outputs by their `wl_output` proxy, with the scale each announced.
    private(set) var outputs: [WaylandOutput] = []

    /// The names of the globals the compositor offered, for `--verbose` and the tests.
    public private(set) var globalNames: [String] = []

    /// Connects to `name` (nil: `WAYLAND_DISPLAY`, else `wayland-0`) and binds the globals
    /// with one round trip (a second one gets the outputs' scales).
    ///
    /// Throws `.noCompositor` when nothing answers and `.missingGlobal` when the compositor
    /// has no `xdg_wm_base` (xdg-shell) or `wl_compositor` v3 or `wl_shm`.
    public init(name: String? = nil) throws(WaylandError) {
        let environment = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        let shown = name ?? environment.flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        self.name = shown
        guard let display = name.map({ wl_display_connect($0) }) ?? wl_display_connect(nil)
        else {
            let reason =
                environment == nil && name == nil
                ? "WAYLAND_DISPLAY is not set and nothing listens at wayland-0"
                : String(cString: strerror(errno))
            throw .noCompositor(display: shown, reason: reason)
        }
        pointer = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(
            registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw .noCompositor(
                display: shown, reason: "the connection failed during the first round trip")
        }
        guard wmBase != nil else { throw .missingGlobal("xdg_wm_base (xdg-shell)") }
        guard compositor != nil else { throw .missingGlobal("wl_compositor version 3 or later") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
    }

    deinit {
        for output in outputs { wl_output_destroy(output.proxy) }
        if let seat { wl_seat_destroy(seat) }
        if let pointerGestures { zwp_pointer_gestures_v1_destroy(pointerGestures) }
        if let fractionalScaleManager {
            wp_fractional_scale_manager_v1_destroy(fractionalScaleManager)
        }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(pointer)
    }

    /// The connection's file descriptor, for `poll`.
    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// Throws `.connectionLost` if the connection has an error (a protocol error names the
    /// interface and code).
    public func check() throws(WaylandError) {
        let code = wl_display_get_error(pointer)
        guard code != 0 else { return }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let protocolCode = wl_display_get_protocol_error(pointer, &interface, &id)
        if code == EPROTO, let interface {
            throw .connectionLost(
                "protocol error \(protocolCode) on \(String(cString: interface.pointee.name)) \(id)"
            )
        }
        throw .connectionLost(String(cString: strerror(code)))
    }

    /// Dispatches the events already read; throws if the connection broke.
    @discardableResult
    func dispatchPending() throws(WaylandError) -> Int32 {
        let count = wl_display_dispatch_pending(pointer)
        if count < 0 { try check() }
        return count
    }

    /// Sends what is queued; false when the socket is full (poll for writing and retry).
    func flush() throws(WaylandError) -> Bool {
        if wl_display_flush(pointer) >= 0 { return true }
        if errno == EAGAIN { return false }
        try check()
        throw .connectionLost(String(cString: strerror(errno)))
    }

    /// A blocking round trip (the tests use it to wait for the compositor).
    public func roundTrip() throws(WaylandError) {
        if wl_display_roundtrip(pointer) < 0 { try check() }
    }

    /// The largest integer scale of `entered` outputs (1 when none or unknown).
    func scale(of entered: [OpaquePointer]) -> Int32 {
        // Index loops: asked every frame, so no intermediate arrays (and no iterators, which
        // allocate in an unoptimised build).
        var largest: Int32?
        for index in 0..<outputs.count {
            let output = outputs[index]
            for other in 0..<entered.count where entered[other] == output.proxy {
                largest = max(largest ?? output.scale, output.scale)
            }
        }
        return largest ?? 1
    }

    private func bind(_ name: UInt32, _ interface: String, _ version: UInt32) {
        globalNames.append(interface)
        func bound(_ table: UnsafePointer<wl_interface>?, _ wanted: UInt32) -> OpaquePointer? {
            let raw = wl_registry_bind(registry, name, table, min(version, wanted))
            return raw.map { OpaquePointer($0) }
        }
        switch interface {
        case "wl_compositor" where version >= 3:
            compositorVersion = min(version, 4)
            compositor = bound(swd_wl_compositor_interface(), 4)
        case "wl_shm": shm = bound(swd_wl_shm_interface(), 1)
        case "xdg_wm_base":
            wmBase = bound(swd_xdg_wm_base_interface(), 3)
            xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        case "wl_seat" where seat == nil:
            seatVersion = min(version, 8)
            seat = bound(swd_wl_seat_interface(), 8)
            // Listened to from the start: the capabilities come once, right after the bind.
            wl_seat_add_listener(seat, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
        case "wl_output":
            guard let proxy = bound(swd_wl_output_interface(), 2) else { return }
            outputs.append(WaylandOutput(proxy: proxy, name: name))
            wl_output_add_listener(
                proxy, Self.outputListener, Unmanaged.passUnretained(self).toOpaque())
        case "wp_viewporter": viewporter = bound(swd_wp_viewporter_interface(), 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bound(swd_wp_fractional_scale_manager_v1_interface(), 1)
        case "zwp_pointer_gestures_v1":
            pointerGesturesVersion = min(version, 3)
            pointerGestures = bound(swd_zwp_pointer_gestures_v1_interface(), 3)
        default: break
        }
    }

    private func outputScale(_ proxy: OpaquePointer?, _ factor: Int32) {
        guard let index = outputs.firstIndex(where: { $0.proxy == proxy }) else { return }
        outputs[index].scale = max(1, factor)
    }

    private func removeGlobal(_ name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { return }
        wl_output_destroy(outputs[index].proxy)
        outputs.remove(at: index)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandDisplay {
        Unmanaged<WaylandDisplay>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let registryListener:
        UnsafeMutablePointer<wl_registry_listener> = {
            let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_registry_listener(
                    global: { data, _, name, interface, version in
                        guard let interface else { return }
                        from(data).bind(name, String(cString: interface), version)
                    },
                    global_remove: { data, _, name in from(data).removeGlobal(name) }))
            return listener
        }()

    nonisolated(unsafe) private static let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_seat_listener(
                capabilities: { data, _, raw in
                    let display = from(data)
                    display.seatCapabilities = raw
                    display.seatCapabilitiesChanged?(raw)
                },
                name: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) private static let wmBaseListener:
        UnsafeMutablePointer<xdg_wm_base_listener> = {
            let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
            listener.initialize(
                to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }
                ))
            return listener
        }()

    nonisolated(unsafe) private static let outputListener:
        UnsafeMutablePointer<wl_output_listener> = {
            let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_output_listener(
                    geometry: { _, _, _, _, _, _, _, _, _, _ in },
                    mode: { _, _, _, _, _, _ in },
                    done: { _, _ in },
                    scale: { data, output, factor in from(data).outputScale(output, factor) },
                    name: { _, _, _ in },
                    description: { _, _, _ in }))
            return listener
        }()
}

/// A `wl_output` and the integer scale it announced.
struct WaylandOutput {
    var proxy: OpaquePointer
    var name: UInt32
    var scale: Int32 = 1
}
