import Foundation
import SwipeDismiss
import SwipeDismissNull
import SwipeDismissTestSupport
import XCTest

/// The code of the DocC article "Zooming a photo into its source"
/// (`Sources/SwipeDismiss/SwipeDismiss.docc/ZoomingIntoTheSource.md`), run as written: the
/// block between the markers must appear verbatim (common indentation removed) as a `swift`
/// block of the article.
final class ZoomDocSnippetTests: XCTestCase {
    func testTheArticlesExampleLandsOnThePagedThumbnail() throws {
        // snippet: zoom-into-source
        let clock = ManualClock()
        let photo = PhotoPresenter()
        var thumbnail = ZoomSource(
            frame: Rect(x: 20, y: 300, width: 120, height: 120), cornerRadius: 12)
        // Asked at presentation and again before each input and call: after the app pages to
        // another photo, the dismissal lands on that photo's thumbnail.
        photo.sourceProvider = { thumbnail }
        // iOS's interactiveDismissShouldBegin, as data: no drag starts on a strip along the top.
        photo.dragStartRule = DragStartRule(
            excludedRegions: [Rect(x: 0, y: 0, width: 390, height: 44)])
        let controller = DismissController(
            input: QueuedInputSource(), presenter: photo, renderer: NullRenderer(), clock: clock,
            configuration: .photo())

        thumbnail.frame.origin.x = 160  // the app paged to the next photo
        controller.dismiss()
        while controller.isAnimating {
            clock.advance(by: 1.0 / 60)
            try controller.step()
        }
        let landed = photo.drawnFrame(
            for: controller.state, viewport: Size(width: 390, height: 844))
        // landed.frame is (160, 300, 120, 120) and landed.cornerRadius is 12;
        // controller.state.phase is .dismissed and its alpha 0.
        // end snippet
        XCTAssertEqual(landed.frame.minX, 160, accuracy: 1e-9)
        XCTAssertEqual(landed.frame.minY, 300, accuracy: 1e-9)
        XCTAssertEqual(landed.frame.width, 120, accuracy: 1e-9)
        XCTAssertEqual(landed.frame.height, 120, accuracy: 1e-9)
        XCTAssertEqual(landed.cornerRadius, 12)
        XCTAssertEqual(controller.state.phase, .dismissed)
        XCTAssertEqual(controller.state.alpha, 0)
    }

    func testTheArticleShowsTheSnippetVerbatim() throws {
        let snippet = try ArticleSnippet(
            named: "zoom-into-source", in: #filePath,
            articlePath: "Sources/SwipeDismiss/SwipeDismiss.docc/ZoomingIntoTheSource.md")
        XCTAssertTrue(snippet.isInArticle, "the article's swift block differs:\n\(snippet.code)")
    }
}
