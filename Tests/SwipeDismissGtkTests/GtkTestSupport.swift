import CGtk
import CX11
import Foundation
import Glibc
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// The built product `name`, next to the test bundle.
func builtProduct(_ name: String) throws -> URL { try builtExecutable(name) }

/// The shared failure (SwipeDismissTestSupport), by the name these tests use.
typealias GtkTestFailure = TestFailure

/// Whether an executable exists at `path`.
func hasExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

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
    let child: ChildProcess
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

    var phases: [String] { SwipeDismissGtkTests.phases(child.stdoutLines) }
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
        let child = try ChildProcess(
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
            child.terminate()
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

/// GTK on `$DISPLAY` in this process (the X11 backend, no accessibility bus), and the Xlib
/// handlers GTK replaces, to put back afterwards (`XlibHandlers.restore()`).
func startGtkInProcess() throws -> XlibHandlers {
    guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
        throw unavailable("no X display: DISPLAY is not set")
    }
    let handlers = XlibHandlers.current(display: display)
    setenv("GDK_BACKEND", "x11", 1)
    setenv("GTK_A11Y", "none", 1)
    guard gtk_init_check() != 0 else { throw unavailable("GTK cannot open \(display)") }
    return handlers
}

/// A 390×844 window showing `widget`, presented.
func gtkWindow(showing widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    gtk_widget_set_size_request(widget, 390, 844)
    let window = gtk_window_new()!
    gtk_window_set_child(sd_window(window), widget)
    gtk_window_present(sd_window(window))
    return window
}

/// Destroys `window`, lets GTK finish with it, and puts back the Xlib handlers GTK replaced.
func destroyGtkWindow(_ window: UnsafeMutablePointer<GtkWidget>, _ handlers: XlibHandlers) {
    gtk_window_destroy(sd_window(window))
    while g_main_context_iteration(nil, 0) != 0 {}
    handlers.restore()
}

/// Runs GTK's main context (this thread's default) until `condition` holds, for at most
/// `timeout` seconds of wall clock; whether it held. Every pending source is dispatched
/// before each check, so a condition that holds is seen on the turn it comes true.
@discardableResult
func pumpMainContext(timeout: Double = 10, until condition: () -> Bool) -> Bool {
    eventually(timeout: timeout, every: 0.001) {
        while g_main_context_iteration(nil, 0) != 0 {}
        return condition()
    }
}

/// In-process host tests run on a `ManualClock`: time moves only when a test says so, and
/// the main context is pumped until the host has acted on it.
extension ManualClock {
    /// Pumps GTK's main context until the host ticks or `condition` holds (the call just made
    /// took effect), moves the clock on by `seconds`, and pumps until `condition` holds and
    /// `isTicking` says the host stopped ticking (its frame at the new time was drawn and
    /// nothing moves any more); whether that happened within `timeout` seconds of wall clock
    /// for each wait.
    @discardableResult
    func advance(
        by seconds: Double, timeout: Double = 10, until condition: () -> Bool = { true },
        thenPumpUntilIdle isTicking: () -> Bool
    ) -> Bool {
        // First the call in hand takes effect at the current time: GTK may hand it over in a
        // callback of its own, and a call that came after the jump would start after it.
        guard pumpMainContext(timeout: timeout, until: { isTicking() || condition() }) else {
            return false
        }
        advance(by: seconds)
        return pumpMainContext(timeout: timeout) { condition() && !isTicking() }
    }
}
