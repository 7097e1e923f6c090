import CX11
import Foundation
import Glibc
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// The built product `name`, next to the test bundle.
func builtProduct(_ name: String) throws -> URL { try builtExecutable(name) }

/// The shared failure (SwipeDismissTestSupport), by the name these tests use.
typealias GtkTestFailure = TestFailure

/// Whether an executable exists at `path`.
func hasExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

/// A child process whose stdout and stderr go to files (read at any time, no pipes to drain).
final class Child {
    let process = Process()
    let outPath: String
    let errPath: String

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let base = temporaryFolder().appendingPathComponent("child-\(UUID().uuidString)").path
        outPath = base + ".out"
        errPath = base + ".err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
    }

    var pid: Int32 { process.processIdentifier }
    var stdout: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Waits up to `timeout` seconds; the exit status, or nil if still running.
    func waitForExit(timeout: Double) -> Int32? {
        guard eventually(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }

    /// Ends the child (SIGTERM, then SIGKILL) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        if waitForExit(timeout: 3) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: 3)
        }
    }

    /// Runs to completion (at most `timeout` seconds): (status, stdout, stderr).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        timeout: Double = 30
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let child = try Child(executable, arguments, environment: environment)
        let status = child.waitForExit(timeout: timeout)
        if status == nil { child.stop() }
        return (status, child.stdout, child.stderr)
    }
}

/// A private folder for this test process's files.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "gtk-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `phase` values of `--events` lines, in order.
func phases(_ lines: [String]) -> [String] {
    lines.compactMap { field("phase", of: $0) as? String }
}

/// One field of a JSON object line.
func field(_ name: String, of line: String) -> Any? {
    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return object?[name]
}

/// The package's root folder (for the bundled traces).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The environment with `changes` applied (nil removes a variable).
func environment(_ changes: [String: String?]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in changes { environment[key] = value }
    return environment
}

/// gtk-demo on the X display `$DISPLAY`, its window found and showing its first frame.
struct RunningGtkDemo {
    let child: Child
    let display: X11Display
    let window: UInt

    /// The pixel (r, g, b) of the window at (x, y).
    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int)? {
        display.readPixels(window: window, x: x, y: y, width: 1, height: 1).map {
            (Int(($0[0] >> 16) & 0xFF), Int(($0[0] >> 8) & 0xFF), Int($0[0] & 0xFF))
        }
    }

    /// The grey of the white band at (100, 10).
    var bandGrey: Int? { pixel(x: 100, y: 10)?.r }

    var phases: [String] { SwipeDismissGtkTests.phases(child.lines) }
}

extension XCTestCase {
    /// Starts `gtk-demo arguments` on `$DISPLAY` and waits until its band shows `restGrey`.
    func startGtkDemo(_ arguments: [String], restGrey: ClosedRange<Int> = 178...179) throws
        -> RunningGtkDemo
    {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set (run under Xvfb, e.g. `make test`)")
        }
        guard hasExecutable("/usr/bin/xdotool") else { throw unavailable("xdotool is missing") }
        var opened: X11Display?
        eventually(timeout: 3) {
            opened = try? X11Display(name: name, installsErrorHandlers: true)
            return opened != nil
        }
        guard let display = opened else { throw unavailable("cannot open the display \(name)") }
        let child = try Child(
            try builtProduct("gtk-demo").path, arguments,
            environment: environment(["GDK_BACKEND": "x11", "DISPLAY": name]))
        var window: UInt?
        let up = eventually(timeout: 15) {
            // GTK's client leader window carries the pid too, unmapped: take the one that
            // shows the band.
            window = display.windows(ofProcess: child.pid).first { candidate in
                let pixel = display.readPixels(
                    window: candidate, x: 100, y: 10, width: 1, height: 1)
                return pixel.map { restGrey.contains(Int(($0[0] >> 16) & 0xFF)) } ?? false
            }
            return window != nil
        }
        guard up, let window else {
            child.stop()
            throw GtkTestFailure(
                description: "the gtk-demo window did not come up; stderr: \(child.stderr)")
        }
        // GTK drops a press that lands in the first moments after the first frame on Xvfb
        // (seen once in a few runs); let it settle before the test drives it.
        Thread.sleep(forTimeInterval: 0.5)
        return RunningGtkDemo(child: child, display: display, window: window)
    }
}

/// Xlib's process-wide error handlers, as the X11 plugin installs them. GTK in this
/// process (the in-process host and facade tests) puts its own in place; the tests put
/// these back when they are done, so that later X11 tests in the same process count their
/// protocol errors as before.
struct XlibHandlers {
    let error: XErrorHandler?
    let io: XIOErrorHandler?

    /// The handlers in place now, after making sure the X11 plugin installed its own.
    static func current(display: String) -> XlibHandlers {
        _ = try? X11Display(name: display, installsErrorHandlers: true)
        let error = XSetErrorHandler(nil)
        XSetErrorHandler(error)
        let io = XSetIOErrorHandler(nil)
        XSetIOErrorHandler(io)
        return XlibHandlers(error: error, io: io)
    }

    /// Puts these handlers back.
    func restore() {
        XSetErrorHandler(error)
        XSetIOErrorHandler(io)
    }
}
