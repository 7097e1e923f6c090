import Foundation
import Glibc
import SwipeDismissTestSupport
import SwipeDismissX11
import XCTest

/// A killed x11-demo leaves no System V shared-memory segment behind: the segment is marked
/// for removal as soon as the X server attached it, so the kernel frees it on its own.
final class SharedMemoryLeakTests: XCTestCase {
    /// The ids of the shared-memory segments whose creator is `pid`, from `ipcs -m -p`
    /// (columns: shmid, owner, cpid, lpid).
    private func segments(createdBy pid: Int32) throws -> [Int] {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ipcs", "-m", "-p"]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ipcs -m -p")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let id = Int(fields[0]), Int32(fields[2]) == pid else {
                return nil
            }
            return id
        }
    }

    private func demoExecutable() throws -> URL {
        try builtExecutable("x11-demo")
    }

    func testNoSegmentIsLeftAfterSIGKILL() throws {
        let display = try openTestDisplay()
        let demo = Process()
        demo.executableURL = try demoExecutable()
        demo.arguments = ["--size", "390x844", "--present", "shm"]
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        let pid = demo.processIdentifier

        // Wait until its first frame is on screen: then its segment exists and is attached.
        let deadline = Date().addingTimeInterval(10)
        var painted = false
        while !painted, Date() < deadline {
            if let window = display.windows(ofProcess: pid).first,
                let pixel = display.readPixels(window: window, x: 100, y: 10, width: 1, height: 1)?
                    .first
            {
                painted = expectedGrey(alpha: 0.3).contains(grey(pixel))
            }
            if !painted { usleep(10_000) }
        }
        XCTAssertTrue(painted, "x11-demo painted its first frame")
        // `ipcs -m` before the kill: the demo's one segment, already marked for removal.
        XCTAssertEqual(try segments(createdBy: pid).count, 1, "one segment while it runs")

        kill(pid, SIGKILL)
        demo.waitUntilExit()
        XCTAssertEqual(demo.terminationReason, .uncaughtSignal)
        // The server lets go when it notices the closed connection; wait for that.
        var left = try segments(createdBy: pid)
        let gone = Date().addingTimeInterval(5)
        while !left.isEmpty, Date() < gone {
            usleep(20_000)
            left = try segments(createdBy: pid)
        }
        XCTAssertEqual(left, [], "segments left behind by the killed demo")
    }
}
