/// The space a window keeps clear at its edges (a notch, a panel, an on-screen keyboard), in
/// points.
public struct SafeInsets: Hashable, Sendable {
    /// Kept clear at the top edge.
    public var top: Double
    /// Kept clear at the bottom edge.
    public var bottom: Double
    /// Kept clear at the left edge.
    public var left: Double
    /// Kept clear at the right edge.
    public var right: Double

    /// Insets of the given sizes (each 0 unless given).
    public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    /// No insets.
    public static let zero = SafeInsets()
}

/// What a detent resolver reads: the window, its safe insets, the content's natural height
/// and the text scale when the host knows it (UIKit's
/// `UISheetPresentationControllerDetentResolutionContext`, SwiftUI's `PresentationDetent
/// .Context`).
public struct DetentContext: Hashable, Sendable {
    /// The window's size in points.
    public var viewport: Size
    /// The window's safe insets.
    public var safeInsets: SafeInsets
    /// The content's own height (`Presenter.contentExtent`), in points.
    public var contentHeight: Double
    /// The text scale the user chose (1: the default), when the host knows it.
    public var textScale: Double?
}

/// A detent whose position depends on the context: a closure from `DetentContext` to a
/// position, or nil while the detent is inactive (UIKit's `custom(identifier:resolver:)`).
///
/// Resolvers compare by `name`: two resolvers with the same name are the same rule (a
/// configuration stays `Hashable`). A resolver runs each time the layout is resolved (on
/// every resize and every `invalidateDetents`), never during a frame; it must not return
/// another `.custom` position (that counts as inactive).
public struct DetentResolver: Hashable, Sendable {
    /// The rule's name: what equality and hashing read.
    public let name: String
    /// The rule itself.
    package let resolve: @Sendable (DetentContext) -> Detent.Position?

    /// A rule called `name` that places the detent where `resolve` says (nil: inactive).
    public init(name: String, resolve: @escaping @Sendable (DetentContext) -> Detent.Position?) {
        self.name = name
        self.resolve = resolve
    }

    /// Whether both are the rule named alike.
    public static func == (lhs: DetentResolver, rhs: DetentResolver) -> Bool {
        lhs.name == rhs.name
    }

    /// Hashes the rule's name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// A rule that is never active: what a presenter gives the detents a mode leaves out.
    public static let inactive = DetentResolver(name: "inactive") { _ in nil }

    /// The height below which the sheet scene's `medium` is inactive: 500 pt.
    package static let mediumMinimumHeight = 500.0

    /// The sheet scene's `medium`: its top halfway down while the window is at least 500 pt
    /// tall, inactive below (UIKit's `.medium` at compact height).
    public static let sheetMedium = DetentResolver(name: "sheet.medium") { context in
        context.viewport.height >= mediumMinimumHeight ? .height(fraction: 0.5) : nil
    }
}
