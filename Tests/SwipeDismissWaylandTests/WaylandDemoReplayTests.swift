import Foundation
import SwipeDismissTestSupport
import XCTest

/// `wayland-demo` on a headless weston (pixman renderer): every bundled trace replayed with
/// `--exit-after-replay --events` ends in the phase `cairo-export` computes for it, and with
/// no compositor (or one without xdg-shell) it says so in one line and exits 2.
final class WaylandDemoReplayTests: XCTestCase {
    /// The scene a bundled trace was recorded in, by its name.
    private func scene(of trace: String) -> String {
        trace.hasPrefix("sheet-") ? "sheet" : trace.hasPrefix("photo-") ? "photo" : "card"
    }

    /// The phase of the last row of `samples.csv` in the export folder `out`.
    private func exportedFinalPhase(_ out: String) throws -> String {
        let csv = try String(contentsOfFile: "\(out)/samples.csv", encoding: .utf8)
        let header = csv.split(separator: "\n").first.map { $0.split(separator: ",") } ?? []
        guard let column = header.firstIndex(of: "phase"),
            let last = csv.split(separator: "\n").last?.split(
                separator: ",", omittingEmptySubsequences: false),
            column < last.count
        else { throw TestFailure(description: "no phase in \(out)/samples.csv") }
        return String(last[column])
    }

    func testEveryBundledTraceEndsInThePhaseCairoExportComputes() throws {
        let weston = try Weston()
        let demo = try builtExecutable("wayland-demo").path
        let export = try builtExecutable("cairo-export").path
        let folder = "\(packageRoot)/Examples/Traces"
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(traces.count, 13)
        let outputs = try makePrivateFolder("swd-export")
        defer { try? FileManager.default.removeItem(atPath: outputs) }
        // Each demo replays its trace in real time, mostly waiting, so the demos run side by
        // side, three at a time (the next starts as soon as one ends, the longest traces
        // first), each started once the one before it showed its first frame; the exports
        // (busy, though only their samples.csv is read: tiny SVG frames) run before them, so
        // that no demo starves in its first frames, where a late frame would merge a flick's
        // moves.
        let exports = try runSideBySide(traces, slots: 3, timeout: 120) { name in
            try ChildProcess(
                export,
                [
                    "--trace", "\(folder)/\(name)", "--out", "\(outputs)/\(name)", "--scene",
                    scene(of: name), "--fps", "10", "--format", "svg", "--scale", "0.25",
                ])
        }
        for (name, export) in zip(traces, exports) {
            XCTAssertEqual(export.ended, .exited(0), "\(name): \(export.stderr)")
        }
        let longestFirst = traces.sorted {
            lastEventTime(ofTrace: "\(folder)/\($0)") > lastEventTime(ofTrace: "\(folder)/\($1)")
        }
        let demos = try runSideBySide(longestFirst, slots: 3, timeout: 60) { name in
            try ChildProcess(
                demo,
                [
                    "--replay", "\(folder)/\(name)", "--exit-after-replay", "--events",
                    "--verbose", "--scene", scene(of: name),
                ],
                changes: ["WAYLAND_DISPLAY": weston.socketPath])
        } started: { name, demo in
            XCTAssertTrue(demo.waitForFirstFrame() || !demo.isRunning, "\(name): \(demo.stderr)")
        }
        var finished: [(name: String, scene: String, demo: ChildProcess, out: String)] = []
        for (name, demo) in zip(longestFirst, demos) {
            XCTAssertEqual(demo.ended, .exited(0), "\(name): \(demo.stderr)")
            finished.append((name, scene(of: name), demo, "\(outputs)/\(name)"))
        }
        var scenes: Set<String> = []
        for (name, scene, demo, out) in finished {
            scenes.insert(scene)
            let expected = try exportedFinalPhase(out)
            let phases = demo.stdoutLines.compactMap { line -> String? in
                guard let data = line.data(using: .utf8),
                    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                else { return nil }
                return object["phase"] as? String
            }
            XCTAssertEqual(phases.last, expected, "\(name) (\(scene)): \(demo.stdout)")
        }
        XCTAssertEqual(finished.count, traces.count)
        XCTAssertEqual(scenes, ["card", "sheet", "photo"])
    }

    func testNoCompositorIsOneLineOnStderrAndStatus2() throws {
        let demo = try builtExecutable("wayland-demo").path
        let runtime = try makePrivateFolder("swd-empty")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        for environment in [
            ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wl-nobody-listens"],
            ["XDG_RUNTIME_DIR": runtime],
        ] {
            let result = try runProcess(
                demo, [], environment: environment, removing: ["WAYLAND_DISPLAY"], timeout: 10)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.output, "")
            let lines = result.error.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.error)
            XCTAssertTrue(
                lines.first?.hasPrefix("wayland-demo: cannot connect to the Wayland compositor")
                    ?? false,
                result.error)
        }
    }

    func testACompositorWithoutXdgShellIsStatus2() throws {
        // weston's fullscreen shell offers zwp_fullscreen_shell_v1 and no xdg_wm_base.
        let weston = try Weston(arguments: ["--shell=fullscreen-shell.so"])
        let result = try runProcess(
            try builtExecutable("wayland-demo").path, [],
            environment: ["WAYLAND_DISPLAY": weston.socketPath], timeout: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.error, "wayland-demo: the Wayland compositor has no xdg_wm_base (xdg-shell)\n")
    }

    func testBadFlagsAreStatus2NamingTheFlag() throws {
        let result = try runProcess(
            try builtExecutable("wayland-demo").path, ["--fps", "0"], timeout: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("wayland-demo: --fps"), result.error)
    }

    func testX11OnlyFlagsAreRefusedAsUnknownNamingTheFlag() throws {
        let demo = try builtExecutable("wayland-demo").path
        for arguments in [["--present", "shm"], ["--present=put"]] {
            let result = try runProcess(demo, arguments, removing: ["WAYLAND_DISPLAY"], timeout: 10)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.error)")
            XCTAssertTrue(
                result.error.hasPrefix(
                    "wayland-demo: unknown flag --present\nusage: wayland-demo"),
                result.error)
            XCTAssertEqual(result.output, "")
        }
    }
}
