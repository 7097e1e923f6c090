/// What went wrong talking to a Wayland compositor; each case says what and where.
public enum WaylandError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No compositor answered at the display (`WAYLAND_DISPLAY` unset, or nothing listens).
    case noCompositor(display: String, reason: String)
    /// The compositor lacks a global the plugin cannot do without (`xdg_wm_base`, `wl_shm`).
    case missingGlobal(String)
    /// The connection broke (the compositor went away or sent a protocol error).
    case connectionLost(String)
    /// A shared-memory buffer could not be made (`memfd_create`, `ftruncate`, `mmap`).
    case bufferFailed(String)
    /// Painting a frame failed (cairo, or an image the scene names).
    case paintFailed(String)
    /// A `WaylandSignalPipe` could not be made (no pipe, a signal that cannot be caught, or
    /// another one active).
    case signalsFailed(String)

    /// One line for a person, without a program prefix.
    public var description: String {
        switch self {
        case .noCompositor(let display, let reason):
            "cannot connect to the Wayland compositor \"\(display)\": \(reason)"
        case .missingGlobal(let what): "the Wayland compositor has no \(what)"
        case .connectionLost(let reason): "lost the Wayland compositor: \(reason)"
        case .bufferFailed(let reason): "cannot make a shared-memory buffer: \(reason)"
        case .paintFailed(let reason): "cannot paint a frame: \(reason)"
        case .signalsFailed(let reason): "cannot stop on signals: \(reason)"
        }
    }
}
