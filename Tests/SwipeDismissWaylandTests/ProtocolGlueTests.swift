import Foundation
import SwipeDismissTestSupport
import XCTest

/// The committed protocol glue is what wayland-scanner makes from the installed XML files.
final class ProtocolGlueTests: XCTestCase {
    func testTheCommittedGlueMatchesWhatTheScannerGenerates() throws {
        guard findExecutable("wayland-scanner") != nil else {
            throw unavailable("wayland-scanner is not installed (libwayland-bin)")
        }
        let result = try runProcess(
            "/bin/bash", ["\(packageRoot)/scripts/gen-wayland-protocols.sh", "--check"], timeout: 60
        )
        XCTAssertEqual(result.status, 0, result.error)
    }
}
