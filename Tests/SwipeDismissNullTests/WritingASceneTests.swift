import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

// The code of Sources/SwipeDismiss/SwipeDismiss.docc/WritingAScene.md, compiled and run; the
// article must show each snippet verbatim (`testTheArticleShowsTheSnippetsVerbatim`).

// snippet: banner-presenter
/// A 120 pt panel along the bottom edge over a plain white screen: a whole scene.
final class BannerPresenter: Presenter {
    static let height = 120.0

    func panelFrame(viewport: Size) -> Rect {
        Rect(x: 0, y: viewport.height - Self.height, width: viewport.width, height: Self.height)
    }

    func makeScene(viewport: Size) -> Scene {
        let screen = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        let panel = panelFrame(viewport: viewport)
        return Scene(
            size: viewport,
            layers: [
                Layer(role: .presenting, items: [.rect(screen, fill: .white)]),
                Layer(role: .backdrop, opacity: 0.3, items: [.rect(screen, fill: .black)]),
                Layer(
                    role: .content,
                    items: [
                        .roundedRect(panel, radius: 16, fill: Color(hex: 0x336699)),
                        .text(
                            "Saved", origin: Point(x: viewport.width / 2, y: panel.minY + 64),
                            fontSize: 20, color: .white, alignment: .center),
                    ]),
            ])
    }

    func update(_ scene: inout Scene, for state: DismissState, direction: DismissDirection) {
        for index in scene.layers.indices {
            switch scene.layers[index].role {
            case .backdrop:
                scene.layers[index].opacity = state.alpha
            case .content:
                scene.layers[index].transform = .translation(state.translation(along: direction))
                scene.layers[index].opacity = state.contentOpacity
            case .presenting, .decoration:
                break
            }
        }
    }

    func hitTest(
        _ point: Point, offset: Double, direction: DismissDirection, viewport: Size
    ) -> HitRegion {
        panelFrame(viewport: viewport).hitRegion(of: point, offset: offset, direction: direction)
    }

    func dismissDistance(direction: DismissDirection, viewport: Size) -> Double {
        panelFrame(viewport: viewport).dismissDistance(direction: direction, viewport: viewport)
    }
}
// end snippet

final class WritingASceneTests: XCTestCase {
    private func controller(
        input: QueuedInputSource, clock: ManualClock, renderer: NullRenderer
    ) throws -> DismissController {
        // snippet: banner-configuration
        var configuration = DismissConfiguration.fluid
        // The dim follows the share of the panel still on screen, 0.3 at rest.
        configuration.alphaCurve = .progress(rest: 0.3)
        // A 120 pt panel never travels 200 pt: rest or gone, whichever the flick is nearer.
        configuration.release = .nearestDetent(decelerationRate: 0.998)
        try configuration.validate()
        // end snippet
        return DismissController(
            input: input, presenter: BannerPresenter(), renderer: renderer, clock: clock,
            configuration: configuration)
    }

    func testTheBannerDimsByItsShareOnScreenAndLeavesPastHalfway() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer()
        let banner = try controller(input: input, clock: clock, renderer: renderer)
        XCTAssertEqual(banner.hitTest(Point(x: 195, y: 800)), .content)
        XCTAssertEqual(banner.hitTest(Point(x: 195, y: 500)), .backdrop)
        input.enqueue(InputEvent(time: 0, kind: .down(Point(x: 195, y: 780))))
        for step in 1...12 {
            input.enqueue(
                InputEvent(
                    time: Double(step) / 60, kind: .move(Point(x: 195, y: 780 + 5 * Double(step)))))
        }
        clock.set(to: 0.2)
        try banner.step()
        // 60 of 120 pt gone: half the dim.
        XCTAssertEqual(banner.state.offset, 60, accuracy: 1e-9)
        XCTAssertEqual(banner.state.alpha, 0.15, accuracy: 1e-12)
        XCTAssertEqual(renderer.frames.last?.alpha ?? 0, 0.15, accuracy: 1e-12)
        // Held at 70 pt (past half the panel) and let go: gone.
        input.enqueue(InputEvent(time: 0.3, kind: .move(Point(x: 195, y: 850))))
        input.enqueue(InputEvent(time: 0.6, kind: .up(Point(x: 195, y: 850))))
        try banner.stepFrames(on: clock, until: 2)
        XCTAssertEqual(banner.state.phase, .dismissed)
    }

    func testTheArticleShowsTheSnippetsVerbatim() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let article = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Sources/SwipeDismiss/SwipeDismiss.docc/WritingAScene.md")
        let markdown = try String(contentsOf: article, encoding: .utf8)
        for name in ["banner-presenter", "banner-configuration"] {
            guard let start = source.range(of: "// snippet: \(name)\n"),
                let end = source.range(
                    of: "// end snippet", range: start.upperBound..<source.endIndex)
            else { return XCTFail("no snippet \(name)") }
            let lines = source[start.upperBound..<end.lowerBound].split(
                separator: "\n", omittingEmptySubsequences: false
            ).dropLast()
            let indent =
                lines.filter { !$0.allSatisfy(\.isWhitespace) }
                .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
            let code = lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                .joined(separator: "\n")
            XCTAssertTrue(
                markdown.contains("```swift\n\(code)\n```"),
                "WritingAScene.md lacks snippet \(name)")
        }
    }
}
