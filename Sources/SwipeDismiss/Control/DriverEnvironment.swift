/// The driver's side of `DismissEnvironment`: the presenter's geometry at the viewport.
final class DriverEnvironment: DismissEnvironment {
    let presenter: Presenter
    let direction: DismissDirection
    var viewport: Size

    init(presenter: Presenter, direction: DismissDirection, viewport: Size) {
        self.presenter = presenter
        self.direction = direction
        self.viewport = viewport
    }

    func hitTest(_ point: Point, offset: Double) -> HitRegion {
        presenter.hitTest(point, offset: offset, direction: direction, viewport: viewport)
    }

    func hitTest(_ point: Point, translation: Point) -> HitRegion {
        presenter.hitTest(point, translation: translation, viewport: viewport)
    }

    func region(at point: Point, offset: Double) -> SheetRegion {
        guard let scrolling = presenter as? ScrollingPresenter else { return .outside }
        return scrolling.region(at: point, offset: offset, direction: direction, viewport: viewport)
    }

    func contentItem(at point: Point, state: DismissState) -> String? {
        presenter.contentItem(at: point, state: state, direction: direction, viewport: viewport)
    }
}
