import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// A headless weston (pixman renderer) started by the test, with its own runtime folder.
final class HeadlessWeston {
    let child: Child
    let runtime: String
    let socket: String

    init() throws {
        guard hasExecutable("/usr/bin/weston") else { throw unavailable("weston is not installed") }
        let runtime = temporaryFolder().appendingPathComponent("xdg-\(UUID().uuidString.prefix(8))")
            .path
        mkdir(runtime, 0o700)
        let socket = "wl-sd-\(getpid())"
        child = try Child(
            "/usr/bin/weston",
            [
                "--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)",
                "--width=640", "--height=900", "--idle-time=0",
            ], environment: environment(["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": nil]))
        self.runtime = runtime
        self.socket = socket
        guard
            eventually(
                timeout: 10, { FileManager.default.fileExists(atPath: "\(runtime)/\(socket)") })
        else {
            child.stop()
            throw GtkTestFailure(description: "weston did not start: \(child.stderr)")
        }
    }

    /// The environment a Wayland client of this compositor runs in.
    var clientEnvironment: [String: String] {
        environment([
            "XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket, "GDK_BACKEND": "wayland",
            "DISPLAY": nil,
        ])
    }

    func stop() {
        child.stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }
}

/// Every bundled trace of the card and sheet scenes replayed by gtk-demo on Wayland ends in
/// the phase, detent and offset that cairo-export computes for it.
final class GtkDemoWaylandTests: XCTestCase {
    /// (trace, scene, extra flags).
    let cases: [(String, String, [String])] = [
        ("drag-past-threshold", "card", []), ("slow-drag-springs-back", "card", []),
        ("fast-flick", "card", []), ("cancelled-drag", "card", []),
        ("escape-and-space", "card", []), ("rubber-band-up", "card", []),
        ("sheet-detent-change", "sheet", []), ("sheet-flick-dismiss", "sheet", []),
        ("sheet-handoff-drag", "sheet", []), ("sheet-handoff-fling", "sheet", []),
        ("sheet-confirm-discard", "sheet", ["--confirm"]),
    ]

    func testBundledTracesEndWhereCairoExportEnds() throws {
        let weston = try HeadlessWeston()
        defer { weston.stop() }
        let demo = try builtProduct("gtk-demo").path
        let export = try builtProduct("cairo-export").path
        for (name, scene, flags) in cases {
            let trace = packageRoot.appendingPathComponent("Examples/Traces/\(name).json").path
            let run = try Child.run(
                demo,
                ["--scene", scene, "--replay", trace, "--exit-after-replay", "--events"] + flags,
                environment: weston.clientEnvironment, timeout: 40)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            let last = try XCTUnwrap(
                run.stdout.split(separator: "\n").last.map(String.init), "\(name): no events")

            let out = temporaryFolder().appendingPathComponent("export-\(name)").path
            try? FileManager.default.removeItem(atPath: out)
            let exported = try Child.run(
                export, ["--trace", trace, "--out", out, "--scene", scene, "--fps", "10"] + flags,
                environment: environment([:]), timeout: 60)
            XCTAssertEqual(exported.status, 0, "\(name): \(exported.stderr)")
            let rows = try String(contentsOfFile: out + "/samples.csv", encoding: .utf8)
                .split(separator: "\n")
            let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
            let final = rows[rows.count - 1].split(separator: ",", omittingEmptySubsequences: false)
            func column(_ name: String) -> String {
                header.firstIndex(of: Substring(name)).map { String(final[$0]) } ?? "?"
            }
            XCTAssertEqual(field("phase", of: last) as? String, column("phase"), "\(name): \(last)")
            if scene == "sheet" {
                XCTAssertEqual(field("detent", of: last) as? String, column("detent"), name)
            }
            // At rest on screen, the offsets agree exactly (a dismissed line is printed as the
            // content leaves, before its last frames).
            if column("phase") != "dismissed" {
                XCTAssertEqual(
                    field("offset", of: last) as? Double ?? .nan, Double(column("offset")) ?? .nan,
                    accuracy: 0.001, name)
            }
            try? FileManager.default.removeItem(atPath: out)
        }
    }

    func testTheDemoRunsLiveOnWaylandAndClosesOnSignal() throws {
        let weston = try HeadlessWeston()
        defer { weston.stop() }
        let demo = try Child(
            try builtProduct("gtk-demo").path, ["--events"], environment: weston.clientEnvironment)
        // Up and idle: no output, still running after a second.
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(demo.process.isRunning, demo.stderr)
        XCTAssertEqual(demo.stderr, "")
        demo.stop()
    }
}
