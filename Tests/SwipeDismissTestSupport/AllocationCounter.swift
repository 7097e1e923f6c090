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

/// Runs `step` `warmUp` times uncounted (the Swift runtime makes the type metadata of the
/// code it runs, and buffers grow to their size), then `steps` times counted; returns the
/// allocations the calling thread made in the counted steps.
package func countAllocations(warmUp: Int = 10, steps: Int = 120, _ step: () throws -> Void)
    rethrows -> Int
{
    for _ in 0..<warmUp { try step() }
    raw_alloc_counter_start()
    do {
        for _ in 0..<steps { try step() }
    } catch {
        _ = raw_alloc_counter_stop()
        throw error
    }
    return raw_alloc_counter_stop()
}
