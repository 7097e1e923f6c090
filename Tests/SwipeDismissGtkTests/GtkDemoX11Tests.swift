import Foundation
import SwipeDismissTestSupport
import XCTest

/// gtk-demo on the X server `make test` provides (`$DISPLAY`, a private Xvfb), driven by
/// xdotool and read back from the window's pixels.
final class GtkDemoX11Tests: XCTestCase {
    /// At medium (top at 50 % of 844 pt) the sheet's offset from `large` (top at 84.4 pt) is
    /// 337.6 pt; off screen it is 844 − 84.4 = 759.6 pt.
    let medium = 337.6
    let offScreen = 759.6

    /// The sheet rule: 0.3 at or above medium, falling linearly to 0 off screen.
    func sheetAlpha(offset: Double) -> Double {
        offset <= medium ? 0.3 : 0.3 * max(0, offScreen - offset) / (offScreen - medium)
    }

    /// The grey of white under black at `alpha`, as GTK blends it (either rounding).
    func grey(alpha: Double) -> ClosedRange<Int> {
        let exact = (1 - alpha) * 255
        return Int(exact.rounded(.down))...Int(exact.rounded(.up))
    }

    /// A drag from (195, `from`) down by `distance` pt in 20 pt steps 16 ms apart, held
    /// `hold` seconds before the release.
    func drag(_ demo: RunningGtkDemo, from: Int, distance: Int, hold: Double) throws {
        // Root coordinates (the window sits at 0,0 with no window manager): with --window,
        // xdotool would send the button events with XSendEvent instead of XTEST.
        // The pointer enters first, then presses: GTK sees the crossing before the button.
        var arguments = ["mousemove", "195", "\(from)", "sleep", "0.15", "mousedown", "1"]
        var moved = 0
        while moved < distance {
            moved = min(distance, moved + 20)
            arguments += [
                "sleep", "0.016", "mousemove", "195", "\(from + moved)",
            ]
        }
        arguments += ["sleep", String(hold), "mouseup", "1"]
        try xdotool(arguments)
    }

    func testADragPastTheThresholdDismissesAndClearsTheBand() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        // From "Row 2" (the first row, y 478…522 at medium, is the Volume scale, which keeps
        // its presses).
        try drag(demo, from: 540, distance: 300, hold: 0)
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "dismissed" },
            "phases: \(demo.phases); stderr: \(demo.child.stderr)")
        XCTAssertEqual(demo.phases, ["dragging", "dismissing", "dismissed"])
        XCTAssertTrue(
            eventually(timeout: 3) { demo.bandGrey == 255 }, "band: \(demo.bandGrey ?? -1)")
        // The app's own screen shows undimmed: #336699.
        let app = demo.pixel(x: 10, y: 100)
        XCTAssertEqual(app.map { [$0.r, $0.g, $0.b] }, [0x33, 0x66, 0x99])
    }

    func testAShortDragSpringsBackToMedium() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        try drag(demo, from: 600, distance: 60, hold: 0.2)
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "presented" },
            "phases: \(demo.phases)")
        XCTAssertEqual(demo.phases, ["dragging", "settling", "presented"])
        let last = try XCTUnwrap(demo.child.stdoutLines.last)
        XCTAssertEqual(field("detent", of: last) as? String, "medium")
        XCTAssertEqual(try XCTUnwrap(field("offset", of: last) as? Double), medium, accuracy: 1e-6)
        XCTAssertTrue(eventually(timeout: 2) { grey(alpha: 0.3).contains(demo.bandGrey ?? -1) })
    }

    func testTheTopBandAndTheAppBehindReadTheBackdropAlpha() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        // At rest: alpha 0.3 over white (178.5) and over the app's #336699.
        XCTAssertTrue(grey(alpha: 0.3).contains(demo.bandGrey ?? -1))
        let app = try XCTUnwrap(demo.pixel(x: 10, y: 100))
        XCTAssertEqual(Double(app.r), 0x33 * 0.7, accuracy: 1)
        XCTAssertEqual(Double(app.g), 0x66 * 0.7, accuracy: 1)
        XCTAssertEqual(Double(app.b), 0x99 * 0.7, accuracy: 1)

        // Held 150 pt below medium: alpha 0.3 × (759.6 − 487.6) / 422 = 0.19336… (from
        // "Row 2": the Volume scale above it keeps its presses).
        var arguments = ["mousemove", "195", "540", "sleep", "0.15", "mousedown", "1"]
        for step in 1...15 {
            arguments += ["sleep", "0.016", "mousemove", "195", "\(540 + step * 10)"]
        }
        try xdotool(arguments)
        let expected = grey(alpha: sheetAlpha(offset: medium + 150))
        XCTAssertEqual(expected, 205...206)
        XCTAssertTrue(
            eventually(timeout: 3) { expected.contains(demo.bandGrey ?? -1) },
            "band grey \(demo.bandGrey ?? -1), expected \(expected)")
        // Held still past the velocity window (100 ms): released at rest, it settles back.
        Thread.sleep(forTimeInterval: 0.25)
        try xdotool(["mouseup", "1"])
        XCTAssertTrue(
            eventually(timeout: 5) { demo.phases.last == "presented" }, "\(demo.child.stdoutLines)")
    }

    func testEscapeDismissesAndSpacePresentsAgain() throws {
        let demo = try startGtkDemo(["--events"])
        defer { demo.child.terminate() }
        try xdotool(["key", "--window", String(demo.window), "Escape"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "dismissed" })
        try xdotool(["key", "--window", String(demo.window), "space"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "presented" })
        XCTAssertEqual(demo.phases, ["dismissing", "dismissed", "presenting", "presented"])
    }

    func testConfirmVetoesTheCloseButtonUntilY() throws {
        let demo = try startGtkDemo(["--events", "--confirm"])
        defer { demo.child.terminate() }
        // Close (its centre at about (342, 449) at medium) asks, like Escape.
        try xdotool(["mousemove", "342", "449", "sleep", "0.15", "click", "1"])
        XCTAssertTrue(
            eventually(timeout: 5) {
                demo.child.stdoutLines.contains { $0.contains("\"attempt\"") }
            },
            "lines: \(demo.child.stdoutLines)")
        XCTAssertEqual(demo.phases, [])
        try xdotool(["key", "--window", String(demo.window), "y"])
        XCTAssertTrue(eventually(timeout: 5) { demo.phases.last == "dismissed" })
    }

    func testWithNoDisplayItSaysSoOnOneLineAndExits2() throws {
        let result = try ChildProcess.run(
            try builtProduct("gtk-demo").path, [],
            environment: environment(["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "GDK_BACKEND": nil]),
            timeout: 20)
        XCTAssertEqual(result.status, 2)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("gtk-demo: cannot open a display"), result.stderr)
    }

    func testABadFlagIsNamedAndExits2() throws {
        let result = try ChildProcess.run(
            try builtProduct("gtk-demo").path, ["--scene", "carousel"],
            environment: environment([:]), timeout: 20)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("gtk-demo: --scene"), result.stderr)
        XCTAssertTrue(result.stderr.contains("card, sheet, photo or stack"), result.stderr)
        let alone = try ChildProcess.run(
            try builtProduct("gtk-demo").path, ["--exit-after-replay"],
            environment: environment([:]), timeout: 20)
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(
            alone.stderr.hasPrefix("gtk-demo: --exit-after-replay needs --replay FILE"),
            alone.stderr)
    }

    func testAMalformedTraceIsRefusedNamingTheEventAndField() throws {
        let path = temporaryFolder().appendingPathComponent("bad-trace.json").path
        try
            #"{"viewport":{"width":390,"height":844},"events":[{"t":0,"type":"down","x":"a","y":1}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(
            try builtProduct("gtk-demo").path, ["--replay", path],
            environment: environment([:]), timeout: 20)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "gtk-demo: --replay: \(path), line 1, column 75, event 0, field \"x\": expected a "
                + "number, got a string\n")
    }
}
