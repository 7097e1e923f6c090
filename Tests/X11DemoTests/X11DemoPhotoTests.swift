import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import XCTest

/// `x11-demo --scene photo` (free 2-D) in a real window, driven through XTest with
/// `xdotool`: a diagonal drag moves and shrinks the photo and dims the band by its distance,
/// a slow release springs it back, a diagonal flick sends it off along the diagonal.
///
/// At 390 × 844 the photo is 390 × 292.5 pt centred on (195, 422), its top-left corner
/// deep blue sky; the black backdrop starts at alpha 1, so the band starts black.
final class X11DemoPhotoTests: XCTestCase {
    /// Whether the window pixel at (x, y) is the photo's blue sky (blue well above red).
    private func isSky(_ demo: RunningDemo, _ x: Int, _ y: Int) -> Bool {
        guard
            let pixel = demo.display.readPixels(
                window: demo.window, x: x, y: y, width: 1, height: 1)
        else { return false }
        let red = Int((pixel[0] >> 16) & 0xFF)
        let blue = Int(pixel[0] & 0xFF)
        return blue - red > 60
    }

    /// xdotool arguments: press at `from`, move by `by` in `steps` equal steps (`pause`
    /// seconds apart, so the server stamps them apart), release if asked.
    private func drag(
        _ demo: RunningDemo, from: (Int, Int), by: (Int, Int), steps: Int, pause: Double = 0,
        release: Bool
    ) -> [String] {
        var arguments = [
            "mousemove", "--window", demo.id, "\(from.0)", "\(from.1)", "mousedown", "1",
        ]
        for i in 1...steps {
            let x = from.0 + by.0 * i / steps
            let y = from.1 + by.1 * i / steps
            if pause > 0 { arguments += ["sleep", "\(pause)"] }
            arguments += ["mousemove", "--window", demo.id, "\(x)", "\(y)"]
        }
        return release ? arguments + ["mouseup", "1"] : arguments
    }

    func testADiagonalDragMovesAndDimsThePhotoAndAFlickSendsItOffAlongTheDiagonal() throws {
        try requireXdotool()
        let recording = temporaryPath("photo.json")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let demo = try startDemo(
            ["--scene", "photo", "--events", "--record", recording], restGrey: 0...0)
        XCTAssertTrue(isSky(demo, 20, 280), "the photo's corner at rest")

        // Held 60 px right and 60 px down: 84.85 pt from rest, alpha 1 − 84.85/300 = 0.717
        // (band grey 72.1), scale 0.943: the photo's corner moves to about (71, 344).
        try xdotool(drag(demo, from: (195, 422), by: (60, 60), steps: 6, release: false))
        XCTAssertTrue(
            eventually { (71...73).contains(demo.grey() ?? -1) }, "band: \(demo.grey() ?? -1)")
        XCTAssertTrue(eventually { isSky(demo, 75, 348) }, "the corner moved with the pointer")
        XCTAssertFalse(isSky(demo, 20, 280), "the rest corner is backdrop now")
        XCTAssertFalse(isSky(demo, 66, 348), "left of the moved photo")
        let dragging = try demo.child.stdoutLines.map(eventObject).last
        XCTAssertEqual(dragging?["phase"] as? String, "dragging")

        // Let go after a pause: 85 pt short of 150, no speed: back to rest in both axes.
        Thread.sleep(forTimeInterval: 0.2)
        try xdotool(["mouseup", "1"])
        XCTAssertTrue(eventually { demo.phases.last == "presented" }, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey() == 0 }, "band at rest: \(demo.grey() ?? -1)")
        XCTAssertTrue(isSky(demo, 20, 280), "the photo back at rest")

        // A quick diagonal flick, 113 pt in about 40 ms (moves 10 ms apart: sent in one burst
        // the server could stamp them all in the same millisecond, with no speed to read):
        // projected past 150 pt, it leaves along the diagonal (x = y all the way out).
        try xdotool(
            drag(demo, from: (195, 422), by: (80, 80), steps: 4, pause: 0.01, release: true))
        XCTAssertTrue(
            eventually { demo.phases.last == "dismissed" },
            demo.child.stdout + "\nstderr: " + demo.child.stderr)
        let last = try XCTUnwrap(demo.child.stdoutLines.map(eventObject).last)
        let x = try XCTUnwrap(last["x"] as? Double)
        let y = try XCTUnwrap(last["y"] as? Double)
        XCTAssertEqual(x, 390, accuracy: 1e-6, demo.child.stdout)
        XCTAssertEqual(y, x, accuracy: 1e-6, demo.child.stdout)
        XCTAssertTrue(eventually { demo.grey() == 255 }, "band once gone: \(demo.grey() ?? -1)")
        demo.display.sendCloseRequest(to: demo.window)
        XCTAssertEqual(demo.child.waitForExit(timeout: 5), 0, demo.child.stderr)

        // The recording replays to the same phases and the same way out.
        let replayed = try ChildProcess.run(
            try demoExecutable(),
            ["--scene", "photo", "--events", "--replay", recording, "--exit-after-replay"],
            environment: environment(display: demo.displayName))
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let lines = replayed.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.compactMap(phase(of:)), demo.phases)
        let out = try XCTUnwrap(lines.last.map(eventObject))
        XCTAssertEqual(try XCTUnwrap(out["x"] as? Double), x, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(out["y"] as? Double), y, accuracy: 1e-6)
    }

    func testAnUnreadablePhotoIsRefusedNamingTheFile() throws {
        let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        _ = try openDisplay(name)
        var variables = environment(display: name)
        variables["SWIPEDISMISS_PHOTO"] = "/nonexistent/photo.png"
        let result = try ChildProcess.run(
            try demoExecutable(), ["--scene", "photo"], environment: variables)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent/photo.png"), result.stderr)
    }

    func testAFIFOAsThePhotoIsRefusedAtStartNamingIt() throws {
        let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        _ = try openDisplay(name)
        let fifo = NSTemporaryDirectory() + "sd-photo-fifo-\(getpid()).png"
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        defer { unlink(fifo) }
        var variables = environment(display: name)
        variables["SWIPEDISMISS_PHOTO"] = fifo
        let started = Date()
        let result = try ChildProcess.run(
            try demoExecutable(), ["--scene", "photo"], environment: variables)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(fifo): not a regular file"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }
}
