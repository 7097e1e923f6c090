import SwipeDismiss

/// A sheet height as swift-cross-ui's `PresentationDetent` names it, mapped onto the core's
/// `Detent`.
///
/// | swift-cross-ui | meaning there | `Detent.Position` here | `Detent.ID` |
/// |---|---|---|---|
/// | `.large` | nearly the whole window | `.height(fraction: 0.9)` (top edge 10 % down, as `SheetPresenter.large`) | `large` |
/// | `.medium` | half the window | `.height(fraction: 0.5)` at 500 pt of height or more, inactive below (as `SheetPresenter.medium`) | `medium` |
/// | `.fraction(f)` | the sheet covers `f` of the height | `.height(fraction: f)` (the same meaning) | `fraction-f` |
/// | `.height(h)` | the sheet is `h` points tall | `.pointsFromBottom(h)` | `height-h` |
///
/// A sheet never rises above `large`: a taller fraction or height rests there.
public enum PresentationDetent: Hashable, Sendable {
    /// Half the window.
    case medium
    /// Nearly the whole window.
    case large
    /// The sheet covers this fraction (0...1) of the window's height.
    case fraction(Double)
    /// The sheet is this many points tall.
    case height(Double)

    /// The core detent: its id and where its top edge rests.
    public var detent: Detent {
        switch self {
        case .large: return SheetPresenter.large
        case .medium: return SheetPresenter.medium
        case .fraction(let fraction):
            let f = fraction.isFinite ? min(1, max(0, fraction)) : 0.5
            return Detent(Detent.ID("fraction-\(f)"), position: .height(fraction: f))
        case .height(let height):
            let h = height.isFinite ? max(0, height) : 0
            return Detent(Detent.ID("height-\(h)"), position: .pointsFromBottom(h))
        }
    }
}

/// Whether a sheet shows its drag indicator (swift-cross-ui's `Visibility`).
public enum SheetVisibility: String, Hashable, Sendable, CaseIterable {
    /// The backend decides: shown when the sheet has more than one detent.
    case automatic
    /// Always shown.
    case visible
    /// Never shown.
    case hidden

    /// Whether the indicator shows for a sheet with `detentCount` detents.
    public func showsIndicator(detentCount: Int) -> Bool {
        switch self {
        case .automatic: detentCount > 1
        case .visible: true
        case .hidden: false
        }
    }
}

/// What `updateSheet` last said about a sheet: the parts of swift-cross-ui's
/// `updateSheet(_:window:environment:size:onDismiss:cornerRadius:detents:
/// dragIndicatorVisibility:backgroundColor:interactiveDismissDisabled:)` that the
/// interaction reads.
public struct SheetOptions {
    /// The proposed content size in points (width, height).
    public var size: SIMD2<Int> = SIMD2(390, 844)
    /// Called once each time the user dismisses the sheet (drag, flick, Escape, a tap on
    /// the backdrop, its Close button), not for `dismissSheet`.
    public var onDismiss: () -> Void = {}
    /// The top corners' radius, if the app sets one.
    public var cornerRadius: Double?
    /// The heights the sheet rests at; empty means `[.large]`.
    public var detents: [PresentationDetent] = [.large]
    /// Whether the drag indicator shows.
    public var dragIndicatorVisibility = SheetVisibility.automatic
    /// Whether the user may dismiss the sheet (drags, flicks, Escape, taps); `dismissSheet`
    /// always can.
    public var interactiveDismissDisabled = false

    /// Options with every default.
    public init() {}

    /// The core detents, top first as given (`[.large]` when none).
    public var coreDetents: [Detent] {
        (detents.isEmpty ? [PresentationDetent.large] : detents).map(\.detent)
    }

    /// `base` with these detents (presented at the first given; the core sorts them by
    /// height), the sheet's dim (0.3 at the first detent, linear to 0 off screen) and the
    /// nearest-detent release.
    public func configuration(base: DismissConfiguration = .fluid) -> DismissConfiguration {
        var configuration = DismissConfiguration.sheet(base)
        configuration.detents = coreDetents
        configuration.presentedDetent = coreDetents[0].id
        configuration.alphaCurve = .stops([
            AlphaStop(detent: coreDetents[0].id, alpha: 0.3),
            AlphaStop(detent: .dismissed, alpha: 0),
        ])
        return configuration
    }

    /// The dismissal policy: every reason but `.programmatic` refused while interactive
    /// dismissal is disabled.
    public func allowsDismissal(for reason: DismissReason) -> Bool {
        !interactiveDismissDisabled || reason == .programmatic
    }
}
