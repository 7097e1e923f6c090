import SwipeDismiss
import SwipeDismissX11
import XCTest

/// The sheet scene painted by the X11 renderer into its back buffer, read back from the
/// server: the backdrop grey in the white top band, and the confirm prompt.
final class SheetWindowTests: XCTestCase {
    private final class SheetWindow {
        let display: X11Display
        let window: X11Window
        let renderer: X11Renderer
        let clock = ManualClock()
        let input = QueuedInputSource()
        let controller: DismissController

        init(vetoes: Bool) throws {
            display = try X11Display()
            window = try X11Window(
                display: display, title: "SwipeDismiss sheet test", width: 390, height: 844)
            renderer = try X11Renderer(window: window)
            controller = DismissController(
                input: input, presenter: SheetPresenter(), renderer: renderer, clock: clock,
                configuration: .sheet())
            if vetoes { controller.shouldDismiss = { _ in false } }
            try step(to: 0.01)
        }

        func step(to time: Double) throws {
            while clock.now < time {
                clock.set(to: min(time, clock.now + 1 / 60.0))
                try controller.step()
            }
            display.sync()
        }

        func at(_ time: Double, _ kind: InputEvent.Kind) {
            input.enqueue(InputEvent(time: time, kind: kind))
        }

        /// Drags from (195, 600) down by `distance` in 10 moves over 0.5 s from `time`.
        func drag(by distance: Double, at time: Double) {
            at(time, .down(Point(x: 195, y: 600)))
            for i in 1...10 {
                at(
                    time + 0.05 * Double(i),
                    .move(Point(x: 195, y: 600 + distance * Double(i) / 10)))
            }
        }

        func grey(x: Int = 100, y: Int = 10) -> Int? {
            renderer.readBackBuffer(x: x, y: y, width: 1, height: 1).map {
                Int(($0[0] >> 16) & 0xFF)
            }
        }
    }

    private func greys(alpha: Double) -> ClosedRange<Int> {
        let exact = (1 - alpha) * 255
        return Int(exact.rounded(.down))...Int(exact.rounded(.up))
    }

    func testTheBackdropReadsBackAtMediumMidDragAndAfterDismissal() throws {
        let sheet = try SheetWindow(vetoes: false)
        XCTAssertEqual(sheet.controller.state.detent, "medium")
        XCTAssertTrue(
            greys(alpha: 0.3).contains(sheet.grey() ?? -1), "\(String(describing: sheet.grey()))")

        // 230 pt below medium: alpha 0.3 * (1 - 230 / 422).
        sheet.drag(by: 230, at: 0.1)
        try sheet.step(to: 0.6)
        let alpha = 0.3 * (1 - 230 / 422.0)
        XCTAssertEqual(sheet.controller.state.alpha, alpha, accuracy: 1e-9)
        XCTAssertTrue(
            greys(alpha: alpha).contains(sheet.grey() ?? -1), "\(String(describing: sheet.grey()))")

        // Released still (0.1 s later): nearer off screen than medium, so it goes.
        sheet.at(0.7, .up(Point(x: 195, y: 830)))
        try sheet.step(to: 2)
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
        XCTAssertEqual(sheet.grey(), 255)
    }

    func testTheConfirmPromptShowsThenNKeepsAndYDismisses() throws {
        let sheet = try SheetWindow(vetoes: true)
        // Inside the prompt box (x 16..374, y 490..586 with the sheet at medium), off the text.
        let prompt = (x: 40, y: 500)
        XCTAssertEqual(sheet.grey(x: prompt.x, y: prompt.y), 255, "the sheet is white there")

        sheet.drag(by: 230, at: 0.1)
        sheet.at(0.7, .up(Point(x: 195, y: 830)))
        try sheet.step(to: 2)
        XCTAssertEqual(sheet.controller.state.phase, .presented)
        XCTAssertTrue(sheet.controller.state.isDismissAttemptPending)
        XCTAssertEqual(sheet.grey(x: prompt.x, y: prompt.y), 0x2C, "the prompt's dark box")

        sheet.at(2.1, .key(.other("n")))
        try sheet.step(to: 2.2)
        XCTAssertEqual(sheet.grey(x: prompt.x, y: prompt.y), 255, "n keeps the sheet")
        XCTAssertTrue(greys(alpha: 0.3).contains(sheet.grey() ?? -1))

        sheet.at(2.3, .key(.escape))
        sheet.at(2.5, .key(.other("y")))
        try sheet.step(to: 2.4)
        XCTAssertEqual(sheet.grey(x: prompt.x, y: prompt.y), 0x2C, "Escape asks again")
        try sheet.step(to: 4)
        XCTAssertEqual(sheet.controller.state.phase, .dismissed)
        XCTAssertEqual(sheet.grey(), 255)
    }
}
