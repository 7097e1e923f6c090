import Foundation
import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The code of the "Sharing input with your app" article, compiled and run, and checked to
/// appear in the article verbatim (between the `snippet` markers, common indentation removed).
final class SharingInputDocSnippetTests: XCTestCase {
    func testSharingInputSnippetRuns() throws {
        // snippet: sharing-input
        let clock = ManualClock()
        let input = QueuedInputSource()
        let share = SheetPresenter(
            title: "Share",
            rows: [
                .init(id: "copy-link", title: "Copy link"), .init(id: "volume", title: "Volume"),
            ],
            drawsScreenBehind: false)
        let stack = SheetStackController(
            input: input, renderer: NullRenderer(), clock: clock,
            root: StackLevel(configuration: .sheet(), presenter: share), presented: false)
        // A host's keys: Escape dismisses the top sheet; Space and Enter stay the app's.
        stack.keyBindings = .standard
        stack.addObserver { event in
            guard case .contentTapped(let item, _) = event.event, item == "copy-link" else {
                return
            }
            share.rows[0].title = "Link copied"  // the same sheet, the same controller
            stack.setNeedsDisplay()  // and the host draws it on its next turn
        }

        // The app's own control: the Volume row's presses are the app's, never the sheet's.
        var volume = 50.0
        var sliderHeld = false
        func volumeRow() -> Rect {
            let offset = stack.state(ofLevel: 0)?.offset ?? 0
            let top = share.sheetFrame(viewport: stack.renderer.viewport).minY + offset
            return Rect(x: 0, y: top + 56 + 44, width: 390, height: 44)
        }
        func pointer(_ kind: InputEvent.Kind) {
            var point = Point(x: 0, y: 0)
            if case .down(let at) = kind { point = at }
            if case .move(let at) = kind { point = at }
            if case .up(let at) = kind { point = at }
            if case .down = kind, stack.depth == 1, volumeRow().contains(point) {
                sliderHeld = true
            }
            if sliderHeld {
                volume = min(1, max(0, (point.x - 16) / (390 - 32))) * 100
                if case .up = kind { sliderHeld = false }
                stack.setNeedsDisplay()
                return
            }
            input.enqueue(InputEvent(time: clock.now, kind: kind))  // everything else: the sheet's
        }

        stack.presentRoot()
        while stack.isAnimating {
            clock.advance(by: 1.0 / 60)
            try stack.step()
        }
        pointer(.down(Point(x: 195, y: 544)))
        pointer(.move(Point(x: 300, y: 800)))
        pointer(.up(Point(x: 300, y: 800)))
        try stack.step()
        // volume == 79.33 (x = 300), and the sheet never moved: stack.depth == 1
        pointer(.down(Point(x: 100, y: 500)))
        pointer(.up(Point(x: 100, y: 500)))
        try stack.step()
        // share.rows[0].title == "Link copied"
        // end snippet
        XCTAssertEqual(volume, 79.329609, accuracy: 1e-6)
        XCTAssertEqual(stack.depth, 1)
        XCTAssertEqual(stack.state(ofLevel: 0)?.phase, .presented)
        XCTAssertEqual(stack.state(ofLevel: 0)?.detent, .medium)
        XCTAssertEqual(share.rows[0].title, "Link copied")
    }

    func testTheArticleShowsTheSnippetVerbatim() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// snippet: sharing-input") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// end snippet") })
        let body = lines[(start + 1)..<end]
        let indent =
            body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let snippet = body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
            .joined(separator: "\n")
        let article = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Sources/SwipeDismiss/SwipeDismiss.docc/SharingInputWithYourApp.md")
        let markdown = try String(contentsOf: article, encoding: .utf8)
        XCTAssertTrue(markdown.contains("```swift\n" + snippet + "\n```"), snippet)
    }
}
