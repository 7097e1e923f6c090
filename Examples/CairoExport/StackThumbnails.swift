import SwipeDismiss
import ToolSupport

/// The `stack` scene's storyboard thumbnails: a frame drawn again from its record, the top
/// sheet over the sheet under it (scaled as it was) and one backdrop.
final class StackThumbnails {
    private let presenter = StackPresenter()
    /// One sheet per level, titled as the scene titles them.
    private let sheets: [Presenter]
    private let viewport: Size
    private let directions: [DismissDirection]

    init(
        viewport: Size, direction: DismissDirection, adaptive: Bool = false,
        layout: LayoutFlags = LayoutFlags()
    ) {
        sheets = (0..<StackScene.maximumDepth).map {
            StackScene.presenter(ofLevel: $0, adaptive: adaptive, layout: layout)
        }
        self.viewport = viewport
        directions = [direction, direction]
    }

    /// The scene of a frame whose stack was recorded as `stack`, in `viewport` (the
    /// storyboard's unless a trace resized it).
    func scene(for stack: StackState, viewport frameViewport: Size? = nil) -> Scene {
        let viewport = frameViewport ?? viewport
        let top = min(max(0, stack.depth - 1), sheets.count - 1)
        if top >= 1, let parent = stack.parent, let scale = stack.parentScale {
            presenter.update(
                states: [parent, stack.top], scales: [scale, 1], backdropAlpha: stack.top.alpha,
                presenters: [sheets[top - 1], sheets[top]], directions: directions,
                viewport: viewport)
        } else {
            presenter.update(
                states: [stack.top], scales: [1], backdropAlpha: stack.top.alpha,
                presenters: [sheets[top]], directions: directions, viewport: viewport)
        }
        return presenter.scene
    }
}
