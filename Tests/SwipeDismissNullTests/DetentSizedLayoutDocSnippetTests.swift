import Foundation
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// The code of the DocC article "Sizing a sheet's content to its detent"
/// (`Sources/SwipeDismiss/SwipeDismiss.docc/DetentSizedLayout.md`), run as written: the block
/// between the markers must appear verbatim (common indentation removed) as a `swift` block
/// of the article.
final class DetentSizedLayoutDocSnippetTests: XCTestCase {
    func testTheArticlesExampleGivesItsNumbersAndDoneDismisses() throws {
        // snippet: detent-sized-layout
        let clock = ManualClock()
        let input = QueuedInputSource()
        let sheet = SheetPresenter(title: "Share", layout: .resize, footer: SheetFooter())
        var configuration = DismissConfiguration.sheet()
        configuration.contentInteraction = .scrolls
        let controller = DismissController(
            input: input, presenter: sheet, renderer: NullRenderer(), clock: clock,
            configuration: configuration)
        let window = Size(width: 390, height: 844)

        // At `medium` the list shows the sheet's visible part less its header and footer.
        let visible = sheet.visibleHeight(for: controller.state, viewport: window)  // 422
        let footerTop = sheet.footerTop(for: controller.state, viewport: window)  // 788
        let largest = sheet.maxListOffset(for: controller.state, viewport: window)  // 2330

        // A tap on "Done" dismisses, through the app's veto (there is none here).
        input.enqueue(InputEvent(time: 0.1, kind: .down(Point(x: 195, y: 816))))
        input.enqueue(InputEvent(time: 0.15, kind: .up(Point(x: 195, y: 816))))
        repeat {
            clock.advance(by: 1.0 / 60)
            try controller.step()
        } while controller.isAnimating || clock.now < 0.2
        // controller.state.phase is .dismissed
        // end snippet
        XCTAssertEqual(visible, 422, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(footerTop), 788, accuracy: 1e-9)
        XCTAssertEqual(largest, 2330, accuracy: 1e-9)
        XCTAssertEqual(controller.state.phase, .dismissed)
    }

    func testTheArticleShowsTheSnippetVerbatim() throws {
        let snippet = try ArticleSnippet(
            named: "detent-sized-layout", in: #filePath,
            articlePath: "Sources/SwipeDismiss/SwipeDismiss.docc/DetentSizedLayout.md")
        XCTAssertTrue(snippet.isInArticle, "the article's swift block differs:\n\(snippet.code)")
    }
}
