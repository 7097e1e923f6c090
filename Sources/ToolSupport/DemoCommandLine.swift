import SwipeDismiss

/// A demo's command line read by the one parser the demos share (`x11-demo`, `wayland-demo`,
/// `gtk-demo`): each flag means the same in every demo that takes it, and is refused with the
/// same message. Which flags a demo takes is its `DemoFlagSet`.
public struct DemoCommandLine: Sendable {
    /// The window size in points when neither `--size` nor a replayed trace gives one.
    public static let defaultSize = (width: 390, height: 844)
    /// The sides `--size` accepts, in points.
    public static let sides = 64...32767
    /// The rates `--fps` accepts.
    public static let frameRates = 1.0...1000.0
    /// The scales `--scale` accepts (as `cairo-export --scale`).
    public static let scales = 0.25...8.0

    /// `--preset`: its name (default `fluid`).
    public var preset = "fluid"
    /// The preset's configuration with `direction` set.
    public var configuration = DismissConfiguration.fluid
    /// `--scene`, else the flag set's default scene.
    public var scene: SceneChoice
    /// `--direction`: the edge the content leaves by, or free (2-D); the scene's default when
    /// not given (`DirectionChoice.parse`).
    public var direction: DismissDirection
    /// `--size` in points; nil when not given.
    public var size: (width: Int, height: Int)?
    /// `--scale`: device pixels per point; nil when not given.
    public var scale: Double?
    /// `--record FILE`.
    public var recordPath: String?
    /// `--replay FILE`.
    public var replayPath: String?
    /// `--events`.
    public var printsEvents = false
    /// `--exit-after-replay` (only with `--replay`).
    public var exitsAfterReplay = false
    /// `--fps` (default 60).
    public var framesPerSecond = 60.0
    /// `--confirm`.
    public var confirm = false
    /// `--reduce-motion`.
    public var reduceMotion = false
    /// `--adaptive`: the sheets float on wide windows.
    public var adaptive = false
    /// `--verbose`.
    public var verbose = false
    /// `--source X,Y,W,H[,R]` (`photo` scene): where a dismissal zooms to; nil when not given.
    public var source: ZoomSource?
    /// `--layout`, `--footer`, `--content-interaction` (the sheets); the interaction is also
    /// in `configuration`.
    public var layout = LayoutFlags()
    /// `--help` or `-h`: parsing stopped there and the other values are the defaults.
    public var showsHelp = false
    /// The flags as given, for those one demo reads itself (`x11-demo --present`).
    public var flags: ParsedFlags

    /// `390x844` → (390, 844); nil unless both sides are plain decimal within `sides`.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let width = Int(parts[0]), let height = Int(parts[1]),
            sides.contains(width), sides.contains(height)
        else { return nil }
        return (width, height)
    }
}

extension DemoFlagSet {
    /// Parses `arguments` (without the program name). A flag outside the set is refused as
    /// unknown; every refusal names the flag.
    public func parse(_ arguments: [String]) throws(FlagError) -> DemoCommandLine {
        let flags = try parser.parse(arguments)
        var line = DemoCommandLine(
            scene: defaultScene, direction: defaultScene.defaultDirection, flags: flags)
        line.configuration.direction = line.direction
        guard !flags.helpRequested else {
            line.showsHelp = true
            return line
        }
        if let name = try flags.value(
            "--preset", expected: "seed or fluid",
            { DismissConfiguration.preset(named: $0) == nil ? nil : $0 })
        {
            line.preset = name
            line.configuration = DismissConfiguration.preset(named: name) ?? .fluid
        }
        line.scene = try SceneChoice.parse(flags) ?? defaultScene
        line.direction = try DirectionChoice.parse(flags, scene: line.scene)
        line.configuration.direction = line.direction
        let sides = DemoCommandLine.sides
        line.size = try flags.value(
            "--size",
            expected: "WIDTHxHEIGHT in points, \(sides.lowerBound)...\(sides.upperBound) a side",
            DemoCommandLine.parseSize)
        line.scale = try flags.decimal("--scale", in: DemoCommandLine.scales)
        line.recordPath = flags.string("--record")
        line.replayPath = flags.string("--replay")
        line.printsEvents = flags.isSet("--events")
        line.exitsAfterReplay = flags.isSet("--exit-after-replay")
        line.framesPerSecond = try flags.decimal("--fps", in: DemoCommandLine.frameRates) ?? 60
        line.confirm = flags.isSet("--confirm")
        line.reduceMotion = flags.isSet("--reduce-motion")
        line.adaptive = flags.isSet("--adaptive")
        line.verbose = flags.isSet("--verbose")
        line.source = try SourceFlag.parse(flags)
        line.layout = try LayoutFlags.parse(flags, scene: line.scene, direction: line.direction)
        line.configuration = line.layout.applied(to: line.configuration)
        if line.exitsAfterReplay, line.replayPath == nil {
            throw FlagError(flag: "--exit-after-replay", reason: .needs("--replay FILE"))
        }
        return line
    }
}
