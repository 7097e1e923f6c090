import SwipeDismiss

/// The `stack` scene (DESIGN §4b "Stacked sheets"), as both tools build it: sheets laid out
/// as the `sheet` scene, the first presented at `medium`, Space or Enter presenting another
/// over the top one up to `maximumDepth`.
public enum StackScene {
    /// How many sheets Space and Enter stack up.
    public static let maximumDepth = 3

    /// The header of the sheet at `level`: "Sheet" for the first, then "Sheet 2", "Sheet 3".
    public static func title(ofLevel level: Int) -> String {
        level == 0 ? "Sheet" : "Sheet \(level + 1)"
    }

    /// The sheet at `level`, running `configuration` (the `sheet` scene's); with `adaptive`
    /// it floats on wide windows (`--adaptive`); laid out as `layout` says.
    public static func level(
        _ level: Int, configuration: DismissConfiguration, adaptive: Bool = false,
        layout: LayoutFlags = LayoutFlags()
    ) -> StackLevel {
        StackLevel(
            configuration: configuration,
            presenter: presenter(ofLevel: level, adaptive: adaptive, layout: layout))
    }

    /// The sheet presenter of `level`, floating on wide windows with `adaptive`, laid out as
    /// `layout` says.
    public static func presenter(
        ofLevel level: Int, adaptive: Bool = false, layout: LayoutFlags = LayoutFlags()
    ) -> SheetPresenter {
        let sheet = SheetPresenter(
            title: title(ofLevel: level), adaptive: adaptive ? .standard : nil)
        layout.apply(to: sheet)
        return sheet
    }

    /// A stack controller for the scene, its first sheet presented and at rest; with
    /// `confirm`, every level's dismissal is vetoed until confirmed (its `y` key); with
    /// `adaptive`, every level floats on wide windows (`--adaptive`).
    public static func makeController(
        input: InputSource, renderer: Renderer, clock: TimeSource,
        configuration: DismissConfiguration, confirm: Bool, adaptive: Bool = false,
        layout: LayoutFlags = LayoutFlags()
    ) -> SheetStackController {
        let controller = SheetStackController(
            input: input, renderer: renderer, clock: clock,
            root: level(0, configuration: configuration, adaptive: adaptive, layout: layout))
        controller.keyPresentLimit = maximumDepth
        // A tool: Space and Enter present the next level.
        controller.keyBindings = .tools
        controller.nextLevel = { index in
            index < maximumDepth
                ? level(index, configuration: configuration, adaptive: adaptive, layout: layout)
                : nil
        }
        if confirm { controller.shouldDismiss = { _, _ in false } }
        return controller
    }

    /// The columns `samples.csv` gains for the scene, after the others.
    public static let samplesColumns = "depth,parent_offset,parent_scale"

    /// `depth`, `parent_offset` and `parent_scale` of `state` as `samples.csv` prints them
    /// (the last two empty at depth 1 or less).
    public static func samplesFields(_ state: StackState) -> String {
        var text = "\(state.depth),"
        if let parent = state.parent, let scale = state.parentScale {
            text += NumberText.fixed(parent.offset, digits: 4) + ","
            text += NumberText.fixed(scale, digits: 6)
        } else {
            text += ","
        }
        return text
    }
}
