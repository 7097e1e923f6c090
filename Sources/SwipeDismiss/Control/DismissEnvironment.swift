/// What the state machine asks of the world it does not own: the presenter's geometry (hit
/// tests, regions, items). The app's dismissal policy is not here: it is the machine's
/// `policy`, data the driver refreshes before each call.
public protocol DismissEnvironment {
    /// What `point` lands on with the content at `offset`: `.content` or `.backdrop`.
    func hitTest(_ point: Point, offset: Double) -> HitRegion
    /// What `point` lands on with the content moved by `translation` (`.free`).
    func hitTest(_ point: Point, translation: Point) -> HitRegion
    /// Which part of a sheet `point` lands on with the content at `offset`.
    func region(at point: Point, offset: Double) -> SheetRegion
    /// Which part of a sheet `point` lands on with the content at `offset` and the lowest
    /// resting detent at `lowestDetent` (where a footer stops being pinned to the window's
    /// bottom and rides with the sheet).
    func region(at point: Point, offset: Double, lowestDetent: Double) -> SheetRegion
    /// The id of the content's tappable item at `point` in `state`, if any.
    func contentItem(at point: Point, state: DismissState) -> String?
}

extension DismissEnvironment {
    /// By default nothing is a list: every drag moves the content.
    package func region(at point: Point, offset: Double) -> SheetRegion { .outside }

    /// By default the lowest detent changes nothing: `region(at:offset:)`.
    package func region(at point: Point, offset: Double, lowestDetent: Double) -> SheetRegion {
        region(at: point, offset: offset)
    }

    /// By default nothing in the content is tappable.
    package func contentItem(at point: Point, state: DismissState) -> String? { nil }

    /// By default, the content moved by `translation`'s length along `.down`: an
    /// environment that drives `.free` content implements this itself.
    package func hitTest(_ point: Point, translation: Point) -> HitRegion {
        hitTest(point, offset: translation.length)
    }
}
