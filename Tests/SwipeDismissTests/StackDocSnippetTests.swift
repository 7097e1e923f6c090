import Foundation
import SwipeDismiss
import SwipeDismissNull
import XCTest

/// The code of the "Stacking sheets" article, compiled and run, and checked to appear in
/// the article verbatim (between the `snippet` markers, common indentation removed).
final class StackDocSnippetTests: XCTestCase {
    func testStackingSheetsSnippetRuns() throws {
        // snippet: stacking-sheets
        let clock = ManualClock()
        let stack = SheetStackController(
            input: QueuedInputSource(), renderer: NullRenderer(), clock: clock,
            root: StackLevel(configuration: .sheet(), presenter: SheetPresenter(title: "Inbox")))
        var log: [String] = []
        stack.addObserver { event in
            if case .didDismiss = event.event { log.append("level \(event.level) dismissed") }
        }
        func runUntilAtRest() throws {
            while stack.isAnimating {
                clock.advance(by: 1.0 / 60)
                try stack.step()
            }
        }

        var details = DismissConfiguration.sheet()
        details.presentedDetent = .large
        let level = StackLevel(
            configuration: details, presenter: SheetPresenter(title: "Details"),
            shouldDismiss: { reason in reason != .tap })
        stack.present(level) { log.append("details shown") }
        try runUntilAtRest()
        // stack.depth == 2, and the root recedes: stack.state.parentScale == 0.94
        stack.dismiss(level: 0)  // the details sheet goes first, then the root
        try runUntilAtRest()
        // log: details shown, level 1 dismissed, level 0 dismissed
        // end snippet
        XCTAssertEqual(log, ["details shown", "level 1 dismissed", "level 0 dismissed"])
        XCTAssertEqual(stack.depth, 0)
    }

    func testTheArticleShowsTheSnippetVerbatim() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// snippet: stacking-sheets") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// end snippet") })
        let body = lines[(start + 1)..<end]
        let indent =
            body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let snippet = body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
            .joined(separator: "\n")
        let article = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Sources/SwipeDismiss/SwipeDismiss.docc/StackingSheets.md")
        let markdown = try String(contentsOf: article, encoding: .utf8)
        XCTAssertTrue(markdown.contains("```swift\n" + snippet + "\n```"), snippet)
    }
}
