import Foundation
import Glibc
import SwipeDismissTestSupport
import XCTest

/// The built `x11-demo`, next to the test bundle.
func demoExecutable() throws -> URL { try builtExecutable("x11-demo") }

/// A path in the temporary folder, unique to this test process.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
        "x11-demo-tests-\(getpid())-\(name)"
    ).path
}
