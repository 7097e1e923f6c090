import Foundation
import XCTest

@testable import CairoExport

/// What others may have put at the paths an export touches (a planted link, a FIFO, a huge
/// file, a mount) is refused before anything is rendered, quickly, and left as it was.
final class ExportFolderHardeningTests: XCTestCase {
    private var root = ""
    private var work = ""
    private var out = ""

    private var arguments: [String] {
        ["--trace", ExportFixtures.trace("fast-flick"), "--out", out, "--fps", "20"]
    }

    override func setUpWithError() throws {
        root = try ExportFixtures.makeRoot()
        work = root + "/work"
        out = work + "/out"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testALockFileThatIsASymbolicLinkIsRefusedAndNothingIsCreatedAtItsTarget() throws {
        let victim = root + "/victim"
        let lock = work + "/.out.cairo-export.lock"
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: victim)
        let (status, errors) = runExport(arguments)
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains("the lock file \(lock) is not ours to use"), errors)
        XCTAssertTrue(errors.contains("symbolic link"), errors)
        XCTAssertFalse(FileSystem.exists(victim), "nothing was created through the link")
        XCTAssertEqual(FileSystem.type(of: lock), S_IFLNK, "the link is left alone")
        XCTAssertEqual(try ExportFixtures.names(work), [".out.cairo-export.lock"])
    }

    func testALockFileThatIsAFIFOIsRefused() throws {
        let lock = work + "/.out.cairo-export.lock"
        XCTAssertEqual(mkfifo(lock, 0o644), 0)
        let (status, errors) = runExport(arguments)
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains("not a regular file"), errors)
    }

    func testAHugeManifestIsRefusedWithoutReadingIt() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let manifest = out + "/.cairo-export.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: manifest, contents: nil))
        XCTAssertEqual(truncate(manifest, 3 << 30), 0, "a sparse 3 GB file")
        let started = Date()
        let (status, errors) = runExport(arguments)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(
            errors.contains(
                ".cairo-export.json is 3221225472 bytes, more than a manifest's limit of 32 MiB"),
            errors)
        XCTAssertEqual(try ExportFixtures.names(out), [".cairo-export.json"])
    }

    func testAManifestThatIsAFIFOIsRefusedInsteadOfWaitedOn() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(out + "/.cairo-export.json", 0o644), 0)
        let (status, errors) = runExport(arguments)
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains(".cairo-export.json is not a regular file"), errors)
    }

    func testTheLargestManifestAnExportWritesFitsTheReadLimit() throws {
        let names = CairoExportCommand.fileNames(
            frameCount: ExportOptions.maxFramesRange.upperBound, format: .png, gif: true)
        let manifest = ExportManifest(
            trace: String(repeating: "t", count: 4096),
            options: ExportOptions(tracePath: "t", outputFolder: "o").manifestOptions,
            files: names)
        let size = try manifest.encoded().count
        XCTAssertGreaterThan(size, 20 << 20)
        XCTAssertLessThan(size, ExportManifest.sizeLimit)
    }

    func testMountPointsAreKnown() {
        XCTAssertTrue(FileSystem.isMountPoint("/"))
        XCTAssertTrue(FileSystem.isMountPoint("/proc"))
        XCTAssertFalse(FileSystem.isMountPoint(work))
        XCTAssertFalse(FileSystem.isMountPoint(root + "/missing"))
    }

    /// A real mount (a tmpfs, as root; otherwise `/proc`, which every Linux has mounted):
    /// refused before a frame is rendered, with what to do instead.
    func testAnOutputFolderThatIsAMountPointIsRefusedBeforeRendering() throws {
        let mounted = work + "/mounted"
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: false)
        let canMount =
            getuid() == 0 && runTool("/bin/mount", ["-t", "tmpfs", "none", mounted]) == 0
        defer { if canMount { _ = runTool("/bin/umount", [mounted]) } }
        out = canMount ? mounted : "/proc"
        let started = Date()
        let (status, errors) = runExport(arguments + ["--force"])
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains("\(out): the output folder is a mount point"), errors)
        XCTAssertTrue(errors.contains("--out \(out)/export"), errors)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        if canMount {
            XCTAssertEqual(try ExportFixtures.names(mounted), [])
            XCTAssertEqual(try ExportFixtures.names(work), ["mounted"])
            // Inside it, the export works.
            out = mounted + "/export"
            XCTAssertEqual(runExport(arguments).status, 0)
        }
    }

    private func runTool(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
