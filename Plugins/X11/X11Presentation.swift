/// How an `X11Renderer` gets a frame's pixels onto the window.
public enum X11Presentation: String, CaseIterable, Sendable {
    /// Draw in client memory (retained layers, damaged boxes only) and hand the server the
    /// finished pixels through MIT-SHM (`XShmPutImage`); where MIT-SHM is missing or refused
    /// (a remote display), send them with plain `XPutImage`. The default.
    case sharedMemory = "shm"
    /// Draw in client memory and always send the pixels with `XPutImage`.
    case putImage = "put"
    /// Draw through cairo's xlib surface into a server-side Pixmap (the X server renders
    /// every shape and glyph with XRender), then `XCopyArea`. Kept for comparison.
    case xlibSurface = "xlib"
    /// MIT-SHM where the server offers it; otherwise the xlib surface, which sends drawing
    /// commands instead of whole images over a remote connection.
    case automatic = "auto"

    /// The environment variable that, set to anything but `0` or empty, makes MIT-SHM count
    /// as unavailable (to exercise the fallbacks).
    public static let disableSharedMemoryVariable = "SWIPEDISMISS_NO_SHM"

    /// A short human name of the path, for `--verbose`.
    public var summary: String {
        switch self {
        case .sharedMemory: return "client-side drawing, MIT-SHM (XShmPutImage)"
        case .putImage: return "client-side drawing, XPutImage"
        case .xlibSurface: return "server-side drawing (cairo xlib surface, XCopyArea)"
        case .automatic: return "automatic"
        }
    }
}
