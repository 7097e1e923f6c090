import SwipeDismiss
import SwipeDismissCairo

/// Passes frames on to another renderer (if any) and keeps every frame's state.
final class RecordingRenderer: Renderer {
    let viewport: Size
    let scale: Double
    let inner: Renderer?
    private(set) var states: [DismissState] = []

    init(viewport: Size, scale: Double, inner: Renderer?) {
        self.viewport = viewport
        self.scale = scale
        self.inner = inner
    }

    func render(_ scene: Scene, state: DismissState) throws {
        try inner?.render(scene, state: state)
        states.append(state)
    }
}

/// Replays a trace through a `DismissController`, one rendered frame per clock tick.
struct Exporter {
    /// Frames rendered after everything has come to rest, so the final state shows.
    static let trailingFrames = 2
    /// How long animations may run after the trace's last event before the export stops.
    static let settleAllowance = 10.0
    /// No export renders more frames than this.
    static let frameLimit = 100_000

    let trace: GestureTrace
    let configuration: DismissConfiguration
    let framesPerSecond: Double

    /// The most frames this trace may take: its duration plus `settleAllowance`.
    var maximumFrames: Int {
        let frames = ((trace.duration + Self.settleAllowance) * framesPerSecond).rounded(.up)
        return Int(min(frames, Double(Self.frameLimit))) + Self.trailingFrames + 1
    }

    /// Throws unless the trace fits the frame limit at this rate.
    func checkBudget() throws(UsageError) {
        let needed = (trace.duration * framesPerSecond).rounded(.up)
        guard needed <= Double(Self.frameLimit) else {
            throw UsageError(
                description:
                    "the trace lasts \(trace.duration) s: at \(framesPerSecond) fps that is more "
                    + "than \(Self.frameLimit) frames; use a lower --fps")
        }
    }

    /// Runs the controller and renders every frame through `renderer` (nil: just simulate).
    ///
    /// Ticks the clock once per frame and stops `trailingFrames` after the trace is used up
    /// and nothing animates, or at `frameCount` frames if given, or at `maximumFrames`.
    /// Returns every frame's state in order.
    func run(
        renderer: Renderer?, frameCount: Int? = nil, progress: ((Int) -> Void)? = nil
    ) throws -> [DismissState] {
        let clock = FixedStepClock(framesPerSecond: framesPerSecond)
        let source = TraceInputSource(trace: trace, startTime: 0)
        let recorder = RecordingRenderer(viewport: trace.viewport, scale: 1, inner: renderer)
        let controller = DismissController(
            input: source, presenter: CardPresenter(), renderer: recorder, clock: clock,
            configuration: configuration, presented: true)
        let limit = frameCount ?? maximumFrames
        var restingFrames = 0
        while recorder.states.count < limit {
            try controller.step(forceRender: true)
            progress?(recorder.states.count)
            if frameCount == nil {
                if source.isExhausted, !controller.isAnimating {
                    restingFrames += 1
                    if restingFrames > Self.trailingFrames { break }
                } else {
                    restingFrames = 0
                }
            }
            clock.tick()
        }
        return recorder.states
    }
}

/// The `samples.csv` text: header `t,offset,alpha,phase`, one row per frame.
func samplesCSV(_ states: [DismissState]) -> String {
    var text = "t,offset,alpha,phase\n"
    for state in states {
        text += "\(fixed(state.time, 6)),\(fixed(state.offset, 4)),\(fixed(state.alpha, 6)),"
        text += "\(state.phase.rawValue)\n"
    }
    return text
}

/// `value` with `digits` decimals, without Foundation's locale-dependent formatting.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var factor = 1.0
    for _ in 0..<digits { factor *= 10 }
    let scaled = (abs(value) * factor).rounded()
    let whole = Int64(scaled / factor)
    var fraction = String(Int64(scaled - Double(whole) * factor))
    if fraction.count < digits {
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
    }
    let sign = value < 0 && scaled > 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
}
