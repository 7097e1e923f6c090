internal import CWayland
internal import CWaylandProtocols
import SwipeDismiss

/// An xdg-shell toplevel: a `wl_surface` with its `xdg_surface` and `xdg_toplevel`, titled,
/// sized in points (surface-local units).
///
/// Every `configure` is acknowledged before the next commit; a configure of 0×0 leaves the
/// size to us. `close` sets `closeRequested`. The scale is the largest integer scale of the
/// outputs the surface is on (`wl_surface.enter`, drawn with `set_buffer_scale`), or, when
/// the compositor has `wp_fractional_scale_manager_v1` and `wp_viewporter`, its
/// `preferred_scale` / 120: the buffer is then round(size × scale) pixels with a viewport
/// destination of the size in points. A scale the program asks for (`init`'s `scale`) wins
/// over both: a whole one through `set_buffer_scale`, another through the viewport.
public final class WaylandWindow {
    /// The connection the window lives on.
    public let display: WaylandDisplay
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    /// The size in points (surface-local units).
    public private(set) var width: Int
    /// The size in points (surface-local units).
    public private(set) var height: Int
    /// The scale asked for with `fractional_scale_v1.preferred_scale`, if any (×120).
    public private(set) var preferredScale120: UInt32?
    /// Whether the fractional path (viewport + preferred or requested scale) is in use.
    public var usesFractionalScale: Bool { viewport != nil }
    /// The scale the program asked for, which the compositor's does not change; nil: the
    /// compositor's.
    public let requestedScale: Double?
    /// Whether the compositor sent its first configure (nothing may be attached before).
    public private(set) var isConfigured = false
    /// Whether the compositor asked the window to close (`xdg_toplevel.close`).
    public private(set) var closeRequested = false
    /// How many configures were acknowledged.
    public private(set) var configuresAcknowledged = 0
    private var pendingSize: (width: Int32, height: Int32)?
    private var resized = false
    private var scaleChanged = false
    /// The scale when `takeScaleChange` was last called.
    private var lastTakenScale: Double?
    private var entered: [OpaquePointer] = []

    /// A toplevel titled `title` of `width` × `height` points; not shown until the first
    /// commit (`WaylandEventLoop.run` makes it). `scale`, when given, is the device pixels per
    /// point to draw at whatever the outputs' scale (`fits` must hold; one that is not whole
    /// needs `wp_viewporter`).
    public init(
        display: WaylandDisplay, title: String, width: Int, height: Int, scale: Double? = nil
    ) throws(WaylandError) {
        guard width > 0, height > 0 else {
            throw .bufferFailed("invalid window size \(width)x\(height)")
        }
        if let scale,
            let problem = PixelLimit.problem(
                width: Double(width), height: Double(height), scale: scale)
        {
            throw .bufferFailed(
                "scale \(scale) makes the \(width)x\(height) pt window too large to draw (\(problem))"
            )
        }
        let wholeScale = scale.map { $0 == $0.rounded() } ?? true
        if !wholeScale, display.viewporter == nil {
            throw .missingGlobal("wp_viewporter (for a scale of \(scale ?? 1))")
        }
        guard let surface = wl_compositor_create_surface(display.compositor) else {
            throw .connectionLost("wl_compositor.create_surface failed")
        }
        self.display = display
        self.surface = surface
        // Without a scale of its own, a size that cannot be drawn at 1 is drawn at the
        // largest that can (a 23 171 pt square would overflow a wl_shm pool's 32-bit size).
        let drawable = PixelLimit.largestDrawable(
            width: Double(width), height: Double(height), scale: scale ?? 1)
        self.width = drawable.width
        self.height = drawable.height
        requestedScale = scale
        xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, Self.surfaceListener, me)
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "swipedismiss")
        if scale != nil {
            if !wholeScale { viewport = wp_viewporter_get_viewport(display.viewporter, surface) }
        } else if let viewporter = display.viewporter,
            let manager = display.fractionalScaleManager
        {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, Self.fractionalListener, me)
        }
        // The initial commit, with no buffer: the compositor answers with a configure.
        wl_surface_commit(surface)
    }

    deinit {
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    /// Device pixels per point: the requested scale, else the preferred fractional one, else
    /// the outputs' integer one; a compositor's scale is lowered (to a whole or 1/120 step) to
    /// the largest at which the window can be drawn (`PixelLimit`): an output scale of 1000
    /// draws a 390 × 844 pt window at 38, not at 390 000 × 844 000 px.
    public var scale: Double {
        if let requestedScale { return requestedScale }
        let asked: Double
        let steps: Int
        if usesFractionalScale, let preferredScale120 {
            asked = Double(preferredScale120) / 120
            steps = 120
        } else {
            asked = Double(usesFractionalScale ? 1 : display.scale(of: entered))
            steps = 1
        }
        return PixelLimit.largestScale(
            width: Double(width), height: Double(height), upTo: asked, steps: steps) ?? 1
    }

    /// The integer buffer scale (`set_buffer_scale`), 1 on the fractional path.
    public var integerScale: Int32 {
        if usesFractionalScale { return 1 }
        if let requestedScale { return Int32(requestedScale) }
        return Int32(scale)
    }

    /// Whether `width` × `height` points at `scale` make a buffer that can be drawn
    /// (`PixelLimit`: 1 to 32767 pixels a side, at most 2³¹ − 1 bytes).
    public static func fits(width: Int, height: Int, scale: Double) -> Bool {
        PixelLimit.fits(width: Double(width), height: Double(height), scale: scale)
    }

    /// The buffer's size in pixels for the current size and scale.
    public var pixelSize: (width: Int, height: Int) {
        let factor = scale
        return (Int((Double(width) * factor).rounded()), Int((Double(height) * factor).rounded()))
    }

    /// Whether the size changed since the last call (a configure with a new size).
    public func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    /// Whether the scale changed since the last call (an output entered or left, a new
    /// preferred scale, or a new `wl_output.scale` of an output the window is on).
    public func takeScaleChange() -> Bool {
        let now = scale
        defer {
            scaleChanged = false
            lastTakenScale = now
        }
        return scaleChanged || (lastTakenScale.map { $0 != now } ?? false)
    }

    /// Says how the next attached buffer maps to the surface: its integer scale, or the
    /// viewport's destination in points.
    func describeBuffer() {
        if let viewport, usesFractionalScale {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, Int32(width), Int32(height))
        } else {
            wl_surface_set_buffer_scale(surface, integerScale)
        }
    }

    private func configureToplevel(width: Int32, height: Int32) {
        pendingSize = (width, height)
    }

    private func configureSurface(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        configuresAcknowledged += 1
        isConfigured = true
        // A compositor's size is input: one that cannot be drawn (2³¹ − 1 pt, or 23 171 pt
        // square) is drawn at the largest that can.
        if let size = pendingSize, size.width > 0, size.height > 0 {
            let drawable = PixelLimit.largestDrawable(
                width: Double(size.width), height: Double(size.height),
                scale: requestedScale ?? 1)
            if drawable.width != width || drawable.height != height {
                width = drawable.width
                height = drawable.height
                resized = true
            }
        }
        pendingSize = nil
    }

    private func enter(_ output: OpaquePointer?) {
        guard let output, !entered.contains(output) else { return }
        let before = scale
        entered.append(output)
        if scale != before { scaleChanged = true }
    }

    private func leave(_ output: OpaquePointer?) {
        let before = scale
        entered.removeAll { $0 == output }
        if scale != before { scaleChanged = true }
    }

    private func preferred(_ scale120: UInt32) {
        guard scale120 > 0, scale120 != preferredScale120 else { return }
        preferredScale120 = scale120
        scaleChanged = true
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandWindow {
        Unmanaged<WaylandWindow>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let surfaceListener:
        UnsafeMutablePointer<wl_surface_listener> = {
            let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
            listener.initialize(
                to: wl_surface_listener(
                    enter: { data, _, output in from(data).enter(output) },
                    leave: { data, _, output in from(data).leave(output) }))
            return listener
        }()

    nonisolated(unsafe) private static let xdgSurfaceListener:
        UnsafeMutablePointer<xdg_surface_listener> = {
            let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
            listener.initialize(
                to: xdg_surface_listener(configure: { data, _, serial in
                    from(data).configureSurface(serial: serial)
                }))
            return listener
        }()

    nonisolated(unsafe) private static let toplevelListener:
        UnsafeMutablePointer<xdg_toplevel_listener> = {
            let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
            listener.initialize(
                to: xdg_toplevel_listener(
                    configure: { data, _, width, height, _ in
                        from(data).configureToplevel(width: width, height: height)
                    },
                    close: { data, _ in from(data).closeRequested = true },
                    configure_bounds: { _, _, _, _ in },
                    wm_capabilities: { _, _, _ in }))
            return listener
        }()

    nonisolated(unsafe) private static let fractionalListener:
        UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
            let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(
                capacity: 1)
            listener.initialize(
                to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                    from(data).preferred(scale)
                }))
            return listener
        }()
}
