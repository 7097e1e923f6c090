import Foundation
import Glibc
import SwipeDismissTestSupport
import Synchronization
import XCTest

/// A private desktop session for one test: its own session bus (`dbus-daemon --session`),
/// the AT-SPI bus launcher on it, and a scratch home so no setting leaks in or out
/// (`GSETTINGS_BACKEND=memory`). Everything it started is stopped by `stop()`.
final class AccessibilitySession {
    static let launcherPath = "/usr/libexec/at-spi-bus-launcher"
    static let pythonPath = "/usr/bin/python3"
    static let daemonPath = "/usr/bin/dbus-daemon"
    static let sendPath = "/usr/bin/dbus-send"

    let home: URL
    let sessionAddress: String
    private let daemonPID: pid_t
    private var launcher: ChildProcess?

    /// The environment every process of the session runs with.
    let environment: [String: String]

    /// Checks the tools, then starts the bus and (if `launcher`) the AT-SPI bus launcher,
    /// waiting until it owns `org.a11y.Bus`.
    init(launcher startsLauncher: Bool = true) throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty
        else { throw unavailable("no DISPLAY (run under scripts/with-xvfb.sh)") }
        for path in [Self.daemonPath, Self.sendPath, Self.launcherPath, Self.pythonPath]
        where !FileManager.default.isExecutableFile(atPath: path) {
            throw unavailable("\(path) is missing (scripts/deps.sh installs it)")
        }
        if let failure = try Self.pythonImportFailure() {
            throw unavailable("\(Self.pythonPath) cannot import pyatspi and dbus: \(failure)")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swipedismiss-a11y-\(getpid())-\(UUID().uuidString.prefix(8))")
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let started = try Self.run(
            Self.daemonPath,
            ["--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"], [:])
        let lines = started.output.split(separator: "\n").map(String.init)
        guard started.status == 0, lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw TestFailure(description: "dbus-daemon did not start: \(started.output)")
        }
        sessionAddress = lines[0]
        daemonPID = pid
        environment = [
            "DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": home.path,
            "XDG_RUNTIME_DIR": runtime.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "GSETTINGS_BACKEND": "memory", "DBUS_SESSION_BUS_ADDRESS": sessionAddress,
        ]
        guard startsLauncher else { return }
        let process = try ChildProcess(
            Self.launcherPath, ["--launch-immediately"], environment: environment,
            mergingStandardError: true)
        launcher = process
        let deadline = Date().addingTimeInterval(10)
        while try !nameHasOwner("org.a11y.Bus") {
            guard Date() < deadline else {
                throw TestFailure(description: "at-spi-bus-launcher never owned org.a11y.Bus")
            }
            usleep(10_000)
        }
    }

    deinit { stop() }

    /// What `python3 -c "import pyatspi, dbus"` said when it failed, nil when it worked:
    /// asked once per test process (the installed packages do not change during a run, and
    /// each session asked again before).
    private static func pythonImportFailure() throws -> String? {
        try pythonImportCheck.withLock { checked in
            if let checked { return checked }
            let result = try run(pythonPath, ["-c", "import pyatspi, dbus"], [:])
            let failure = result.status == 0 ? nil : result.output
            checked = .some(failure)
            return failure
        }
    }

    /// nil until asked; then the failure, or `.some(nil)` for none.
    private static let pythonImportCheck = Mutex<String??>(nil)

    /// Stops the launcher and the bus (the accessibility bus and registry end with them).
    func stop() {
        launcher?.terminate()
        launcher = nil
        kill(daemonPID, SIGTERM)
        try? FileManager.default.removeItem(at: home)
    }

    /// Whether `name` has an owner on the session bus.
    func nameHasOwner(_ name: String) throws -> Bool {
        let result = try send(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
            ["string:\(name)"])
        return result.status == 0 && result.output.contains("boolean true")
    }

    /// Sets `org.a11y.Status`'s `property` (IsEnabled, ScreenReaderEnabled) as a desktop's
    /// accessibility switch does.
    func setStatus(_ property: String, _ value: Bool) throws {
        let result = try send(
            "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
            ["string:org.a11y.Status", "string:\(property)", "variant:boolean:\(value)"])
        guard result.status == 0 else {
            throw TestFailure(description: "setting \(property): \(result.output)")
        }
    }

    /// The accessibility bus's address (`org.a11y.Bus.GetAddress`).
    func accessibilityBusAddress() throws -> String {
        let result = try send("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress", [])
        guard result.status == 0,
            let quoted = result.output.split(separator: "\"").dropFirst().first
        else { throw TestFailure(description: "GetAddress: \(result.output)") }
        return String(quoted)
    }

    /// The process ids of every connection on the bus at `address`.
    func processesOnBus(_ address: String) throws -> Set<Int32> {
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            proxy = bus.get_object('org.freedesktop.DBus', '/org/freedesktop/DBus')
            names = [n for n in proxy.ListNames(dbus_interface='org.freedesktop.DBus') if n.startswith(':')]
            for name in names:
                try:
                    print(int(proxy.GetConnectionUnixProcessID(name, dbus_interface='org.freedesktop.DBus')))
                except dbus.DBusException:
                    pass
            """
        let result = try Self.run(Self.pythonPath, ["-c", script, address], environment)
        guard result.status == 0 else {
            throw TestFailure(description: "listing \(address): \(result.output)")
        }
        return Set(result.output.split(separator: "\n").compactMap { Int32($0) })
    }

    private func send(
        _ destination: String, _ path: String, _ method: String, _ arguments: [String]
    )
        throws -> (status: Int32, output: String)
    {
        try Self.run(
            Self.sendPath,
            [
                "--session", "--print-reply", "--reply-timeout=5000", "--dest=\(destination)", path,
                method,
            ]
                + arguments, environment)
    }

    /// Runs `path` to its end (at most `timeout` seconds) and returns its status and output
    /// (stdout then stderr), read from files so that a child that forks and keeps them open
    /// (dbus-daemon --fork) cannot hold the reader up.
    static func run(
        _ path: String, _ arguments: [String], _ environment: [String: String],
        timeout: Double = 30
    ) throws -> (status: Int32, output: String) {
        let process = try ChildProcess(
            path, arguments,
            environment: environment.isEmpty ? ["PATH": "/usr/bin:/bin"] : environment,
            mergingStandardError: true)
        guard let status = process.waitForExit(timeout: timeout) else {
            throw TestFailure(description: "\(path) \(arguments) ran past \(timeout) s")
        }
        return (status, process.stdout)
    }
}
