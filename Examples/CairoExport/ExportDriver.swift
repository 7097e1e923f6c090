import SwipeDismiss
import ToolSupport

/// What an export replays the trace through: one sheet's controller, or, for
/// `--scene stack`, a stack's (whose frames also record the depth and the parent).
enum ExportDriver {
    case single(DismissController)
    case stack(SheetStackController)

    /// The controller the export steps.
    var frameDriver: FrameDriver {
        switch self {
        case .single(let controller): controller
        case .stack(let controller): controller
        }
    }

    /// Advances to the clock's time (`FrameDriver.step(forceRender:)`).
    @discardableResult
    func step(forceRender: Bool) throws -> Bool {
        try frameDriver.step(forceRender: forceRender)
    }

    /// When the controller wants its next step (`FrameDriver.nextWakeTime`).
    var nextWakeTime: Double? { frameDriver.nextWakeTime }

    /// Whether something still moves (`FrameDriver.isAnimating`).
    var isAnimating: Bool { frameDriver.isAnimating }

    /// The state a frame records: the sheet's, or the stack's top sheet with the one
    /// backdrop's alpha.
    var state: DismissState {
        switch self {
        case .single(let controller): controller.state
        case .stack(let controller): controller.state.top
        }
    }

    /// The stack's depth and parent, for `--scene stack`; nil otherwise.
    var stackState: StackState? {
        guard case .stack(let controller) = self else { return nil }
        return controller.state
    }

    /// The window's size the controller lays out for now.
    var viewport: Size {
        switch self {
        case .single(let controller): controller.viewport
        case .stack(let controller): controller.viewport
        }
    }

    /// The detents of the sheet (the stack's top one) as laid out for the viewport.
    var layout: DetentLayout {
        switch self {
        case .single(let controller): controller.layout
        case .stack(let controller): controller.layout
        }
    }

    /// The driver `scene` asks for, replaying `input` through `renderer` on `clock`,
    /// presented and at rest; with `confirm` every dismissal is vetoed until confirmed; with
    /// `adaptive` the sheets float on wide windows. The controller starts laid out for
    /// `viewport` (the trace's), which may be smaller than the renderer's frames.
    static func make(
        scene: SceneChoice, input: InputSource, renderer: Renderer, clock: TimeSource,
        configuration: DismissConfiguration, confirm: Bool, source: ZoomSource? = nil,
        adaptive: Bool = false, viewport: Size? = nil, layout: LayoutFlags = LayoutFlags()
    ) -> ExportDriver {
        if scene == .stack {
            let controller = StackScene.makeController(
                input: input, renderer: renderer, clock: clock,
                configuration: configuration, confirm: confirm, adaptive: adaptive,
                layout: layout)
            if let viewport { controller.resize(to: viewport) }
            return .stack(controller)
        }
        let controller = DismissController(
            input: input,
            presenter: scene.makePresenter(source: source, adaptive: adaptive, layout: layout),
            renderer: renderer, clock: clock, configuration: configuration, presented: true)
        if let viewport { controller.resize(to: viewport) }
        // A tool: Space and Enter present, as the traces expect.
        controller.keyBindings = .tools
        if confirm { controller.shouldDismiss = { _ in false } }
        return .single(controller)
    }
}
