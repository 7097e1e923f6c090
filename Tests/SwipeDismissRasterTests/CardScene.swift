import SwipeDismiss

/// The default card scene in a 390 × 844 pt viewport, the card `offset` pt down under a
/// dim of `alpha`, mid-drag: the frame the row-plan tests compose again and again.
func draggedCardScene(offset: Double, alpha: Double) -> Scene {
    let presenter = CardPresenter()
    var scene = presenter.makeScene(viewport: Size(width: 390, height: 844))
    presenter.update(
        &scene,
        for: DismissState(time: 0, offset: offset, alpha: alpha, progress: 0, phase: .dragging),
        direction: .down)
    return scene
}
