import Foundation
import Glibc
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// `x11-host-demo --events` running on `$DISPLAY`, its window found and showing.
final class RunningHostDemo {
    let child: ChildProcess
    let display: X11Display
    let window: UInt

    /// Starts `x11-host-demo --events` with `arguments` after it.
    init(_ arguments: [String] = []) throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        try requireTool("xdotool")
        var opened: X11Display?
        eventually(timeout: 2) {
            // Opted in: reading a window not yet viewable is a logged error, not a fatal one.
            opened = try? X11Display(name: name, installsErrorHandlers: true)
            return opened != nil
        }
        guard let display = opened else { throw unavailable("no X display: cannot open \(name)") }
        self.display = display
        child = try ChildProcess(try builtExecutable("x11-host-demo"), ["--events"] + arguments)
        let pid = child.pid
        var found: UInt?
        let up = eventually(timeout: 10) {
            found = display.windows(ofProcess: pid).first
            guard let found else { return false }
            return display.readPixels(window: found, x: 10, y: 100, width: 1, height: 1)?.first
                == 0x33_6699
        }
        guard up, let found else {
            throw TestFailure(
                description: "the x11-host-demo window did not come up: \(child.stderr)")
        }
        window = found
    }

    deinit { child.terminate() }

    var id: String { String(window) }

    /// The window's pixel at (x, y) as 0xRRGGBB.
    func pixel(x: Int = 10, y: Int = 100) -> UInt32? {
        display.readPixels(window: window, x: x, y: y, width: 1, height: 1)?.first
    }

    /// The `--events` lines so far, as objects.
    var events: [[String: Any]] {
        child.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    var phases: [String] { events.compactMap { $0["phase"] as? String } }

    /// Samples the pixel at (10, 100) every few milliseconds until it reads `final` (or 5 s
    /// pass); returns the distinct values seen on the way, `final` last.
    func samplePixels(until final: UInt32) -> [UInt32] {
        var seen: [UInt32] = []
        eventually(every: 0.005) {
            guard let value = pixel() else { return false }
            if seen.last != value { seen.append(value) }
            return value == final
        }
        return seen
    }
}
