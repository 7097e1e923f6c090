/// One sheet of a stack: its own configuration (detents, dim, springs), its own presenter
/// and its own dismissal policy.
public struct StackLevel {
    /// The numbers and policies this sheet's machine runs on.
    public var configuration: DismissConfiguration
    /// What lays this sheet out and hit-tests it.
    public var presenter: Presenter
    /// This sheet's dismissal policy; nil allows every dismissal (the stack's
    /// `shouldDismiss` is asked after it).
    public var shouldDismiss: ((DismissReason) -> Bool)?

    /// A sheet laid out by `presenter` running on `configuration`, with an optional policy.
    public init(
        configuration: DismissConfiguration = .sheet(),
        presenter: Presenter = SheetPresenter(),
        shouldDismiss: ((DismissReason) -> Bool)? = nil
    ) {
        self.configuration = configuration
        self.presenter = presenter
        self.shouldDismiss = shouldDismiss
    }

    /// The detents resolved for `viewport` with this level's presenter.
    func layout(viewport: Size) -> DetentLayout {
        let direction = configuration.direction
        let extent: Double
        switch direction {
        case .down, .up, .free: extent = viewport.height
        case .left, .right: extent = viewport.width
        }
        return DetentLayout(
            detents: configuration.detents, viewportExtent: extent,
            contentExtent: presenter.contentExtent(direction: direction, viewport: viewport),
            distance: presenter.dismissDistance(direction: direction, viewport: viewport),
            edges: presenter.edgeDistances(viewport: viewport))
    }

    /// A machine for this sheet at `time`, dismissed or presented and at rest, with its
    /// list (if the presenter has one).
    func makeMachine(viewport: Size, time: Double, presented: Bool) -> DismissMachine {
        var machine = DismissMachine(
            configuration: configuration, layout: layout(viewport: viewport), time: time,
            presented: presented)
        if let scrolling = presenter as? ScrollingPresenter {
            _ = try? machine.setList(
                contentLength: scrolling.listContentHeight,
                viewportLength: scrolling.listViewportHeight(viewport: viewport),
                offset: scrolling.listOffset)
        }
        return machine
    }
}

/// The driver's side of one level's `DismissEnvironment`: its presenter's geometry.
final class StackLevelEnvironment: DismissEnvironment {
    let presenter: Presenter
    let direction: DismissDirection
    var viewport: Size

    init(_ description: StackLevel, viewport: Size) {
        presenter = description.presenter
        direction = description.configuration.direction
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

/// Every level's environment, as the stack asks for them.
struct StackEnvironments: StackEnvironment {
    var levels: [StackLevelEnvironment]

    func environment(forLevel level: Int) -> StackLevelEnvironment {
        levels[min(max(0, level), levels.count - 1)]
    }
}
