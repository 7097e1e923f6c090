import SwipeDismiss
import ToolSupport
import X11DemoCore

/// `x11-demo --scene stack`: sheets over sheets (Space or Enter presents another, up to 3).
enum StackDemo {
    /// The stack's controller with `--confirm` and `--events` wired up: each level's phase
    /// change prints a line naming its level and the depth.
    static func makeController(
        input: InputSource, renderer: Renderer, clock: TimeSource,
        configuration: DismissConfiguration, confirm: Bool, printsEvents: Bool,
        adaptive: Bool = false, layout: LayoutFlags = LayoutFlags()
    ) -> SheetStackController {
        let stack = StackScene.makeController(
            input: input, renderer: renderer, clock: clock, configuration: configuration,
            confirm: confirm, adaptive: adaptive, layout: layout)
        if printsEvents {
            printEvents(of: stack, namingMode: adaptive, namingFocus: true, with: console.line)
        }
        return stack
    }
}
