import Foundation
import XCTest

/// Whether a missing display, server, tool or package fails a test rather than skipping it:
/// under CI (`CI=true`) and `make test` (`SWIPEDISMISS_REQUIRE_DISPLAY=1`) a skipped window
/// test would be a green run that tested nothing.
package var displayIsRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["CI"] == "true" || environment["SWIPEDISMISS_REQUIRE_DISPLAY"] == "1"
}

/// Ends a test that cannot go on: XCTest records a thrown error as exactly one failure.
package struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong, as the failure shows it.
    package var description: String

    /// A failure that reads `description`.
    package init(description: String) { self.description = description }
}

/// The error for a test that lacks `what` (a display, a server, a tool): a failure where
/// `displayIsRequired`, else a skip (a developer's machine without X still runs the rest).
package func unavailable(_ what: String) -> Error {
    guard displayIsRequired else { return XCTSkip(what) }
    return TestFailure(
        description: "\(what), but CI=true or SWIPEDISMISS_REQUIRE_DISPLAY=1 requires it")
}

/// Polls `condition` every `interval` seconds (10 ms) for up to `timeout` seconds; returns
/// whether it held. A condition that throws ends the wait with its error.
@discardableResult
package func eventually(
    timeout: Double = 5, every interval: Double = 0.01, _ condition: () throws -> Bool
) rethrows -> Bool {
    try eventually(until: Date().addingTimeInterval(timeout), every: interval, condition)
}

/// Polls `condition` every `interval` seconds (10 ms) until `deadline`; returns whether it
/// held.
@discardableResult
package func eventually(
    until deadline: Date, every interval: Double = 0.01, _ condition: () throws -> Bool
) rethrows -> Bool {
    while try !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: interval)
    }
    return true
}
