import SwipeDismiss

/// What `DismissController` asks its presenter, without a controller: the hit test, the
/// sheet's regions and the content's items, for `direction` in `viewport`.
///
/// The dismissal policy is not here: it is the machine's `policy`.
package struct PresenterEnvironment: DismissEnvironment {
    /// The scene whose geometry answers.
    package let presenter: Presenter
    /// The direction the content leaves in.
    package let direction: DismissDirection
    /// The window's size in points.
    package var viewport: Size

    /// The geometry of `presenter` for content leaving along `direction` in `viewport`.
    package init(presenter: Presenter, direction: DismissDirection, viewport: Size) {
        self.presenter = presenter
        self.direction = direction
        self.viewport = viewport
    }

    package func hitTest(_ point: Point, offset: Double) -> HitRegion {
        presenter.hitTest(point, offset: offset, direction: direction, viewport: viewport)
    }

    package func hitTest(_ point: Point, translation: Point) -> HitRegion {
        presenter.hitTest(point, translation: translation, viewport: viewport)
    }

    package func region(at point: Point, offset: Double) -> SheetRegion {
        guard let scrolling = presenter as? ScrollingPresenter else { return .outside }
        return scrolling.region(at: point, offset: offset, direction: direction, viewport: viewport)
    }

    package func contentItem(at point: Point, state: DismissState) -> String? {
        presenter.contentItem(at: point, state: state, direction: direction, viewport: viewport)
    }
}

extension DetentLayout {
    /// The layout `DismissController` resolves for `presenter` in `viewport`.
    package init(presenter: Presenter, configuration: DismissConfiguration, viewport: Size) {
        let direction = configuration.direction
        let extent: Double
        switch direction {
        case .down, .up, .free: extent = viewport.height
        case .left, .right: extent = viewport.width
        }
        self.init(
            detents: configuration.detents, viewportExtent: extent,
            contentExtent: presenter.contentExtent(direction: direction, viewport: viewport),
            distance: presenter.dismissDistance(direction: direction, viewport: viewport),
            edges: presenter.edgeDistances(viewport: viewport))
    }
}
