/// A flag of the demos' shared command line (DESIGN §4 "x11-demo": every demo takes the same
/// flags, where they mean something to it).
public enum DemoFlag: String, CaseIterable, Sendable {
    /// A flag by its spelling: `--preset seed|fluid`, `--scene …`, `--direction …`,
    /// `--size WxH`, `--scale S`, `--record FILE`, `--replay FILE`, `--events`,
    /// `--exit-after-replay`, `--fps N`, `--confirm`, `--reduce-motion`, `--present …`
    /// (read by `x11-demo` itself) and `--verbose`.
    case preset = "--preset"
    case scene = "--scene"
    case direction = "--direction"
    case size = "--size"
    case scale = "--scale"
    case record = "--record"
    case replay = "--replay"
    case events = "--events"
    case exitAfterReplay = "--exit-after-replay"
    case fps = "--fps"
    case confirm = "--confirm"
    case reduceMotion = "--reduce-motion"
    case present = "--present"
    case verbose = "--verbose"

    /// Whether the flag takes a value (`--fps 30`) or is a switch (`--events`).
    public var takesValue: Bool {
        switch self {
        case .events, .exitAfterReplay, .confirm, .reduceMotion, .verbose: false
        default: true
        }
    }

    /// The flag as `FlagParser` takes it.
    public var flag: Flag { takesValue ? .value(rawValue) : .toggle(rawValue) }
}

/// The flags one demo accepts, and its scene when `--scene` is not given: the only things in
/// which the demos' command lines differ. A flag outside the set is refused as an unknown
/// flag, naming it.
public struct DemoFlagSet: Sendable {
    /// The flags accepted, in the order the usage lists them.
    public let accepted: [DemoFlag]
    /// The scene when `--scene` is not given.
    public let defaultScene: SceneChoice

    /// A set of `accepted` flags with `defaultScene`.
    public init(accepted: [DemoFlag], defaultScene: SceneChoice = .card) {
        self.accepted = accepted
        self.defaultScene = defaultScene
    }

    /// `x11-demo`: every flag.
    public static let x11Demo = DemoFlagSet(accepted: DemoFlag.allCases)

    /// `wayland-demo`: all but `--present` (the X11 paths to the window: MIT-SHM, XPutImage,
    /// an xlib surface; Wayland has one, `wl_shm`).
    public static let waylandDemo = DemoFlagSet(
        accepted: DemoFlag.allCases.filter { $0 != .present })

    /// `gtk-demo` (DESIGN §4b): the flags that mean something in a GTK window, which GTK
    /// paces, scales and presents itself; it opens on the sheet.
    public static let gtkDemo = DemoFlagSet(
        accepted: [
            .scene, .preset, .size, .replay, .exitAfterReplay, .events, .confirm, .reduceMotion,
        ],
        defaultScene: .sheet)

    /// Whether `flag` is one of the set.
    public func accepts(_ flag: DemoFlag) -> Bool { accepted.contains(flag) }

    /// The parser for exactly these flags.
    public var parser: FlagParser { FlagParser(accepted.map(\.flag)) }
}
