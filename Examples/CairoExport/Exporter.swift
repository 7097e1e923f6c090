import SwipeDismiss
import SwipeDismissTrace
import ToolSupport

/// One frame of an export: the state drawn, and, when the frame stands for an idle
/// stretch, how long that stretch lasts.
struct ExportFrame: Equatable {
    /// The clock tick the frame was taken at: its time is `tick / fps`.
    var tick: Int
    var state: DismissState
    /// Seconds from this frame to the next one when idle frames were collapsed into it.
    var restDuration: Double?
    /// The stack's depth and parent (`--scene stack`); nil for the other scenes.
    var stack: StackState?
    /// The window's size at the frame (the trace's `viewport` events change it).
    var viewport = Size.zero
}

/// Why an export cannot be planned; each is a bad input (exit 2), and nothing is written.
enum PlanError: Error, CustomStringConvertible, Equatable {
    /// More frames than the cap; `needed` is how many were planned before giving up.
    case tooManyFrames(needed: Int, limit: Int, framesPerSecond: Double)
    /// Still animating long after the trace's last event.
    case neverSettles(afterSeconds: Double)
    /// The replay produced a non-finite value (offset or alpha) at `time`.
    case nonFinite(field: String, time: Double)
    /// An event time too large to be a frame number at this rate.
    case timeTooLarge(Double)

    var description: String {
        switch self {
        case .tooManyFrames(let needed, let limit, let fps):
            return "the export needs more than \(limit) frames (at least \(needed) at "
                + "\(NumberText.readable(fps)) fps, including the settling after the last "
                + "event); use a lower --fps or a higher --max-frames"
        case .neverSettles(let seconds):
            return "the animation is still running \(NumberText.readable(seconds)) s after "
                + "the trace's last event; nothing was written"
        case .nonFinite(let field, let time):
            return "the replay reaches a non-finite \(field) at t = "
                + "\(NumberText.fixed(time, digits: 3)) s (are the trace's coordinates too large?)"
        case .timeTooLarge(let time):
            return "event time \(NumberText.readable(time)) s is too large for a frame number"
        }
    }
}

/// The export's clock: frame `n` is at `n / framesPerSecond` (as `FixedStepClock` computes
/// it, so 30 and 60 fps share exact times), and it can skip ahead over idle stretches.
final class ExportClock: TimeSource {
    let framesPerSecond: Double
    private(set) var frame = 0

    init(framesPerSecond: Double) {
        self.framesPerSecond = framesPerSecond
    }

    var now: Double { Double(frame) / framesPerSecond }

    /// Moves to `frame` (never back).
    func move(toFrame target: Int) {
        frame = max(frame, target)
    }

    /// The first frame whose time is at or after `time`; nil if it has no exact `Int`.
    func firstFrame(atOrAfter time: Double) -> Int? {
        let estimate = (time * framesPerSecond).rounded(.up)
        guard estimate.isFinite, abs(estimate) < 0x1p52, var frame = Int(exactly: estimate) else {
            return nil
        }
        while frame > 0, Double(frame - 1) / framesPerSecond >= time { frame -= 1 }
        while Double(frame) / framesPerSecond < time { frame += 1 }
        return frame
    }
}

/// A renderer that draws nothing: the planning pass only needs the states.
final class PlanningRenderer: Renderer {
    let viewport: Size
    var scale: Double { 1 }

    init(viewport: Size) {
        self.viewport = viewport
    }

    func render(_ scene: Scene, state: DismissState) throws {}
}

/// Replays a trace through a `DismissController`: first plans every frame (nothing drawn),
/// then renders exactly that plan.
struct Exporter {
    /// Frames rendered after everything has come to rest, so the final state shows.
    static let trailingFrames = 2
    /// How long animations may run after the trace's last event before the export is refused.
    static let settleAllowance = 10.0
    /// A stretch with no event and no motion longer than this becomes one frame.
    static let idleCollapse = 0.5
    /// No export renders more frames than this unless `--max-frames` says otherwise.
    static let defaultFrameLimit = 20_000

    let trace: GestureTrace
    let configuration: DismissConfiguration
    let framesPerSecond: Double
    var frameLimit = Exporter.defaultFrameLimit
    /// The scene the trace is replayed in (`--scene`).
    var scene = SceneChoice.card
    /// Whether every dismissal is vetoed until confirmed (`--confirm`): the trace's `y` key
    /// confirms, `n` or Escape declines (the core's `confirmKeys` and `declineKeys`).
    var confirm = false
    /// Where a dismissed photo zooms to (`--source`); nil: it leaves the screen.
    var source: ZoomSource?
    /// Whether the sheets float on wide windows (`--adaptive`).
    var adaptive = false
    /// How the sheets lay out their content (`--layout`, `--footer`).
    var layout = LayoutFlags()

    /// The frames' size: the trace's viewport, grown to hold every `viewport` event's.
    var canvas: Size { ExportCanvas.size(of: trace) }

    /// Whether `samples.csv` has the adaptive columns: `--adaptive`, or a trace that resizes.
    var hasAdaptiveColumns: Bool { adaptive || !ExportCanvas.resizes(in: trace).isEmpty }

    /// A controller (a stack's for `--scene stack`) replaying the trace through `renderer`
    /// on `clock`, presented and at rest.
    func makeController(renderer: Renderer, clock: TimeSource) -> (
        ExportDriver, TraceInputSource
    ) {
        let source = TraceInputSource(trace: trace, startTime: 0)
        let driver = ExportDriver.make(
            scene: scene, input: source, renderer: renderer, clock: clock,
            configuration: configuration, confirm: confirm, source: self.source,
            adaptive: adaptive, viewport: trace.viewport, layout: layout)
        return (driver, source)
    }

    /// Where the scene's detents rest (offsets from the top detent) and where the content is
    /// off screen, as the controller lays them out for the trace's viewport.
    func detentLayout() -> DetentLayout {
        let (controller, _) = makeController(
            renderer: PlanningRenderer(viewport: canvas),
            clock: ExportClock(framesPerSecond: framesPerSecond))
        return controller.layout
    }

    /// The timeline's reference lines on the offset axis: the card's release threshold, or
    /// each of the sheet's detents and the off-screen offset.
    func offsetMarks() -> [(offset: Double, label: String)] {
        if scene == .photo {
            return [(PhotoPresenter.releaseThreshold, "150 pt release threshold (distance)")]
        }
        guard scene == .sheet || scene == .stack else {
            return [(Timeline.threshold, "200 pt release threshold")]
        }
        let layout = detentLayout()
        return (0...layout.count).map { index in
            let name = layout.name(of: index)
            let label = name == Detent.dismissedName ? "off screen (\(name))" : "\(name) detent"
            return (layout.offset(of: index), label)
        }
    }

    /// Simulates the replay and returns every frame to draw, idle stretches collapsed.
    ///
    /// Ticks once per frame until the trace is used up, the controller has no deadline left
    /// (`DismissController.nextWakeTime`: no event to come, no quiet touchpad stream to end)
    /// and `trailingFrames` more frames are at rest; an idle stretch is skipped up to the
    /// controller's next deadline, never past it. Throws (never truncates) when the plan exceeds `frameLimit`, when animations
    /// run past `settleAllowance`, or when a state is not finite (all `PlanError`s).
    func plan() throws -> [ExportFrame] {
        let clock = ExportClock(framesPerSecond: framesPerSecond)
        let (driver, source) = makeController(
            renderer: PlanningRenderer(viewport: canvas), clock: clock)
        let controller = driver.frameDriver
        var frames: [ExportFrame] = []
        var restingFrames = 0
        while true {
            try controller.step(forceRender: true)
            let state = driver.state
            for (field, value) in [("offset", state.offset), ("alpha", state.alpha)]
            where !value.isFinite {
                throw PlanError.nonFinite(field: field, time: state.time)
            }
            frames.append(
                ExportFrame(
                    tick: clock.frame, state: state, stack: driver.stackState,
                    viewport: driver.viewport))
            guard frames.count <= frameLimit else {
                throw PlanError.tooManyFrames(
                    needed: frames.count, limit: frameLimit, framesPerSecond: framesPerSecond)
            }
            let animating = controller.isAnimating
            // Every deadline the controller has: its input's next event, and the end of a
            // touchpad stream that has gone quiet (150 ms after its last delta). A stream
            // with no stop is still a gesture in progress, not a rest.
            let deadline = animating ? nil : controller.nextWakeTime
            if source.isExhausted {
                if !animating && deadline == nil {
                    restingFrames += 1
                    if restingFrames > Self.trailingFrames { break }
                } else if state.time > trace.duration + Self.settleAllowance {
                    throw PlanError.neverSettles(afterSeconds: Self.settleAllowance)
                }
            } else {
                restingFrames = 0
            }
            if let next = deadline {
                guard let nextFrame = clock.firstFrame(atOrAfter: next) else {
                    throw PlanError.timeTooLarge(next)
                }
                let stretch = Double(nextFrame) / framesPerSecond - state.time
                if stretch > Self.idleCollapse {
                    frames[frames.count - 1].restDuration = stretch
                    clock.move(toFrame: nextFrame)
                    continue
                }
            }
            clock.move(toFrame: clock.frame + 1)
        }
        return frames
    }

    /// Renders `frames` (from `plan()`) through `renderer`, calling `afterFrame` with the
    /// count so far after each; `afterFrame` may throw to stop (a signal, say).
    func render(
        _ frames: [ExportFrame], to renderer: Renderer, afterFrame: (Int) throws -> Void
    ) throws {
        let clock = ExportClock(framesPerSecond: framesPerSecond)
        let (driver, _) = makeController(renderer: renderer, clock: clock)
        for (index, frame) in frames.enumerated() {
            clock.move(toFrame: frame.tick)
            try driver.frameDriver.step(forceRender: true)
            guard driver.state == frame.state, driver.stackState == frame.stack,
                driver.viewport == frame.viewport
            else {
                throw RenderDivergence(frame: index)
            }
            try afterFrame(index + 1)
        }
    }
}

/// The rendering pass saw a different state from the plan (a bug, not bad input).
struct RenderDivergence: Error, CustomStringConvertible {
    var frame: Int
    var description: String { "frame \(frame) differs from the planned one (internal error)" }
}

/// The `samples.csv` header: the first four columns, which older checks read by position,
/// then the ones DESIGN §4 adds.
let samplesHeader = "t,offset,alpha,phase,x,y,scale,progress,detent,scroll"

/// The columns `--source` adds in the photo scene (DESIGN §4c): the photo's drawn (clipped)
/// width and height and its corner radius. While it zooms, `scale` is the scale its picture
/// is drawn at (filling that frame), no longer its drag scale.
let zoomColumns = "w,h,corner"

/// The `samples.csv` text: one row per frame (a collapsed idle stretch is one row, at its
/// start time). `x`, `y` are the content's translation (the offset along `direction`, or
/// the 2-D pose under `.free`); `scale` is the content's scale (the photo shrinks with
/// distance, the others stay at 1); `scroll` is the list's offset
/// (`DismissState.scroll`, 0 at its top and for a scene without a list); `detent` is named
/// for the sheet and empty for the card. `--scene stack` adds `depth`, `parent_offset` and
/// `parent_scale` (`StackScene.samplesColumns`) after them. `--layout`, `--footer` or
/// `--content-interaction` add `visible_h`, `footer_y`, `scroll_max` last
/// (`LayoutFlags.samplesColumns`): the sheet's visible height, its footer's top (empty
/// without one) and the list's largest scroll at that frame.
func samplesCSV(
    _ frames: [ExportFrame], direction: DismissDirection = .down, scene: SceneChoice = .card,
    zoom photo: PhotoPresenter? = nil, viewport: Size = .zero, adaptive: Bool? = nil,
    layout: LayoutFlags = LayoutFlags()
) -> String {
    var text = samplesHeader + (scene == .stack ? "," + StackScene.samplesColumns : "")
    if photo != nil { text += "," + zoomColumns }
    if adaptive != nil { text += "," + AdaptiveColumns.names }
    let layoutSheet =
        layout.isGiven ? scene.makePresenter(adaptive: adaptive ?? false, layout: layout) : nil
    if layoutSheet != nil { text += "," + LayoutFlags.samplesColumns }
    text += "\n"
    let sheet = adaptive.flatMap { AdaptiveColumns.sheet(scene: scene, adaptive: $0) }
    for frame in frames {
        let state = frame.state
        text += NumberText.fixed(state.time, digits: 6) + ","
        text += NumberText.fixed(state.offset, digits: 4) + ","
        text += NumberText.fixed(state.alpha, digits: 6) + ","
        text += state.phase.rawValue + ","
        let translation = state.translation(along: direction)
        text += NumberText.fixed(translation.x, digits: 4) + ","
        text += NumberText.fixed(translation.y, digits: 4) + ","
        // Zooming, the photo is drawn at the scale that fills its frame (`w`, `h` its clip).
        let scale =
            state.zoom != nil && photo != nil
            ? photo?.contentPlacement(for: state, viewport: viewport).transform.a ?? 1
            : scene.contentScale(translation: translation)
        text += NumberText.fixed(scale, digits: 6) + ","
        text += NumberText.fixed(state.progress, digits: 6) + ","
        text += scene.detentColumn(state) + ","
        text += NumberText.fixed(state.scroll, digits: 4)
        if let stack = frame.stack { text += "," + StackScene.samplesFields(stack) }
        if let photo {
            let drawn = photo.drawnFrame(for: state, viewport: viewport)
            text += "," + NumberText.fixed(drawn.frame.width, digits: 4) + ","
            text += NumberText.fixed(drawn.frame.height, digits: 4) + ","
            text += NumberText.fixed(drawn.cornerRadius, digits: 4)
        }
        if adaptive != nil {
            text += "," + AdaptiveColumns.fields(sheet: sheet, viewport: frame.viewport)
        }
        if let layoutSheet {
            // The frame's own window: a `viewport` event resizes it mid-trace.
            let window = frame.viewport == .zero ? viewport : frame.viewport
            text +=
                "," + LayoutFlags.samplesFields(state, presenter: layoutSheet, viewport: window)
        }
        text += "\n"
    }
    return text
}
