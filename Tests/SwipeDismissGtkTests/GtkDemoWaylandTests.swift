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

/// Every bundled trace of the card, sheet, photo and stack scenes replayed by gtk-demo on
/// Wayland ends in the phase, detent, offset (and for the stack, depth) that cairo-export
/// computes for it.
final class GtkDemoWaylandTests: XCTestCase {
    /// (trace, scene, extra flags).
    let cases: [(String, String, [String])] = [
        ("drag-past-threshold", "card", []), ("slow-drag-springs-back", "card", []),
        ("fast-flick", "card", []), ("cancelled-drag", "card", []),
        ("escape-and-space", "card", []), ("rubber-band-up", "card", []),
        ("sheet-detent-change", "sheet", []), ("sheet-flick-dismiss", "sheet", []),
        ("sheet-handoff-drag", "sheet", []), ("sheet-handoff-fling", "sheet", []),
        ("sheet-confirm-discard", "sheet", ["--confirm"]),
        ("photo-diagonal-flick", "photo", []), ("photo-slow-diagonal", "photo", []),
        ("stack-child-drag-off", "stack", []), ("stack-child-springback", "stack", []),
        ("stack-escape-twice", "stack", []), ("stack-three-deep-flick", "stack", []),
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
            let lines = run.stdout.split(separator: "\n").map(String.init)
            var last = try XCTUnwrap(lines.last, "\(name): no events")

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
            if scene == "stack" {
                // Each line names its level; the export's columns describe the top sheet
                // (level depth − 1, or the root once nothing is shown).
                let depth = try XCTUnwrap(field("depth", of: last) as? Int, "\(name): \(last)")
                XCTAssertEqual(String(depth), column("depth"), "\(name): \(last)")
                let top = max(0, depth - 1)
                guard let topLine = lines.last(where: { field("level", of: $0) as? Int == top })
                else {
                    // The root never changed phase: it is where it started, at rest at medium.
                    XCTAssertEqual(top, 0, "\(name): no line for level \(top)")
                    XCTAssertEqual(column("phase"), "presented", name)
                    XCTAssertEqual(column("detent"), "medium", name)
                    continue
                }
                last = topLine
            }
            XCTAssertEqual(field("phase", of: last) as? String, column("phase"), "\(name): \(last)")
            if scene == "sheet" || scene == "stack" {
                XCTAssertEqual(field("detent", of: last) as? String, column("detent"), name)
            }
            if scene == "photo" {
                // The photo moves in 2-D: its lines name the translation, as x11-demo's do.
                let x = try XCTUnwrap(field("x", of: last) as? Double, "\(name): \(last)")
                let y = try XCTUnwrap(field("y", of: last) as? Double, "\(name): \(last)")
                let exportedX = try XCTUnwrap(Double(column("x")), name)
                let exportedY = try XCTUnwrap(Double(column("y")), name)
                if column("phase") != "dismissed" {
                    XCTAssertEqual(x, exportedX, accuracy: 0.001, "\(name): \(last)")
                    XCTAssertEqual(y, exportedY, accuracy: 0.001, "\(name): \(last)")
                } else {
                    // Gone off screen the same way: both axes' signs agree.
                    XCTAssertEqual(x.sign, exportedX.sign, "\(name): \(last)")
                    XCTAssertEqual(y.sign, exportedY.sign, "\(name): \(last)")
                    XCTAssertGreaterThan(abs(x) + abs(y), 0, "\(name): \(last)")
                }
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
