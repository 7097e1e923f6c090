import Foundation
import SwipeDismissTestSupport
import XCTest

/// A window x11-demo cannot draw even at scale 1 (23 171 pt square: 2 147 580 964 bytes of
/// pixels, past what an XImage or a cairo image can hold) is refused with status 2 before any
/// window is made, naming the flag the size came from, as wayland-demo does; the largest
/// square that fits is not.
final class X11DemoPixelLimitTests: XCTestCase {
    func testA23171PointSquareIsRefusedFromSizeAndFromAReplayedTrace() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        let bySize = try ChildProcess.run(
            try demoExecutable(), ["--size", "23171x23171", "--scale", "1"],
            environment: environment(display: name))
        XCTAssertEqual(bySize.status, 2, bySize.stderr)
        XCTAssertEqual(
            bySize.stderr,
            "x11-demo: --scale: 1, makes the 23171x23171 pt window too large to draw (at most "
                + "536870911 px (2147483647 bytes) may be drawn); pass a smaller --scale or "
                + "--size\n")

        let folder = NSTemporaryDirectory() + "swd-x11-square-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/square.json"
        try Data(
            """
            {"viewport":{"width":23171,"height":23171},"events":[{"t":0,"type":"key","key":"Escape"}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: trace))
        // No --scale and no Xft.dpi on a plain Xvfb: scale 1, and the size is what to change.
        let byTrace = try ChildProcess.run(
            try demoExecutable(), ["--replay", trace, "--exit-after-replay"],
            environment: environment(display: name))
        XCTAssertEqual(byTrace.status, 2, byTrace.stderr)
        XCTAssertEqual(
            byTrace.stderr,
            "x11-demo: --replay: the 23171x23171 pt window is too large to draw (at most "
                + "536870911 px (2147483647 bytes) may be drawn); pass a smaller --size\n")
    }
}
