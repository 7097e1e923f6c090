import Foundation
import SwipeDismiss
import SwipeDismissFiles
import XCTest

final class AtomicFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "atomic-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testTheTemporaryNameIsHiddenBesideTheTargetAndNamesThisProcess() {
        let pid = ProcessInfo.processInfo.processIdentifier
        XCTAssertEqual(AtomicFile.temporaryPath(for: "/a/b/c.png"), "/a/b/.c.png.tmp-\(pid)")
        XCTAssertEqual(AtomicFile.temporaryPath(for: "c.png"), ".c.png.tmp-\(pid)")
    }

    func testBytesReplaceAnOlderFileWholeAndLeaveNothingElse() throws {
        let path = folder + "/out.bin"
        try Data("older and longer".utf8).write(to: URL(fileURLWithPath: path))
        try AtomicFile.write(bytes: [1, 2, 3], to: path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([1, 2, 3]))
        XCTAssertEqual(try contents(), ["out.bin"])
    }

    func testAThrowingBodyLeavesTheOlderFileAndNoTemporaryFile() throws {
        let path = folder + "/out.bin"
        try Data([9]).write(to: URL(fileURLWithPath: path))
        struct Boom: Error {}
        XCTAssertThrowsError(
            try AtomicFile.write(to: path) { temporary in
                _ = FileManager.default.createFile(atPath: temporary, contents: Data([1, 2, 3]))
                throw Boom()
            }
        ) { error in
            XCTAssertTrue(error is Boom, "the body's own error comes through: \(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([9]))
        XCTAssertEqual(try contents(), ["out.bin"])
    }

    func testAFailedRenameRemovesTheTemporaryFileAndNamesThePath() throws {
        // A folder in the way: rename(2) cannot put a file over it.
        let path = folder + "/taken"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try AtomicFile.write(bytes: [1], to: path)) { error in
            let error = error as? AtomicFileError
            XCTAssertEqual(error?.operation, "rename")
            XCTAssertEqual(error?.path, path)
            XCTAssertEqual(error?.description, "\(path): Is a directory (rename)")
        }
        XCTAssertEqual(try contents(), ["taken"])
    }

    func testAMissingFolderFailsAtOpenNamingThePath() {
        let path = folder + "/missing/out.bin"
        XCTAssertThrowsError(try AtomicFile.write(bytes: [1], to: path)) { error in
            XCTAssertEqual(
                error as? AtomicFileError,
                AtomicFileError(operation: "open", reason: "No such file or directory", path: path))
        }
    }

    func testCheckFolderRefusesMissingFilesAndUnwritableFolders() throws {
        XCTAssertNoThrow(try AtomicFile.checkFolder(folder))
        let missing = folder + "/nope"
        XCTAssertThrowsError(try AtomicFile.checkFolder(missing)) { error in
            XCTAssertEqual(
                error as? AtomicFileError,
                AtomicFileError(
                    operation: "stat", reason: "output folder does not exist", path: missing))
        }
        let file = folder + "/file"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        XCTAssertThrowsError(try AtomicFile.checkFolder(file)) { error in
            XCTAssertEqual((error as? AtomicFileError)?.reason, "output path is not a folder")
        }
        guard getuid() != 0 else { return }  // root writes anywhere
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(
            atPath: locked, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o500])
        defer { chmod(locked, 0o700) }
        XCTAssertThrowsError(try AtomicFile.checkFolder(locked)) { error in
            XCTAssertEqual(
                (error as? AtomicFileError)?.reason,
                "output folder is not writable (Permission denied)")
        }
    }
}
