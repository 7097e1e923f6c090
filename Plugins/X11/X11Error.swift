/// Why the X11 plugin could not do something; every case says what and where.
public enum X11Error: Error, CustomStringConvertible, Equatable, Sendable {
    /// `XOpenDisplay` failed: no X server at `display` (or `$DISPLAY` unset).
    case cannotOpenDisplay(String)
    /// The server refused to create a resource (`what`: "window", "pixmap", …).
    case cannotCreate(String)
    /// A window size that X cannot have.
    case invalidSize(width: Int, height: Int)
    /// The painter failed while drawing a frame.
    case paintFailed(String)

    /// One line for stderr saying what failed and, where it helps, what to check.
    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            if name.isEmpty {
                return "cannot open an X display: DISPLAY is not set (start an X server or Xvfb)"
            }
            return "cannot open X display \"\(name)\" (is an X server running there?)"
        case .cannotCreate(let what):
            return "the X server could not create the \(what)"
        case .invalidSize(let width, let height):
            return "invalid window size \(width)x\(height) (each side must be 1...32767)"
        case .paintFailed(let reason):
            return "painting a frame failed: \(reason)"
        }
    }
}
