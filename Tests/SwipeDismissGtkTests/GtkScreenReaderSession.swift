import Foundation
import SwipeDismissTestSupport
import XCTest

/// What a pyatspi probe saw of gtk-demo: the probe's report (its last JSON line) and the
/// demo's `--events` lines.
struct ScreenReaderRun {
    var report: [String: Any]
    var events: [String]
}

extension XCTestCase {
    /// Runs `gtk-demo arguments --events` on `$DISPLAY` (GDK_BACKEND=x11) with the pyatspi
    /// script `probe` on a private D-Bus session whose AT-SPI bus is started by
    /// /usr/libexec/at-spi-bus-launcher, as a screen reader would see the demo. The probe runs
    /// under Debian's /usr/bin/python3 (pyatspi is not on a pyenv python) with `EVENTS` (the
    /// demo's `--events` file) and `DEMO_PID` in its environment, and prints one JSON object
    /// as its last line; a probe exit other than 0 fails the test with its output.
    func runGtkDemoUnderScreenReader(
        _ arguments: [String], probe: String, timeout: Double = 90
    ) throws -> ScreenReaderRun {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw unavailable("no X display: DISPLAY is not set")
        }
        for tool in [
            "/usr/bin/dbus-run-session", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3",
            "/usr/bin/xdotool",
        ]
        where !hasExecutable(tool) {
            throw unavailable("\(tool) is missing (scripts/deps.sh installs it)")
        }
        let check = try ChildProcess.run(
            "/usr/bin/python3", ["-c", "import pyatspi"], environment: environment([:]))
        guard check.status == 0 else {
            throw unavailable("Debian's python3-pyatspi is missing: \(check.stderr)")
        }
        let folder = temporaryFolder()
        let name = UUID().uuidString
        let probePath = folder.appendingPathComponent("probe-\(name).py").path
        try (gtkProbePrelude + probe).write(toFile: probePath, atomically: true, encoding: .utf8)
        let events = folder.appendingPathComponent("a11y-events-\(name).out").path
        defer {
            try? FileManager.default.removeItem(atPath: probePath)
            try? FileManager.default.removeItem(atPath: events)
        }
        // sh -c SCRIPT sh ARGUMENTS…: the demo's arguments arrive as "$@".
        let script = """
            /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
            launcher=$!
            "$DEMO" "$@" --events >"$EVENTS" 2>/dev/null &
            DEMO_PID=$!
            export DEMO_PID
            /usr/bin/python3 "$PROBE"
            status=$?
            sleep 0.5
            kill $DEMO_PID $launcher 2>/dev/null
            wait 2>/dev/null
            exit $status
            """
        let result = try ChildProcess.run(
            "/usr/bin/dbus-run-session", ["--", "/bin/sh", "-c", script, "sh"] + arguments,
            environment: environment([
                "DEMO": try builtProduct("gtk-demo").path, "EVENTS": events, "PROBE": probePath,
                "DISPLAY": display, "GDK_BACKEND": "x11", "DBUS_SESSION_BUS_ADDRESS": nil,
                "GTK_A11Y": nil, "NO_AT_BRIDGE": nil,
            ]), timeout: timeout)
        guard result.status == 0 else {
            throw TestFailure(
                description: "the probe failed (status \(result.status.map(String.init) ?? "none"))"
                    + "\nstdout: \(result.stdout)\nstderr: \(result.stderr)")
        }
        let line = try XCTUnwrap(
            result.stdout.split(separator: "\n").last { $0.hasPrefix("{") }, result.stdout)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        let lines = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        return ScreenReaderRun(
            report: report, events: lines.split(separator: "\n").map(String.init))
    }
}

/// What every gtk-demo probe starts with: pyatspi, and `find_app(name)`, which waits up to
/// `timeout` seconds for the application `name` on the AT-SPI bus (None if it never comes).
let gtkProbePrelude = #"""
    import json, os, subprocess, sys, time
    import pyatspi

    def find_app(name, timeout=15):
        end = time.time() + timeout
        while time.time() < end:
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == name:
                    return app
            time.sleep(0.1)
        return None

    """#
