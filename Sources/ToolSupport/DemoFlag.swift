/// A flag of the demos' shared command line (DESIGN §4 "x11-demo": every demo takes the same
/// flags, where they mean something to it).
public enum DemoFlag: String, CaseIterable, Sendable {
    /// `--preset seed|fluid`: the behaviour preset.
    case preset = "--preset"
    /// `--scene card|sheet|photo|stack`.
    case scene = "--scene"
    /// `--direction down|up|left|right|free`: the edge the content leaves by.
    case direction = "--direction"
    /// `--size WxH`: the window in points.
    case size = "--size"
    /// `--scale S`: device pixels per point.
    case scale = "--scale"
    /// `--record FILE`: write the gesture trace when the window closes.
    case record = "--record"
    /// `--replay FILE`: replay a gesture trace, then take live input.
    case replay = "--replay"
    /// `--events`: one JSON line a phase change on stdout.
    case events = "--events"
    /// `--exit-after-replay`: exit once the replay has settled (needs `--replay`).
    case exitAfterReplay = "--exit-after-replay"
    /// `--fps N`: the highest frame rate while animating.
    case fps = "--fps"
    /// `--confirm`: veto every dismissal with a prompt.
    case confirm = "--confirm"
    /// `--reduce-motion`: critically damped springs and cross-fades.
    case reduceMotion = "--reduce-motion"
    /// `--present shm|put|xlib|auto`: how frames reach an X11 window (read by `x11-demo`).
    case present = "--present"
    /// `--verbose`: say on stderr which paths are in use.
    case verbose = "--verbose"
    /// `--source X,Y,W,H[,R]`: the rectangle a dismissed photo zooms into (`SourceFlag`).
    case source = "--source"
    /// `--adaptive`: the sheets float on wide windows (DESIGN §4c).
    case adaptive = "--adaptive"
    /// `--layout overlay|resize`: the sheet's content fits its visible part (`LayoutFlags`).
    case layout = "--layout"
    /// `--footer`: a "Done" bar pinned to the window's bottom under the sheet's list.
    case footer = "--footer"
    /// `--content-interaction hand-off|scrolls`: what a drag on the sheet's list does.
    case contentInteraction = "--content-interaction"

    /// Whether the flag takes a value (`--fps 30`) or is a switch (`--events`).
    public var takesValue: Bool {
        switch self {
        case .events, .exitAfterReplay, .confirm, .reduceMotion, .verbose, .adaptive, .footer:
            false
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
            .adaptive, .source,
        ],
        defaultScene: .sheet)

    /// Whether `flag` is one of the set.
    public func accepts(_ flag: DemoFlag) -> Bool { accepted.contains(flag) }

    /// The parser for exactly these flags.
    public var parser: FlagParser { FlagParser(accepted.map(\.flag)) }
}
