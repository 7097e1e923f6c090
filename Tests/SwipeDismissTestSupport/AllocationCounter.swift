import Foundation
import RawCairoBaseline
import XCTest

/// Requires the benchmark's allocation counter. It works in every build but one: under
/// AddressSanitizer (`make sanitize`, which sets `ASAN_OPTIONS`) the sanitizer owns malloc,
/// so the counter is compiled out and an allocation count there would mean nothing.
package func requireAllocationCounter() throws {
    if raw_alloc_counter_available() == 0,
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
    {
        throw XCTSkip("allocation counting is off under AddressSanitizer")
    }
    XCTAssertEqual(raw_alloc_counter_available(), 1, "the allocation counter is linked")
}
