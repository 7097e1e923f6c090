import Foundation
import SwipeDismiss
import SwipeDismissTestSupport
import SwipeDismissTrace
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Feeds the trace reader mutated example traces: each must be refused with a typed
/// `GestureTraceError` that says where, or accepted within `GestureTrace.Limits` and written
/// back exactly. A trap ends the process, so the seed of the running case is printed then.
///
/// `make test` runs 10⁴ cases from a fixed seed; `make fuzz` runs 10⁶ from a random one.
/// Replay one case with `SWIPEDISMISS_FUZZ_CASE_SEED=<seed>`.
final class TraceFuzzTests: XCTestCase {
    /// The example traces in `Examples/Traces`.
    private func exampleTraces() throws -> [[UInt8]] {
        let folder = bundledTracesFolder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    func testMutatedTracesAreRefusedWithATypedErrorOrAcceptedWithinTheLimits() throws {
        let traces = try exampleTraces()
        XCTAssertGreaterThanOrEqual(traces.count, 6, "the example traces are the fuzz corpus")
        let budget = FuzzBudget.current(defaultCases: 10_000)
        var seeds = (0..<budget.cases).lazy.map { budget.seed(ofCase: $0) }.makeIterator()
        var single: UInt64?
        if let text = ProcessInfo.processInfo.environment["SWIPEDISMISS_FUZZ_CASE_SEED"] {
            single = try XCTUnwrap(UInt64(text), "SWIPEDISMISS_FUZZ_CASE_SEED must be a UInt64")
        }
        TrapNote.arm()
        defer { TrapNote.disarm() }
        var accepted = 0
        var refused = 0
        var failures = 0
        var cases = 0
        while let seed = single ?? seeds.next(), failures < 10 {
            TrapNote.note(seed: seed)
            var mutator = TraceMutator(seed: seed)
            let bytes = mutator.mutate(mutator.pick(traces))
            let fault: String?
            do {
                let trace = try GestureTrace(jsonBytes: bytes)
                accepted += 1
                fault = Self.checkAccepted(trace)
            } catch {
                refused += 1
                fault = Self.checkRefusal(error)
            }
            if let fault {
                failures += 1
                XCTFail(
                    "case seed \(seed) (run seed \(budget.seed)): \(fault)\n  input: "
                        + String(decoding: bytes.prefix(400), as: UTF8.self)
                        + "\n  replay: SWIPEDISMISS_FUZZ_CASE_SEED=\(seed) swift test "
                        + "--filter TraceFuzzTests")
            }
            cases += 1
            if single != nil { break }
        }
        print(
            "TraceFuzzTests: \(cases) cases from seed \(budget.seed): \(accepted) accepted, \(refused) refused"
        )
        if single == nil, cases >= 1000 {
            // A mutator that broke every trace, or none, would test little.
            XCTAssertGreaterThan(accepted, cases / 100, "too few mutated traces were accepted")
            XCTAssertGreaterThan(refused, cases / 2, "too few mutated traces were refused")
        }
    }

    /// What is wrong with an accepted trace, if anything.
    private static func checkAccepted(_ trace: GestureTrace) -> String? {
        let limits = GestureTrace.Limits.self
        for side in [trace.viewport.width, trace.viewport.height]
        where !(side > 0 && side <= limits.viewportSide) {
            return "accepted a viewport side of \(side)"
        }
        var previous = 0.0
        for (index, event) in trace.events.enumerated() {
            guard event.time >= previous, event.time <= limits.time else {
                return "accepted event \(index) at t = \(event.time) after \(previous)"
            }
            previous = event.time
            if let point = event.location,
                !(abs(point.x) <= limits.coordinate && abs(point.y) <= limits.coordinate)
            {
                return "accepted event \(index) at \(point)"
            }
        }
        do {
            let again = try GestureTrace(json: try trace.encoded())
            return again == trace ? nil : "the trace read back differently: \(again)"
        } catch {
            return "an accepted trace could not be written and read back: \(error)"
        }
    }

    /// What is wrong with a refusal, if anything: it must be typed, short and placed.
    private static func checkRefusal(_ error: Error) -> String? {
        guard let error = error as? GestureTraceError else {
            return "refused with an untyped error: \(error)"
        }
        let text = error.description
        if text.count > 600 { return "a message of \(text.count) characters: \(text)" }
        if error.reason.isEmpty { return "a refusal with no reason: \(text)" }
        if error.reason.hasPrefix("not valid JSON"), error.line == nil {
            return "a syntax error without a line: \(text)"
        }
        if let line = error.line, line < 1 { return "line \(line): \(text)" }
        if let column = error.column, column < 1 { return "column \(column): \(text)" }
        if let index = error.eventIndex, index < 0 { return "event \(index): \(text)" }
        return nil
    }
}

/// Prints the seed of the running case if the process traps, then lets the trap proceed.
///
/// The note is kept formatted in a fixed buffer, so the signal handler only calls `write`.
private enum TrapNote {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    nonisolated(unsafe) static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(
        capacity: signals.count)

    static func arm() {
        _ = buffer
        for (index, signal) in signals.enumerated() {
            sigaction(signal, nil, previous + index)
            _ = Glibc.signal(signal, handler)
        }
    }

    static func disarm() {
        for (index, signal) in signals.enumerated() { sigaction(signal, previous + index, nil) }
    }

    /// Keeps "TraceFuzzTests trapped in the case with SWIPEDISMISS_FUZZ_CASE_SEED=<seed>".
    static func note(seed: UInt64) {
        let prefix = "\nTraceFuzzTests trapped in the case with SWIPEDISMISS_FUZZ_CASE_SEED="
        var count = 0
        for byte in prefix.utf8 {
            buffer[count] = byte
            count += 1
        }
        var digits: [UInt8] = []
        var rest = seed
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        for digit in digits.reversed() {
            buffer[count] = digit
            count += 1
        }
        buffer[count] = UInt8(ascii: "\n")
        length = count + 1
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        _ = write(2, TrapNote.buffer, TrapNote.length)
        // Put back what was there (the default, or Swift's backtracer) and return: the
        // faulting instruction runs again and traps into it.
        if let index = TrapNote.signals.firstIndex(of: signal) {
            sigaction(signal, TrapNote.previous + index, nil)
        }
    }
}
