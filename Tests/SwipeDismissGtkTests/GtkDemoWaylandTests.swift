import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// A headless weston (pixman renderer) for gtk-demo: the shared launcher, with an output
/// taller than the demo's window.
func headlessWeston() throws -> Weston {
    try Weston(arguments: ["--width=640", "--height=900"])
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
        let weston = try headlessWeston()
        defer { weston.stop() }
        let demo = try builtProduct("gtk-demo").path
        let export = try builtProduct("cairo-export").path
        func out(_ name: String) -> String {
            temporaryFolder().appendingPathComponent("export-\(name)").path
        }
        func trace(_ name: String) -> String {
            packageRoot.appendingPathComponent("Examples/Traces/\(name).json").path
        }
        // Each demo replays its trace in real time, mostly waiting, so the demos run side by
        // side, three at a time (the next starts as soon as one ends, the longest traces
        // first); the exports (busy) run before them, so that no demo starves in its first
        // frames, where a late frame would merge a flick's moves.
        for (name, _, _) in cases { try? FileManager.default.removeItem(atPath: out(name)) }
        let exported = try runSideBySide(cases, slots: 3, timeout: 120) { name, scene, flags in
            try ChildProcess(
                export,
                [
                    "--trace", trace(name), "--out", out(name), "--scene", scene, "--fps", "10",
                    "--format", "svg", "--scale", "0.25",  // only samples.csv is read
                ] + flags)
        }
        var exports: [String: ChildProcess] = [:]
        for ((name, _, _), export) in zip(cases, exported) { exports[name] = export }
        let longestFirst = cases.sorted {
            lastEventTime(ofTrace: trace($0.0)) > lastEventTime(ofTrace: trace($1.0))
        }
        let demos = try runSideBySide(longestFirst, slots: 3, timeout: 60) { name, scene, flags in
            try ChildProcess(
                demo,
                ["--scene", scene, "--replay", trace(name), "--exit-after-replay", "--events"]
                    + flags, changes: weston.clientChanges)
        }
        var finished: [String: (demo: ChildProcess, export: ChildProcess)] = [:]
        for ((name, _, _), demo) in zip(longestFirst, demos) {
            finished[name] = (demo, try XCTUnwrap(exports[name]))
        }
        for (name, scene, _) in cases {
            let (run, exported) = try XCTUnwrap(finished[name])
            XCTAssertEqual(run.ended, .exited(0), "\(name): \(run.stderr)")
            let lines = run.stdoutLines
            var last = try XCTUnwrap(lines.last, "\(name): no events")
            XCTAssertEqual(exported.ended, .exited(0), "\(name): \(exported.stderr)")
            let out = out(name)
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
        // weston logs its clients' requests (WAYLAND_DEBUG=server): the demo's window title
        // there says it is up on Wayland.
        let weston = try Weston(
            arguments: ["--width=640", "--height=900"], environment: ["WAYLAND_DEBUG": "server"])
        defer { weston.stop() }
        let demo = try ChildProcess(
            try builtProduct("gtk-demo").path, ["--events"], changes: weston.clientChanges)
        XCTAssertTrue(
            eventually(timeout: 20) {
                weston.log.contains("set_title(\"SwipeDismiss GTK demo\")") || !demo.isRunning
            }, "no window on weston: \(demo.stderr)")
        // Then a frame committed after it: drawn, idle, still running and silent.
        XCTAssertTrue(
            eventually(timeout: 10) {
                guard let title = weston.log.range(of: "set_title(\"SwipeDismiss GTK demo\")")
                else { return false }
                return weston.log[title.upperBound...].contains(".commit()") || !demo.isRunning
            }, "no frame committed: \(demo.stderr)")
        XCTAssertTrue(
            demo.isRunning, "it ended: \(demo.ended.map { "\($0)" } ?? ""): \(demo.stderr)")
        XCTAssertEqual(demo.stderr, "")
        // SIGTERM, and nothing after it: the demo leaves as the signal's default action says,
        // within the deadline (one that ignored SIGTERM would still be running).
        XCTAssertEqual(demo.stop(with: SIGTERM, timeout: 10), .signalled(SIGTERM), demo.stderr)
    }
}
