import SwipeDismiss
import SwipeDismissAccessibility
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

    /// What a screen reader is shown of `stack`: one dialog, the top sheet, named by its
    /// level's title ("Sheet", "Sheet 2", "Sheet 3") and laid out as the scene lays it out.
    static func accessibilityModel(of stack: SheetStackController, direction: DismissDirection)
        -> SheetAccessibilityModel
    {
        SheetAccessibilityModel(source: stack) { level in
            AccessibleSheet(
                presenter: SheetPresenter(title: StackScene.title(ofLevel: level)),
                direction: direction)
        }
    }
}
