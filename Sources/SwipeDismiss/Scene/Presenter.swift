/// What a point of the viewport lands on.
public enum HitRegion: Hashable, Sendable {
    /// The draggable content (card, button).
    case content
    /// The dim backdrop around the content.
    case backdrop
    /// The backdrop where it lets clicks through to the app behind (below the
    /// pass-through detent, or where the dim is 0). Presenters never return it; the
    /// controller does.
    case passThrough
}

/// Turns controller state into a `Scene`: the layout of backdrop, card and button.
public protocol Presenter: AnyObject {
    /// Builds the scene for a viewport: every layer and item, at rest.
    ///
    /// Called once per viewport size; frames then go through `update(_:for:)`.
    func makeScene(viewport: Size) -> Scene

    /// Updates the per-frame parts of `scene` (layer transforms and opacities) for `state`.
    ///
    /// Must not allocate: mutate the layers in place.
    func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection)

    /// What `point` lands on when the content is translated by `offset` along `direction`.
    func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion

    /// The content's extent along `direction`: how far it must travel to leave the viewport.
    ///
    /// Used as the dismiss distance, the rubber band's dimension and the progress scale.
    func dismissDistance(direction: DismissDirection, viewport: Size) -> Double

    /// The content's own extent along `direction`, for `.fitsContent` detents.
    func contentExtent(direction: DismissDirection, viewport: Size) -> Double

    /// What `point` lands on when the content is moved by the 2-D `translation` (`.free`).
    func hitTest(_ point: Point, translation: Point, viewport: Size) -> HitRegion

    /// The detents the content has in `viewport`, from the `configured` ones: the same list
    /// unless the presenter changes them with the window (a floating sheet has one). A
    /// detent it makes inactive keeps its id with a `.custom` position that resolves to nil.
    func detents(_ configured: [Detent], viewport: Size) -> [Detent]

    /// How the content is presented in `viewport`, for a presenter that adapts to the
    /// window; nil for one that does not.
    func presentationMode(viewport: Size) -> PresentationMode?

    /// The content's scale when moved by `translation` (1: drawn at its size).
    func contentScale(translation: Point) -> Double
    /// The id of the tappable item of the content that `point` lands on in `state` (the
    /// content moved by `state.translation(along: direction)`, its list scrolled to
    /// `state.scroll`), or nil. A tap there is reported as `DismissEvent.contentTapped`.
    func contentItem(
        at point: Point, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> String?

    /// How many items of the content take the keyboard focus, in Tab order (0: none).
    var focusableItemCount: Int { get }
    /// The id of focusable item `index` (`0 ..< focusableItemCount`), as
    /// `contentItem(at:state:direction:viewport:)` reports a tap on it.
    func focusableItem(at index: Int) -> String
    /// The title focusable item `index` shows, for event lines and screen readers.
    func focusableItemTitle(at index: Int) -> String
    /// Where focusable item `index` is on screen in `state` (viewport points), or nil when
    /// the presenter does not say: a keyboard activation reports its centre.
    func focusableItemFrame(
        at index: Int, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> Rect?
    /// Draws the keyboard focus ring on focusable item `index` from the next `update` on
    /// (nil: no ring). Drivers call it only when the ring changes.
    func showFocusRing(onItem index: Int?)
    /// Where focusable item `index` lies in the content's scrolling list, in list points (0
    /// at the list's top), or nil when it is not in the list: the driver scrolls the list to
    /// show an item the focus moves onto.
    func listExtent(ofFocusableItem index: Int) -> Range<Double>?
}

extension Presenter {
    /// By default the content is rigid: `point` hits what `point − translation` hits at
    /// rest.
    public func hitTest(_ point: Point, translation: Point, viewport: Size) -> HitRegion {
        hitTest(point - translation, offset: 0, direction: .down, viewport: viewport)
    }

    /// By default the detents are the configured ones, whatever the window.
    public func detents(_ configured: [Detent], viewport: Size) -> [Detent] { configured }

    /// By default the presenter does not adapt to the window.
    public func presentationMode(viewport: Size) -> PresentationMode? { nil }

    /// By default the content never scales.
    public func contentScale(translation: Point) -> Double { 1 }
    /// By default nothing in the content is tappable.
    public func contentItem(
        at point: Point, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> String? { nil }

    /// By default nothing in the content takes the keyboard focus.
    public var focusableItemCount: Int { 0 }
    /// By default no item: an empty id (never asked while `focusableItemCount` is 0).
    public func focusableItem(at index: Int) -> String { "" }
    /// By default an item's title is its id.
    public func focusableItemTitle(at index: Int) -> String { focusableItem(at: index) }
    /// By default the presenter does not say where its items are.
    public func focusableItemFrame(
        at index: Int, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> Rect? { nil }
    /// By default no ring is drawn.
    public func showFocusRing(onItem index: Int?) {}
    /// By default no item is in a scrolling list.
    public func listExtent(ofFocusableItem index: Int) -> Range<Double>? { nil }

    /// How far the content travels to leave by each of the four edges.
    package func edgeDistances(viewport: Size) -> EdgeDistances {
        EdgeDistances(
            down: dismissDistance(direction: .down, viewport: viewport),
            up: dismissDistance(direction: .up, viewport: viewport),
            left: dismissDistance(direction: .left, viewport: viewport),
            right: dismissDistance(direction: .right, viewport: viewport))
    }

    /// By default the content is as tall as the distance that takes it off screen.
    public func contentExtent(direction: DismissDirection, viewport: Size) -> Double {
        dismissDistance(direction: direction, viewport: viewport)
    }
}

/// A presenter whose content holds a vertical list that the controller scrolls (the sheet).
///
/// The controller gives its state machine a scroll model of these lengths, starting at
/// `listOffset`, and draws `DismissState.scroll` through `update(_:for:direction:)`.
public protocol ScrollingPresenter: Presenter {
    /// Where the list starts scrolled to, in points (0: at its top).
    var listOffset: Double { get }
    /// The height of everything in the list, in points.
    var listContentHeight: Double { get }
    /// How much of the list shows at the top detent for `viewport`, in points.
    func listViewportHeight(viewport: Size) -> Double
    /// Which part of the content `point` lands on with it moved by `offset` along `direction`.
    func region(
        at point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> SheetRegion
    /// How long the list's viewport is wherever the content is (`ListViewport`).
    func listViewport(viewport: Size) -> ListViewport
    /// Which part of the content `point` lands on with it moved by `offset` along
    /// `direction` and the lowest resting detent at `lowestDetent`.
    func region(
        at point: Point, offset: Double, lowestDetent: Double, direction: DismissDirection,
        viewport: Size
    ) -> SheetRegion
}

extension ScrollingPresenter {
    /// By default the list's viewport is fixed at `listViewportHeight(viewport:)`.
    public func listViewport(viewport: Size) -> ListViewport {
        ListViewport(lengthAtTop: listViewportHeight(viewport: viewport), followsContent: false)
    }

    /// By default the lowest detent changes nothing: `region(at:offset:direction:viewport:)`.
    public func region(
        at point: Point, offset: Double, lowestDetent: Double, direction: DismissDirection,
        viewport: Size
    ) -> SheetRegion {
        region(at: point, offset: offset, direction: direction, viewport: viewport)
    }
}

extension Rect {
    /// What `point` lands on when this content frame is moved by `offset` along
    /// `direction`: the content inside it, the backdrop outside.
    public func hitRegion(
        of point: Point, offset: Double, direction: DismissDirection
    ) -> HitRegion {
        offsetBy(direction.unit * offset).contains(point) ? .content : .backdrop
    }

    /// How far this content frame, spanning the viewport's width, travels along `direction`
    /// to leave `viewport`: down to below the bottom edge, up by at most the viewport's
    /// height, sideways by its width (`.free`: down, its one-axis reading).
    public func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        switch direction {
        case .down, .free: viewport.height - minY
        case .up: min(maxY, viewport.height)
        case .left, .right: viewport.width
        }
    }
}
