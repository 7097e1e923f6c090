import Foundation
import Glibc
import SwipeDismissX11
import XCTest

/// Whether a missing display or xdotool fails a test rather than skipping it: under CI
/// (`CI=true`) and `make test` (`SWIPEDISMISS_REQUIRE_DISPLAY=1`).
var displayIsRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["CI"] == "true" || environment["SWIPEDISMISS_REQUIRE_DISPLAY"] == "1"
}

/// Ends a test that cannot go on: XCTest records a thrown error as exactly one failure.
struct HostDemoFailure: Error, CustomStringConvertible {
    var description: String
}

/// A failure where a display is required, else a skip.
func unavailable(_ what: String) -> Error {
    guard displayIsRequired else { return XCTSkip(what) }
    return HostDemoFailure(
        description: "\(what), but CI=true or SWIPEDISMISS_REQUIRE_DISPLAY=1 requires it")
}

/// Whether `tool` is on the PATH.
func hasTool(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    }
}

/// Polls `condition` every 5 ms for up to `timeout` seconds; returns whether it held.
@discardableResult
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return true
}

/// Runs `xdotool arguments` and waits for it.
func xdotool(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool"] + arguments
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(
        process.terminationStatus, 0, "xdotool \(arguments.joined(separator: " "))", file: file,
        line: line)
}

/// `x11-host-demo --events` running on `$DISPLAY`, its window found and showing.
final class RunningHostDemo {
    let process = Process()
    let display: X11Display
    let window: UInt
    private let output: URL

    init() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        guard hasTool("xdotool") else { throw unavailable("xdotool is not installed") }
        var opened: X11Display?
        eventually(timeout: 2) {
            // Opted in: reading a window not yet viewable is a logged error, not a fatal one.
            opened = try? X11Display(name: name, installsErrorHandlers: true)
            return opened != nil
        }
        guard let display = opened else { throw unavailable("no X display: cannot open \(name)") }
        self.display = display
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("x11-host-demo"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(
                "x11-host-demo"),
        ]
        guard
            let executable = candidates.first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
        else {
            throw HostDemoFailure(description: "x11-host-demo is not built next to the tests")
        }
        output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "x11-host-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = executable
        process.arguments = ["--events"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        var found: UInt?
        let up = eventually(timeout: 10) {
            found = display.windows(ofProcess: pid).first
            guard let found else { return false }
            return display.readPixels(window: found, x: 10, y: 100, width: 1, height: 1)?.first
                == 0x33_6699
        }
        guard up, let found else {
            throw HostDemoFailure(description: "the x11-host-demo window did not come up")
        }
        window = found
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: output)
    }

    var id: String { String(window) }

    /// The window's pixel at (x, y) as 0xRRGGBB.
    func pixel(x: Int = 10, y: Int = 100) -> UInt32? {
        display.readPixels(window: window, x: x, y: y, width: 1, height: 1)?.first
    }

    /// The `--events` lines so far, as objects.
    var events: [[String: Any]] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    var phases: [String] { events.compactMap { $0["phase"] as? String } }

    /// Samples the pixel at (10, 100) every few milliseconds until it reads `final` (or 5 s
    /// pass); returns the distinct values seen on the way, `final` last.
    func samplePixels(until final: UInt32) -> [UInt32] {
        var seen: [UInt32] = []
        eventually {
            guard let value = pixel() else { return false }
            if seen.last != value { seen.append(value) }
            return value == final
        }
        return seen
    }
}
