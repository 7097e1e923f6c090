import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// The sheet's content as a screen reader sees it over AT-SPI (DESIGN §4c "Screen readers see
/// the content"): `x11-host-demo`'s and `x11-demo`'s dialogs hold their rows as push buttons
/// (the Volume slider as a slider with its value), `click` taps a row, a renamed row is
/// renamed on the bus, and a sheet whose controller started dismissed expands upwards.
final class ItemScreenReaderTests: XCTestCase {
    private var session: AccessibilitySession?
    private var program: ChildProcess?

    override func tearDown() {
        program?.terminate()
        session?.stop()
        program = nil
        session = nil
        super.tearDown()
    }

    /// `name arguments` (a built product) in a session with accessibility on.
    private func start(_ name: String, _ arguments: [String]) throws -> (
        AccessibilitySession, ChildProcess
    ) {
        let session = try AccessibilitySession()
        self.session = session
        try session.setStatus("IsEnabled", true)
        let program = try ChildProcess(
            try builtExecutable(name), arguments, environment: session.environment)
        self.program = program
        return (session, program)
    }

    /// The program's window id once it shows (up to 10 s).
    private func window(of program: ChildProcess, in session: AccessibilitySession) throws
        -> String
    {
        var id: String?
        eventually(timeout: 10) {
            let found = try? AccessibilitySession.run(
                "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(program.pid)],
                session.environment, timeout: 5)
            id = found?.output.split(separator: "\n").first.map(String.init)
            return id.flatMap { UInt($0) } != nil
        }
        guard let id else { throw TestFailure(description: "no window: \(program.stderr)") }
        return id
    }

    /// The `--events` lines so far.
    private func events(_ program: ChildProcess) -> [[String: Any]] {
        program.stdoutLines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Runs the items probe (below) against `app` with `commands`.
    private func probe(_ session: AccessibilitySession, app: String, _ commands: [String]) throws
        -> ProbeOutput
    {
        let script = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "atspi-items-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).py")
        try Self.itemsProbe.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try AccessibilitySession.run(
            AccessibilitySession.pythonPath, [script.path, app] + commands, session.environment,
            timeout: 40)
        let lines = result.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        guard result.status == 0 else {
            throw TestFailure(description: "the probe failed (\(result.status)): \(result.output)")
        }
        return ProbeOutput(lines: lines)
    }

    /// The dialog's children as the probe's `items` printed them: (role, name, actions).
    private func items(_ output: ProbeOutput, _ index: Int = 0) -> [[String: Any]] {
        let all = output.all("items")
        return index < all.count ? (all[index] as? [[String: Any]]) ?? [] : []
    }

    func testTheHostDemosRowsArePushButtonsAndVolumeASliderAtFifty() throws {
        let (session, demo) = try start("x11-host-demo", ["--events"])
        let id = try window(of: demo, in: session)
        _ = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["key", "--window", id, "space"], session.environment)
        XCTAssertTrue(eventually { self.events(demo).last?["phase"] as? String == "presented" })
        let output = try probe(session, app: "x11-host-demo", ["dialog", "items"])
        XCTAssertEqual(output.first("dialog") as? String, "Share")
        let children = items(output)
        XCTAssertEqual(
            children.compactMap { $0["name"] as? String },
            ["Copy link", "Mail", "Cancel", "Volume"])
        XCTAssertEqual(
            children.compactMap { $0["role"] as? String },
            ["push button", "push button", "push button", "slider"])
        XCTAssertEqual(
            children.compactMap { $0["actions"] as? [String] },
            Array(repeating: ["click"], count: 4))
        XCTAssertEqual(children.last?["value"] as? Double, 50)
        XCTAssertEqual(children.last?["range"] as? [Double], [0, 100])
        // Rows of 44 pt under the 56 pt header of a sheet whose top is at 422 (medium).
        XCTAssertEqual(
            children.compactMap { $0["extents"] as? [Int] },
            [[0, 478, 390, 44], [0, 522, 390, 44], [0, 566, 390, 44], [0, 610, 390, 44]])
        XCTAssertTrue(
            children.allSatisfy {
                Set(($0["states"] as? [String]) ?? []).isSuperset(of: ["showing", "visible"])
            })
    }

    func testClickingCopyLinkRenamesItOnTheBusAndMailStacksTheMailSheet() throws {
        let (session, demo) = try start("x11-host-demo", ["--events"])
        let id = try window(of: demo, in: session)
        _ = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["key", "--window", id, "space"], session.environment)
        XCTAssertTrue(eventually { self.events(demo).last?["phase"] as? String == "presented" })
        let output = try probe(
            session, app: "x11-host-demo",
            ["click:Copy link", "untilname:Link copied:10", "items"])
        XCTAssertEqual(output.first("click") as? Bool, true)
        XCTAssertEqual(output.first("renamed") as? Bool, true, "\(output.lines)")
        XCTAssertEqual(
            items(output).compactMap { $0["name"] as? String },
            ["Link copied", "Mail", "Cancel", "Volume"])
        XCTAssertFalse(
            events(demo).contains { ($0["phase"] as? String)?.hasPrefix("dismiss") == true },
            "the sheet stays")

        let mail = try probe(session, app: "x11-host-demo", ["click:Mail"])
        XCTAssertEqual(mail.first("click") as? Bool, true)
        XCTAssertTrue(
            eventually {
                self.events(demo).contains {
                    $0["phase"] as? String == "presented" && $0["level"] as? Int == 1
                        && $0["depth"] as? Int == 2
                }
            }, "\(events(demo))")
        let top = try probe(session, app: "x11-host-demo", ["dialog", "items", "click:Cancel"])
        XCTAssertEqual(top.first("dialog") as? String, "Mail")
        XCTAssertEqual(items(top).compactMap { $0["name"] as? String }, ["Send", "Cancel"])
        XCTAssertTrue(
            eventually {
                self.events(demo).contains {
                    $0["phase"] as? String == "dismissed" && $0["level"] as? Int == 1
                        && $0["depth"] as? Int == 1
                }
            }, "Cancel on Mail dismisses only the top sheet: \(events(demo))")
    }

    func testAScreenReaderSetsTheVolumeAndFindsRowsByPoint() throws {
        let (session, demo) = try start("x11-host-demo", ["--events"])
        let id = try window(of: demo, in: session)
        _ = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["key", "--window", id, "space"], session.environment)
        XCTAssertTrue(eventually { self.events(demo).last?["phase"] as? String == "presented" })
        let output = try probe(
            session, app: "x11-host-demo",
            ["setvalue:Volume:75", "setvalue:Volume:250", "at:100:544", "at:100:632", "items"])
        XCTAssertEqual(output.all("at") as? [String], ["Mail", "Volume"])
        // As a drag would: printed on --events, clamped to 0…100.
        XCTAssertTrue(
            eventually {
                self.events(demo).compactMap { $0["value"] as? Double } == [75, 100]
            }, "\(events(demo))")
        XCTAssertEqual(items(output).last?["value"] as? Double, 100)
    }

    func testExpandOnASheetWhoseControllerStartedDismissedMovesItUp() throws {
        // x11-host-demo's stack starts dismissed, as an app's does.
        let (session, demo) = try start("x11-host-demo", ["--events"])
        let id = try window(of: demo, in: session)
        _ = try AccessibilitySession.run(
            "/usr/bin/xdotool", ["key", "--window", id, "space"], session.environment)
        XCTAssertTrue(eventually { self.events(demo).last?["phase"] as? String == "presented" })
        let output = try probe(session, app: "x11-host-demo", ["do:expand"])
        XCTAssertEqual(output.first("do") as? Bool, true)
        XCTAssertTrue(
            eventually {
                let last = self.events(demo).last
                return last?["phase"] as? String == "presented"
                    && last?["detent"] as? String == "large"
            }, "\(events(demo))")
    }

    func testX11DemosSheetRowsArePushButtonsNamedRow1To60() throws {
        let (session, demo) = try start("x11-demo", ["--scene", "sheet", "--events"])
        let output = try probe(session, app: "x11-demo", ["items", "click:Row 2", "click:Row 60"])
        // Row 2 is on screen and takes the tap; Row 60, below the window, cannot be tapped.
        XCTAssertEqual(output.all("click") as? [Bool], [true, false])
        XCTAssertEqual(
            events(demo).compactMap { $0["phase"] as? String }, [],
            "a tap on a row is no drag and no dismissal")
        let children = items(output)
        XCTAssertEqual(children.count, 60)
        XCTAssertEqual(children.first?["name"] as? String, "Row 1")
        XCTAssertEqual(children.last?["name"] as? String, "Row 60")
        XCTAssertTrue(children.allSatisfy { $0["role"] as? String == "push button" })
        XCTAssertEqual(children.first?["actions"] as? [String], ["click"])
        // Row 1 under the header at medium; Row 60 far below the window: not showing.
        XCTAssertEqual(children.first?["extents"] as? [Int], [0, 478, 390, 44])
        XCTAssertFalse(Set((children.last?["states"] as? [String]) ?? []).contains("showing"))
    }

    /// An AT-SPI client for the items: `APP COMMAND...`, each printing one JSON line.
    /// `dialog` (its name), `items` (the dialog's children: role, name, states, actions,
    /// window extents, and a slider's value and range), `click:NAME` (the child's action 0),
    /// `do:NAME` (the dialog's action), `untilname:NAME:SECONDS` (runs the loop until a
    /// child's name-change event says NAME), `setvalue:NAME:V` (a slider's value),
    /// `at:X:Y` (the name of the dialog's child at a window point).
    static let itemsProbe = #"""
        import json, sys, time
        import pyatspi
        from gi.repository import GLib

        APP, COMMANDS = sys.argv[1], sys.argv[2:]
        names = []

        def on_name(event):
            names.append(str(event.any_data))

        pyatspi.Registry.registerEventListener(on_name, "object:property-change:accessible-name")

        def out(**fields):
            print(json.dumps(fields), flush=True)

        def find_app(timeout=15.0):
            end = time.time() + timeout
            while time.time() < end:
                desktop = pyatspi.Registry.getDesktop(0)
                for index in range(desktop.childCount):
                    child = desktop.getChildAtIndex(index)
                    if child is not None and child.name == APP:
                        return child
                time.sleep(0.1)
            return None

        def dialog():
            frame = app.getChildAtIndex(0)
            return frame.getChildAtIndex(0) if frame.childCount > 0 else None

        def children():
            d = dialog()
            return [d.getChildAtIndex(i) for i in range(d.childCount)] if d else []

        def describe(child):
            entry = {"role": child.getRoleName(), "name": child.name,
                     "states": sorted(pyatspi.stateToString(s)
                                      for s in child.getState().getStates())}
            action = child.queryAction()
            entry["actions"] = [action.getName(i) for i in range(action.nActions)]
            box = child.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            entry["extents"] = [box.x, box.y, box.width, box.height]
            if entry["role"] == "slider":
                value = child.queryValue()
                entry["value"] = value.currentValue
                entry["range"] = [value.minimumValue, value.maximumValue]
            return entry

        app = find_app()
        if app is None:
            out(error="no application %r" % APP)
            sys.exit(1)
        for command in COMMANDS:
            if command == "dialog":
                d = dialog()
                out(dialog=d.name if d else None)
            elif command == "items":
                out(items=[describe(c) for c in children()])
            elif command.startswith("click:"):
                found = [c for c in children() if c.name == command[6:]]
                out(click=bool(found and found[0].queryAction().doAction(0)))
            elif command.startswith("do:"):
                action = dialog().queryAction()
                wanted = [i for i in range(action.nActions) if action.getName(i) == command[3:]]
                out(do=bool(wanted and action.doAction(wanted[0])))
            elif command.startswith("setvalue:"):
                _, name, number = command.split(":")
                found = [c for c in children() if c.name == name]
                found[0].queryValue().currentValue = float(number)
                out(set=name)
            elif command.startswith("at:"):
                _, x, y = command.split(":")
                hit = dialog().queryComponent().getAccessibleAtPoint(
                    int(x), int(y), pyatspi.WINDOW_COORDS)
                out(at=hit.name if hit else None)
            elif command.startswith("untilname:"):
                _, name, seconds = command.split(":")
                deadline = time.time() + float(seconds)
                def check():
                    if name in names or time.time() > deadline:
                        pyatspi.Registry.stop()
                        return False
                    return True
                if name not in names:
                    GLib.timeout_add(20, check)
                    pyatspi.Registry.start()
                out(renamed=name in names, names=names)
            else:
                out(error="unknown command %r" % command)
                sys.exit(2)
        """#
}
