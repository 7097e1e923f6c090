/// The default scene: a presenting screen, the dim backdrop, and a draggable card with a
/// swipe button, as in the seed post.
///
/// The presenting screen keeps a plain white band across its top 24 pt with nothing on it
/// but the backdrop, so the backdrop's alpha reads straight from pixels there
/// (grey `(1 - alpha) * 255`). The card covers the viewport's centre.
public final class CardPresenter: Presenter {
    /// Height of the white band at the top of the presenting screen, in points.
    public static let bandHeight = 24.0
    /// Where the card's top edge sits, as a fraction of the viewport height.
    public let cardTopFraction: Double
    /// The headline on the card.
    package let title: String
    /// The label on the card's swipe button.
    package let buttonTitle: String
    /// The line under the headline.
    package let subtitle: String
    /// What the screen says once the card is gone, to bring it back.
    package let presentAgainHint: String
    /// Whether the scene draws a screen behind the backdrop (the bundled "Inbox"); false
    /// leaves the `.presenting` layer empty, for a host that draws its own screen first.
    package let drawsScreenBehind: Bool

    /// The id `contentItem(at:state:direction:viewport:)` gives the card's button.
    public static let buttonItem = "button"

    /// A card with its top edge at `cardTopFraction` of the viewport, a headline, a button
    /// and the lines around them, over the bundled screen (or none).
    public init(
        cardTopFraction: Double = 0.42, title: String = "Swipe down to dismiss",
        buttonTitle: String = "Swipe", subtitle: String = "Let go early and it springs back.",
        presentAgainHint: String = "Click or press Space to present again",
        drawsScreenBehind: Bool = true
    ) {
        self.cardTopFraction = cardTopFraction
        self.title = title
        self.buttonTitle = buttonTitle
        self.subtitle = subtitle
        self.presentAgainHint = presentAgainHint
        self.drawsScreenBehind = drawsScreenBehind
    }

    /// The tallest extent the screen's rows and the card's lines are laid out over, in
    /// points: no window is taller (`PixelLimit.maximumSide` at a scale of 1).
    package static let maximumDrawnHeight = Double(PixelLimit.maximumSide)

    /// The card's button frame at rest for `viewport`.
    package func buttonFrame(viewport: Size) -> Rect {
        let card = cardFrame(viewport: viewport)
        return Rect(x: viewport.width / 2 - 80, y: card.minY + 110, width: 160, height: 44)
    }

    /// The card's frame at rest for `viewport`.
    package func cardFrame(viewport: Size) -> Rect {
        let top = max(Self.bandHeight + 8, (viewport.height * cardTopFraction).rounded())
        // The card runs past the bottom edge so its lower corners never show.
        return Rect(x: 0, y: top, width: viewport.width, height: viewport.height - top + 24)
    }

    /// Lays out the presenting screen, backdrop and card for `viewport`.
    public func makeScene(viewport: Size) -> Scene {
        let width = viewport.width
        let band = Self.bandHeight
        var screen: [Item] = [
            .rect(
                Rect(x: 0, y: 0, width: width, height: viewport.height), fill: Color(hex: 0xF2F2F7)),
            .rect(Rect(x: 0, y: 0, width: width, height: band), fill: .white),
            .text(
                "Inbox", origin: Point(x: 20, y: band + 44), fontSize: 30,
                color: Color(hex: 0x1C1C1E), alignment: .leading),
        ]
        // Rows and lines fill what a window can show, and no more: a host API viewport of
        // 1e9 pt would otherwise build 17 million rows (4 GB).
        let drawnHeight = min(viewport.height, Self.maximumDrawnHeight)
        var rowY = band + 68
        while rowY + 56 <= drawnHeight - 44 {
            screen.append(
                .roundedRect(
                    Rect(x: 16, y: rowY, width: max(0, width - 32), height: 48), radius: 10,
                    fill: .white))
            screen.append(
                .roundedRect(
                    Rect(x: 28, y: rowY + 12, width: max(0, width * 0.45), height: 10), radius: 5,
                    fill: Color(hex: 0xC7C7CC)))
            screen.append(
                .roundedRect(
                    Rect(x: 28, y: rowY + 28, width: max(0, width * 0.3), height: 8), radius: 4,
                    fill: Color(hex: 0xE5E5EA)))
            rowY += 58
        }

        let card = cardFrame(viewport: viewport)
        let middle = width / 2
        var content: [Item] = [
            .roundedRect(card, radius: 16, fill: .white),
            .roundedRect(
                Rect(x: middle - 18, y: card.minY + 8, width: 36, height: 5), radius: 2.5,
                fill: Color(hex: 0xC7C7CC)),
            .text(
                title, origin: Point(x: middle, y: card.minY + 56), fontSize: 20,
                color: Color(hex: 0x1C1C1E), alignment: .center),
            .text(
                subtitle, origin: Point(x: middle, y: card.minY + 84),
                fontSize: 14, color: Color(hex: 0x8E8E93), alignment: .center),
            .roundedRect(buttonFrame(viewport: viewport), radius: 12, fill: Color(hex: 0x007AFF)),
            .text(
                buttonTitle, origin: Point(x: middle, y: card.minY + 138), fontSize: 17,
                color: .white, alignment: .center),
        ]
        var lineY = card.minY + 186
        while lineY + 12 <= drawnHeight - 16 {
            content.append(
                .roundedRect(
                    Rect(x: 24, y: lineY, width: max(0, width - 48), height: 10), radius: 5,
                    fill: Color(hex: 0xE5E5EA)))
            lineY += 26
        }

        return Scene(
            size: viewport,
            layers: [
                Layer(role: .presenting, items: drawsScreenBehind ? screen : []),
                Layer(
                    role: .backdrop, opacity: 0,
                    items: [
                        .rect(
                            Rect(x: 0, y: 0, width: width, height: viewport.height), fill: .black)
                    ]),
                Layer(role: .content, items: content),
                // Shown only once the modal is gone, so a person knows how to bring it back.
                Layer(
                    role: .decoration, opacity: 0,
                    items: [
                        .text(
                            presentAgainHint,
                            origin: Point(x: middle, y: viewport.height - 28), fontSize: 15,
                            color: Color(hex: 0x3C3C43), alignment: .center)
                    ]),
            ])
    }

    /// Moves the card by the state's translation and sets the backdrop's alpha.
    public func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        let move = Transform.translation(state.translation(along: direction))
        scene.pose(for: state) { $0.transform = move }
    }

    /// The card inside its frame, the backdrop outside.
    public func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        cardFrame(viewport: viewport).hitRegion(of: point, offset: offset, direction: direction)
    }

    /// The button (`CardPresenter.buttonItem`) where the moved card has it, else nil.
    public func contentItem(
        at point: Point, state: DismissState, direction: DismissDirection, viewport: Size
    ) -> String? {
        let button = buttonFrame(viewport: viewport).offsetBy(state.translation(along: direction))
        return button.contains(point) ? Self.buttonItem : nil
    }

    /// How far the card travels to leave the viewport.
    public func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        cardFrame(viewport: viewport).dismissDistance(direction: direction, viewport: viewport)
    }
}
