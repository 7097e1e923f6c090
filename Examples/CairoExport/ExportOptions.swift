import SwipeDismiss
import SwipeDismissCairo
import ToolSupport

/// What the command line asked for.
struct ExportOptions: Equatable {
    var tracePath: String
    var outputFolder: String
    var presetName = "fluid"
    var framesPerSecond = 60.0
    var scale = 1.0
    /// The frame files' format; `--format gif` writes PNG frames.
    var format = CairoFileFormat.png
    /// `--format gif`: `animation.gif` beside the PNG frames.
    var writesGif = false
    /// `--gif-max-width W`: shrink the GIF (not the frames) to at most W pixels wide.
    var gifMaximumWidth: Int?
    var scene = SceneChoice.card
    /// `--direction`: the edge the content leaves by, or free (2-D); the scene's default
    /// when not given.
    var direction = DismissDirection.down
    /// `--confirm`: every dismissal is vetoed until a `y` key confirms it.
    var confirm = false
    var reduceMotion = false
    var maxFrames = Exporter.defaultFrameLimit
    var force = false
    /// `--source X,Y,W,H[,R]`: where a dismissed photo zooms to (`photo` scene only).
    var source: ZoomSource?
    /// `--adaptive`: the sheet floats on wide windows (`sheet` and `stack` scenes).
    var adaptive = false
    /// `--layout`, `--footer`, `--content-interaction` (the sheets).
    var layout = LayoutFlags()

    /// The configuration the preset names, adapted to the scene and reduced motion.
    var configuration: DismissConfiguration {
        var preset = DismissConfiguration.preset(named: presetName) ?? .fluid
        preset.direction = direction
        preset.contentInteraction = layout.contentInteraction
        return scene.configuration(preset: preset, reduceMotion: reduceMotion)
    }

    /// The `--format` value as given: the frame format, or `gif`.
    var formatName: String { writesGif ? "gif" : format.rawValue }

    /// The options as the manifest records them.
    var manifestOptions: ExportManifest.Options {
        ExportManifest.Options(
            preset: presetName, fps: framesPerSecond, scale: scale, format: formatName,
            maxFrames: maxFrames, scene: scene.rawValue, confirm: confirm,
            reduceMotion: reduceMotion, gifMaxWidth: gifMaximumWidth,
            direction: direction.rawValue, source: source.map(ExportOptions.sourceText),
            adaptive: adaptive ? true : nil,
            layout: layout.isGiven ? layout.layout.rawValue : nil,
            footer: layout.isGiven ? layout.footer : nil,
            contentInteraction: layout.isGiven ? layout.contentInteraction.rawValue : nil)
    }

    static let frameRates = 1.0...1000.0
    static let scales = 0.25...8.0
    static let maxFramesRange = 1...1_000_000
    static let gifWidths = 1...65535

    static let usage = """
        usage: cairo-export --trace FILE --out DIR [--preset seed|fluid] [--fps N]
                            [--scale S] [--format png|pdf|svg|gif] [--gif-max-width W]
                            [--scene card|sheet|photo|stack] [--confirm]
                            [--reduce-motion]
                            [--direction down|up|left|right|free] [--max-frames N]
                            [--force] [--source X,Y,W,H[,R]] [--adaptive]
                            [--layout overlay|resize] [--footer]
                            [--content-interaction hand-off|scrolls]

        Replays a gesture trace through the dismiss controller and writes, into DIR:
          frame-0000.png, ...  one image per frame (.pdf or .svg with --format)
          storyboard.pdf       every frame as a labelled thumbnail (time, offset, alpha)
          timeline.png         offset and backdrop alpha against time, phases shaded,
                               the pointer's translation while pressed as a thin line
          samples.csv          t,offset,alpha,phase,x,y,scale,progress,detent,scroll -
                               one row per frame, in frame order
          animation.gif        with --format gif: the whole export, looping, at the
                               export's fps and scale (the frames stay PNG)
          .cairo-export.json   the manifest: tool version, trace, options, file list

        options:
          --trace FILE      the gesture trace (JSON) to replay (required)
          --out DIR         the output folder (required); created if missing, but its
                            parent folder must exist. It is replaced whole by the new
                            export; a non-empty folder that is not an export is refused
          --preset NAME     seed (the original blog post) or fluid (default: fluid)
          --fps N           frames per second, 1...1000 (default: 60)
          --scale S         device pixels per point, 0.25...8; 2 doubles the pixels,
                            not the layout (default: 1); a frame may have 64 Mpx at most
          --format F        png, pdf or svg for the frame files, or gif for PNG frames
                            plus animation.gif (default: png)
          --gif-max-width W with --format gif: shrink the GIF alone to at most W
                            pixels wide, keeping its aspect ratio, 1...65535
          --scene NAME      card (default), sheet (a bottom sheet with detents large
                            and medium), photo (a picture dragged in any direction
                            over a black backdrop) or stack (sheets over sheets:
                            Space or Enter presents another, up to 3; samples.csv
                            adds depth,parent_offset,parent_scale)
          --direction D     the edge the content leaves by: down, up, left or right,
                            or free to drag it in any direction (default: free for
                            the photo, down otherwise; the sheet takes the four edges)
          --confirm         veto every dismissal: the sheet asks "Discard changes?" and
                            the trace's y key confirms, n or Escape keeps it
          --reduce-motion   critically damped springs; present and dismiss cross-fade
                            in 0.2 s
          --source X,Y,W,H[,R]
                            photo scene: a dismissal zooms the photo into this
                            rectangle (points), corner radius R (default 0);
                            samples.csv adds w,h,corner (the drawn frame)
          --adaptive        sheet and stack scenes: a bottom sheet when the window is
                            at most 450 pt wide or 360 pt tall, else a sheet floating
                            min(640, W - 64) pt wide, centred, 40 pt from the top and
                            bottom, with one detent (large); samples.csv adds
                            mode,content_x,content_w (also added, without the flag,
                            when the trace has viewport events)
          --layout L        sheet and stack scenes, leaving down: overlay (default;
                            the content laid out for the large detent) or resize
                            (the list fits the sheet's visible part, so its last
                            row is reachable at every detent)
          --footer          sheet and stack: a 56 pt bar with "Done" pinned to the
                            window's bottom (riding down with the sheet below its
                            lowest detent); a tap on "Done" dismisses, through the
                            veto
          --content-interaction I
                            sheet and stack: hand-off (default; the list scrolls
                            at large only) or scrolls (a drag on the list scrolls
                            it at every detent and moves the sheet only down from
                            the list's top). Any of these three adds the columns
                            visible_h,footer_y,scroll_max to samples.csv (after
                            mode,content_x,content_w when those are written)
          --max-frames N    refuse an export needing more frames, 1...1000000
                            (default: 20000)
          --force           replace a folder that is not an export; its files are kept
                            beside it as DIR.before-cairo-export, never deleted
          -h, --help        show this help

        Values follow their flag (--fps 30) or join it (--fps=30); numbers are plain
        decimals. Frames start with the modal presented and at rest, one per clock tick,
        and stop once the trace has been replayed and nothing moves any more; a stretch
        of more than 0.5 s with no event and no motion is one frame (in the GIF it lasts
        its real length, at most 2 s). A touchpad stream with no scroll-stop ends 150 ms
        after its last delta. Limits: a trace of at most 4 MiB, viewport sides 0.1 to
        32767 pt; the photo (SWIPEDISMISS_PHOTO) a regular PNG file of at most 64 Mpx. The
        same trace and flags give byte-identical files; PDFs carry no date unless
        SOURCE_DATE_EPOCH gives one. Exit status: 0 done, 1 the output could not be
        written (the folder is as it was), 2 a bad command line, a malformed trace, a
        limit or frame budget exceeded, or a folder refused (a mount point, a lock file
        that is a link; nothing is written), 128+N killed by signal N (the folder is as
        it was).
        """

    static let parser = FlagParser(
        [
            .value("--trace"), .value("--out"), .value("--preset"), .value("--fps"),
            .value("--scale"), .value("--format"), .value("--gif-max-width"), .value("--scene"),
            .toggle("--confirm"), .toggle("--reduce-motion"), .value("--max-frames"),
            .toggle("--force"), .value("--direction"), .value(SourceFlag.name),
            .toggle("--adaptive"),
        ] + LayoutFlags.flags)

    /// A source as `--source` spells it, for the manifest.
    static func sourceText(_ source: ZoomSource) -> String {
        let frame = source.frame
        return [frame.minX, frame.minY, frame.width, frame.height, source.cornerRadius]
            .map(NumberText.readable).joined(separator: ",")
    }

    /// Parses the arguments (without the program name). Returns nil when help was asked for.
    static func parse(_ arguments: [String]) throws(FlagError) -> ExportOptions? {
        let flags = try parser.parse(arguments)
        guard !flags.helpRequested else { return nil }
        var options = ExportOptions(
            tracePath: try flags.requiredString("--trace", placeholder: "FILE"),
            outputFolder: try flags.requiredString("--out", placeholder: "DIR"))
        if let preset = try flags.value(
            "--preset", expected: "seed or fluid",
            { DismissConfiguration.preset(named: $0) == nil ? nil : $0 })
        {
            options.presetName = preset
        }
        options.framesPerSecond = try flags.decimal("--fps", in: frameRates) ?? 60
        options.scale = try flags.decimal("--scale", in: scales) ?? 1
        if let format = try flags.value(
            "--format", expected: "png, pdf, svg or gif",
            { $0 == "gif" ? .png : CairoFileFormat(rawValue: $0) })
        {
            options.format = format
            options.writesGif = flags.string("--format") == "gif"
        }
        options.gifMaximumWidth = try flags.integer("--gif-max-width", in: gifWidths)
        if let width = flags.string("--gif-max-width"), !options.writesGif {
            throw FlagError(
                flag: "--gif-max-width",
                reason: .invalidValue(width, expected: "it only together with --format gif"))
        }
        if let scene = try SceneChoice.parse(flags) { options.scene = scene }
        options.direction = try DirectionChoice.parse(flags, scene: options.scene)
        options.confirm = flags.isSet("--confirm")
        options.reduceMotion = flags.isSet("--reduce-motion")
        options.maxFrames =
            try flags.integer("--max-frames", in: maxFramesRange) ?? Exporter.defaultFrameLimit
        options.force = flags.isSet("--force")
        options.source = try SourceFlag.parse(flags)
        options.adaptive = flags.isSet("--adaptive")
        options.layout = try LayoutFlags.parse(
            flags, scene: options.scene, direction: options.direction)
        return options
    }
}
