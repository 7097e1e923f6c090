import Dispatch
import Glibc
import ToolSupport
import XCTest

final class StandardStreamTests: XCTestCase {
    /// Lines of 100 KB, more than a pipe holds, from four threads at once: each arrives
    /// whole (the kernel splits such writes, so only the lock keeps them apart).
    func testLinesFromManyThreadsNeverInterleave() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let lineLength = 100_000
        let linesPerThread = 5
        let letters: [Character] = ["a", "b", "c", "d"]
        DispatchQueue.global().async {
            let stream = StandardStream(descriptor: writeEnd)
            DispatchQueue.concurrentPerform(iterations: letters.count) { index in
                let line = String(repeating: letters[index], count: lineLength)
                for _ in 0..<linesPerThread { stream.writeLine(line) }
            }
            close(writeEnd)
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }

        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, letters.count * linesPerThread)
        for letter in letters {
            let whole = String(repeating: letter, count: lineLength)
            XCTAssertEqual(lines.filter { $0 == whole }.count, linesPerThread, "\(letter)")
        }
    }

    func testAWriteTheDescriptorRefusesReturnsFalse() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { for end in ends { close(end) } }
        // A pipe's read end refuses writes (EBADF).
        XCTAssertFalse(StandardStream(descriptor: ends[0]).write("lost\n"))
        XCTAssertTrue(StandardStream(descriptor: ends[1]).write("kept\n"))
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        XCTAssertEqual(String(decoding: bytes[..<max(0, count)], as: UTF8.self), "kept\n")
    }
}
