/// A presenter's geometry at a viewport: what a `DismissMachine` asks of the world it does
/// not own (hit tests, a sheet's regions, the content's items), the detents it resolves, and
/// the list it scrolls. The one adapter between a `Presenter` and a machine, for the
/// controllers and for any host or test that drives a machine itself.
public struct SheetGeometry: DismissEnvironment {
    /// The scene whose geometry answers.
    public let presenter: Presenter
    /// The direction the content leaves in.
    public let direction: DismissDirection
    /// The window's size in points.
    public var viewport: Size
    /// The window's safe insets, for detent resolvers.
    public var safeInsets = SafeInsets.zero
    /// The user's text scale, for detent resolvers, when the host knows it.
    public var textScale: Double?

    /// The geometry of `presenter` for content leaving along `direction` in `viewport`.
    public init(presenter: Presenter, direction: DismissDirection, viewport: Size) {
        self.presenter = presenter
        self.direction = direction
        self.viewport = viewport
    }

    /// The detents of `configuration` resolved for the presenter in the viewport.
    public func layout(for configuration: DismissConfiguration) -> DetentLayout {
        DetentLayout(
            presenter: presenter, configuration: configuration, viewport: viewport,
            safeInsets: safeInsets, textScale: textScale)
    }

    /// A machine at `time` for `configuration` laid out here, presented and at rest (or
    /// dismissed), with the presenter's list if it has one (a list the scroll model refuses,
    /// a non-finite length, is left out: the sheet still drags).
    public func machine(
        configuration: DismissConfiguration, time: Double, presented: Bool = true
    ) -> DismissMachine {
        var machine = DismissMachine(
            configuration: configuration, layout: layout(for: configuration), time: time,
            presented: presented)
        if let scrolling = presenter as? ScrollingPresenter {
            _ = try? machine.setList(
                contentLength: scrolling.listContentHeight,
                viewport: scrolling.listViewport(viewport: viewport),
                offset: scrolling.listOffset)
        }
        return machine
    }

    /// Lays `machine` out here again (the viewport changed, or with `animated` the detents
    /// were invalidated): its detents and its list's lengths; the effects of both.
    package func relayout(_ machine: inout DismissMachine, animated: Bool = false)
        -> [DismissEffect]
    {
        Self.relayout(&machine, measured(for: machine.configuration), animated: animated)
    }

    /// What a relayout reads from the presenter: the detents and the list's lengths.
    package struct Measured {
        /// The detents resolved here.
        package var layout: DetentLayout
        /// The list's content length and viewport, for a presenter with a list.
        package var list: (contentLength: Double, viewport: ListViewport)?
    }

    /// Asks the presenter (app code, which may read a controller) what a relayout of a
    /// machine running `configuration` needs; the controllers ask it outside any access to
    /// their model, then apply it with `relayout(_:_:animated:)`.
    package func measured(for configuration: DismissConfiguration) -> Measured {
        let list = (presenter as? ScrollingPresenter).map {
            (contentLength: $0.listContentHeight, viewport: $0.listViewport(viewport: viewport))
        }
        return Measured(layout: layout(for: configuration), list: list)
    }

    /// Lays `machine` out with what `measured` read: its detents and its list's lengths
    /// (no presenter code runs); the effects of both.
    package static func relayout(
        _ machine: inout DismissMachine, _ measured: Measured, animated: Bool
    ) -> [DismissEffect] {
        var effects = machine.relayout(measured.layout, animated: animated)
        if let list = measured.list {
            effects +=
                (try? machine.resizeList(
                    contentLength: list.contentLength, viewport: list.viewport)) ?? []
        }
        return effects
    }

    /// What `point` lands on with the content at `offset`.
    public func hitTest(_ point: Point, offset: Double) -> HitRegion {
        presenter.hitTest(point, offset: offset, direction: direction, viewport: viewport)
    }

    /// What `point` lands on with the content moved by `translation` (`.free`).
    public func hitTest(_ point: Point, translation: Point) -> HitRegion {
        presenter.hitTest(point, translation: translation, viewport: viewport)
    }

    /// Which part of a sheet `point` lands on (`.outside` for a presenter with no list).
    public func region(at point: Point, offset: Double) -> SheetRegion {
        guard let scrolling = presenter as? ScrollingPresenter else { return .outside }
        return scrolling.region(at: point, offset: offset, direction: direction, viewport: viewport)
    }

    /// Which part of a sheet `point` lands on, a footer placed for the lowest detent at
    /// `lowestDetent` (`.outside` for a presenter with no list).
    public func region(at point: Point, offset: Double, lowestDetent: Double) -> SheetRegion {
        guard let scrolling = presenter as? ScrollingPresenter else { return .outside }
        return scrolling.region(
            at: point, offset: offset, lowestDetent: lowestDetent, direction: direction,
            viewport: viewport)
    }

    /// The content's tappable item at `point` in `state`, if any.
    public func contentItem(at point: Point, state: DismissState) -> String? {
        presenter.contentItem(at: point, state: state, direction: direction, viewport: viewport)
    }
}

extension DetentLayout {
    /// The detents of `configuration` resolved for `presenter` in `viewport`: along the
    /// viewport's height (or width, for `.left` and `.right`), with the presenter's content
    /// extent, dismiss distance, edges, mode and detents for the window; `safeInsets` and
    /// `textScale` are what a `.custom` detent's resolver reads besides.
    package init(
        presenter: Presenter, configuration: DismissConfiguration, viewport: Size,
        safeInsets: SafeInsets = .zero, textScale: Double? = nil
    ) {
        let direction = configuration.direction
        let extent: Double
        switch direction {
        case .down, .up, .free: extent = viewport.height
        case .left, .right: extent = viewport.width
        }
        let content = presenter.contentExtent(direction: direction, viewport: viewport)
        self.init(
            detents: presenter.detents(configuration.detents, viewport: viewport),
            viewportExtent: extent, contentExtent: content,
            distance: presenter.dismissDistance(direction: direction, viewport: viewport),
            edges: presenter.edgeDistances(viewport: viewport),
            context: DetentContext(
                viewport: viewport, safeInsets: safeInsets, contentHeight: content,
                textScale: textScale),
            mode: presenter.presentationMode(viewport: viewport))
    }
}
