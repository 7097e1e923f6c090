import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

@testable import SwipeDismissWayland

/// The Wayland plugin against a hostile compositor: the scripted compositor sends random
/// configures (zero, negative, 2³¹ − 1), output scales (negative, 1000, Int32.max) and
/// preferred fractional scales (0, huge) between pointer input, and the loop must never
/// throw or trap, every buffer must pass `PixelLimit`, and the window's size and scale must
/// always be drawable. Sizes stay thin (one side at most 4 pt, the other at least 1000 pt,
/// so no scale past 33 fits) so that the largest buffer a case can reach is some 17 MB.
final class WaylandCompositorFuzzTests: XCTestCase {
    private static let hostileSides: [Int32] = [
        -1, 0, 1000, 2000, 16_384, 32_767, 32_768, 40_000, 1 << 20, .max, .min,
    ]
    private static let outputScales: [Int32] = [-3, 0, 1, 2, 3, 7, 1000, .max, .min]
    private static let preferredScales: [UInt32] = [0, 1, 60, 120, 150, 240, 120_000, .max]

    func testRandomConfiguresScalesAndInputNeverTrapAndEveryBufferFits() throws {
        let budget = FuzzBudget.current(defaultCases: 12)
        for index in 0..<budget.cases {
            let seed = budget.seed(ofCase: index)
            try runCase(seed: seed)
        }
    }

    private func runCase(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fractional = random.below(2) == 0
        let compositor = try ScriptedCompositor(preferredScale120: fractional ? 120 : 0)
        let display = try WaylandDisplay(name: compositor.socketPath)
        let window = try WaylandWindow(
            display: display, title: "fuzz", width: 1 + random.below(4),
            height: 1000 + random.below(1000))
        let renderer = WaylandRenderer(window: window)
        let clock = MonotonicClock()
        let seat = WaylandInputSource(display: display, clock: clock)
        let controller = DismissController(
            input: seat, presenter: CardPresenter(), renderer: renderer, clock: clock,
            configuration: .fluid)
        let loop = WaylandEventLoop(window: window, renderer: renderer, input: seat, clock: clock)
        func turn(_ count: Int) throws {
            for _ in 0..<count {
                if let reason = try loop.runOnce(controller, maximumWait: 0.005) {
                    XCTFail("seed \(seed): the loop stopped: \(reason)")
                    return
                }
                let size = window.pixelSize
                XCTAssertTrue(
                    PixelLimit.fits(width: size.width, height: size.height),
                    "seed \(seed): the window is \(size) px")
                let stats = compositor.stats
                if stats.buffer_commits > 0 {
                    XCTAssertTrue(
                        PixelLimit.fits(
                            width: Int(stats.buffer_width), height: Int(stats.buffer_height)),
                        "seed \(seed): a \(stats.buffer_width)x\(stats.buffer_height) buffer")
                }
            }
        }
        try turn(5)
        for _ in 0..<16 {
            switch random.below(6) {
            case 0, 1:
                // One side hostile, the other thin.
                let hostile = Self.hostileSides[random.below(Self.hostileSides.count)]
                let thin = Int32(random.below(6)) - 1
                if random.below(2) == 0 {
                    compositor.configure(width: hostile, height: thin)
                } else {
                    compositor.configure(width: thin, height: hostile)
                }
            case 2:
                compositor.setOutputScale(Self.outputScales[random.below(Self.outputScales.count)])
            case 3:
                compositor.setPreferredScale(
                    Self.preferredScales[random.below(Self.preferredScales.count)])
            case 4:
                compositor.enter(x: random.unit() * 400 - 50, y: random.unit() * 900 - 50)
                compositor.button(pressed: random.below(2) == 0)
            default:
                compositor.motion(x: random.unit() * 400 - 50, y: random.unit() * 900 - 50)
            }
            try turn(1 + random.below(2))
        }
        XCTAssertTrue(
            PixelLimit.fits(
                width: Double(window.width), height: Double(window.height), scale: window.scale),
            "seed \(seed): \(window.width)x\(window.height) pt at \(window.scale)")
    }
}
