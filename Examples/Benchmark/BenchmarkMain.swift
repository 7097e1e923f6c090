// swipedismiss-bench: what one frame of the default scene costs, through the framework
// (CardPresenter → Scene → CairoPainter) and through plain C calling cairo directly
// (RawCairoBaseline), on the PNG export path and the X11 window path. Run a release build:
//   swift build -c release --product swipedismiss-bench && .build/release/swipedismiss-bench
import Foundation
import Glibc
import RawCairoBaseline
import SwipeDismiss
import SwipeDismissCairo
import SwipeDismissX11
import ToolSupport

let usage = """
    usage: swipedismiss-bench [--frames N]   (needs DISPLAY for the X11 rows)
           swipedismiss-bench --first-frame PROGRAM [ARG...]

      --frames N              frames timed per row, a whole number from 10 to 1000000
                              (default: 300)
      --first-frame PROGRAM   start PROGRAM with its ARGs (everything after it is
                              its own), print pid=… first_frame_ms=… once its window
                              shows the rest grey, and leave it running
      -h, --help              show this help
    """

/// Refuses the command line: the message names the flag; exit status 2.
func refuse(_ error: FlagError) -> Never {
    StandardStream.error.write("swipedismiss-bench: \(error)\n\(usage)\n")
    exit(FlagError.exitStatus)
}

/// `--frames N` (and help) from `arguments`; refuses anything else naming the flag.
func framesFlag(_ arguments: [String]) -> Int {
    do {
        let flags = try FlagParser([.value("--frames")]).parse(arguments)
        if flags.helpRequested {
            StandardStream.output.writeLine(usage)
            exit(0)
        }
        return try flags.integer("--frames", in: 10...1_000_000) ?? 300
    } catch {
        refuse(error)
    }
}

/// Frames run before the timed ones in each row.
let warmUp = 20

func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The state of frame `index`: the card dragged through 0...357 pt and back, so every
/// frame draws something new.
func state(_ index: Int) -> DismissState {
    let offset = Double(index % 120) * 3
    return DismissState(
        time: Double(index) / 60, offset: offset, alpha: max(0.1, 0.3 - offset / 1000),
        progress: 0, phase: .dragging)
}

struct Row {
    var name: String
    var size: String
    var micros: [Double]
    var allocationsPerFrame: Double?
    /// The X server's CPU per frame over the timed frames, in µs (X11 rows).
    var serverMicrosPerFrame: Double?

    func percentile(_ p: Double) -> Double {
        let sorted = micros.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))
        return sorted[index]
    }
    var median: Double { percentile(0.5) }
}

/// Times `body` for `count` frames after a warm-up; counts allocations over a second run.
/// With `server`, also reads the X server's CPU time around the timed frames (after
/// `settle`, which waits until the server has done their work).
func measure(
    _ name: String, size: String, count: Int, server: Int32? = nil,
    settle: () -> Void = {}, _ body: (Int) throws -> Void
) rethrows -> Row {
    for index in 0..<warmUp { try body(index) }
    settle()
    var micros: [Double] = []
    micros.reserveCapacity(count)
    let serverBefore = server.flatMap(ProcessCPU.nanoseconds(of:))
    for index in 0..<count {
        let start = nanoseconds()
        try body(warmUp + index)
        micros.append(Double(nanoseconds() - start) / 1000)
    }
    settle()
    var serverMicros: Double?
    if let before = serverBefore, let after = server.flatMap(ProcessCPU.nanoseconds(of:)) {
        serverMicros = Double(after - before) / 1000 / Double(count)
    }
    var allocations: Double?
    if raw_alloc_counter_available() != 0 {
        let counted = min(count, 60)
        raw_alloc_counter_start()
        for index in 0..<counted { try body(index) }
        allocations = Double(raw_alloc_counter_stop()) / Double(counted)
    }
    return Row(
        name: name, size: size, micros: micros, allocationsPerFrame: allocations,
        serverMicrosPerFrame: serverMicros)
}

/// A renderer that draws nothing, so the row measures the core alone.
final class DiscardingRenderer: Renderer {
    let viewport = Size(width: 390, height: 844)
    let scale = 1.0
    private(set) var frames = 0
    func render(_ scene: Scene, state: DismissState) throws { frames += 1 }
}

// MARK: Report

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded >= 100 ? String(Int(rounded.rounded())) : String(rounded)
}

/// The program: parses the flags, times every row, prints the table.
@main
enum BenchmarkMain {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Everything after --first-frame is the program's own command line, not ours.
        if let split = arguments.firstIndex(where: {
            $0 == "--first-frame" || $0.hasPrefix("--first-frame=")
        }) {
            _ = framesFlag(Array(arguments[..<split]))
            var program = Array(arguments[(split + 1)...])
            if let equals = arguments[split].firstIndex(of: "=") {
                program.insert(
                    String(arguments[split][arguments[split].index(after: equals)...]), at: 0)
            }
            guard let first = program.first, !first.isEmpty else {
                refuse(FlagError(flag: "--first-frame", reason: .missingValue))
            }
            exit(FirstFrame.run(program))
        }
        let frames = framesFlag(arguments)

        var rows: [Row] = []
        var notes: [String] = []
        let sizes = [(390, 844), (1920, 1080)]
        let presenter = CardPresenter()

        func scene(width: Int, height: Int) -> Scene {
            presenter.makeScene(viewport: Size(width: Double(width), height: Double(height)))
        }

        // MARK: Core only (controller + presenter, no drawing)

        do {
            let clock = ManualClock()
            let input = QueuedInputSource()
            let renderer = DiscardingRenderer()
            let controller = DismissController(
                input: input, presenter: presenter, renderer: renderer, clock: clock)
            input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 195, y: 500))))
            // A drag that wanders up and down for ever: one pointer sample and one frame a step.
            rows.append(
                try measure("core: drag step (input+controller)", size: "390x844", count: frames) {
                    index in
                    clock.advance(by: 1.0 / 120)
                    let y = 500 + Double(index % 240) * (index % 480 < 240 ? 1 : -1)
                    input.enqueue(InputEvent(time: clock.now, kind: .move(Point(x: 195, y: y))))
                    try controller.step()
                })
            notes.append(
                "core rendered \(renderer.frames) frames; allocs/frame there is the Swift side alone"
            )
        }

        do {
            // The seed adds one additive spring term per move (about 60 live at 120 Hz); a path that
            // stays below the press point, so no move is ignored.
            let clock = ManualClock()
            let input = QueuedInputSource()
            let renderer = DiscardingRenderer()
            let controller = DismissController(
                input: input, presenter: presenter, renderer: renderer, clock: clock,
                configuration: .seed)
            input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 195, y: 500))))
            rows.append(
                try measure("core: seed drag step (additive)", size: "390x844", count: frames) {
                    index in
                    clock.advance(by: 1.0 / 120)
                    let y = 500 + Double(abs(index % 480 - 240))
                    input.enqueue(InputEvent(time: clock.now, kind: .move(Point(x: 195, y: y))))
                    try controller.step()
                })
        }

        // MARK: PNG export path (an image surface in memory)

        for (width, height) in sizes {
            let label = "\(width)x\(height)"
            let surface = try CairoSurface(imageWidth: width, height: height)
            let context = try CairoContext(surface: surface)
            let painter = CairoPainter()
            var frameScene = scene(width: width, height: height)
            rows.append(
                measure("png: paint (framework)", size: label, count: frames) { index in
                    presenter.update(&frameScene, for: state(index), direction: .down)
                    painter.paint(frameScene, on: context, scale: 1)
                    surface.flush()
                })
            rows.append(
                measure("png: paint (raw C cairo)", size: label, count: frames) { index in
                    let frame = state(index)
                    raw_cairo_draw_card_scene(
                        context.pointer, Double(width), Double(height), 1, frame.offset,
                        frame.alpha, 1)
                    surface.flush()
                })
            let path = "/tmp/swipedismiss-bench-\(getpid()).png"
            rows.append(
                try measure(
                    "png: encode + write only", size: label, count: max(10, frames / 10)
                ) { _ in
                    try surface.writePNG(to: path)
                })
            unlink(path)
        }

        // MARK: X11 window paths

        // Each path draws the same frames through the framework and through raw C. `shm` paints
        // in our memory (retained layers, changed box only) and sends it with XShmPutImage; `xlib`
        // is the older path where the server rasterises (cairo xlib surface, XCopyArea). The
        // server's own CPU per frame is read from /proc, next to ours.
        do {
            let display = try X11Display(installsErrorHandlers: true)
            let server = ProcessCPU.xServerPID(displayName: display.name)
            for presentation in [X11Presentation.sharedMemory, .xlibSurface] {
                let tag = "x11 \(presentation.rawValue)"
                for (width, height) in sizes {
                    let label = "\(width)x\(height)"
                    let window = try X11Window(
                        display: display, title: "swipedismiss-bench", width: width, height: height)
                    window.map()
                    display.sync()
                    let renderer = try X11Renderer(window: window, presentation: presentation)
                    if renderer.presentation != presentation {
                        notes.append("\(tag): fell back to \(renderer.presentation.rawValue)")
                    }
                    var frameScene = scene(width: width, height: height)
                    rows.append(
                        try measure(
                            "\(tag): frame+sync (framework)", size: label, count: frames,
                            server: server, settle: display.sync
                        ) { index in
                            let frame = state(index)
                            presenter.update(&frameScene, for: frame, direction: .down)
                            try renderer.render(frameScene, state: frame)
                            display.sync()
                        })
                    rows.append(
                        try measure(
                            "\(tag): frame+sync (raw C cairo)", size: label, count: frames,
                            server: server, settle: display.sync
                        ) { index in
                            let frame = state(index)
                            try renderer.render { cairo in
                                raw_cairo_draw_card_scene(
                                    cairo, Double(width), Double(height), 1, frame.offset,
                                    frame.alpha, 1)
                            }
                            display.sync()
                        })
                }
            }
            // The same drag at 1.5 pixels a point (Xft.dpi 144, or a fractional Wayland
            // scale): 390 × 844 pt on 585 × 1266 pixels, from the layer rasters, and with every
            // layer painted in the changed box instead (how a fractional scale was drawn before
            // the rasters agreed with the direct paint there).
            for rasters in [true, false] {
                let window = try X11Window(
                    display: display, title: "swipedismiss-bench", width: 585, height: 1266)
                window.map()
                display.sync()
                let renderer = try X11Renderer(window: window, scale: 1.5)
                renderer.compositor.cachesLayers = rasters
                var frameScene = scene(width: 390, height: 844)
                rows.append(
                    try measure(
                        "x11 shm @1.5x: frame+sync (\(rasters ? "rasters" : "no rasters"))",
                        size: "585x1266", count: frames, server: server, settle: display.sync
                    ) { index in
                        let frame = state(index)
                        presenter.update(&frameScene, for: frame, direction: .down)
                        try renderer.render(frameScene, state: frame)
                        display.sync()
                    })
            }
            notes.append(
                "x11 rows on display \(display.name); X server "
                    + (server.map { "pid \($0)" } ?? "not found (its CPU is not shown)"))
        } catch {
            notes.append("x11 rows skipped: \(error)")
        }

        StandardStream.output.writeLine(
            "swipedismiss-bench: µs per frame over \(frames) frames (after \(warmUp) warm-up)")
        StandardStream.output.writeLine(
            pad("path", 38) + pad("size", 11) + pad("min", 9, right: true)
                + pad("median", 9, right: true)
                + pad("p99", 9, right: true) + pad("allocs/frame", 14, right: true)
                + pad("X server µs/frame", 19, right: true))
        for row in rows {
            let allocations = row.allocationsPerFrame.map { format($0) } ?? "-"
            let server = row.serverMicrosPerFrame.map { format($0) } ?? "-"
            StandardStream.output.writeLine(
                pad(row.name, 38) + pad(row.size, 11)
                    + pad(format(row.percentile(0)), 9, right: true)
                    + pad(format(row.median), 9, right: true)
                    + pad(format(row.percentile(0.99)), 9, right: true)
                    + pad(allocations, 14, right: true) + pad(server, 19, right: true))
        }
        StandardStream.output.writeLine("\nframework / raw C (median):")
        for row in rows where row.name.hasSuffix("(framework)") {
            let rawName = row.name.replacingOccurrences(of: "(framework)", with: "(raw C cairo)")
            guard let raw = rows.first(where: { $0.name == rawName && $0.size == row.size }) else {
                continue
            }
            let ratio = row.median / raw.median
            var whole = ""
            if let ours = row.serverMicrosPerFrame, let theirs = raw.serverMicrosPerFrame {
                whole = String(
                    format: "   with the X server's CPU: %.2fx",
                    (row.median + ours) / (raw.median + theirs)
                )
            }
            StandardStream.output.writeLine(
                pad("  " + row.name.replacingOccurrences(of: " (framework)", with: ""), 40)
                    + pad(row.size, 11) + String(format: "%.2fx", ratio) + whole)
        }
        for note in notes { StandardStream.output.writeLine("note: \(note)") }
    }
}
