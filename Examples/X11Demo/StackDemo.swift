import SwipeDismiss
import ToolSupport
import X11DemoCore

/// `x11-demo --scene stack`: sheets over sheets (Space or Enter presents another, up to 3).
enum StackDemo {
    /// The stack's controller with `--confirm` and `--events` wired up: each level's phase
    /// change prints a line naming its level and the depth.
    static func makeController(
        input: InputSource, renderer: Renderer, clock: Clock,
        configuration: DismissConfiguration, confirm: Bool, printsEvents: Bool
    ) -> SheetStackController {
        let stack = StackScene.makeController(
            input: input, renderer: renderer, clock: clock, configuration: configuration,
            confirm: confirm)
        guard printsEvents else { return stack }
        stack.addObserver { [unowned stack] event in
            switch event.event {
            case .phaseChanged(_, _, let state):
                printLine(
                    stackEventLine(
                        state, level: event.level, depth: stack.depth,
                        backdropAlpha: stack.backdropAlpha))
            case .dismissAttempted(let reason):
                printLine(attemptLine(reason, state: stack.state.top))
            case .passedThrough(let point):
                printLine(passThroughLine(point, state: stack.state.top))
            default:
                break
            }
        }
        return stack
    }
}
