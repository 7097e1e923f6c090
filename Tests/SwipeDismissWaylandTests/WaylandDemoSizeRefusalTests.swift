import Foundation
import SwipeDismissTestSupport
import XCTest

/// A window wayland-demo cannot draw even at scale 1 (23 171 pt square: 2 147 580 964 bytes,
/// past a wl_shm pool's Int32 size, where it trapped and lost the recording) is refused
/// before any compositor, naming where the size came from.
final class WaylandDemoSizeRefusalTests: XCTestCase {
    func testA23171PointSquareIsRefusedFromSizeAndFromAReplayedTrace() throws {
        let demo = try builtExecutable("wayland-demo").path
        let bySize = try runProcess(
            demo, ["--size", "23171x23171"], removing: ["WAYLAND_DISPLAY"], timeout: 10)
        XCTAssertEqual(bySize.status, 2, bySize.error)
        XCTAssertEqual(
            bySize.error,
            "wayland-demo: --size: the 23171x23171 pt window is too large to draw (at most "
                + "536870911 px (2147483647 bytes) may be drawn); pass a smaller --size\n")

        let folder = try makePrivateFolder("swd-square")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/square.json"
        try Data(
            """
            {"viewport":{"width":23171,"height":23171},"events":[{"t":0,"type":"key","key":"Escape"}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: trace))
        let byTrace = try runProcess(
            demo, ["--replay", trace], removing: ["WAYLAND_DISPLAY"], timeout: 10)
        XCTAssertEqual(byTrace.status, 2, byTrace.error)
        XCTAssertTrue(
            byTrace.error.hasPrefix("wayland-demo: --replay: the 23171x23171 pt window"),
            byTrace.error)

        // The largest square that fits goes on, to find no compositor.
        let fits = try runProcess(
            demo, ["--size", "23170x23170"], removing: ["WAYLAND_DISPLAY"], timeout: 10)
        XCTAssertFalse(fits.error.contains("too large"), fits.error)
    }
}
