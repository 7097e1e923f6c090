import Glibc
import XCTest

extension XCTestCase {
    /// A pipe whose ends are closed when the test ends.
    func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        addTeardownBlock { [ends] in
            for end in ends { close(end) }
        }
        return (ends[0], ends[1])
    }
}
