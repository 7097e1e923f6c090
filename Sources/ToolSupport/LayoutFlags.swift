import SwipeDismiss

/// `--layout overlay|resize`, `--footer` and `--content-interaction hand-off|scrolls` (DESIGN
/// §4c "Detent-sized layout"; the `sheet` and `stack` scenes leaving downwards; both tools and
/// the demos): how the sheet's content fits it, its "Done" bar, and what a drag on its list
/// does.
public struct LayoutFlags: Equatable, Sendable {
    /// The flags as written.
    public static let layoutFlag = "--layout"
    /// `--footer`: the 56 pt bar with "Done".
    public static let footerFlag = "--footer"
    /// `--content-interaction`.
    public static let interactionFlag = "--content-interaction"
    /// The three flags as `FlagParser` takes them.
    public static let flags: [Flag] = [
        .value(layoutFlag), .toggle(footerFlag), .value(interactionFlag),
    ]
    /// The columns `samples.csv` gains when one of the flags is given, after the others.
    public static let samplesColumns = "visible_h,footer_y,scroll_max"

    /// `--layout`: `.overlay` unless given.
    public var layout = SheetLayout.overlay
    /// `--footer`.
    public var footer = false
    /// `--content-interaction`: `.handOff` unless given.
    public var contentInteraction = ContentInteraction.handOff
    /// Whether any of the three flags was given (then `samples.csv` has their columns).
    public var isGiven = false

    /// No flag given: today's sheet.
    public init() {}

    /// Reads the three flags for `scene` leaving along `direction`; refuses an unknown value,
    /// and any of them outside the `sheet` and `stack` scenes or with a direction other than
    /// down, naming the flag.
    public static func parse(
        _ flags: ParsedFlags, scene: SceneChoice, direction: DismissDirection
    ) throws(FlagError) -> LayoutFlags {
        var parsed = LayoutFlags()
        if let layout = try flags.choice(layoutFlag, as: SheetLayout.self) {
            parsed.layout = layout
        }
        parsed.footer = flags.isSet(footerFlag)
        if let interaction = try flags.choice(interactionFlag, as: ContentInteraction.self) {
            parsed.contentInteraction = interaction
        }
        let given = [layoutFlag, footerFlag, interactionFlag].filter { flags.isSet($0) }
        parsed.isGiven = !given.isEmpty
        guard let first = given.first else { return parsed }
        if !scene.namesDetents {
            throw FlagError(
                flag: first,
                reason: .invalidValue(
                    flags.string(first) ?? first,
                    expected: "it only with --scene sheet or --scene stack (got --scene "
                        + "\(scene.rawValue))"))
        }
        if direction != .down {
            throw FlagError(
                flag: first,
                reason: .invalidValue(
                    flags.string(first) ?? first,
                    expected: "it only with --direction down (the list and the footer lie "
                        + "along the sheet's height; got --direction \(direction.rawValue))"))
        }
        return parsed
    }

    /// The footer the flags ask for, if any.
    public var sheetFooter: SheetFooter? { footer ? SheetFooter() : nil }

    /// Sets `presenter`'s layout and footer (a sheet; other presenters are left alone).
    public func apply(to presenter: Presenter) {
        guard let sheet = presenter as? SheetPresenter else { return }
        sheet.layout = layout
        sheet.footer = sheetFooter
    }

    /// `configuration` with the content interaction set.
    public func applied(to configuration: DismissConfiguration) -> DismissConfiguration {
        var changed = configuration
        changed.contentInteraction = contentInteraction
        return changed
    }

    /// `visible_h`, `footer_y` (empty without a footer) and `scroll_max` of `state` as
    /// `samples.csv` prints them, for `presenter` (a sheet; empty fields for any other) in
    /// `viewport`.
    public static func samplesFields(
        _ state: DismissState, presenter: Presenter?, viewport: Size
    ) -> String {
        guard let sheet = presenter as? SheetPresenter else { return ",," }
        var text = NumberText.fixed(sheet.visibleHeight(for: state, viewport: viewport), digits: 4)
        text += ","
        if let top = sheet.footerTop(for: state, viewport: viewport) {
            text += NumberText.fixed(top, digits: 4)
        }
        text += ","
        text += NumberText.fixed(sheet.maxListOffset(for: state, viewport: viewport), digits: 4)
        return text
    }
}
