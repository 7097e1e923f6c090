import Foundation
import SwipeDismiss
import SwipeDismissNull
import XCTest

// The code of the DocC articles in Sources/SwipeDismiss/SwipeDismiss.docc, compiled and run.
// Each snippet sits between a `// snippet: NAME` line and an `// end snippet` line and must
// appear verbatim (common indentation removed) as a `swift` code block in its article:
// `testEveryArticleShowsItsSnippetVerbatim` checks that, so the articles cannot drift from code
// that compiles.

// snippet: greyscale-renderer
/// Draws a scene's rectangles into a coarse greyscale grid: one cell per `columns × rows`
/// share of the viewport, sampled at the cell's centre. Text is not drawn.
final class GreyscaleRenderer: Renderer {
    let viewport: Size
    let scale = 1.0
    let columns: Int
    let rows: Int
    /// Luminance of each cell, row by row: 0 is black, 1 is white.
    private(set) var cells: [Double]
    private(set) var framesRendered = 0

    init(viewport: Size, columns: Int, rows: Int) {
        self.viewport = viewport
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    func render(_ scene: Scene, state: DismissState) throws {
        // Reuse the grid: a steady frame must not allocate.
        for index in cells.indices { cells[index] = 0 }
        for layer in scene.layers where layer.opacity > 0 {
            for item in layer.items {
                switch item {
                case .rect(let rect, let color), .roundedRect(let rect, _, let color):
                    fill(rect, through: layer.transform, color: color, opacity: layer.opacity)
                case .text, .image:
                    break
                }
            }
        }
        framesRendered += 1
    }

    /// The luminance of the cell under `point` (viewport points), if it is in the viewport.
    func luminance(at point: Point) -> Double? {
        let column = cellIndex(point.x / viewport.width * Double(columns), count: columns)
        let row = cellIndex(point.y / viewport.height * Double(rows), count: rows)
        guard let column, let row else { return nil }
        return cells[row * columns + column]
    }

    private func fill(_ rect: Rect, through transform: Transform, color: Color, opacity: Double) {
        // Layers are translated (and possibly scaled), so the corners give the drawn box.
        let p = transform.apply(to: Point(x: rect.minX, y: rect.minY))
        let q = transform.apply(to: Point(x: rect.maxX, y: rect.maxY))
        let alpha = min(1, max(0, color.alpha * opacity))
        let value = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
        let cellWidth = viewport.width / Double(columns)
        let cellHeight = viewport.height / Double(rows)
        let xs = centres(from: min(p.x, q.x), to: max(p.x, q.x), cell: cellWidth, count: columns)
        let ys = centres(from: min(p.y, q.y), to: max(p.y, q.y), cell: cellHeight, count: rows)
        for row in ys {
            for column in xs {
                let index = row * columns + column
                cells[index] = cells[index] * (1 - alpha) + value * alpha
            }
        }
    }

    /// The cells whose centres lie in `from..<to`, clamped to the grid.
    private func centres(from: Double, to: Double, cell: Double, count: Int) -> Range<Int> {
        let first = clamp((from / cell - 0.5).rounded(.up), to: count)
        let end = clamp((to / cell - 0.5).rounded(.up), to: count)
        return first..<max(first, end)
    }

    /// `value` clamped to `0...count` (NaN counts as 0), so converting it cannot trap.
    private func clamp(_ value: Double, to count: Int) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(Double(count), max(0, value)))
    }

    private func cellIndex(_ position: Double, count: Int) -> Int? {
        guard position.isFinite, position >= 0, position < Double(count) else { return nil }
        return Int(position)
    }
}
// end snippet

// snippet: flick-source
/// A synthetic flick straight down: a press at `start`, a move every `1 / rate` seconds at
/// `speed` points per second until `distance` points, then a release where it stopped.
final class FlickInputSource: InputSource {
    private var planned: [InputEvent] = []
    private var next = 0

    /// Nil unless `speed`, `distance` and `rate` are positive and finite, and `startTime`
    /// and `start` are finite: the plan would otherwise never end or never start.
    init?(start: Point, startTime: Double, speed: Double, distance: Double, rate: Double = 120) {
        guard start.isFinite, startTime.isFinite, speed.isFinite, speed > 0,
            distance.isFinite, distance > 0, rate.isFinite, rate > 0
        else { return nil }
        planned.append(InputEvent(time: startTime, kind: .down(start)))
        var step = 0.0
        var travelled = 0.0
        while travelled < distance {
            step += 1
            travelled = min(distance, speed * step / rate)
            let point = Point(x: start.x, y: start.y + travelled)
            planned.append(InputEvent(time: startTime + step / rate, kind: .move(point)))
        }
        let end = Point(x: start.x, y: start.y + travelled)
        planned.append(InputEvent(time: startTime + step / rate, kind: .up(end)))
    }

    func events(upTo time: Double, into events: inout [InputEvent]) {
        while next < planned.count, planned[next].time <= time {
            events.append(planned[next])
            next += 1
        }
    }

    /// A replay knows its next event, so an event loop may sleep until then.
    var nextEventTime: Double? { next < planned.count ? planned[next].time : nil }
}
// end snippet

final class DocSnippetTests: XCTestCase {
    func testGettingStartedFlickDismissesUnderFluid() throws {
        // snippet: getting-started
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer(viewport: Size(width: 390, height: 844))
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: .fluid)

        var dismissals = 0
        controller.addObserver { event in
            if case .didDismiss = event { dismissals += 1 }
        }

        // Press on the card, move 60 pt down in 40 ms and let go: a flick.
        input.enqueue(InputEvent(time: 0.00, kind: .down(Point(x: 195, y: 500))))
        input.enqueue(InputEvent(time: 0.02, kind: .move(Point(x: 195, y: 530))))
        input.enqueue(InputEvent(time: 0.04, kind: .move(Point(x: 195, y: 560))))
        input.enqueue(InputEvent(time: 0.04, kind: .up(Point(x: 195, y: 560))))

        // One second of virtual time at 60 frames a second.
        while clock.now < 1 {
            clock.advance(by: 1.0 / 60)
            try controller.step()  // renders only when the picture changed
        }
        // end snippet

        // snippet: getting-started-frames
        let rows = renderer.frames.map { "\($0.time),\($0.offset),\($0.alpha),\($0.phase)" }
        // end snippet

        // 60 pt is short of the 200 pt threshold; its projected rest point is far past it.
        XCTAssertEqual(controller.state.phase, .dismissed)
        XCTAssertEqual(dismissals, 1)
        XCTAssertEqual(controller.state.alpha, 0)
        XCTAssertEqual(rows.count, renderer.frames.count)
        XCTAssertEqual(renderer.frames.first?.alpha, 0.3)
        XCTAssertEqual(renderer.lastFrame?.phase, .dismissed)
        let card = CardPresenter().cardFrame(viewport: renderer.viewport)
        XCTAssertEqual(renderer.lastFrame?.offset, renderer.viewport.height - card.minY)
    }

    func testGettingStartedFlickSpringsBackUnderSeed() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = NullRenderer(viewport: Size(width: 390, height: 844))
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: .seed)
        input.enqueue(InputEvent(time: 0.00, kind: .down(Point(x: 195, y: 500))))
        input.enqueue(InputEvent(time: 0.02, kind: .move(Point(x: 195, y: 530))))
        input.enqueue(InputEvent(time: 0.04, kind: .move(Point(x: 195, y: 560))))
        input.enqueue(InputEvent(time: 0.04, kind: .up(Point(x: 195, y: 560))))
        while clock.now < 1 {
            clock.advance(by: 1.0 / 60)
            try controller.step()
        }
        XCTAssertEqual(controller.state.phase, .presented)
        XCTAssertEqual(controller.state.offset, 0)
        XCTAssertEqual(controller.state.alpha, 0.3)
    }

    func testTunedConfigurationNeedsALongerFlick() {
        // snippet: custom-configuration
        var configuration = DismissConfiguration.fluid
        configuration.name = "fluid, firmer"
        configuration.touchSlop = 8
        configuration.release = .projected(threshold: 260, decelerationRate: 0.998)
        configuration.escapeDismisses = false
        // end snippet

        // 60 + 300/1000 · 0.998/0.002 = 209.7: past 200, short of 260.
        XCTAssertTrue(DismissConfiguration.fluid.release.dismisses(offset: 60, velocity: 300))
        XCTAssertFalse(configuration.release.dismisses(offset: 60, velocity: 300))
        XCTAssertEqual(DismissConfiguration.preset(named: "fluid"), .fluid)
        XCTAssertNotEqual(configuration, .fluid)
    }

    func testGreyscaleRendererReadsTheBackdropFromTheTopBand() throws {
        let clock = ManualClock()
        let input = QueuedInputSource()
        let renderer = GreyscaleRenderer(
            viewport: Size(width: 390, height: 844), columns: 39, rows: 211)
        let controller = DismissController(
            input: input, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: .fluid)
        try controller.step()
        // The white band under black at alpha 0.3: luminance 1 - 0.3.
        XCTAssertEqual(
            try XCTUnwrap(renderer.luminance(at: Point(x: 195, y: 10))), 0.7, accuracy: 1e-12)
        // The card (white) covers the viewport's centre.
        XCTAssertEqual(
            try XCTUnwrap(renderer.luminance(at: Point(x: 20, y: 430))), 1, accuracy: 1e-12)

        // Drag 100 pt down and hold: alpha max(0.1, 0.3 - 100/1000) = 0.2.
        input.enqueue(InputEvent(time: 0.1, kind: .down(Point(x: 195, y: 500))))
        input.enqueue(InputEvent(time: 0.2, kind: .move(Point(x: 195, y: 600))))
        clock.set(to: 0.3)
        try controller.step()
        XCTAssertEqual(controller.state.offset, 100)
        XCTAssertEqual(
            try XCTUnwrap(renderer.luminance(at: Point(x: 195, y: 10))), 0.8, accuracy: 1e-12)
        // Where the card's top edge was, the presenting screen now shows through the backdrop.
        let card = CardPresenter().cardFrame(viewport: renderer.viewport)
        let uncovered = try XCTUnwrap(renderer.luminance(at: Point(x: 4, y: card.minY + 2)))
        XCTAssertLessThan(uncovered, 1)
        XCTAssertEqual(renderer.framesRendered, 2)
        XCTAssertNil(renderer.luminance(at: Point(x: -1, y: 10)))
        XCTAssertNil(renderer.luminance(at: Point(x: 195, y: .nan)))
    }

    func testFlickSourceDismissesUnderFluidAndSpringsBackUnderSeed() throws {
        for (configuration, expected) in [
            (DismissConfiguration.fluid, DismissPhase.dismissed), (.seed, .presented),
        ] {
            let clock = ManualClock()
            // 70 pt at 1000 pt/s: short of 200 pt, but it projects 70 + 499 = 569 pt.
            let input = try XCTUnwrap(
                FlickInputSource(
                    start: Point(x: 195, y: 500), startTime: 0.1, speed: 1000, distance: 70))
            let controller = DismissController(
                input: input, presenter: CardPresenter(), renderer: NullRenderer(), clock: clock,
                configuration: configuration)
            XCTAssertEqual(input.nextEventTime, 0.1)
            while clock.now < 1.5 {
                clock.advance(by: 1.0 / 60)
                try controller.step()
            }
            XCTAssertNil(input.nextEventTime)
            XCTAssertEqual(controller.state.phase, expected, configuration.name)
        }
    }

    func testFlickSourceRefusesPlansThatWouldNotEnd() {
        let start = Point(x: 0, y: 0)
        XCTAssertNil(FlickInputSource(start: start, startTime: 0, speed: 0, distance: 10))
        XCTAssertNil(FlickInputSource(start: start, startTime: 0, speed: .infinity, distance: 10))
        XCTAssertNil(FlickInputSource(start: start, startTime: 0, speed: 10, distance: .nan))
        XCTAssertNil(FlickInputSource(start: start, startTime: 0, speed: 10, distance: 1, rate: 0))
        XCTAssertNil(FlickInputSource(start: start, startTime: .nan, speed: 10, distance: 1))
        XCTAssertNotNil(FlickInputSource(start: start, startTime: 0, speed: 10, distance: 1))
    }

    func testDrivingASheetFromCode() throws {
        // snippet: driving-a-sheet
        var configuration = DismissConfiguration.sheet()
        configuration.presentedDetent = .medium
        try configuration.validate()  // throws ConfigurationError naming a bad field

        let clock = ManualClock()
        let sheet = DismissController(
            input: QueuedInputSource(), presenter: SheetPresenter(),
            renderer: NullRenderer(), clock: clock, configuration: configuration,
            presented: false)
        var log: [String] = []
        let observation = sheet.addObserver { event in
            if case .detentChanged(let from, let to) = event { log.append("\(from) → \(to)") }
        }
        // The host loop: step every frame while something moves.
        func runUntilAtRest() throws {
            while sheet.isAnimating {
                clock.advance(by: 1.0 / 60)
                try sheet.step()
            }
        }

        sheet.present { log.append("presented") }
        try runUntilAtRest()
        sheet.move(to: .large) { moved in log.append("moved: \(moved)") }
        try runUntilAtRest()
        sheet.move(to: "peek") { moved in log.append("peek: \(moved)") }
        sheet.dismiss { gone in log.append("dismissed: \(gone)") }
        try runUntilAtRest()
        observation.cancel()
        // log: presented, medium → large, moved: true, peek: false, dismissed: true
        // end snippet
        XCTAssertEqual(
            log, ["presented", "medium → large", "moved: true", "peek: false", "dismissed: true"])
        XCTAssertEqual(sheet.state.phase, .dismissed)
    }

    func testEveryArticleShowsItsSnippetVerbatim() throws {
        let articles = [
            "getting-started": "GettingStarted.md",
            "getting-started-frames": "GettingStarted.md",
            "custom-configuration": "PresetsAndConstants.md",
            "greyscale-renderer": "WritingARendererPlugin.md",
            "flick-source": "WritingAnInputSource.md",
            "driving-a-sheet": "DrivingASheet.md",
        ]
        let testFile = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let snippets = Self.snippets(in: source)
        XCTAssertEqual(
            Set(snippets.keys), Set(articles.keys), "snippet markers in \(testFile.path)")
        let catalog = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Sources/SwipeDismiss/SwipeDismiss.docc")
        for (name, article) in articles {
            let path = catalog.appendingPathComponent(article).path
            guard let markdown = try? String(contentsOfFile: path, encoding: .utf8) else {
                XCTFail("cannot read the article \(path) for snippet \(name)")
                continue
            }
            let blocks = Self.swiftBlocks(in: markdown)
            XCTAssertTrue(
                blocks.contains(snippets[name] ?? "<missing>"),
                "\(article) has no swift code block equal to snippet \(name) of \(testFile.path)")
        }
    }

    /// The snippets of a source file by name, each with its common indentation removed.
    private static func snippets(in source: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") {
                name = String(trimmed.dropFirst("// snippet: ".count))
                lines = []
            } else if trimmed == "// end snippet", let current = name {
                result[current] = dedent(lines)
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return result
    }

    /// The contents of every ```swift block of a Markdown text, without the `import` lines
    /// (and the blank line after them) that open a complete example.
    private static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if var lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                while let first = lines.first, first.hasPrefix("import ") || first.isEmpty {
                    lines.removeFirst()
                }
                blocks.append(dedent(lines))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    private static func dedent(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }
            .joined(separator: "\n")
    }
}
