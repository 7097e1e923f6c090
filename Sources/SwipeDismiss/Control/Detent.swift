/// A named resting position of the content.
///
/// Positions are written for `.down` (the content rises from the bottom edge and leaves by
/// it); for other directions read "top" as the edge the content moves away from when it
/// leaves. Each position resolves to a *visible extent*: how far the content's leading edge
/// sits from the edge it leaves by.
public struct Detent: Hashable, Sendable, Identifiable {
    /// A detent's identifier: what configurations, `DismissState.detent`, `move(to:)` and
    /// `DismissEvent.detentChanged` name it by. Write it as a string literal (`"peek"`) or
    /// use `.large`, `.medium` and `.dismissed`.
    public struct ID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The identifier's text, as traces and `samples.csv` print it.
        public var rawValue: String

        /// The identifier spelled `rawValue`.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The identifier spelled by a string literal.
        public init(stringLiteral value: String) {
            rawValue = value
        }

        /// The identifier's text.
        public var description: String { rawValue }

        /// The sheet's tall detent (`SheetPresenter.large`).
        public static let large: ID = "large"
        /// The sheet's half-height detent (`SheetPresenter.medium`), where it presents.
        public static let medium: ID = "medium"
        /// Off screen: always the position past the last resting detent.
        public static let dismissed: ID = "dismissed"
        /// The card's one detent (`Detent.open`).
        public static let open: ID = "open"
    }

    /// How a detent's position is given.
    public enum Position: Hashable, Sendable {
        /// The content covers this fraction of the viewport's height (0.9: its top edge 10 %
        /// down), as SwiftUI's `.fraction` and `PresentationDetent.fraction` mean it.
        case height(fraction: Double)
        /// The content's top edge at this fraction of the viewport from the top
        /// (0.1: the top edge 10 % down, 90 % of the viewport covered).
        @available(
            *, deprecated,
            message:
                "the top edge's place, not the height: use .height(fraction: 1 - x) (the fraction covered, as SwiftUI and PresentationDetent mean it)"
        )
        case fraction(Double)
        /// The content's top edge this many points below the viewport's top edge.
        case pointsFromTop(Double)
        /// The content's top edge this many points above the viewport's bottom edge.
        case pointsFromBottom(Double)
        /// Just tall enough for the content, as the presenter reports it
        /// (`Presenter.contentExtent`).
        case fitsContent
        /// Wherever `resolver` says for the context (`DetentContext`); inactive while it
        /// says nil. A layout without a context (the low-level initializer) resolves it with
        /// one made of its extents.
        case custom(DetentResolver)
    }

    /// What observers, `DismissState.detent` and `move(to:)` call this detent.
    public var id: ID
    /// Where the content's top edge rests at this detent.
    public var position: Position

    /// A detent identified by `id` at `position`.
    public init(_ id: ID, position: Position) {
        self.id = id
        self.position = position
    }

    /// A detent called `name` at `position`.
    public init(name: String, position: Position) {
        self.init(ID(name), position: position)
    }

    /// The identifier's text.
    public var name: String {
        get { id.rawValue }
        set { id = ID(newValue) }
    }

    /// The name of the off-screen position, always the last detent.
    package static let dismissedName = ID.dismissed.rawValue

    /// The card's one detent: the content where the presenter lays it out.
    public static let open = Detent(name: "open", position: .fitsContent)

    /// How much of the viewport's `extent` the content covers at this detent.
    package func visibleExtent(viewportExtent extent: Double, contentExtent: Double) -> Double {
        visibleExtent(viewportExtent: extent, contentExtent: contentExtent, context: nil) ?? 0
    }

    /// How much of the viewport's `extent` the content covers at this detent in `context`
    /// (a `.custom` position asks its resolver); nil while the detent is inactive.
    package func visibleExtent(
        viewportExtent extent: Double, contentExtent: Double, context: DetentContext?
    ) -> Double? {
        var position = position
        if case .custom(let resolver) = position {
            let asked =
                context
                ?? DetentContext(
                    viewport: Size(width: 0, height: extent), safeInsets: .zero,
                    contentHeight: contentExtent)
            guard let resolved = resolver.resolve(asked) else { return nil }
            if case .custom = resolved { return nil }
            position = resolved
        }
        let visible: Double
        switch position {
        case .height(let fraction): visible = extent * fraction
        case .fraction(let fraction): visible = extent * (1 - fraction)
        case .pointsFromTop(let points): visible = extent - points
        case .pointsFromBottom(let points): visible = points
        case .fitsContent: visible = contentExtent
        case .custom: visible = 0
        }
        return visible.isNaN ? 0 : min(extent, max(0, visible))
    }
}

/// Detents resolved for one viewport: offsets along the dismiss direction, top first.
///
/// Offset 0 is where the presenter lays the content out; `distance` (the presenter's
/// dismiss distance) takes it off screen. A detent covering the viewport by `e` points sits
/// at offset `distance - e`. Index `count` stands for `dismissed`.
public struct DetentLayout: Hashable, Sendable {
    /// Names of the resting detents, in offset order (top first).
    package private(set) var names: [String]
    /// Offsets of the resting detents, ascending.
    package private(set) var offsets: [Double]
    /// The offset at which the content is fully off screen.
    package let distance: Double
    /// How far the content travels to leave by each edge (what a `.free` release reads);
    /// `distance` for every edge unless given.
    package let edges: EdgeDistances
    /// The presentation mode the layout was made for (`PresentationMode`), when the
    /// presenter adapts to the window; nil otherwise.
    package let mode: PresentationMode?
    /// Each inactive detent's stand-in: the nearest active detent above it (in the
    /// configured order; the top one when none is above).
    package private(set) var standIns: [String: String] = [:]

    /// Resolves `detents` (an empty list means `[.open]`); `context` is what a `.custom`
    /// detent's resolver reads, and a detent it makes inactive is left out (its stand-in is
    /// the nearest active detent above it).
    package init(
        detents: [Detent], viewportExtent: Double, contentExtent: Double, distance: Double,
        edges: EdgeDistances? = nil, context: DetentContext? = nil, mode: PresentationMode? = nil
    ) {
        let list = detents.isEmpty ? [Detent.open] : detents
        let safeDistance = distance.isFinite ? max(0, distance) : 0
        var resolved: [(String, Double)] = []
        var inactive: [(name: String, standIn: String?)] = []
        for detent in list {
            guard
                let visible = detent.visibleExtent(
                    viewportExtent: viewportExtent, contentExtent: contentExtent, context: context)
            else {
                inactive.append((detent.name, resolved.last?.0))
                continue
            }
            resolved.append((detent.name, min(safeDistance, max(0, safeDistance - visible))))
        }
        if resolved.isEmpty {
            // Every detent inactive: the first stays, so the content still has a rest.
            resolved.append((list[0].name, 0))
            inactive.removeFirst()
        }
        self.mode = mode
        // Stable: detents at the same offset keep the configured order.
        let sorted = resolved.enumerated().sorted {
            $0.element.1 != $1.element.1 ? $0.element.1 < $1.element.1 : $0.offset < $1.offset
        }
        names = sorted.map(\.element.0)
        offsets = sorted.map(\.element.1)
        self.distance = safeDistance
        self.edges = edges ?? EdgeDistances(all: safeDistance)
        for entry in inactive {
            standIns[entry.name] = entry.standIn ?? names[0]
        }
    }

    /// The index of detent `id`, or of its stand-in while it is inactive (`.dismissed`
    /// gives `count`); nil for a detent the configuration lacks.
    package func activeIndex(of id: Detent.ID) -> Int? {
        if let index = index(of: id) { return index }
        return standIns[id.rawValue].flatMap { index(named: $0) }
    }

    /// The number of resting detents (`dismissed` not counted).
    package var count: Int { offsets.count }
    /// The top detent's offset.
    package var top: Double { offsets.isEmpty ? 0 : offsets[0] }
    /// The lowest resting detent's offset: the last stop before `dismissed`.
    package var lowest: Double { offsets.isEmpty ? 0 : offsets[offsets.count - 1] }

    /// The offset of detent `index`; `count` (or more) is `dismissed`.
    package func offset(of index: Int) -> Double {
        index >= 0 && index < offsets.count ? offsets[index] : distance
    }

    /// The name of detent `index`; `count` (or more) is `dismissed`.
    package func name(of index: Int) -> String {
        index >= 0 && index < names.count ? names[index] : Detent.dismissedName
    }

    /// The identifier of detent `index`; `count` (or more) is `.dismissed`.
    package func id(of index: Int) -> Detent.ID {
        Detent.ID(name(of: index))
    }

    /// The index of the detent called `name` (`dismissed` gives `count`), if any.
    package func index(named name: String) -> Int? {
        for index in names.indices where names[index] == name { return index }
        return name == Detent.dismissedName ? count : nil
    }

    /// The index of the detent `id` (`.dismissed` gives `count`), if any.
    package func index(of id: Detent.ID) -> Int? {
        index(named: id.rawValue)
    }

    /// The detent nearest to `position`; ties go to the one nearer the top.
    package func nearest(to position: Double, includingDismissed: Bool) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        let last = includingDismissed ? count : count - 1
        for index in 0...max(0, last) {
            let gap = abs(offset(of: index) - position)
            if gap < bestDistance {
                best = index
                bestDistance = gap
            }
        }
        return best
    }
}

/// How far content at rest travels to leave the viewport by each edge, in points: what a
/// `.free` (2-D) dismissal needs to know where "off screen" is along any line.
package struct EdgeDistances: Hashable, Sendable {
    /// The same `distance` by every edge: what a layout without the presenter's edges reads.
    package init(all distance: Double) {
        self.init(down: distance, up: distance, left: distance, right: distance)
    }

    /// Down, to leave by the bottom edge.
    package var down: Double
    /// Up, to leave by the top edge.
    package var up: Double
    /// Left, to leave by the left edge.
    package var left: Double
    /// Right, to leave by the right edge.
    package var right: Double

    /// The four distances (a non-finite or negative one counts as 0).
    package init(down: Double, up: Double, left: Double, right: Double) {
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        self.down = clean(down)
        self.up = clean(up)
        self.left = clean(left)
        self.right = clean(right)
    }

    /// How far content translated by `start` still travels along the unit vector `unit`
    /// until it is off screen: it leaves as soon as one axis's translation reaches that
    /// side's distance, so the answer is the smallest of the per-axis travels (0 for a zero
    /// `unit`, or content already past an edge it heads to).
    package func exit(from start: Point = .zero, along unit: Point) -> Double {
        var best = Double.infinity
        if abs(unit.x) > 1e-12 {
            let edge = unit.x > 0 ? right - start.x : left + start.x
            best = min(best, max(0, edge) / abs(unit.x))
        }
        if abs(unit.y) > 1e-12 {
            let edge = unit.y > 0 ? down - start.y : up + start.y
            best = min(best, max(0, edge) / abs(unit.y))
        }
        return best.isFinite ? best : 0
    }
}
