import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// A compositor is a peer: its sizes and scales are input. A configure of 2³¹ − 1, an output
/// scale of 1000 or a huge fractional scale draw the window at the largest size and scale
/// that can be drawn (`PixelLimit`), never trapping on `Int32(length)` nor allocating
/// gigabytes; a buffer too large for a wl_shm pool is refused before any arithmetic.
final class WaylandHostileSizeTests: XCTestCase {
    /// A window of `width` × `height` pt on `compositor`, a card on it, its loop.
    private final class Client {
        let display: WaylandDisplay
        let window: WaylandWindow
        let renderer: WaylandRenderer
        let loop: WaylandEventLoop
        let controller: DismissController
        let clock = MonotonicClock()

        init(_ compositor: ScriptedCompositor, width: Int, height: Int) throws {
            display = try WaylandDisplay(name: compositor.socketPath)
            window = try WaylandWindow(
                display: display, title: "hostile", width: width, height: height)
            renderer = WaylandRenderer(window: window)
            let seat = WaylandInputSource(display: display, clock: clock)
            controller = DismissController(
                input: QueuedInputSource(), presenter: CardPresenter(), renderer: renderer,
                clock: clock, configuration: .fluid)
            loop = WaylandEventLoop(window: window, renderer: renderer, input: seat, clock: clock)
        }

        /// Turns the loop until `condition` holds or 10 s pass.
        @discardableResult
        func run(until condition: () -> Bool) throws -> Bool {
            let end = clock.now + 10
            while clock.now < end {
                if let reason = try loop.runOnce(controller, maximumWait: 0.05) {
                    throw TestFailure(description: "the loop stopped: \(reason)")
                }
                if condition() { return true }
            }
            return false
        }

        /// Runs until a buffer of `width` × `height` px is committed and nothing animates.
        func expectBuffer(
            _ compositor: ScriptedCompositor, _ width: Int32, _ height: Int32,
            file: StaticString = #filePath, line: UInt = #line
        ) throws {
            let shown = try run {
                let stats = compositor.stats
                return stats.buffer_width == width && stats.buffer_height == height
                    && !controller.isAnimating && !renderer.isFrameOutstanding
            }
            let stats = compositor.stats
            XCTAssertTrue(
                shown, "the buffer is \(stats.buffer_width)x\(stats.buffer_height)", file: file,
                line: line)
        }
    }

    func testAConfigureOfIntMaxIsDrawnAtTheLargestSideThatCanBe() throws {
        let compositor = try ScriptedCompositor()
        let client = try Client(compositor, width: 390, height: 100)
        try client.expectBuffer(compositor, 390, 100)
        compositor.configure(width: .max, height: 100)
        try client.expectBuffer(compositor, 32767, 100)
        XCTAssertEqual(client.window.width, 32767)
        XCTAssertEqual(client.renderer.viewport, Size(width: 32767, height: 100))
        compositor.configure(width: 100, height: .max)
        try client.expectBuffer(compositor, 100, 32767)
        // Nonsense sizes (negative, zero) leave the window as it is.
        compositor.configure(width: -5, height: .min)
        compositor.configure(width: 200, height: 120)
        try client.expectBuffer(compositor, 200, 120)
    }

    func testAnOutputScaleOf1000IsLoweredToTheLargestThatFits() throws {
        let compositor = try ScriptedCompositor()
        let client = try Client(compositor, width: 20, height: 1000)
        try client.expectBuffer(compositor, 20, 1000)
        compositor.setOutputScale(1000)
        // 32767 / 1000 pt: 32 at most, a whole buffer scale.
        try client.expectBuffer(compositor, 640, 32000)
        XCTAssertEqual(client.window.integerScale, 32)
        XCTAssertEqual(compositor.stats.buffer_scale, 32)
        compositor.setOutputScale(.min)
        try client.expectBuffer(compositor, 20, 1000)
        compositor.setOutputScale(2)
        try client.expectBuffer(compositor, 40, 2000)
    }

    func testAHugeFractionalScaleIsLoweredToTheLargest120thThatFits() throws {
        let compositor = try ScriptedCompositor(preferredScale120: 120)
        let client = try Client(compositor, width: 20, height: 1000)
        try client.expectBuffer(compositor, 20, 1000)
        compositor.setPreferredScale(.max)
        // The largest k/120 with 1000 × k/120 ≤ 32767: k = 3932 (32.7666…): 655 x 32767 px.
        try client.expectBuffer(compositor, 655, 32767)
        XCTAssertEqual(client.window.scale, 3932.0 / 120)
        XCTAssertEqual(compositor.stats.viewport_width, 20)
        XCTAssertEqual(compositor.stats.viewport_height, 1000)
        compositor.setPreferredScale(180)
        try client.expectBuffer(compositor, 30, 1500)
    }

    func testAWindowTooLargeForAShmPoolIsMadeAtTheLargestThatCanBe() throws {
        let compositor = try ScriptedCompositor()
        let display = try WaylandDisplay(name: compositor.socketPath)
        // 23171² px at 4 bytes is 2 147 580 964 bytes: past a pool's Int32 size.
        let window = try WaylandWindow(
            display: display, title: "square", width: 23171, height: 23171)
        XCTAssertEqual(window.width, 23170)
        XCTAssertEqual(window.height, 23170)
        XCTAssertThrowsError(
            try WaylandWindow(
                display: display, title: "scaled", width: 23171, height: 23171, scale: 1)
        ) { error in
            XCTAssertTrue("\(error)".contains("too large to draw"), "\(error)")
        }
    }

    func testAShmBufferTooLargeForAPoolIsRefusedBeforeAnyArithmetic() throws {
        let compositor = try ScriptedCompositor()
        let display = try WaylandDisplay(name: compositor.socketPath)
        let shm = try XCTUnwrap(display.shm)
        for (width, height) in [(23171, 23171), (32768, 1), (1, 32768), (0, 5), (.max, .max)] {
            XCTAssertThrowsError(
                try WaylandShmBuffer(display: display, shm: shm, width: width, height: height),
                "\(width)x\(height)")
        }
        let thin = try WaylandShmBuffer(display: display, shm: shm, width: 32767, height: 1)
        XCTAssertEqual(thin.stride, 32767 * 4)
    }
}
